package sshtest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// Lines is one SSH session read line by line, as a program (or a screen
// reader's user, with a terminal) reads the arcade's line mode. It keeps
// every byte the server sent, for tests that look at them raw.
type Lines struct {
	client *gossh.Client
	sess   *gossh.Session
	stdin  io.WriteCloser

	lines chan string
	mu    sync.Mutex
	raw   []byte
	done  chan struct{}
	// quit, closed by Close, stops the pump waiting for a reader.
	quit      chan struct{}
	closeOnce sync.Once
}

// LineOptions describe a line session to open.
type LineOptions struct {
	// Key authenticates the client; nil means a keyless guest.
	Key gossh.Signer
	// Command is run (play --json, line CODE); "" starts a shell.
	Command string
	// Term, when set, requests a PTY with this TERM (80x24).
	Term string
	// Env are variables sent before the session starts (ARCADE_UI=line).
	Env map[string]string
}

// OpenLines connects as user and starts a session as o says. The caller
// must Close it.
func OpenLines(addr, user string, o LineOptions) (*Lines, error) {
	client, err := Connect(addr, user, o.Key)
	if err != nil {
		return nil, err
	}
	l, err := startLines(client, o)
	if err != nil {
		_ = client.Close()
		return nil, err
	}
	return l, nil
}

func startLines(client *gossh.Client, o LineOptions) (*Lines, error) {
	sess, err := client.NewSession()
	if err != nil {
		return nil, err
	}
	for k, v := range o.Env {
		if err := sess.Setenv(k, v); err != nil {
			return nil, fmt.Errorf("env %s: %w", k, err)
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
	if o.Term != "" {
		if err := sess.RequestPty(o.Term, 24, 80, gossh.TerminalModes{}); err != nil {
			return nil, fmt.Errorf("pty: %w", err)
		}
	}
	l := &Lines{client: client, sess: sess, stdin: stdin, lines: make(chan string, 4096), done: make(chan struct{}), quit: make(chan struct{})}
	go l.pump(stdout)
	if o.Command != "" {
		err = sess.Start(o.Command)
	} else {
		err = sess.Shell()
	}
	if err != nil {
		_ = l.Close()
		return nil, err
	}
	return l, nil
}

// pump reads the session's output into lines (without their line ends)
// and raw.
func (l *Lines) pump(r io.Reader) {
	defer close(l.done)
	defer close(l.lines)
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		s, err := br.ReadString('\n')
		l.mu.Lock()
		l.raw = append(l.raw, s...)
		l.mu.Unlock()
		if s != "" && err == nil {
			select {
			case l.lines <- strings.TrimRight(s, "\r\n"):
			case <-l.quit:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// Next returns the next line the server wrote, waiting up to timeout; an
// error when the session ended or nothing came.
func (l *Lines) Next(timeout time.Duration) (string, error) {
	select {
	case s, ok := <-l.lines:
		if !ok {
			return "", io.EOF
		}
		return s, nil
	case <-time.After(timeout):
		return "", fmt.Errorf("no line from the server after %v", timeout)
	}
}

// WaitFor reads lines until one contains substr and returns it, with an
// error naming the lines read when it does not come in time.
func (l *Lines) WaitFor(substr string, timeout time.Duration) (string, error) {
	deadline := time.Now().Add(timeout)
	var seen []string
	for {
		s, err := l.Next(time.Until(deadline))
		if err != nil {
			return "", fmt.Errorf("no line with %q: %w; read:\n%s", substr, err, strings.Join(seen, "\n"))
		}
		if strings.Contains(s, substr) {
			return s, nil
		}
		seen = append(seen, s)
	}
}

// Send writes s and a newline, as a player types a command and enter.
func (l *Lines) Send(s string) error {
	_, err := io.WriteString(l.stdin, s+"\n")
	return err
}

// Type writes raw bytes, as a terminal sends keys.
func (l *Lines) Type(s string) error {
	_, err := io.WriteString(l.stdin, s)
	return err
}

// Raw is every byte the server sent so far.
func (l *Lines) Raw() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]byte(nil), l.raw...)
}

// Done is closed when the session's output has ended.
func (l *Lines) Done() <-chan struct{} { return l.done }

// Close ends the session and the connection.
func (l *Lines) Close() error {
	l.closeOnce.Do(func() { close(l.quit) })
	err := l.sess.Close()
	if cerr := l.client.Close(); err == nil || errors.Is(err, io.EOF) {
		err = cerr
	}
	<-l.done
	return err
}
