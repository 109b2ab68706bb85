package sshserver

import (
	"bytes"
	"encoding/binary"
	"net"
	"strings"
	"sync/atomic"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"arcade/rooms"
	"arcade/sshserver/access"
	"arcade/sshserver/bridge"
)

// Terminal size used when a client claims a width or height of zero.
const (
	fallbackCols = 80
	fallbackRows = 24
	maxTermLen   = 64 // longest TERM value a PTY request may carry
)

// connKey finds a connection's *connState in its ssh.Context.
type connKey struct{}

// connState is what the server remembers about one TCP connection.
type connState struct {
	// conn is the connection itself, closed to end everything on it.
	conn *trackedConn
	// session is set once the connection has opened its session channel.
	session atomic.Bool
	// window is the terminal size from the PTY request and every window
	// change since (nil before the PTY request).
	window atomic.Pointer[bridge.Window]
	// channel is the session channel itself, set when it is accepted
	// (before the session handler starts). Frames go straight to it:
	// charm.land/ssh's emulated PTY would copy every write twice looking
	// for newlines that frames never hold.
	channel gossh.Channel

	// verdict is the door policy's word on the client (nil until it has
	// authenticated); offered is the last key it offered that the policy
	// refused, named in the refusal.
	verdict atomic.Pointer[access.Verdict]
	offered atomic.Pointer[string]
	// preauth is the connection before authentication has completed (nil
	// until key exchange is done), to tell a client why it is refused;
	// told is set once it has been told.
	preauth atomic.Pointer[gossh.ServerPreAuthConn]
	told    atomic.Bool
	// player is who the session is, once it runs (nil before).
	player atomic.Pointer[rooms.Player]
	// endReason says why the server ended the session ("" when the client
	// did), for the session's last log line.
	endReason atomic.Pointer[string]
	// run is the session's program once it runs; farewell is the line
	// the server leaves on the player's terminal when it ends the session
	// (endWith).
	run      atomic.Pointer[bridge.Session]
	farewell atomic.Pointer[string]
	// sayBye, set by a line session, writes the farewell line and ends
	// it (a line session has no program to quit).
	sayBye atomic.Pointer[func(line string)]
}

// firstTelling reports whether the client has not been told anything yet,
// and notes that it is being told now: only the first sentence is sent.
func (st *connState) firstTelling() bool {
	return st.told.CompareAndSwap(false, true)
}

// tell sends the client sentence as an authentication banner, which ssh
// clients print as they log in (nothing once authentication has ended, nor
// before key exchange). Call it after firstTelling. The write is bounded
// by the handshake's deadline.
func (st *connState) tell(sentence string) {
	if pc := st.preauth.Load(); pc != nil {
		_ = (*pc).SendAuthBanner(sentence + "\r\n")
	}
}

// end closes the connection, giving why for the log.
func (st *connState) end(why string) {
	st.endReason.CompareAndSwap(nil, &why)
	_ = st.conn.Close()
}

// farewellGrace is how long a session ended by the server has to put the
// player's terminal back and say why before its connection is closed.
const farewellGrace = 2 * time.Second

// endWith ends the session, giving why for the log and leaving line on
// the player's terminal: a running program quits first, so the terminal
// gets its normal screen, cursor and title back and then reads line; the
// connection closes within farewellGrace whatever the client does.
func (st *connState) endWith(why, line string) {
	r, bye := st.run.Load(), st.sayBye.Load()
	if r == nil && bye == nil {
		st.end(why)
		return
	}
	st.endReason.CompareAndSwap(nil, &why)
	if st.farewell.CompareAndSwap(nil, &line) && bye != nil {
		(*bye)(line)
	}
	if r != nil {
		r.Quit()
	}
	time.AfterFunc(farewellGrace, func() { _ = st.conn.Close() })
}

// onConn is the ConnCallback: the listener has admitted the connection; its
// state goes into the connection's context.
func (s *Server) onConn(ctx ssh.Context, c net.Conn) net.Conn {
	tc, ok := c.(*trackedConn)
	if !ok || s.isClosing() {
		return nil
	}
	ctx.SetValue(connKey{}, tc.state)
	return tc
}

// ipKey is the address a connection counts against: the IP for IPv4, the
// /64 prefix for IPv6 (one host usually owns a whole /64).
func ipKey(a net.Addr) string {
	var ip net.IP
	if t, ok := a.(*net.TCPAddr); ok {
		ip = t.IP
	} else {
		host, _, err := net.SplitHostPort(a.String())
		if err != nil {
			return a.String()
		}
		if ip = net.ParseIP(host); ip == nil {
			return host
		}
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// sessionChannel handles "session" channels: one per connection, with its
// requests filtered by limitedChannel. When the session is over it closes
// the connection, which has nothing left to do.
func (s *Server) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	st, _ := ctx.Value(connKey{}).(*connState)
	if st == nil || !st.session.CompareAndSwap(false, true) {
		_ = nc.Reject(gossh.Prohibited, "one session per connection")
		return
	}
	st.conn.sessionOpened()
	st.conn.watchIdle(s.cfg.IdleTimeout)
	ssh.DefaultSessionHandler(srv, conn, &limitedChannel{NewChannel: nc, s: s, st: st}, ctx)
	// Closing also cancels the connection's context at once, which ends a
	// program still running.
	_ = conn.Close()
}

// limitedChannel is a session channel whose requests pass through
// Server.filterRequests before charm.land/ssh sees them.
type limitedChannel struct {
	gossh.NewChannel
	s  *Server
	st *connState
}

// Accept accepts the channel and filters its requests.
func (c *limitedChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := c.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	c.st.channel = ch
	out := make(chan *gossh.Request)
	go c.s.filterRequests(c.st, reqs, out)
	return ch, out, nil
}

// filterRequests is the session channel's request path. It never blocks
// on the program: window changes only update the connection's Window (the
// session's bridge applies the latest), env requests pass only for the names
// a terminal needs and within small caps, agent forwarding is refused, and
// PTY sizes are clamped. charm.land/ssh keeps every env request, trusts
// every size and blocks on window changes nobody reads, so this is where a
// session's memory and liveness are bounded.
func (s *Server) filterRequests(st *connState, in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	var env envBudget
	for req := range in {
		switch req.Type {
		case "env":
			if !env.allow(req.Payload, s.cfg.MaxEnv) {
				_ = req.Reply(false, nil)
				continue
			}
		case "pty-req":
			req.Payload = clampPtyPayload(req.Payload, s.cfg.MaxCols, s.cfg.MaxRows)
			if w, h, ok := ptySize(req.Payload); ok && st.window.Load() == nil {
				st.window.Store(bridge.NewWindow(w, h))
			}
		case "window-change":
			w, h, ok := windowSize(clampWindowPayload(req.Payload, s.cfg.MaxCols, s.cfg.MaxRows))
			win := st.window.Load()
			if ok && win != nil {
				win.Set(w, h)
			}
			if req.WantReply {
				_ = req.Reply(ok && win != nil, nil)
			}
			continue
		case "auth-agent-req@openssh.com":
			// The arcade has no use for the player's agent.
			_ = req.Reply(false, nil)
			continue
		}
		out <- req
	}
}

// Env limits: a terminal needs a few short variables, nothing more.
const (
	maxEnvName  = 32
	maxEnvValue = 128
	maxEnvTotal = 1024
)

// envBudget is what one session's env requests have used.
type envBudget struct{ count, bytes int }

// allow reports whether an env request is kept: TERM, COLORTERM, LANG,
// LC_*, NO_COLOR or ARCADE_UI (line mode), with a short value, within max requests and
// maxEnvTotal bytes.
func (b *envBudget) allow(payload []byte, max int) bool {
	key, rest, ok := sshString(payload)
	if !ok {
		return false
	}
	value, _, ok := sshString(rest)
	if !ok || !envNameAllowed(key) || len(value) > maxEnvValue || b.count >= max ||
		b.bytes+len(key)+len(value) > maxEnvTotal {
		return false
	}
	b.count++
	b.bytes += len(key) + len(value)
	return true
}

// sshString reads one SSH string (uint32 length, bytes) from the start of
// p. It is parsed by hand, not with gossh.Unmarshal, whose reflection would
// grow this long-lived goroutine's stack for the session's whole life.
func sshString(p []byte) (s string, rest []byte, ok bool) {
	if len(p) < 4 {
		return "", nil, false
	}
	n := uint64(binary.BigEndian.Uint32(p))
	if uint64(len(p)-4) < n {
		return "", nil, false
	}
	return string(p[4 : 4+n]), p[4+n:], true
}

// envNameAllowed is the list of variables a session may set.
func envNameAllowed(k string) bool {
	switch {
	case len(k) > maxEnvName:
		return false
	case k == "TERM", k == "COLORTERM", k == "LANG", k == "NO_COLOR", k == lineEnv:
		return true
	case strings.HasPrefix(k, "LC_"):
		return len(k) > 3 && strings.Trim(k[3:], "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == ""
	}
	return false
}

// ptySize reads the size from a pty-req payload.
func ptySize(p []byte) (cols, rows int, ok bool) {
	if len(p) < 4 {
		return 0, 0, false
	}
	n := uint64(binary.BigEndian.Uint32(p))
	if uint64(len(p)) < 4+n+8 {
		return 0, 0, false
	}
	return windowSize(p[4+n:])
}

// windowSize reads the size from a window-change payload.
func windowSize(p []byte) (cols, rows int, ok bool) {
	if len(p) < 8 {
		return 0, 0, false
	}
	return int(binary.BigEndian.Uint32(p)), int(binary.BigEndian.Uint32(p[4:])), true
}

// clampPtyPayload clamps the size in a pty-req payload (RFC 4254 6.2: string
// TERM, uint32 cols, rows, width px, height px, string modes). A malformed
// payload is passed on unchanged for charm.land/ssh to refuse.
func clampPtyPayload(p []byte, maxCols, maxRows int) []byte {
	if len(p) < 4 {
		return p
	}
	n := uint64(binary.BigEndian.Uint32(p))
	if uint64(len(p)) < 4+n+8 {
		return p
	}
	out := bytes.Clone(p)
	clampWindowAt(out[4+n:], maxCols, maxRows)
	return out
}

// clampWindowPayload clamps the size in a window-change payload (RFC 4254
// 6.7: uint32 cols, rows, width px, height px).
func clampWindowPayload(p []byte, maxCols, maxRows int) []byte {
	if len(p) < 8 {
		return p
	}
	out := bytes.Clone(p)
	clampWindowAt(out, maxCols, maxRows)
	return out
}

// clampWindowAt clamps the two uint32s (cols, rows) at the start of b.
func clampWindowAt(b []byte, maxCols, maxRows int) {
	cols := clampDim(binary.BigEndian.Uint32(b), maxCols, fallbackCols)
	rows := clampDim(binary.BigEndian.Uint32(b[4:]), maxRows, fallbackRows)
	binary.BigEndian.PutUint32(b, uint32(cols))
	binary.BigEndian.PutUint32(b[4:], uint32(rows))
}

// clampDim bounds one dimension to 1..limit; zero (unknown) becomes
// min(fallback, limit).
func clampDim[T int | uint32](v T, limit, fallback int) int {
	switch {
	case v == 0:
		return min(fallback, limit)
	case v < 0 || uint64(v) > uint64(limit):
		// v < 0 only for int: a negative size is as absurd as a huge one.
		return limit
	}
	return int(v)
}

// clampSize bounds a window size the way the request filter does.
func (s *Server) clampSize(cols, rows int) (int, int) {
	return clampDim(cols, s.cfg.MaxCols, fallbackCols), clampDim(rows, s.cfg.MaxRows, fallbackRows)
}

// allowPty is the PtyCallback, a second line behind filterRequests: it
// refuses a PTY whose size is still over the limits, or whose TERM is not a
// short printable name.
func (s *Server) allowPty(_ ssh.Context, p ssh.Pty) bool {
	if p.Window.Width > s.cfg.MaxCols || p.Window.Height > s.cfg.MaxRows || len(p.Term) > maxTermLen {
		return false
	}
	for i := 0; i < len(p.Term); i++ {
		if p.Term[i] <= ' ' || p.Term[i] > '~' {
			return false
		}
	}
	return true
}
