package horror

import (
	"strings"

	"arcade/engine"
)

// The sizes of an eventLog's chunks: events, and bytes of their texts;
// and the longest text join builds on the stack first.
const (
	eventChunk = 64
	textChunk  = 2048
	joinBuffer = 256
)

// eventLog is where a state's Apply writes the facts of a move, like
// engine.Log, but into chunks: each Apply's events are handed out as a
// piece of a chunk of eventChunk events (capped, so that a caller's
// append cannot reach the next piece), and their texts as pieces of a
// builder whose bytes are never written again once they are a text, one
// allocation for many moves instead of one or two each. A piece handed
// out keeps its chunk alive.
//
// The chunks are in an eventBuf that copies of a state share; owner is
// the state whose eventBuf it is. A copy (whose owner is another) starts
// an eventBuf of its own before it writes, so that neither writes where
// the other has handed events out, and a copy written back over its
// original (*g = old) shares the original's eventBuf, which knows how
// far it has been handed out. The zero eventLog keeps events.
type eventLog struct {
	buf     *eventBuf
	owner   *state
	discard bool
}

// eventBuf holds an eventLog's chunks.
type eventBuf struct {
	// ev is the chunk of events: ev[start:] are the events since the
	// last take.
	ev    []engine.Event
	start int
	text  strings.Builder
}

// Discard makes l drop every event from now on (and the ones it holds).
func (l *eventLog) Discard() { l.buf, l.owner, l.discard = nil, nil, true }

// Discarding reports whether l drops its events.
func (l *eventLog) Discarding() bool { return l.discard }

// own returns g's eventBuf (l is g's log), starting one when g has none
// of its own.
func (l *eventLog) own(g *state) *eventBuf {
	if l.owner != g {
		l.buf, l.owner = &eventBuf{}, g
	}
	return l.buf
}

// add appends event e for state g (l is g's log).
func (l *eventLog) add(g *state, e engine.Event) {
	if l.discard {
		return
	}
	b := l.own(g)
	if len(b.ev) == cap(b.ev) {
		// A new chunk: the events not yet taken move over.
		pending := b.ev[b.start:]
		ev := make([]engine.Event, len(pending), max(eventChunk, 2*len(pending)+1))
		copy(ev, pending)
		b.ev, b.start = ev, 0
	}
	b.ev = append(b.ev, e)
}

// join is the parts joined, written in state g's texts (l is g's log).
func (l *eventLog) join(g *state, parts []string) string {
	b := l.own(g)
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if b.text.Cap()-b.text.Len() < n {
		// A new chunk of texts: the old one stays as it is, for the texts
		// handed out.
		b.text = strings.Builder{}
		b.text.Grow(max(textChunk, n))
	}
	start := b.text.Len()
	if n <= joinBuffer {
		// Joined on the stack first: one write to the builder, whose
		// every write is a write of a pointer in the heap.
		var buf [joinBuffer]byte
		joined := buf[:0]
		for _, p := range parts {
			joined = append(joined, p...)
		}
		b.text.Write(joined)
	} else {
		for _, p := range parts {
			b.text.WriteString(p)
		}
	}
	return b.text.String()[start:]
}

// take returns the events state g added since the last take (nil: none)
// and leaves them to the caller (l is g's log).
func (l *eventLog) take(g *state) []engine.Event {
	if l.owner != g {
		return nil // nothing written since g was copied
	}
	b := l.buf
	if b.start == len(b.ev) {
		return nil
	}
	ev := b.ev[b.start:len(b.ev):len(b.ev)]
	b.start = len(b.ev)
	return ev
}
