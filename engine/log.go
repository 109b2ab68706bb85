package engine

// Log is where a state's Apply writes the facts of a move as it makes
// them: every game keeps one in its state and hands its events back from
// Apply (Take). A discarding log (Discard), for the imagined games of a
// search, keeps nothing and formats nothing, so the same rules serve the
// table and the bots' playouts. The zero Log keeps events.
type Log struct {
	ev      []Event
	discard bool
}

// Discard makes l drop every event from now on (and the ones it holds).
func (l *Log) Discard() { l.ev, l.discard = nil, true }

// Discarding reports whether l drops its events: the caller may skip
// building text that only an event would carry.
func (l *Log) Discarding() bool { return l.discard }

// Tell appends fact f for seat to (Everyone: every seat and spectator)
// unless l discards. Being generic, it boxes f into an Event only when the
// log keeps it: a bot's imagined games cost nothing per fact.
func Tell[F Fact](l *Log, to Seat, f F) {
	if !l.discard {
		l.ev = append(l.ev, Event{Fact: f, To: to})
	}
}

// Add appends events made elsewhere.
func (l *Log) Add(ev ...Event) {
	if !l.discard {
		l.ev = append(l.ev, ev...)
	}
}

// Take returns the events appended since the last Take and empties the
// log (nil when discarding).
func (l *Log) Take() []Event {
	ev := l.ev
	l.ev = nil
	return ev
}
