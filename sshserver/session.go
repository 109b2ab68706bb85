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
			run    *bridge.Session
			client *rooms.Client
			player rooms.Player
			err    error
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
			run, client, player, err = s.startSession(sess, st)
		}()
		<-done
		if err != nil {
			if client != nil {
				client.Close()
			}
			s.log.Error("session not started", "err", err)
			return
		}
		defer client.Close()
		if !s.track(run) {
			return
		}
		defer s.untrack(run)
		if err := run.Run(); err != nil {
			s.log.Warn("session ended with an error", "player", player.ID, "err", err)
		}
	}
}

// startSession identifies the session, connects it to the hub and builds
// its program.
func (s *Server) startSession(sess ssh.Session, st *connState) (*bridge.Session, *rooms.Client, rooms.Player, error) {
	pty, _, _ := sess.Pty()
	win := st.window.Load()
	if win == nil {
		win = bridge.NewWindow(pty.Window.Width, pty.Window.Height)
	}
	p := st.player.Load()
	if p == nil {
		return nil, nil, rooms.Player{}, errors.New("no identity")
	}
	player := *p
	opts := ui.Options{InviteCode: inviteCode(sess.Command()), Games: s.cfg.Games, ConnectHint: s.sshCommand(sess, "")}
	client := s.cfg.Hub.Connect(player)
	env := append(sess.Environ(), "TERM="+pty.Term)
	run := bridge.New(sess.Context(), bridge.Config{
		Model:        s.cfg.NewModel(Session{Player: player, Client: client, Options: opts, SSH: sess}),
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
	return run, client, player, nil
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
