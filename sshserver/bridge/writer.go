package bridge

import (
	"errors"
	"io"
	"sync"
	"time"
)

// errStalled is returned by a write after the client stopped reading.
var errStalled = errors.New("bridge: the client stopped reading")

// Piece sizes. chunk is the most a single write hands the connection at
// once, so that a slow client that still reads keeps re-arming the
// deadline. x/crypto/ssh keeps a packet buffer and a cipher buffer as large
// as the largest packet a connection ever sent, for the connection's whole
// life, so a whole screen (the first one, a repaint: 3 KiB at 120x40) goes
// in pieces of screenPiece: an idle session that only ever got small
// updates (about 450 bytes in the lobby at 120x40) then keeps 1 KiB
// buffers, not ones of its first screen's size. Updates up to chunk (a
// table's move, about 3 KiB) still go in one packet and one system call.
const (
	chunk       = 4 << 10
	screenPiece = 1 << 10
)

// stallWriter writes to a connection and calls onStall when one chunk makes
// no progress for timeout: the caller closes the connection there, which
// ends the blocked write and the session. After a stall or an error every
// write fails at once. It is used by one goroutine at a time.
type stallWriter struct {
	w       io.Writer
	timeout time.Duration
	onStall func()

	mu     sync.Mutex // guards timer and broken against the timer's goroutine
	timer  *time.Timer
	broken error
}

func newStallWriter(w io.Writer, timeout time.Duration, onStall func()) *stallWriter {
	return &stallWriter{w: w, timeout: timeout, onStall: onStall}
}

// Write writes p in chunks, each within the timeout.
func (s *stallWriter) Write(p []byte) (int, error) { return s.writeIn(p, chunk) }

// writeIn writes p in pieces of at most piece bytes, each within the
// timeout.
func (s *stallWriter) writeIn(p []byte, piece int) (int, error) {
	n := 0
	for len(p) > 0 {
		if err := s.err(); err != nil {
			return n, err
		}
		c := p[:min(len(p), piece)]
		s.arm()
		k, err := s.w.Write(c)
		s.disarm()
		n += k
		if err != nil {
			s.fail(err)
			return n, s.err()
		}
		p = p[k:]
	}
	return n, nil
}

func (s *stallWriter) err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.broken
}

func (s *stallWriter) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.broken == nil {
		s.broken = err
	}
}

func (s *stallWriter) arm() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.timer == nil {
		s.timer = time.AfterFunc(s.timeout, s.stalled)
		return
	}
	s.timer.Reset(s.timeout)
}

func (s *stallWriter) disarm() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.timer.Stop()
}

func (s *stallWriter) stalled() {
	s.fail(errStalled)
	if s.onStall != nil {
		s.onStall()
	}
}
