package rooms

import (
	"sync"

	"arcade/engine"
)

// moveWords puts the legal moves of one update in words when the session
// asks (TableUpdate.Describe), so that a seat with thousands of legal moves
// (Fire Tower's placements) costs one description per move its screen
// shows, not one per move. It describes only the update's own seat's legal
// moves, from the very state they were listed in: once the table has moved
// on, it describes nothing more.
type moveWords struct {
	t     *table
	hub   *Hub         // when t is nil: the table is another node's,
	table string       // and this is its ID (words are asked of its owner)
	st    engine.State // the state Legal was listed in
	made  int          // len(t.moves) then: the state is unchanged while it is equal
	seat  engine.Seat
	legal []engine.Action

	mu     sync.Mutex
	words  map[int]string // described so far, by index into legal
	failed bool           // the owner did not answer: ask no more
}

// Describe returns the words of u.Legal[i] (engine.Describe: the game's
// Describer, or the action's String), for the move menu. It returns "" when
// i is not an index into Legal, when You may not act, and when the table
// has moved on since this update (a newer update is then on its way). The
// words come from the table's state, asked on the table's lock: a session
// asks only for the moves it shows, and each move once per update.
func (u *TableUpdate) Describe(i int) string {
	w := u.words
	if w == nil || i < 0 || i >= len(w.legal) {
		return ""
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if text, ok := w.words[i]; ok {
		return text
	}
	if w.t == nil {
		if !w.failed {
			w.ask(i)
		}
		return w.words[i]
	}
	text, ok := w.t.describe(w, w.legal[i])
	if !ok {
		return ""
	}
	if w.words == nil {
		w.words = map[int]string{}
	}
	w.words[i] = text
	return text
}

// describe puts a in words for w's seat if the state is still the one w's
// moves were listed in. It runs on the caller's goroutine under the state
// lock, which the actor holds while it runs a command; a game whose
// Describe panics gets the action's String.
func (t *table) describe(w *moveWords, a engine.Action) (text string, ok bool) {
	t.stateMu.Lock()
	defer t.stateMu.Unlock()
	if t.state != w.st || len(t.moves) != w.made {
		return "", false
	}
	defer func() {
		if r := recover(); r != nil {
			t.cfg.Logf("rooms: table %s (%s): Describe panicked on %v for seat %d: %v", t.id, t.info.ID, a, w.seat+1, r)
			text, ok = a.String(), true
		}
	}()
	return engine.Describe(t.state, w.seat, a), true
}

// ask fetches the words of the moves from i on from the table's owner on
// another node (w.mu held); a failure leaves them "".
func (w *moveWords) ask(i int) {
	r, err := w.hub.askReply(w.table, nil, cmdReq{Op: opDescribe, Seat: int(w.seat), Made: w.made, First: i, Count: describeBatch})
	if w.words == nil {
		w.words = map[int]string{}
	}
	for k, text := range r.Words {
		w.words[i+k] = text
	}
	if err != nil || len(r.Words) == 0 {
		// The owner is gone or has moved on: a newer update comes (or
		// none), and the menu shows the moves without words till then.
		w.failed = true
	}
}
