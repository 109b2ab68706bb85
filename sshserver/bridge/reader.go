package bridge

import (
	"bytes"
	"io"
	"sync"
	"time"
	"unicode/utf8"

	uv "github.com/charmbracelet/ultraviolet"
)

// Input bounds.
const (
	// readSize is what one read takes from the connection.
	readSize = 256
	// escTimeout is how long an unfinished escape sequence waits for the
	// rest of its bytes before it is decoded as it stands (a lone Esc key).
	escTimeout = 50 * time.Millisecond
	// maxPending caps the bytes of an unfinished escape sequence kept
	// between reads; longer ones are decoded as they stand.
	maxPending = 256
)

// pasteEnd ends a bracketed paste.
var pasteEnd = []byte("\x1b[201~")

// reader decodes a session's input into events with ultraviolet's
// table-free decoder and hands them to send, one read at a time, followed
// by flush. It owns no goroutine but the one that calls run, which ends
// with the input.
//
// Bounds: a paste keeps at most maxPaste bytes and drops the rest (an
// unterminated paste costs nothing more however long it runs); an
// unfinished escape sequence keeps at most maxPending bytes for at most
// escTimeout.
type reader struct {
	in       io.Reader
	send     func(uv.Event)
	flush    func()
	maxPaste int
	escWait  time.Duration // 0: escTimeout

	mu      sync.Mutex // guards everything below against the Esc timer
	dec     uv.EventDecoder
	pending []byte // an unfinished escape sequence from the last read
	timer   *time.Timer
	pasting bool
	paste   []byte // paste content kept so far (at most maxPaste)
	tail    []byte // bytes that may begin the paste end marker
}

// run reads until the input ends.
func (r *reader) run() {
	buf := make([]byte, readSize)
	for {
		n, err := r.in.Read(buf)
		if n > 0 {
			r.feed(buf[:n])
		}
		if err != nil {
			r.mu.Lock()
			if r.timer != nil {
				r.timer.Stop()
			}
			r.mu.Unlock()
			return
		}
	}
}

// feed takes one read's bytes.
func (r *reader) feed(b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.timer != nil {
		r.timer.Stop()
	}
	if len(r.pending) > 0 {
		b = append(r.pending, b...)
		r.pending = nil
	}
	sent := r.decode(b, false)
	if len(r.pending) > 0 {
		wait := r.escWait
		if wait <= 0 {
			wait = escTimeout
		}
		if r.timer == nil {
			r.timer = time.AfterFunc(wait, r.expire)
		} else {
			r.timer.Reset(wait)
		}
	}
	if sent {
		r.flush()
	}
}

// expire decodes an unfinished sequence as it stands.
func (r *reader) expire() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.pending) == 0 {
		return
	}
	b := r.pending
	r.pending = nil
	if r.decode(b, true) {
		r.flush()
	}
}

// decode sends the events in b and reports whether it sent any. Unless
// final, an unfinished escape sequence at the end is kept in pending.
func (r *reader) decode(b []byte, final bool) (sent bool) {
	for len(b) > 0 {
		if r.pasting {
			b = r.pasteBytes(b)
			if !r.pasting {
				r.send(uv.PasteEvent{Content: string(r.paste)})
				r.paste = r.paste[:0]
				sent = true
			}
			continue
		}
		if !final {
			if i := unfinished(b); i == 0 {
				r.pending = append(r.pending[:0], b...)
				return sent
			}
		}
		n, ev := r.dec.Decode(b)
		if n == 0 {
			return sent
		}
		b = b[n:]
		switch ev.(type) {
		case nil:
		case uv.PasteStartEvent:
			r.pasting = true
		case uv.PasteEndEvent:
			// A stray end marker: nothing to end.
		default:
			r.send(ev)
			sent = true
		}
	}
	return sent
}

// pasteBytes takes paste content from b up to the end marker and returns
// what follows the marker ("" while the paste goes on).
func (r *reader) pasteBytes(b []byte) []byte {
	if len(r.tail) > 0 {
		b = append(r.tail, b...)
		r.tail = nil
	}
	if i := bytes.Index(b, pasteEnd); i >= 0 {
		r.keep(b[:i])
		r.pasting = false
		return b[i+len(pasteEnd):]
	}
	// Hold back a suffix that may be the start of the end marker.
	k := 0
	for j := min(len(pasteEnd)-1, len(b)); j > 0; j-- {
		if bytes.HasPrefix(pasteEnd, b[len(b)-j:]) {
			k = j
			break
		}
	}
	r.keep(b[:len(b)-k])
	r.tail = append(r.tail[:0], b[len(b)-k:]...)
	return nil
}

// keep adds paste content within maxPaste bytes, cut at a rune boundary.
func (r *reader) keep(b []byte) {
	room := r.maxPaste - len(r.paste)
	if room <= 0 {
		return
	}
	if len(b) > room {
		b = b[:room]
		for len(b) > 0 && !utf8.Valid(b[max(0, len(b)-utf8.UTFMax):]) {
			b = b[:len(b)-1]
		}
	}
	r.paste = append(r.paste, b...)
}

// unfinished returns 0 when b is an escape sequence that has not ended yet
// (its remaining bytes may be in the next read), else -1. Only a sequence
// at the very start counts: the decoder consumes what comes before it.
func unfinished(b []byte) int {
	if len(b) == 0 || b[0] != 0x1b || len(b) > maxPending {
		return -1
	}
	if len(b) == 1 {
		return 0 // Esc alone, or the start of a sequence
	}
	switch b[1] {
	case '[':
		for _, c := range b[2:] {
			switch {
			case c >= 0x40 && c <= 0x7e:
				return -1 // final byte
			case c < 0x20 || c == 0x7f:
				return -1 // malformed: let the decoder take it
			}
		}
		return 0
	case 'O':
		if len(b) < 3 {
			return 0
		}
	case ']', 'P', '_', '^', 'X':
		rest := b[2:]
		if bytes.IndexByte(rest, 0x07) >= 0 || bytes.Contains(rest, []byte("\x1b\\")) {
			return -1
		}
		return 0
	}
	return -1
}
