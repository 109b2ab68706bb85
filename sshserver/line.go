package sshserver

import (
	"context"
	"errors"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/ssh"

	"arcade/ui/line"
)

// The ways a session asks for line mode (see lineRequest).
const (
	lineCommand = "line" // ssh -t host line [CODE]
	playCommand = "play" // ssh host play [--json] [CODE]
	lineEnv     = "ARCADE_UI"
	lineEnvText = "line"
	lineEnvJSON = "json"
	dumbTerm    = "dumb"
)

// playHelp is what `ssh host play --help` prints.
const playHelp = `ssh -p PORT HOST play [--json] [CODE]
  The arcade in lines, for scripts and bots: one line per event, one
  command per line (type help). --json speaks the JSON protocol of
  docs/protocol.md: one object per line each way. CODE joins that table.
  People with a screen reader: ssh -t -p PORT HOST line, or set
  ARCADE_UI=line (ssh -o SetEnv=ARCADE_UI=line), or TERM=dumb.
`

// lineRequest is how a session asked for line mode: JSON or text, and
// the invite code to join; ok is false when it did not ask. Line mode is
// chosen before anything is drawn, by the command (line, play), by
// ARCADE_UI=line or json, or by a terminal called dumb.
type lineRequest struct {
	ok, json, help bool
	code           string
}

// lineRequested reads a session's request for line mode.
func lineRequested(sess ssh.Session) (lineRequest, error) {
	cmd := sess.Command()
	pty, _, hasPty := sess.Pty()
	env := envValue(sess.Environ(), lineEnv)
	switch {
	case len(cmd) > 0 && (cmd[0] == lineCommand || cmd[0] == playCommand):
		return parseLineArgs(cmd[1:], env == lineEnvJSON)
	case env == lineEnvText || env == lineEnvJSON:
		return lineRequest{ok: true, json: env == lineEnvJSON, code: inviteCode(cmd)}, nil
	case hasPty && pty.Term == dumbTerm:
		return lineRequest{ok: true, code: inviteCode(cmd)}, nil
	}
	return lineRequest{}, nil
}

// parseLineArgs reads the words after line or play.
func parseLineArgs(args []string, asJSON bool) (lineRequest, error) {
	r := lineRequest{ok: true, json: asJSON}
	for _, a := range args {
		switch a {
		case "--json", "-json":
			r.json = true
		case "--help", "-h", "help":
			r.help = true
		default:
			if r.code != "" {
				return r, errors.New("play takes --json and one invite code, nothing more.")
			}
			r.code = inviteCode([]string{a})
		}
	}
	return r, nil
}

// envValue is the value of name in env ("" when unset).
func envValue(env []string, name string) string {
	for _, kv := range slices.Backward(env) {
		if len(kv) > len(name) && kv[:len(name)] == name && kv[len(name)] == '=' {
			return kv[len(name)+1:]
		}
	}
	return ""
}

// lineSessions runs the sessions that asked for line mode (lineRequested)
// as line sessions, with or without a terminal; other sessions pass on.
func (s *Server) lineSessions(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		req, err := lineRequested(sess)
		switch {
		case !req.ok:
			next(sess)
		case err != nil:
			sayLine(sess, err.Error())
			_ = sess.Exit(1)
		case req.help:
			_, _ = io.WriteString(sess, playHelp)
			_ = sess.Exit(0)
		default:
			s.admit(func(sess ssh.Session) { s.runLine(sess, req) })(sess)
		}
	}
}

// runLine connects a line session to the hub and runs it until it ends.
func (s *Server) runLine(sess ssh.Session, req lineRequest) {
	st := stateOf(sess.Context())
	if st == nil || s.isClosing() {
		return
	}
	p := st.player.Load()
	if p == nil {
		return
	}
	ctx, cancel := context.WithCancel(sess.Context())
	defer cancel()
	if !s.lines.add(&cancel) {
		return
	}
	defer s.lines.remove(&cancel)
	client := s.cfg.Hub.Connect(*p)
	defer client.Close()
	_, _, hasPty := sess.Pty()
	out := &stallWriter{w: sess, timeout: s.cfg.WriteTimeout, onStall: func() { st.end(endStalled) }}
	// The server ending the session (a kick, an idle timeout) leaves its
	// line once the session has stopped writing (a program reads only
	// JSON lines: it gets the session's bye).
	var farewell atomic.Pointer[string]
	bye := func(line string) {
		farewell.Store(&line)
		cancel()
	}
	st.sayBye.Store(&bye)
	defer st.sayBye.Store(nil)
	err := line.Run(ctx, line.Config{
		Client:      client,
		Player:      client.Player(),
		Games:       s.cfg.Games,
		JSON:        req.json,
		Echo:        hasPty && !req.json,
		In:          sess,
		Out:         out,
		InviteCode:  req.code,
		ConnectHint: s.sshCommand(sess, ""),
	})
	if l := farewell.Load(); l != nil && !req.json {
		_, _ = io.WriteString(out, *l+"\n")
	}
	if err != nil {
		s.log.Warn("line session ended with an error", "player", p.ID, "err", err)
		return
	}
	_ = sess.Exit(0)
}

// stallWriter bounds how long a line session's writes may block: a piece
// of writePiece bytes that makes no progress for timeout calls onStall,
// which closes the connection and so ends the write and the session.
type stallWriter struct {
	w       io.Writer
	timeout time.Duration
	onStall func()
}

// writePiece is the most one timed write hands the connection.
const writePiece = 4 << 10

// Write writes p in pieces, each within the timeout.
func (sw *stallWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		piece := p[:min(len(p), writePiece)]
		t := time.AfterFunc(sw.timeout, sw.onStall)
		k, err := sw.w.Write(piece)
		t.Stop()
		n += k
		if err != nil {
			return n, err
		}
		p = p[k:]
	}
	return n, nil
}

// lineSet holds the running line sessions' cancel functions, so that
// Shutdown can end them.
type lineSet struct {
	mu      sync.Mutex
	closing bool
	running map[*context.CancelFunc]struct{}
}

// add registers a running session; it refuses once the server is
// stopping.
func (l *lineSet) add(c *context.CancelFunc) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closing {
		return false
	}
	if l.running == nil {
		l.running = map[*context.CancelFunc]struct{}{}
	}
	l.running[c] = struct{}{}
	return true
}

// remove forgets a session that ended.
func (l *lineSet) remove(c *context.CancelFunc) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.running, c)
}

// stop ends every running line session and refuses new ones.
func (l *lineSet) stop() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closing = true
	for c := range l.running {
		(*c)()
	}
}
