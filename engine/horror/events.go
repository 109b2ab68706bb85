package horror

import "arcade/engine"

// eventChunk is the size of an eventLog's chunks of events.
const eventChunk = 64

// eventLog is where a state's Apply writes the facts of a move, like
// engine.Log, but into chunks: each Apply's events are handed out as a
// piece of a chunk of eventChunk events (capped, so that a caller's
// append cannot reach the next piece): one allocation for many moves
// instead of one or more each. A piece handed out keeps its chunk alive.
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
}

// Discard makes l drop every event from now on (and the ones it holds).
func (l *eventLog) Discard() { l.buf, l.owner, l.discard = nil, nil, true }

// own returns g's eventBuf (l is g's log), starting one when g has none
// of its own.
func (l *eventLog) own(g *state) *eventBuf {
	if l.owner != g {
		l.buf, l.owner = &eventBuf{}, g
	}
	return l.buf
}

// public records fact f in g's log for every seat and spectator.
func public[F engine.Fact](g *state, f F) { private(g, engine.Everyone, f) }

// private records fact f in g's log for seat s alone. It is generic so
// that a discarding log (a bot's imagined game) costs no boxing of f.
func private[F engine.Fact](g *state, s engine.Seat, f F) {
	if !g.log.discard {
		g.log.add(g, engine.Event{Fact: f, To: s})
	}
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
