package sshserver

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net"
	"strings"
	"sync"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2/bubbletea"
	gossh "golang.org/x/crypto/ssh"

	"arcade/rooms"
	"arcade/ui"
)

// Messages a session may see outside the app.
const (
	msgNeedsTerminal = "This arcade needs a terminal: "
	msgFull          = "The arcade is full right now. Please try again in a few minutes."
	msgShutdown      = "The arcade is shutting down. See you soon!"
)

// maxInviteLen caps the invite code taken from the command line.
const maxInviteLen = 32

// stateKey finds a session's *sessionState in its ssh.Context (one session
// per connection, so the connection's context is the session's).
type stateKey struct{}

// sessionState links the middlewares of one session.
type sessionState struct {
	mu      sync.Mutex
	client  *rooms.Client
	program *tea.Program
	stop    context.CancelFunc // stops the hub forwarder
}

// requireTerminal ends sessions without a PTY with a one-line hint.
func (s *Server) requireTerminal(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if _, _, ok := sess.Pty(); ok {
			next(sess)
			return
		}
		sayLine(sess, msgNeedsTerminal+s.sshCommand(sess, "-t"))
		_ = sess.Exit(1)
	}
}

// admit enforces MaxSessions and owns the session's lifetime: after the
// program has ended it stops the forwarder, forgets the program and closes
// the hub client.
func (s *Server) admit(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if !s.reserveSession() {
			if s.isClosing() {
				sayLine(sess, msgShutdown)
			} else {
				s.log.Warn("session refused: server full", "max", s.cfg.MaxSessions)
				sayLine(sess, msgFull)
			}
			_ = sess.Exit(1)
			return
		}
		defer s.releaseSession()
		st := &sessionState{}
		sess.Context().SetValue(stateKey{}, st)
		defer s.endSession(st)
		next(sess)
		if s.isClosing() {
			sayLine(sess, msgShutdown)
		}
	}
}

func (s *Server) endSession(st *sessionState) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.stop != nil {
		st.stop()
	}
	if st.program != nil {
		s.untrackProgram(st.program)
	}
	if st.client != nil {
		st.client.Close()
	}
}

// newProgram is the bubbletea ProgramHandler: it finds who the session is,
// connects it to the hub and builds its program. A nil program ends the
// session (the server is shutting down).
func (s *Server) newProgram(sess ssh.Session) *tea.Program {
	st, _ := sess.Context().Value(stateKey{}).(*sessionState)
	if st == nil || s.isClosing() {
		return nil
	}
	player, err := identify(sess)
	if err != nil {
		s.log.Error("session refused: no identity", "err", err)
		return nil
	}
	opts := ui.Options{InviteCode: inviteCode(sess.Command())}
	if s.cfg.PublicHost != "" {
		opts.ConnectHint = s.sshCommand(sess, "")
	}
	client := s.cfg.Hub.Connect(player)
	st.mu.Lock()
	st.client = client
	st.mu.Unlock()
	model := s.cfg.NewModel(Session{Player: player, Client: client, Options: opts, SSH: sess})
	p := tea.NewProgram(model, append(bubbletea.MakeOptions(sess),
		tea.WithContext(sess.Context()),
		// Without this every program would quit on the server's own
		// SIGINT/SIGTERM and skip the graceful shutdown.
		tea.WithoutSignalHandler(),
		// Replaces the filter MakeOptions set: keep its Suspend mapping.
		tea.WithFilter(s.filter),
	)...)
	if !s.trackProgram(p) {
		return nil
	}
	ctx, stop := context.WithCancel(sess.Context())
	st.mu.Lock()
	st.program, st.stop = p, stop
	st.mu.Unlock()
	go ui.Forward(ctx, client, p.Send)
	s.log.Debug("session", "player", player.ID, "name", player.Name, "invite", opts.InviteCode != "")
	return p
}

// sshCommand is the command that reaches this server, with extra flags:
// "ssh -t -p 2222 host". Without a PublicHost the host is "host" and the
// port the one this session came in on.
func (s *Server) sshCommand(sess ssh.Session, flags string) string {
	host, port := "host", "2222"
	if _, p, err := net.SplitHostPort(sess.LocalAddr().String()); err == nil {
		port = p
	}
	if s.cfg.PublicHost != "" {
		host = s.cfg.PublicHost
		if h, p, err := net.SplitHostPort(host); err == nil {
			host, port = h, p
		}
	}
	cmd := []string{"ssh"}
	if flags != "" {
		cmd = append(cmd, flags)
	}
	if port != "22" {
		cmd = append(cmd, "-p", port)
	}
	return strings.Join(append(cmd, host), " ")
}

// filter is the program's only message filter. It clamps window sizes (the
// request filter already did; this also covers sizes from any other path)
// and, like the one bubbletea.MakeOptions installs, turns a suspend into a
// resume: a remote session cannot be suspended.
func (s *Server) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tea.WindowSizeMsg:
		m.Width, m.Height = s.clampSize(m.Width, m.Height)
		return m
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	}
	return msg
}

// identify takes the player's identity from the key the session
// authenticated with, and nothing else: a keyed player is "key:" plus the
// key's SHA256 fingerprint; a keyless one is a guest with a random ID.
func identify(sess ssh.Session) (rooms.Player, error) {
	p := rooms.Player{Name: rooms.CleanName(sess.User())}
	if pk := sess.PublicKey(); pk != nil {
		p.ID = "key:" + gossh.FingerprintSHA256(pk)
		return p, nil
	}
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return p, err
	}
	p.ID, p.Guest = "guest:"+hex.EncodeToString(b[:]), true
	return p, nil
}

// inviteCode is the first word of the command (ssh -t host CODE), without
// control or space characters and capped in length; later words are ignored.
func inviteCode(cmd []string) string {
	if len(cmd) == 0 {
		return ""
	}
	code := strings.Map(func(r rune) rune {
		if unicode.IsGraphic(r) && !unicode.IsSpace(r) {
			return r
		}
		return -1
	}, cmd[0])
	if r := []rune(code); len(r) > maxInviteLen {
		code = string(r[:maxInviteLen])
	}
	return code
}
