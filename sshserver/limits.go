package sshserver

import (
	"bytes"
	"encoding/binary"
	"net"
	"sync"
	"sync/atomic"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
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
	// session is set once the connection has opened its session channel.
	session atomic.Bool
}

// trackedConn counts a live connection against its address until it closes.
type trackedConn struct {
	net.Conn
	state   *connState
	once    sync.Once
	release func()
}

// Close closes the connection and gives its slot back (once).
func (c *trackedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// onConn is the ConnCallback: it runs on accept, before the SSH handshake,
// and refuses an address that already holds MaxPerIP live connections.
func (s *Server) onConn(ctx ssh.Context, c net.Conn) net.Conn {
	key := ipKey(c.RemoteAddr())
	tc := &trackedConn{Conn: c, state: &connState{}}
	tc.release = func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.perIP[key]--; s.perIP[key] <= 0 {
			delete(s.perIP, key)
		}
		delete(s.conns, tc)
	}
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return nil
	}
	if s.perIP[key] >= s.cfg.MaxPerIP {
		s.mu.Unlock()
		// Debug, not Warn: a flood of refusals must not flood the log too.
		s.log.Debug("connection refused: too many from one address", "addr", key, "max", s.cfg.MaxPerIP)
		return nil
	}
	s.perIP[key]++
	s.conns[tc] = struct{}{}
	s.mu.Unlock()
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
	ssh.DefaultSessionHandler(srv, conn, &limitedChannel{NewChannel: nc, s: s}, ctx)
	// Closing also cancels the connection's context at once, which ends a
	// program still running. That matters: when the channel closes first,
	// charm.land/ssh closes the window-change channel and Wish's bubbletea
	// middleware then reads zero sizes from it in a loop until the context
	// ends.
	_ = conn.Close()
}

// limitedChannel is a session channel whose requests pass through
// Server.filterRequests before charm.land/ssh sees them.
type limitedChannel struct {
	gossh.NewChannel
	s *Server
}

// Accept accepts the channel and filters its requests.
func (c *limitedChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := c.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	go c.s.filterRequests(reqs, out)
	return ch, out, nil
}

// filterRequests caps env requests and clamps the sizes in PTY and
// window-change requests. charm.land/ssh keeps every env request and trusts
// every size, so this is where a session's memory is bounded.
func (s *Server) filterRequests(in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	env := 0
	for req := range in {
		switch req.Type {
		case "env":
			if env++; env > s.cfg.MaxEnv {
				if env == s.cfg.MaxEnv+1 {
					s.log.Debug("env requests capped", "max", s.cfg.MaxEnv)
				}
				_ = req.Reply(false, nil)
				continue
			}
		case "pty-req":
			req.Payload = clampPtyPayload(req.Payload, s.cfg.MaxCols, s.cfg.MaxRows)
		case "window-change":
			req.Payload = clampWindowPayload(req.Payload, s.cfg.MaxCols, s.cfg.MaxRows)
		}
		out <- req
	}
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
