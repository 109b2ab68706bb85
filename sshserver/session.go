package sshserver

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"runtime/debug"
	"strings"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"github.com/charmbracelet/colorprofile"
	gossh "golang.org/x/crypto/ssh"

	"arcade/rooms"
	"arcade/sshserver/bridge"
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

// requireTerminal ends sessions without a PTY with a one-line hint.
func (s *Server) requireTerminal(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if _, _, ok := sess.Pty(); ok {
			next(sess)
			return
		}
		hint := s.sshCommand(sess, "-t")
		if code := inviteCode(sess.Command()); code != "" {
			hint += " " + code // the invite the player meant to use
		}
		sayLine(sess, msgNeedsTerminal+hint)
		_ = sess.Exit(1)
	}
}

// closeGrace is how long a client has, after its session ended, to close
// the channel before the server closes the connection itself: a client that
// stopped reading would otherwise keep it (and its fd and address slot).
const closeGrace = 2 * time.Second

// admit enforces MaxSessions and owns the session's lifetime: when the
// session is over, its connection is closed.
func (s *Server) admit(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if st, _ := sess.Context().Value(connKey{}).(*connState); st != nil {
			defer time.AfterFunc(closeGrace, func() { _ = st.conn.Close() })
		}
		if !s.reserveSession() {
			if s.isClosing() {
				s.cfg.Observe.Refused(RefusedShutdown)
				sayLine(sess, msgShutdown)
			} else {
				s.cfg.Observe.Refused(RefusedFull)
				s.log.Warn("session refused: server full", "max", s.cfg.MaxSessions)
				sayLine(sess, msgFull)
			}
			_ = sess.Exit(1)
			return
		}
		defer s.releaseSession()
		next(sess)
		if s.isClosing() {
			sayLine(sess, msgShutdown)
		}
	}
}

// runSession is the last handler: it finds who the session is, connects
// it to the hub and runs its program over the bridge until the session
// ends.
func (s *Server) runSession(ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		st, _ := sess.Context().Value(connKey{}).(*connState)
		if st == nil || s.isClosing() {
			return
		}
		var (
			ss  started
			err error
		)
		// Setting up takes a deep stack (the hub, the model, the
		// program) and may wait (the store, table actors, other nodes):
		// do it on a goroutine that ends with it, so that this one, which
		// waits here for the session's whole life, stays small, and the
		// render pool never waits.
		done := make(chan struct{})
		go func() {
			defer close(done)
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("setting up the session failed: %v\n%s", r, debug.Stack())
				}
			}()
			ss, err = s.startSession(sess, st)
		}()
		<-done
		if err != nil {
			if ss.client != nil {
				ss.client.Close()
			}
			s.log.Error("session not started", "err", err)
			return
		}
		defer ss.client.Close()
		if !s.track(ss.run) {
			return
		}
		st.run.Store(ss.run)
		err = ss.run.Run()
		s.untrack(ss.run)
		if err != nil {
			s.log.Warn("session ended with an error", "player", ss.player.ID, "err", err)
		}
		s.farewell(sess, st, ss.model)
	}
}

// Farewell is implemented by models that have a line to leave on the
// player's normal screen once their session has ended, and know why it
// ended (for the log: "replaced", "closed", "quit").
type Farewell interface {
	Farewell() (line, reason string)
}

// farewell leaves the session's last line on the player's terminal, now
// back on its normal screen: the server's reason when it ended the
// session (an admin's kick), or the model's (another terminal took its
// place). A shutting-down server says its own line (sessionSlots).
func (s *Server) farewell(sess ssh.Session, st *connState, model tea.Model) {
	line, reason := "", ""
	if f, ok := model.(Farewell); ok {
		line, reason = f.Farewell()
	}
	if l := st.farewell.Load(); l != nil {
		line = *l
	} else if reason != "" && reason != endQuit {
		st.endReason.CompareAndSwap(nil, &reason)
	}
	if sess.Context().Err() != nil || s.isClosing() || line == "" {
		return
	}
	sayLine(sess, line)
}

// started is a session set up to run: its program, its hub client, who it
// is and its model.
type started struct {
	run    *bridge.Session
	client *rooms.Client
	player rooms.Player
	model  tea.Model
}

// startSession identifies the session, connects it to the hub and builds
// its program.
func (s *Server) startSession(sess ssh.Session, st *connState) (started, error) {
	pty, _, _ := sess.Pty()
	win := st.window.Load()
	if win == nil {
		win = bridge.NewWindow(pty.Window.Width, pty.Window.Height)
	}
	p := st.player.Load()
	if p == nil {
		return started{}, errors.New("no identity")
	}
	player := *p
	opts := ui.Options{InviteCode: inviteCode(sess.Command()), Games: s.cfg.Games, ConnectHint: s.sshCommand(sess, "")}
	client := s.cfg.Hub.Connect(player)
	env := append(sess.Environ(), "TERM="+pty.Term)
	model := s.cfg.NewModel(Session{Player: player, Client: client, Options: opts, SSH: sess})
	run := bridge.New(sess.Context(), bridge.Config{
		Model:        model,
		In:           sess,
		Out:          st.channel,
		Window:       win,
		Clamp:        s.clampSize,
		Env:          env,
		Profile:      colorprofile.Env(env),
		Source:       ui.NewFeed(client),
		WriteTimeout: s.cfg.WriteTimeout,
		OnStall:      func() { st.end(endStalled) },
		OnFrame:      s.cfg.Observe.Rendered,
		Pool:         s.render,
	})
	return started{run: run, client: client, player: player, model: model}, nil
}

// sshCommand is the command that reaches this server, with extra flags:
// "ssh -t -p 2222 host". Without a PublicHost the host and port are the
// address this session connected to (what reached this player reaches
// their friends on the same network).
func (s *Server) sshCommand(sess ssh.Session, flags string) string {
	host, port := "host", "2222"
	if h, p, err := net.SplitHostPort(sess.LocalAddr().String()); err == nil {
		port = p
		if ip := net.ParseIP(h); ip != nil && !ip.IsUnspecified() {
			host = h
		}
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

// identify takes the player's identity from the key the session
// authenticated with, and nothing else: a keyed player is "key:" plus the
// key's SHA256 fingerprint; a keyless one is a guest with a random ID.
func identify(sess ssh.Session) (rooms.Player, error) {
	p := rooms.Player{Name: rooms.CleanName(sess.User())}
	if pk := sess.PublicKey(); pk != nil {
		p.ID = keyID(gossh.FingerprintSHA256(pk))
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
