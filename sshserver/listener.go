package sshserver

import (
	"fmt"
	"net"
	"sync"

	"arcade/sshserver/sshguard"
)

// Refusal sentences a client is shown before its connection is dropped.
const (
	msgTooManyFromAddr = "Too many connections from your address at once (the limit is %d). Close one and try again."
	msgTooManyStartups = "The arcade is busy letting other people in. Please try again in a moment."
)

// maxRefusing caps refusals being written at once; beyond it a refused
// connection is just closed.
const maxRefusing = 64

// guardedListener admits connections before any SSH work is done on them:
// at most MaxPerIP live connections per address and at most MaxStartups
// still in the handshake across the server. A refused client is told why
// (see refuse); the server logs refusals at WARN, at most once a minute.
type guardedListener struct {
	net.Listener
	s        *Server
	refusing chan struct{}
}

// Accept returns the next admitted connection.
func (l *guardedListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if tc, why := l.s.admitConn(c); tc != nil {
			return tc, nil
		} else if why != "" {
			select {
			case l.refusing <- struct{}{}:
				go func() {
					defer func() { <-l.refusing }()
					l.s.refuse(c, why)
				}()
			default:
				_ = c.Close()
			}
		} else {
			_ = c.Close()
		}
	}
}

// trackedConn counts a live connection against its address (and, until it
// has logged in, against the handshake cap) until it closes.
type trackedConn struct {
	net.Conn
	state *connState
	key   string
	s     *Server

	once      sync.Once
	loginOnce sync.Once
	addrFreed bool // the per-address slot was given back (under s.mu)
}

// Close closes the connection and gives its slots back (once).
func (c *trackedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.loggedIn()
		c.s.mu.Lock()
		defer c.s.mu.Unlock()
		c.freeAddrSlotLocked()
		delete(c.s.conns, c)
	})
	return err
}

// freeAddrSlot gives the per-address slot back before the connection
// closes: a listed key is trusted not to flood (once).
func (c *trackedConn) freeAddrSlot() {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	c.freeAddrSlotLocked()
}

func (c *trackedConn) freeAddrSlotLocked() {
	if c.addrFreed {
		return
	}
	c.addrFreed = true
	if c.s.perIP[c.key]--; c.s.perIP[c.key] <= 0 {
		delete(c.s.perIP, c.key)
	}
}

// loggedIn gives the handshake slot back (once).
func (c *trackedConn) loggedIn() {
	c.loginOnce.Do(func() {
		c.s.mu.Lock()
		c.s.startups--
		c.s.mu.Unlock()
	})
}

// admitConn takes a per-address slot and a handshake slot for c, or says
// why not ("" when the server is closing).
func (s *Server) admitConn(c net.Conn) (*trackedConn, string) {
	key := ipKey(c.RemoteAddr())
	door := s.cfg.Gate.Addr(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing:
		return nil, ""
	case !door.Admit:
		s.cfg.Observe.Refused(door.Reason)
		s.logRefusal("banned address", "addr", key)
		return nil, door.Refusal
	case s.perIP[key] >= s.cfg.MaxPerIP:
		s.cfg.Observe.Refused(RefusedPerIP)
		s.logRefusal("too many connections from one address", "addr", key, "max-per-ip", s.cfg.MaxPerIP)
		return nil, fmt.Sprintf(msgTooManyFromAddr, s.cfg.MaxPerIP)
	case s.startups >= s.cfg.MaxStartups:
		s.cfg.Observe.Refused(RefusedStartups)
		s.logRefusal("too many connections in the handshake", "max-startups", s.cfg.MaxStartups)
		return nil, msgTooManyStartups
	}
	tc := &trackedConn{Conn: c, key: key, s: s, state: &connState{}}
	tc.state.conn = tc
	s.perIP[key]++
	s.startups++
	s.conns[tc] = struct{}{}
	return tc, ""
}

// logRefusal logs a refused connection at WARN, at most once a minute, with
// the number of refusals left unlogged since.
func (s *Server) logRefusal(msg string, kv ...any) {
	if ok, n := s.refusals.Allow(); ok {
		go s.log.Warn("connection refused: "+msg, append(kv, "unlogged-since-last", n)...)
	}
}

// refuse tells a refused client why (after the SSH version exchange, so
// that its ssh client prints the sentence), then closes the connection.
func (s *Server) refuse(c net.Conn, why string) {
	_ = sshguard.Refuse(c, why, sshguard.DefaultRefuseTimeout)
}
