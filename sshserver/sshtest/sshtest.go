// Package sshtest drives a real arcade SSH server from tests: it starts a
// Server on a free local port with a real rooms hub, and dials it with a real
// golang.org/x/crypto/ssh client whose output feeds a virtual terminal
// (github.com/charmbracelet/x/vt), so tests read the screen a player would
// see. The server sends only the rows that changed, so always assert on the
// emulated screen, never on raw bytes.
package sshtest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/log/v2"
	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"

	"arcade/rooms"
	"arcade/sshserver"
)

// LobbyMarker is text the lobby screen always shows: wait for it to know a
// session is in. Change it here when the real lobby replaces the stub.
const LobbyMarker = "THE ARCADE"

// Limits of the emulated screen. A test may request any PTY size; the
// emulator itself stays within these bounds so an absurd request stays
// cheap (the server clamps far below them anyway).
const (
	MaxEmuCols = 512
	MaxEmuRows = 200
)

var quietOnce sync.Once

// Server is a running test server.
type Server struct {
	*sshserver.Server
	// Addr is the server's host:port on 127.0.0.1.
	Addr string
	// Hub is the server's rooms hub.
	Hub *rooms.Hub
	// Config is the configuration the server was built with.
	Config sshserver.Config
}

// Start starts a server on 127.0.0.1:0 with a fresh hub and a host key in a
// temporary directory. configure, when not nil, may change the config before
// the server is built. The server is shut down when the test ends.
//
// Logs are discarded unless ARCADE_TEST_LOG is set; that includes the global
// charm.land/log default logger, which Wish's middleware logs through.
func Start(t testing.TB, configure func(*sshserver.Config)) *Server {
	t.Helper()
	return StartHub(t, rooms.Config{BotDelay: time.Millisecond, ResponseWindow: time.Second}, configure)
}

// StartHub is Start with a hub built from hubCfg (a fixed seed for every
// game, a longer response window...).
func StartHub(t testing.TB, hubCfg rooms.Config, configure func(*sshserver.Config)) *Server {
	t.Helper()
	hub := rooms.NewHub(hubCfg)
	logger := log.New(io.Discard)
	if os.Getenv("ARCADE_TEST_LOG") != "" {
		logger = log.NewWithOptions(os.Stderr, log.Options{Level: log.DebugLevel, Prefix: t.Name()})
	} else {
		quietOnce.Do(func() { log.SetDefault(log.New(io.Discard)) })
	}
	cfg := sshserver.Config{
		HostKeyPath: filepath.Join(t.TempDir(), "host_ed25519"),
		Hub:         hub,
		Logger:      logger,
	}
	if configure != nil {
		configure(&cfg)
	}
	srv, err := sshserver.New(cfg)
	if err != nil {
		hub.Close()
		t.Fatalf("sshtest: new server: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		hub.Close()
		t.Fatalf("sshtest: listen: %v", err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("sshtest: shutdown: %v", err)
		}
		if err := <-served; !errors.Is(err, sshserver.ErrServerClosed) {
			t.Errorf("sshtest: serve: %v", err)
		}
		hub.Close()
	})
	return &Server{Server: srv, Addr: ln.Addr().String(), Hub: hub, Config: cfg}
}

// Exec runs command on the server without a PTY, as `ssh host command`
// does, and returns what it printed (stdout and stderr) and its error (an
// *ssh.ExitError for a non-zero exit status).
func Exec(addr, user string, key gossh.Signer, command string) (string, error) {
	client, err := Connect(addr, user, key)
	if err != nil {
		return "", err
	}
	defer client.Close()
	sess, err := client.NewSession()
	if err != nil {
		return "", err
	}
	defer sess.Close()
	out, err := sess.CombinedOutput(command)
	return string(out), err
}

// AuthorizedKey is key's line in an authorized_keys file, with comment.
func AuthorizedKey(key gossh.Signer, comment string) string {
	line := strings.TrimSpace(string(gossh.MarshalAuthorizedKey(key.PublicKey())))
	if comment != "" {
		line += " " + comment
	}
	return line + "\n"
}

// NewKey returns a fresh ed25519 client key.
func NewKey(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatalf("sshtest: key: %v", err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatalf("sshtest: signer: %v", err)
	}
	return signer
}

// Connect opens an SSH connection as user, the way OpenSSH's client does:
// with key (when not nil), then, if the server refused it, through
// keyboard-interactive, where a keyless guest gets in.
func Connect(addr, user string, key gossh.Signer) (*gossh.Client, error) {
	return gossh.Dial("tcp", addr, clientConfig(user, key))
}

// Refused connects as Connect does and returns what the server told the
// client while refusing it (its authentication banners, as ssh prints
// them); it is an error if the client got in or could not get as far as
// logging in.
func Refused(addr, user string, key gossh.Signer) (string, error) {
	var told strings.Builder
	cfg := clientConfig(user, key)
	cfg.BannerCallback = func(msg string) error {
		told.WriteString(msg)
		return nil
	}
	client, err := gossh.Dial("tcp", addr, cfg)
	if err == nil {
		_ = client.Close()
		return "", fmt.Errorf("%s was let in", user)
	}
	if !strings.Contains(err.Error(), "unable to authenticate") {
		return "", err
	}
	return told.String(), nil
}

// clientConfig is the client configuration of Connect.
func clientConfig(user string, key gossh.Signer) *gossh.ClientConfig {
	auth := []gossh.AuthMethod{gossh.KeyboardInteractive(
		func(_, _ string, questions []string, _ []bool) ([]string, error) {
			return make([]string, len(questions)), nil
		})}
	if key != nil {
		auth = append([]gossh.AuthMethod{gossh.PublicKeys(key)}, auth...)
	}
	return &gossh.ClientConfig{
		User:            user,
		Auth:            auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), //nolint:gosec // a test server
		Timeout:         10 * time.Second,
	}
}

// Options describe a session to open.
type Options struct {
	// Key authenticates the client; nil means a keyless guest
	// (keyboard-interactive).
	Key gossh.Signer
	// Cols and Rows are the PTY size requested (0: 80x24).
	Cols, Rows int
	// Command is run instead of a shell, as in ssh -t host CODE.
	Command string
	// Setup, when set, runs on the new session before the PTY request,
	// e.g. to send env requests.
	Setup func(*gossh.Session) error
}

// Term is one SSH session with a PTY, seen through a terminal emulator.
type Term struct {
	client *gossh.Client
	sess   *gossh.Session

	inMu  sync.Mutex // serializes writes to stdin
	stdin io.WriteCloser

	mu  sync.Mutex // guards emu, bells and title
	emu *vt.Emulator
	// bells counts the bells the terminal rang; title is its window title.
	bells int
	title string

	done      chan struct{} // closed when the session's output has ended
	pumps     sync.WaitGroup
	closeOnce sync.Once
}

// Dial opens a session like Open and fails the test if it cannot. The
// session is closed when the test ends.
func Dial(t testing.TB, addr, user string, o Options) *Term {
	t.Helper()
	term, err := Open(addr, user, o)
	if err != nil {
		t.Fatalf("sshtest: dial %s as %q: %v", addr, user, err)
	}
	t.Cleanup(func() { _ = term.Close() })
	return term
}

// Open connects as user, requests a PTY of the given size and starts a shell
// (or Command). The caller must Close the Term.
func Open(addr, user string, o Options) (*Term, error) {
	client, err := Connect(addr, user, o.Key)
	if err != nil {
		return nil, err
	}
	term, err := start(client, o)
	if err != nil {
		_ = client.Close()
		return nil, err
	}
	return term, nil
}

// Attach starts a session like Open on a client the caller connected (over
// a connection of its own). Closing the Term closes the client.
func Attach(client *gossh.Client, o Options) (*Term, error) {
	return start(client, o)
}

func start(client *gossh.Client, o Options) (*Term, error) {
	if o.Cols <= 0 {
		o.Cols = 80
	}
	if o.Rows <= 0 {
		o.Rows = 24
	}
	sess, err := client.NewSession()
	if err != nil {
		return nil, err
	}
	if o.Setup != nil {
		if err := o.Setup(sess); err != nil {
			return nil, err
		}
	}
	stdin, err := sess.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr, err := sess.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := sess.RequestPty("xterm-256color", o.Rows, o.Cols, gossh.TerminalModes{}); err != nil {
		return nil, fmt.Errorf("pty: %w", err)
	}
	t := &Term{
		client: client,
		sess:   sess,
		stdin:  stdin,
		emu:    vt.NewEmulator(min(o.Cols, MaxEmuCols), min(o.Rows, MaxEmuRows)),
		done:   make(chan struct{}),
	}
	// The callbacks run inside emu.Write, under t.mu.
	t.emu.SetCallbacks(vt.Callbacks{Bell: func() { t.bells++ }, Title: func(s string) { t.title = s }})
	var out sync.WaitGroup
	out.Add(2)
	t.pumps.Add(3)
	go t.pumpOutput(stdout, &out)
	go t.pumpOutput(stderr, &out)
	go t.pumpReplies()
	go func() {
		out.Wait()
		close(t.done)
	}()
	if o.Command != "" {
		err = sess.Start(o.Command)
	} else {
		err = sess.Shell()
	}
	if err != nil {
		_ = t.Close()
		return nil, err
	}
	return t, nil
}

// pumpOutput feeds the session's output into the emulator, as a terminal
// shows both stdout and stderr.
func (t *Term) pumpOutput(r io.Reader, out *sync.WaitGroup) {
	defer t.pumps.Done()
	defer out.Done()
	buf := make([]byte, 32*1024)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			t.mu.Lock()
			_, _ = t.emu.Write(buf[:n])
			t.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// pumpReplies sends the emulator's answers to terminal queries (device
// attributes, mode reports, cursor position) back to the server, as a real
// terminal does. The emulator writes them to an unbuffered pipe, so without
// this reader its Write would block.
func (t *Term) pumpReplies() {
	defer t.pumps.Done()
	buf := make([]byte, 1024)
	for {
		n, err := t.emu.Read(buf)
		if n > 0 {
			t.inMu.Lock()
			_, _ = t.stdin.Write(buf[:n]) // after the session ends: discard
			t.inMu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// Send types keys: raw bytes as a terminal sends them ("q", "\r" for Enter,
// "\x1b[A" for Up).
func (t *Term) Send(keys string) error {
	t.inMu.Lock()
	defer t.inMu.Unlock()
	_, err := io.WriteString(t.stdin, keys)
	return err
}

// Resize resizes the terminal and sends a window-change request.
func (t *Term) Resize(cols, rows int) error {
	t.mu.Lock()
	t.emu.Resize(min(cols, MaxEmuCols), min(rows, MaxEmuRows))
	t.mu.Unlock()
	return t.sess.WindowChange(rows, cols)
}

// Screen returns the emulated screen as text, trailing spaces trimmed.
func (t *Term) Screen() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.emu.String()
}

// Bells is how many times the terminal's bell has rung.
func (t *Term) Bells() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.bells
}

// Title is the terminal's window title ("" until the server sets one).
func (t *Term) Title() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.title
}

// WaitFor polls the screen until it contains substr. On timeout, or when the
// session ends first, the error includes the screen.
func (t *Term) WaitFor(substr string, timeout time.Duration) error {
	return t.WaitUntil(fmt.Sprintf("%q on screen", substr), func(screen string) bool {
		return strings.Contains(screen, substr)
	}, timeout)
}

// WaitUntil polls the screen until ok accepts it. On timeout, or when the
// session ends first, the error names what was awaited and includes the
// screen.
func (t *Term) WaitUntil(what string, ok func(screen string) bool, timeout time.Duration) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		if ok(t.Screen()) {
			return nil
		}
		select {
		case <-t.done:
			if screen := t.Screen(); ok(screen) {
				return nil
			}
			return fmt.Errorf("session ended without %s; screen:\n%s", what, t.Screen())
		case <-deadline.C:
			return fmt.Errorf("no %s after %v; screen:\n%s", what, timeout, t.Screen())
		case <-tick.C:
		}
	}
}

// Done is closed when the session's output has ended (the server closed the
// session or the connection).
func (t *Term) Done() <-chan struct{} { return t.done }

// WaitClosed waits until the server ends the session.
func (t *Term) WaitClosed(timeout time.Duration) error {
	select {
	case <-t.done:
		return nil
	case <-time.After(timeout):
		return fmt.Errorf("session still open after %v; screen:\n%s", timeout, t.Screen())
	}
}

// Client is the session's SSH connection, for tests that open more channels.
func (t *Term) Client() *gossh.Client { return t.client }

// Close ends the session and the connection and waits for the pumps.
func (t *Term) Close() error {
	var err error
	t.closeOnce.Do(func() {
		_ = t.sess.Close()
		err = t.client.Close()
		// End pumpReplies: closing the pipe the emulator answers into also
		// unblocks an emulator Write waiting on it.
		if pw, ok := t.emu.InputPipe().(*io.PipeWriter); ok {
			_ = pw.CloseWithError(io.EOF)
		}
		t.pumps.Wait()
	})
	return err
}

// Buffer is a bytes.Buffer that a server's goroutines (a logger, say) and
// the test may use at once.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write implements io.Writer.
func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns what was written so far.
func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
