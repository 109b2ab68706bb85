package sshserver

import (
	"bytes"
	"container/list"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"arcade/sshserver/sshguard"
)

// Refusal sentences a client is shown before its connection is dropped.
const (
	msgTooManyFromAddr  = "Too many connections from your address at once (the limit is %d). Close one and try again."
	msgTooManyStartups  = "The arcade is busy letting other people in. Please try again in a moment."
	msgTooManyLoggingIn = "Too many connections from your address are logging in at once. Wait for them and try again."
	msgPenalized        = "Connections from your address broke off without logging in: try again in %s."
	msgNoVersion        = "Your client sent no SSH version line in time, so the arcade closed the connection."
	msgSlowLogin        = "Logging in took too long, so the arcade is closing the connection. Please connect again."
)

// Refusals written at once: maxRefusing with the whole exchange (Refuse,
// one goroutine each), then up to maxTelling told at once (Tell, no
// goroutine), beyond which the sentence is written and the connection
// closed at once.
const (
	maxRefusing = 64
	maxTelling  = 4096
	tellLinger  = time.Second // how long a told refusal stays open to be read
)

// guardedListener admits connections before any SSH work is done on them
// (see Server.admitConn). A refused client is told why (see refuse). With
// Config.ProxyFrom set, connections are accepted by acceptLoop and a
// balancer's are admitted once their PROXY header is read (see proxied), so
// that one slow balancer connection holds up no other.
type guardedListener struct {
	net.Listener
	s        *Server
	refusing chan struct{}
	telling  atomic.Int64

	admitted  chan net.Conn // from acceptLoop and proxied (nil: no PROXY protocol)
	failed    chan error    // Accept's errors, from acceptLoop
	done      chan struct{} // closed by Close
	closeOnce sync.Once
}

// newGuardedListener guards ln for s.
func newGuardedListener(ln net.Listener, s *Server) *guardedListener {
	l := &guardedListener{Listener: ln, s: s, refusing: make(chan struct{}, maxRefusing), done: make(chan struct{})}
	if len(s.cfg.ProxyFrom) > 0 {
		l.admitted, l.failed = make(chan net.Conn), make(chan error)
		go l.acceptLoop()
	}
	return l
}

// Accept returns the next admitted connection.
func (l *guardedListener) Accept() (net.Conn, error) {
	if l.admitted != nil {
		select {
		case c := <-l.admitted:
			return c, nil
		case err := <-l.failed:
			return nil, err
		case <-l.done:
			return nil, net.ErrClosed
		}
	}
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if tc := l.admit(c); tc != nil {
			return tc, nil
		}
	}
}

// Close stops accepting connections.
func (l *guardedListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// admit returns c admitted, or nil when it was refused (and told why) or
// closed.
func (l *guardedListener) admit(c net.Conn) net.Conn {
	tc, why := l.s.admitConn(c)
	switch {
	case tc != nil:
		return tc
	case why == "":
		_ = c.Close()
	default:
		l.refuse(c, why)
	}
	return nil
}

// acceptLoop accepts connections for Accept until the listener closes: a
// balancer's (Config.ProxyFrom) are admitted by their own goroutine once
// their PROXY header is in, any other's at once.
func (l *guardedListener) acceptLoop() {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			select {
			case l.failed <- err:
			case <-l.done:
				return
			}
			if errors.Is(err, net.ErrClosed) {
				return
			}
			continue
		}
		if !l.s.fromBalancer(c.RemoteAddr()) {
			l.deliver(l.admit(c))
			continue
		}
		go func() {
			if pc := l.s.proxied(c); pc != nil {
				l.deliver(l.admit(pc))
			}
		}()
	}
}

// deliver hands an admitted connection (nil: none) to Accept, or closes it
// when the listener has closed.
func (l *guardedListener) deliver(c net.Conn) {
	if c == nil {
		return
	}
	select {
	case l.admitted <- c:
	case <-l.done:
		_ = c.Close()
	}
}

// refuse tells a refused client why: after the SSH version exchange (so
// that its ssh client prints the sentence) from a pool of maxRefusing
// goroutines, else at once without waiting for the client.
func (l *guardedListener) refuse(c net.Conn, why string) {
	select {
	case l.refusing <- struct{}{}:
		go func() {
			defer func() { <-l.refusing }()
			_ = sshguard.Refuse(c, why, sshguard.DefaultRefuseTimeout)
		}()
		return
	default:
	}
	linger := time.Duration(0)
	if l.telling.Add(1) <= maxTelling {
		linger = tellLinger
		time.AfterFunc(linger, func() { l.telling.Add(-1) })
	} else {
		l.telling.Add(-1)
	}
	_ = sshguard.Tell(c, why, linger)
}

// trackedConn counts a live connection against its address (and, until it
// has logged in, against the handshake caps) until it closes.
type trackedConn struct {
	net.Conn
	state *connState
	key   string
	s     *Server

	version   atomic.Bool // the client's version line has come in
	authed    atomic.Bool // the client authenticated
	late      atomic.Bool // the client's version line did not come in time
	opened    time.Time   // when the connection was admitted
	trusted   bool        // its address was trusted when it was admitted
	once      sync.Once
	addrFreed bool // the per-address slot was given back (under s.mu)
	phase     int  // phaseWaiting, phaseStarting or phaseDone (under s.mu)
	// waitingAt is its place in the server's waitingQueue while it waits.
	waitingAt *list.Element

	tmu    sync.Mutex    // guards timers, idle and closed
	timers []*time.Timer // stopped when the session opens or the connection closes
	closed bool
	// idle ends a session with no traffic for the idle timeout (watchIdle);
	// lastIO is the time of the last read or write, in Unix nanoseconds.
	idle   *time.Timer
	lastIO atomic.Int64
}

// Read reads from the connection, watching for the end of the client's
// version line: the connection then moves from waiting to the handshake
// proper, or is refused there (see Server.startHandshake).
func (c *trackedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.lastIO.Store(time.Now().UnixNano())
	}
	if !c.version.Load() && bytes.IndexByte(p[:n], '\n') >= 0 {
		c.version.Store(true)
		if sentence := c.s.startHandshake(c); sentence != "" {
			c.refuseAtVersion(sentence)
			return 0, errRefusedAtVersion
		}
	}
	return n, err
}

// errRefusedAtVersion ends the SSH server's work on a connection refused
// when its version line came in.
var errRefusedAtVersion = errors.New("sshserver: refused after the version line")

// Write writes to the connection, noting the time for the idle watch.
func (c *trackedConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	if n > 0 {
		c.lastIO.Store(time.Now().UnixNano())
	}
	return n, err
}

// watchIdle ends the session once the connection has carried nothing
// either way for d: the player's program quits first, so their terminal
// gets its screen back with a line saying why, and the connection closes
// within farewellGrace whatever the client does (connState.endWith). It
// costs a connection one timer, reset when it fires early; Wish's own idle
// timeout, not used, would move the connection's read and write deadlines
// on every packet either way.
func (c *trackedConn) watchIdle(d time.Duration) {
	if d <= 0 {
		return
	}
	c.lastIO.Store(time.Now().UnixNano())
	check := func() {
		quiet := time.Since(time.Unix(0, c.lastIO.Load()))
		if quiet < d {
			c.tmu.Lock()
			if !c.closed {
				c.idle.Reset(d - quiet)
			}
			c.tmu.Unlock()
			return
		}
		c.state.endWith(endIdle, fmt.Sprintf("Nothing came or went for %s, so this session ended. Connect again to play on.", idleWords(d)))
	}
	c.tmu.Lock()
	defer c.tmu.Unlock()
	if !c.closed {
		c.idle = time.AfterFunc(d, check)
	}
}

// idleWords says an idle timeout in words: "2 hours", "30 minutes", "45
// seconds".
func idleWords(d time.Duration) string {
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return plural(int(d/time.Hour), "hour")
	case d >= time.Minute && d%time.Minute == 0:
		return plural(int(d/time.Minute), "minute")
	}
	return d.Round(time.Second).String()
}

// plural is "1 hour", "2 hours".
func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// refuseAtVersion tells the client why it is refused (the version lines
// have been exchanged: the disconnect is still in clear text), then reads
// what it still sends for a moment, so that closing does not reset the
// connection before the client has read the sentence.
func (c *trackedConn) refuseAtVersion(sentence string) {
	_ = c.Conn.SetWriteDeadline(time.Now().Add(time.Second))
	_ = sshguard.WriteDisconnect(c.Conn, sshguard.DisconnectTooManyConnections, sentence)
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
	_ = c.Conn.SetReadDeadline(time.Now().Add(tellLinger))
	_, _ = io.Copy(io.Discard, io.LimitReader(c.Conn, 64<<10))
}

// after runs f in d unless the connection has closed by then.
func (c *trackedConn) after(d time.Duration, f func()) {
	c.tmu.Lock()
	defer c.tmu.Unlock()
	if !c.closed {
		c.timers = append(c.timers, time.AfterFunc(d, f))
	}
}

// stopTimersLocked stops and forgets the connection's timers: all of them guard
// the way in (version line, login, opening the session), which a running
// session has come through, and an idle session should not keep them.
// Called with tmu held.
func (c *trackedConn) stopTimersLocked() {
	for _, t := range c.timers {
		t.Stop()
	}
	c.timers = nil
}

// sessionOpened stops the connection's timers (stopTimersLocked).
func (c *trackedConn) sessionOpened() {
	c.tmu.Lock()
	defer c.tmu.Unlock()
	c.stopTimersLocked()
}

// Close closes the connection and gives its slots back (once). A
// connection that held a handshake slot until a deadline without
// authenticating (no version line in time, or the whole handshake's time)
// penalizes its address; one that breaks off sooner does not, so that a
// balancer's TCP health check, ssh-keyscan or a player's ctrl+c at the
// password prompt never keeps anyone out.
func (c *trackedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.tmu.Lock()
		c.closed = true
		c.stopTimersLocked()
		if c.idle != nil {
			c.idle.Stop()
		}
		c.tmu.Unlock()
		held := c.late.Load() || time.Since(c.opened) >= c.s.cfg.HandshakeTimeout
		if held && !c.authed.Load() && !c.s.isClosing() && !c.s.door.isTrusted(c.key) {
			c.s.door.penalize(c.key)
		}
		c.loggedIn()
		c.s.mu.Lock()
		c.freeAddrSlotLocked()
		delete(c.s.conns, c)
		c.s.mu.Unlock()
	})
	return err
}

// authenticated notes that the client authenticated: it gives the handshake
// slots back and is not penalized when it closes.
func (c *trackedConn) authenticated() {
	c.authed.Store(true)
	c.loggedIn()
}

// versionLate ends the connection, with a sentence, if the client's version
// line has not come in.
func (c *trackedConn) versionLate() {
	if c.version.Load() {
		return
	}
	c.late.Store(true)
	c.s.noteRefusal(RefusedNoVersion, "no SSH version line in time", "addr", c.key)
	_ = c.Conn.SetWriteDeadline(time.Now().Add(time.Second))
	_ = sshguard.WriteDisconnect(c.Conn, sshguard.DisconnectProtocolError, msgNoVersion)
	c.state.end("no SSH version line in time")
}

// loginLate tells a client still logging in, shortly before the
// handshake's deadline cuts it off, that it took too long (a client still
// in key exchange cannot be told anything).
func (c *trackedConn) loginLate() {
	if c.authed.Load() || !c.version.Load() || c.state.preauth.Load() == nil {
		return
	}
	if c.state.firstTelling() {
		c.state.tell(msgSlowLogin)
		c.s.noteRefusal(RefusedSlowLogin, "logging in took too long", "addr", c.key)
	}
}

// freeAddrSlot gives the per-address slot back before the connection
// closes: a listed key is trusted not to flood, and a refused client is
// on its way out (once).
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

// Phases of a connection at the front door (trackedConn.phase, under the
// server's mu).
const (
	phaseWaiting  = iota // admitted; its version line has not come in
	phaseStarting        // in the SSH handshake proper
	phaseDone            // logged in, refused or closed: no slot held
)

// loggedIn gives the handshake slots back (once).
func (c *trackedConn) loggedIn() {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	c.leavePhaseLocked()
}

// leavePhaseLocked gives back the slots of the connection's phase.
func (c *trackedConn) leavePhaseLocked() {
	switch c.phase {
	case phaseDone:
		return
	case phaseWaiting:
		c.s.waiting--
		c.s.waitingQueue.Remove(c.waitingAt)
	case phaseStarting:
		c.s.startups--
	}
	c.phase = phaseDone
	if c.s.startupsPerIP[c.key]--; c.s.startupsPerIP[c.key] <= 0 {
		delete(c.s.startupsPerIP, c.key)
	}
}

// startHandshake moves c, whose version line has come in, from waiting to
// the handshake proper, or refuses it ("" or the sentence): a connection
// from an address trusted at admission goes on; any other is refused over
// MaxStartups, or at random from StartupsDropFrom on (earlyDrop).
func (s *Server) startHandshake(c *trackedConn) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.phase != phaseWaiting {
		return ""
	}
	refuse := func(reason, msg string, kv ...any) string {
		c.leavePhaseLocked()
		s.noteRefusal(reason, msg, append([]any{"addr", c.key}, kv...)...)
		return msgTooManyStartups
	}
	switch {
	case c.trusted:
	case s.startups >= s.cfg.MaxStartups:
		return refuse(RefusedStartups, "too many connections in the handshake", "max-startups", s.cfg.MaxStartups)
	case earlyDrop(s.startups, s.cfg.StartupsDropFrom, s.cfg.MaxStartups):
		return refuse(RefusedEarlyDrop, "dropped early: many connections in the handshake", "startups", s.startups)
	}
	s.waiting--
	s.waitingQueue.Remove(c.waitingAt)
	s.startups++
	c.phase = phaseStarting
	return ""
}

// evictOldestWaitingLocked ends the connection that has waited longest for
// its version line, with a sentence, to make room for a new one.
func (s *Server) evictOldestWaitingLocked() {
	e := s.waitingQueue.Front()
	if e == nil {
		return
	}
	old := e.Value.(*trackedConn)
	old.leavePhaseLocked()
	s.noteRefusal(RefusedWaiting, "silent too long while others wait", "addr", old.key, "waiting", s.waiting)
	go func() {
		_ = old.Conn.SetWriteDeadline(time.Now().Add(time.Second))
		_ = sshguard.WriteDisconnect(old.Conn, sshguard.DisconnectTooManyConnections, msgTooManyStartups)
		old.state.end("silent too long while others waited")
	}()
}

// admitConn takes a per-address slot and a waiting slot for c, or says
// why not ("" when the server is closing). An address banned or over
// MaxPerIP is refused; one a listed key logged in from recently is then
// admitted; any other is refused while penalized, over MaxStartupsPerIP,
// or over MaxStartupsPerIP. When WaitingPerStartup x MaxStartups
// connections wait already for their version line, the one that has waited
// longest makes room (a client that speaks sends its line at once). The
// caps on the handshake proper apply when the version line comes in
// (startHandshake).
func (s *Server) admitConn(c net.Conn) (*trackedConn, string) {
	key := ipKey(c.RemoteAddr())
	door := s.cfg.Gate.Addr(key)
	trusted := s.door.isTrusted(key)
	penalty := s.door.penalizedFor(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	refuse := func(reason, msg, sentence string, kv ...any) (*trackedConn, string) {
		s.noteRefusal(reason, msg, append([]any{"addr", key}, kv...)...)
		return nil, sentence
	}
	switch {
	case s.closing:
		return nil, ""
	case !door.Admit:
		return refuse(door.Reason, "banned address", door.Refusal)
	case s.perIP[key] >= s.cfg.MaxPerIP:
		return refuse(RefusedPerIP, "too many connections from one address",
			fmt.Sprintf(msgTooManyFromAddr, s.cfg.MaxPerIP), "max-per-ip", s.cfg.MaxPerIP)
	case trusted:
	case penalty > 0:
		return refuse(RefusedPenalty, "address penalized", fmt.Sprintf(msgPenalized, seconds(penalty)))
	case s.startupsPerIP[key] >= s.cfg.MaxStartupsPerIP:
		return refuse(RefusedStartupsPerIP, "too many connections logging in from one address",
			msgTooManyLoggingIn, "max-startups-per-ip", s.cfg.MaxStartupsPerIP)
	}
	if s.waiting >= WaitingPerStartup*s.cfg.MaxStartups {
		s.evictOldestWaitingLocked()
	}
	tc := &trackedConn{Conn: c, key: key, s: s, state: &connState{}, opened: time.Now(), trusted: trusted}
	tc.state.conn = tc
	s.perIP[key]++
	s.waiting++
	tc.waitingAt = s.waitingQueue.PushBack(tc)
	s.startupsPerIP[key]++
	s.conns[tc] = struct{}{}
	tc.after(s.cfg.VersionTimeout, tc.versionLate)
	tc.after(s.cfg.HandshakeTimeout*9/10, tc.loginLate)
	return tc, ""
}

// seconds says d in whole seconds, rounded up: "1 second", "5 seconds".
func seconds(d time.Duration) string {
	if n := int((d + time.Second - 1) / time.Second); n != 1 {
		return fmt.Sprintf("%d seconds", n)
	}
	return "1 second"
}

// noteRefusal counts a refusal for Observer.Refused and the refusal log:
// at most every refusalLogEvery while refusals go on, a WARN line with the
// latest one (msg, kv) and the refusals by reason since the last line.
func (s *Server) noteRefusal(reason, msg string, kv ...any) {
	s.cfg.Observe.Refused(reason)
	if counts := s.refusals.add(reason); counts != "" {
		go s.log.Warn("connection refused: "+msg, append(kv, "refused-since-last-line", counts)...)
	}
}
