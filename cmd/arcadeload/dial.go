package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/ssh"
)

// dialer opens sessions the same way for every mode.
type dialer struct {
	addr    string
	w, h    int
	ips     int
	timeout time.Duration
	// from, when set, is the local address of session i instead of
	// 127.0.0.(2+i%ips); key, when set, is offered before
	// keyboard-interactive.
	from func(i int) net.IP
	key  ssh.Signer
}

// session is one open SSH session with a PTY.
type session struct {
	name      string
	client    *ssh.Client
	in        io.WriteCloser // kept open: a closed stdin is an EOF to the app
	handshake time.Duration  // dial → SSH handshake done (auth included)
	firstAt   time.Duration  // dial → first screen bytes
	ended     chan struct{}  // closed when the output ends
	received  atomic.Int64   // bytes of output so far

	mu    sync.Mutex
	g     *grid // the screen, for the fan-out modes (nil: output discarded)
	watch *watch
}

// watch waits for a session's screen to show (or stop showing) a marker.
type watch struct {
	marker string
	show   bool
	step   *step
	took   time.Duration // 0 until seen
}

// step is one timed change seen by many sessions: t0 is when the key that
// causes it was sent.
type step struct {
	t0      atomic.Int64 // unix ns; 0 until the key is sent
	pending atomic.Int64
	done    chan struct{}
}

func newStep() *step { return &step{done: make(chan struct{})} }

// ready sets how many armed sessions the step waits for. Call it after
// arming them and before start.
func (s *step) ready(n int) {
	s.pending.Store(int64(n))
	if n == 0 {
		close(s.done)
	}
}

// start marks the moment the key is sent.
func (s *step) start() { s.t0.Store(time.Now().UnixNano()) }

// open dials session i as user name from 127.0.0.(2+i%ips), asks for a PTY
// and a shell, and waits for the first screen: output holding an escape
// sequence (plain text first, such as "the arcade is full", fails it). With
// keepScreen the output feeds a grid; otherwise it is read and discarded.
func (d *dialer) open(i int, name string, keepScreen bool) (*session, error) {
	start := time.Now()
	deadline := start.Add(d.timeout)
	ip := net.IPv4(127, 0, 0, byte(2+i%d.ips))
	if d.from != nil {
		ip = d.from(i)
	}
	nd := net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Deadline: deadline}
	conn, err := nd.Dial("tcp", d.addr)
	if err != nil {
		return nil, stageErr("dial", err)
	}
	_ = conn.SetDeadline(deadline) // bounds the handshake and session setup too
	cfg := &ssh.ClientConfig{
		User: name,
		Auth: []ssh.AuthMethod{ssh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return nil, nil
		})},
		HostKeyCallback: ssh.InsecureIgnoreHostKey(),
	}
	if d.key != nil {
		cfg.Auth = append([]ssh.AuthMethod{ssh.PublicKeys(d.key)}, cfg.Auth...)
	}
	cc, chans, reqs, err := ssh.NewClientConn(conn, d.addr, cfg)
	if err != nil {
		conn.Close()
		return nil, stageErr("handshake", err)
	}
	s := &session{name: name, client: ssh.NewClient(cc, chans, reqs), handshake: time.Since(start), ended: make(chan struct{})}
	if keepScreen {
		s.g = newGrid(d.w, d.h)
	}
	fail := func(stage string, err error) (*session, error) {
		s.client.Close()
		return nil, stageErr(stage, err)
	}
	ss, err := s.client.NewSession()
	if err != nil {
		return fail("session", err)
	}
	if err := ss.RequestPty("xterm-256color", d.h, d.w, ssh.TerminalModes{}); err != nil {
		return fail("pty", err)
	}
	out, err := ss.StdoutPipe()
	if err != nil {
		return fail("session", err)
	}
	if s.in, err = ss.StdinPipe(); err != nil {
		return fail("session", err)
	}
	if err := ss.Shell(); err != nil {
		return fail("shell", err)
	}
	first := make(chan struct{})
	var before []byte // text that came before the first screen
	go s.read(out, start, first, &before)
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case <-first:
		_ = conn.SetDeadline(time.Time{})
		return s, nil
	case <-s.ended:
		select {
		case <-first: // the screen came, then the end: count the screen
			return s, nil
		default:
		}
		text := strings.Join(strings.Fields(string(before)), " ")
		if text == "" {
			text = "no output"
		}
		return fail("closed before the first screen", errors.New(text))
	case <-timer.C:
		return fail("first screen", errors.New("timed out"))
	}
}

// read takes the session's output until it ends: it notes the first screen,
// feeds the grid and fires the watch.
func (s *session) read(out io.Reader, start time.Time, first chan struct{}, before *[]byte) {
	defer close(s.ended)
	buf := make([]byte, 4096)
	seen := false
	for {
		n, err := out.Read(buf)
		if n > 0 {
			s.received.Add(int64(n))
			now := time.Now()
			if !seen {
				if bytes.IndexByte(buf[:n], 0x1b) >= 0 {
					seen = true
					s.firstAt = now.Sub(start)
					close(first)
				} else if len(*before) < 200 {
					*before = append(*before, buf[:n]...)
				}
			}
			if s.g != nil {
				s.mu.Lock()
				s.g.Write(buf[:n])
				s.check(now)
				s.mu.Unlock()
			}
		}
		if err != nil {
			return
		}
	}
}

// check fires the session's watch if its marker reached the wanted state.
// Called with s.mu held.
func (s *session) check(now time.Time) {
	w := s.watch
	if w == nil || w.took > 0 {
		return
	}
	t0 := w.step.t0.Load()
	if t0 == 0 || s.g.contains(w.marker) != w.show {
		return
	}
	w.took = max(now.Sub(time.Unix(0, t0)), time.Nanosecond)
	if w.step.pending.Add(-1) == 0 {
		close(w.step.done)
	}
}

// arm sets a watch on the session for st. It reports false, and arms
// nothing, when the screen is in the wanted state already or the session
// has ended: that session cannot time this step.
func (s *session) arm(marker string, show bool, st *step) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.isEnded() || s.g.contains(marker) == show {
		return false
	}
	s.watch = &watch{marker: marker, show: show, step: st}
	return true
}

// disarm removes the watch and returns how long the change took (0: not
// seen).
func (s *session) disarm() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	var took time.Duration
	if s.watch != nil {
		took = s.watch.took
	}
	s.watch = nil
	return took
}

// shows reports whether the screen shows marker now.
func (s *session) shows(marker string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.contains(marker)
}

// waitFor polls the screen until it shows (or no longer shows) marker.
func (s *session) waitFor(marker string, show bool, timeout time.Duration) error {
	end := time.Now().Add(timeout)
	for s.shows(marker) != show {
		if time.Now().After(end) || s.isEnded() {
			verb := "show"
			if !show {
				verb = "stop showing"
			}
			return fmt.Errorf("the screen did not %s %q in %v", verb, marker, timeout)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil
}

// find returns the row and byte column where marker shows, or -1, -1.
func (s *session) find(marker string) (int, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.find(marker)
}

func (s *session) isEnded() bool {
	select {
	case <-s.ended:
		return true
	default:
		return false
	}
}

// send types keys into the session.
func (s *session) send(keys string) error {
	_, err := io.WriteString(s.in, keys)
	return err
}

// stageErr names the stage that failed and keeps only the last part of the
// error, so that counts group alike failures (addresses and ports vary).
func stageErr(stage string, err error) error {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	return fmt.Errorf("%s: %s", stage, msg)
}
