// Package sshserver serves the arcade over SSH: a Wish server with a hardened
// middleware stack, identity from the SSH key, and one Bubble Tea program per
// session, or a line session (line.go) for the sessions that ask for one.
//
// Every limit here answers an attack that was reproduced on the stock setup
// (see the hardening checklist in the design notes): silent TCP connections
// (from one address or many), clients that never send a version line or never
// open a session, refused clients that stay, huge PTY and window sizes, env
// request floods, many session channels on one connection, many connections
// from one address, and too many sessions.
package sshserver

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"path/filepath"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/log/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"

	"arcade/rooms"
	"arcade/sshserver/access"
	"arcade/sshserver/bridge"
	"arcade/sshserver/sshguard"
	"arcade/ui"
)

// Defaults for the zero fields of a Config.
const (
	DefaultAddr             = ":2222"
	DefaultMaxPerIP         = 8
	DefaultMaxSessions      = 1000
	DefaultHandshakeTimeout = 10 * time.Second
	DefaultIdleTimeout      = 2 * time.Hour
	DefaultMaxCols          = 300
	DefaultMaxRows          = 100
	DefaultMaxEnv           = 16
	DefaultMaxStartups      = 128
	DefaultMaxStartupsPerIP = 2
	// WaitingPerStartup x MaxStartups caps the connections waiting for
	// their client's version line.
	WaitingPerStartup     = 4
	DefaultVersionTimeout = 3 * time.Second
	DefaultPenalty        = time.Second
	DefaultMaxPenalty     = time.Minute
	DefaultSessionTimeout = 30 * time.Second
	DefaultWriteTimeout   = bridge.DefaultWriteTimeout
	DefaultProxyTimeout   = 5 * time.Second
)

// ErrServerClosed is returned by Serve and ListenAndServe after Shutdown or
// Close.
var ErrServerClosed = ssh.ErrServerClosed

// Config configures a Server. Zero fields take the defaults above.
//
// An address a listed key (Gate: the allow list or the admins') logged in
// from within the last 24 hours is held back by none of StartupsDropFrom,
// MaxStartupsPerIP, MaxStartups and Penalty: only by MaxPerIP.
type Config struct {
	// Addr is the TCP address ListenAndServe listens on.
	Addr string
	// HostKeyPath is the server's ed25519 host key, generated on first run.
	// It is required: without it Wish would write a key into the working
	// directory. Put it in the data directory.
	HostKeyPath string
	// Hub is the room hub every session connects to. Required.
	Hub *rooms.Hub
	// Games are the games every session's lobby offers, with their boards
	// (ui.Options.Games): the ones the hub offers.
	Games []ui.Game
	// Logger receives connection and session logs (nil: log.Default()).
	Logger *log.Logger
	// PublicHost is the host (or host:port) players ssh to, for the hints
	// the server and the ui show ("" : the ui shows none and the server
	// says "host").
	PublicHost string

	// MaxPerIP caps live TCP connections from one address (an IPv6 /64
	// counts as one address), counted before the SSH handshake.
	MaxPerIP int
	// MaxSessions caps sessions running at once across the server.
	MaxSessions int
	// HandshakeTimeout closes connections that do not finish the SSH
	// handshake (authentication included) in time.
	HandshakeTimeout time.Duration
	// IdleTimeout closes connections with no traffic at all for this long.
	// Any traffic resets it, our own screen updates included, so it only
	// reaps dead connections: keep it long.
	IdleTimeout time.Duration
	// MaxCols and MaxRows clamp the terminal size a session may claim, in
	// the PTY request and in every window change.
	MaxCols, MaxRows int
	// MaxEnv caps the env requests a session may make; later ones are
	// refused. Only TERM, COLORTERM, LANG, LC_*, NO_COLOR and ARCADE_UI
	// (line mode) are ever accepted, each value at most 128 bytes and
	// 1 KiB in all.
	MaxEnv int
	// MaxStartups caps connections in the SSH handshake (their version
	// line in, not yet logged in) across the server, like OpenSSH's
	// MaxStartups; later ones are refused with a sentence that says why.
	// Connections whose version line has not come in yet wait apart,
	// WaitingPerStartup x MaxStartups at most (the longest waiting makes
	// room for a new one): a flood of silent connections takes no place
	// from clients that speak at once.
	MaxStartups int
	// StartupsDropFrom is where random early drop starts: with this many
	// connections in the handshake, a new one is refused with a chance of
	// 30%, rising linearly to certain at MaxStartups (OpenSSH's
	// MaxStartups start:30:full). Zero: MaxStartups/4; MaxStartups or
	// more: no early drop.
	StartupsDropFrom int
	// MaxStartupsPerIP caps connections from one address still in the
	// handshake.
	MaxStartupsPerIP int
	// VersionTimeout closes, with a sentence, a connection whose client
	// has not sent its SSH version line in time (HandshakeTimeout still
	// bounds the whole handshake).
	VersionTimeout time.Duration
	// Penalty is how long an address is refused after one of its
	// connections closed or timed out without authenticating; every such
	// connection while the address is not forgiven (10 x MaxPenalty
	// without one) doubles it, up to MaxPenalty.
	Penalty, MaxPenalty time.Duration
	// SessionTimeout closes an authenticated connection that has opened no
	// session by then.
	SessionTimeout time.Duration
	// WriteTimeout ends a session whose client stops reading: a write to
	// it that makes no progress for this long closes the connection.
	WriteTimeout time.Duration

	// ProxyFrom lists the load balancers (address ranges) whose
	// connections start with a PROXY protocol header (v1 or v2): from
	// them the header is required and its source address is the
	// connection's address everywhere (caps, penalties, bans, quotas,
	// logs). A header from any other peer is never honoured. Empty: the
	// PROXY protocol is off.
	ProxyFrom []netip.Prefix
	// ProxyTimeout closes a connection from a ProxyFrom balancer that has
	// not sent its whole PROXY header by then.
	ProxyTimeout time.Duration

	// Gate is the door policy: who may enter (nil: everyone, guests
	// included). The server refuses the rest with the policy's sentence.
	Gate *access.Gate
	// Observe, when set, is told of handshakes, refusals and frames, for
	// metrics (nil: nobody).
	Observe Observer

	// NewModel builds a session's root model (nil: ui.New). Tests use it to
	// look at what a session was given.
	NewModel func(Session) tea.Model
}

// Session is what the server hands to Config.NewModel for one SSH session.
type Session struct {
	// Player is who the session is: identity from the SSH key only.
	Player rooms.Player
	// Client is the session's handle on the hub, closed when the session ends.
	Client *rooms.Client
	// Options carries the invite code from the command line.
	Options ui.Options
	// SSH is the underlying session (its PTY size is already clamped).
	SSH ssh.Session
}

// Server is the arcade's SSH server.
type Server struct {
	cfg Config
	log *log.Logger
	ssh *ssh.Server

	mu       sync.Mutex
	closing  bool
	listener net.Listener
	perIP    map[string]int
	conns    map[*trackedConn]struct{}
	running  map[*bridge.Session]struct{}
	lines    lineSet // the running line sessions (line.go)
	sessions int
	// waiting counts connections admitted whose version line has not
	// come in; startups those in the SSH handshake proper, not logged in.
	waiting, startups int
	// waitingQueue holds the waiting connections, longest waiting first.
	waitingQueue list.List
	// startupsPerIP counts both by address.
	startupsPerIP map[string]int

	door     *door      // trusted and penalized addresses
	refusals refusalLog // refusals not logged yet
	// render runs the sessions' drawing (bridge.Pool): started with the
	// server, stopped by Close.
	render *bridge.Pool
}

// New builds a Server from cfg. It generates the host key file if it does
// not exist yet.
func New(cfg Config) (*Server, error) {
	if cfg.HostKeyPath == "" {
		return nil, errors.New("sshserver: HostKeyPath is required")
	}
	if cfg.Hub == nil {
		return nil, errors.New("sshserver: Hub is required")
	}
	cfg = withDefaults(cfg)
	if err := sshguard.CheckDataDir(filepath.Dir(cfg.HostKeyPath)); err != nil {
		return nil, err
	}
	hostKey, created, err := sshguard.LoadOrCreateHostKey(cfg.HostKeyPath)
	if err != nil {
		return nil, err
	}
	if created {
		cfg.Logger.Info("generated a host key", "file", cfg.HostKeyPath, "fingerprint", gossh.FingerprintSHA256(hostKey.PublicKey()))
	}
	s := &Server{
		cfg:           cfg,
		log:           cfg.Logger,
		render:        bridge.NewPool(0),
		perIP:         map[string]int{},
		startupsPerIP: map[string]int{},
		conns:         map[*trackedConn]struct{}{},
		running:       map[*bridge.Session]struct{}{},
		door:          newDoor(cfg.Penalty, cfg.MaxPenalty),
		refusals:      refusalLog{every: sshguard.Every{Interval: refusalLogEvery}},
	}
	cfg.Hub.OnKick(s.kickHere) // admins on other nodes of a cluster
	srv, err := wish.NewServer(
		wish.WithAddress(cfg.Addr),
		sshguard.WithHostKey(hostKey),
		sshguard.WithHardenedAlgorithms(), // no SHA-1, no slow Diffie-Hellman
		withAuthBanners(),                 // after it: it wraps its config
		wish.WithPublicKeyAuth(s.keyAuth),
		wish.WithKeyboardInteractiveAuth(s.guestAuth),
		ssh.WrapConn(s.onConn),
		ssh.EmulatePty(), // the program talks to the channel; no OS PTY
		wish.WithMiddleware(
			// The last listed runs first.
			s.runSession,
			s.admit,
			s.requireTerminal,
			s.lineSessions,
			s.playerCommands,
			s.linkCommands,
			s.tournamentCommands,
			s.adminCommands,
			s.identifyAndLog,
			s.gatekeep,
		),
	)
	if err != nil {
		return nil, fmt.Errorf("sshserver: %w", err)
	}
	// There is no Wish option for these: set the fields.
	srv.HandshakeTimeout = cfg.HandshakeTimeout
	srv.MaxTimeout = 0 // never: it would cut games off mid-play
	srv.PtyCallback = s.allowPty
	srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": s.sessionChannel}
	srv.ConnectionFailedCallback = func(c net.Conn, err error) {
		s.cfg.Observe.Handshake("failed")
		s.log.Debug("connection failed", "remote-addr", c.RemoteAddr().String(), "err", err)
	}
	s.ssh = srv
	return s, nil
}

// withAuthBanners keeps every connection's pre-authentication handle in
// its state, so that the server can tell a client why it is refused while
// it logs in (connState.tell). It wraps the ServerConfigCallback set
// before it.
func withAuthBanners() ssh.Option {
	return func(srv *ssh.Server) error {
		base := srv.ServerConfigCallback
		srv.ServerConfigCallback = func(ctx ssh.Context) *gossh.ServerConfig {
			cfg := &gossh.ServerConfig{}
			if base != nil {
				cfg = base(ctx)
			}
			cfg.PreAuthConnCallback = func(pc gossh.ServerPreAuthConn) {
				if st := stateOf(ctx); st != nil {
					st.preauth.Store(&pc)
				}
			}
			return cfg
		}
		return nil
	}
}

func withDefaults(cfg Config) Config {
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	if cfg.Logger == nil {
		cfg.Logger = log.Default()
	}
	setDefault(&cfg.MaxPerIP, DefaultMaxPerIP)
	setDefault(&cfg.MaxSessions, DefaultMaxSessions)
	setDefault(&cfg.MaxCols, DefaultMaxCols)
	setDefault(&cfg.MaxRows, DefaultMaxRows)
	setDefault(&cfg.MaxEnv, DefaultMaxEnv)
	setDefault(&cfg.MaxStartups, DefaultMaxStartups)
	setDefault(&cfg.StartupsDropFrom, max(cfg.MaxStartups/4, 1))
	setDefault(&cfg.MaxStartupsPerIP, DefaultMaxStartupsPerIP)
	setDefault(&cfg.VersionTimeout, DefaultVersionTimeout)
	setDefault(&cfg.Penalty, DefaultPenalty)
	setDefault(&cfg.MaxPenalty, max(DefaultMaxPenalty, cfg.Penalty))
	setDefault(&cfg.SessionTimeout, DefaultSessionTimeout)
	setDefault(&cfg.WriteTimeout, DefaultWriteTimeout)
	setDefault(&cfg.HandshakeTimeout, DefaultHandshakeTimeout)
	setDefault(&cfg.IdleTimeout, DefaultIdleTimeout)
	setDefault(&cfg.ProxyTimeout, DefaultProxyTimeout)
	if cfg.Observe == nil {
		cfg.Observe = nopObserver{}
	}
	if cfg.Gate == nil {
		cfg.Gate = &access.Gate{}
	}
	if cfg.NewModel == nil {
		cfg.NewModel = func(s Session) tea.Model { return ui.New(s.Client, s.Options) }
	}
	return cfg
}

func setDefault[T int | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// ListenAndServe listens on Config.Addr and serves until Shutdown or Close,
// then returns ErrServerClosed.
func (s *Server) ListenAndServe() error {
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("sshserver: %w", err)
	}
	return s.Serve(ln)
}

// Serve serves connections from ln until Shutdown or Close, then returns
// ErrServerClosed. It closes ln.
func (s *Server) Serve(ln net.Listener) error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		_ = ln.Close()
		return ErrServerClosed
	}
	s.listener = ln
	s.mu.Unlock()
	s.log.Info("listening", "addr", ln.Addr().String())
	err := s.ssh.Serve(newGuardedListener(ln, s))
	if s.isClosing() {
		// Also when Shutdown closed ln before the ssh server tracked it.
		return ErrServerClosed
	}
	return err
}

// Addr is the address the server listens on, or nil before Serve.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.listener == nil {
		return nil
	}
	return s.listener.Addr()
}

// Shutdown stops the server gracefully: it refuses new connections and
// sessions, tells every running program to quit (each session then ends and
// its connection closes), drops connections that have no session yet, waits
// for the others to end until ctx is done, and finally closes whatever is
// left.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	running := make([]*bridge.Session, 0, len(s.running))
	for r := range s.running {
		running = append(running, r)
	}
	var idle []*trackedConn
	for c := range s.conns {
		if !c.state.session.Load() {
			idle = append(idle, c)
		}
	}
	s.mu.Unlock()
	for _, r := range running {
		r.Quit() // never blocks: a stuck session cannot hold the others up
	}
	s.lines.stop()
	// Connections without a session (still logging in) have nothing to
	// finish: do not let them hold the shutdown until its deadline.
	for _, c := range idle {
		_ = c.Close()
	}
	err := s.ssh.Shutdown(ctx)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return err
}

// Close stops the server at once, dropping every connection.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closing = true
	conns := make([]*trackedConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	ln := s.listener
	s.mu.Unlock()
	err := s.ssh.Close()
	s.render.Close()
	if ln != nil {
		_ = ln.Close() // in case Serve had not handed it to the ssh server yet
	}
	// The ssh server only knows connections that finished the handshake.
	for _, c := range conns {
		_ = c.Close()
	}
	if errors.Is(err, net.ErrClosed) {
		err = nil
	}
	return err
}

func (s *Server) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// track registers a running session so Shutdown can quit it. It refuses
// once the server is closing.
func (s *Server) track(r *bridge.Session) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return false
	}
	s.running[r] = struct{}{}
	return true
}

func (s *Server) untrack(r *bridge.Session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.running, r)
}

// reserveSession takes one of the MaxSessions slots.
func (s *Server) reserveSession() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing || s.sessions >= s.cfg.MaxSessions {
		return false
	}
	s.sessions++
	return true
}

func (s *Server) releaseSession() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions--
}

// sayLine writes one line to the session: to stdout when it has a PTY (the
// emulated PTY turns the newline into CRLF, and the line stays in order with
// the program's output), to stderr otherwise (where it shows even when stdout
// is piped).
func sayLine(sess ssh.Session, msg string) {
	var w io.Writer = sess.Stderr()
	if _, _, ok := sess.Pty(); ok {
		w = sess
	}
	_, _ = io.WriteString(w, msg+"\n")
}

// Stats are the server's connection counters, for logs, health checks and
// tests.
type Stats struct {
	Conns    int // open TCP connections admitted by the listener
	Waiting  int // of those, waiting for the client's version line
	Startups int // of those, in the SSH handshake after it
	Sessions int // sessions holding a MaxSessions slot
}

// Stats returns the current counters.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Stats{Conns: len(s.conns), Waiting: s.waiting, Startups: s.startups, Sessions: s.sessions}
}
