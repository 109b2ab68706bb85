package rooms

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"arcade/engine"
)

// table is an actor: its goroutine (run) owns every field below the
// "actor-owned" line; everything else reaches it through call or post.
type table struct {
	hub     *Hub
	cfg     *Config
	id      string
	code    string
	seq     uint64
	game    engine.Game
	info    engine.Info
	private bool
	opts    engine.Options
	creator Player // who created the table (the hub counts it against them)
	cmds    chan command
	done    chan struct{} // closed when the actor has ended
	// ctx is cancelled when the table closes (stop): its bots' decisions
	// end then.
	ctx  context.Context
	stop context.CancelFunc
	// unserve stops answering other nodes' commands (cluster; actor-owned).
	unserve func()
	// served: other nodes' commands reach the table (cluster): only then
	// do the other nodes hear of it.
	served atomic.Bool
	// summary is the table as the lobby lists it, published by the actor.
	summary atomic.Pointer[TableSummary]
	// turns says whose move it is, published by the actor (Hub.Turns).
	turns atomic.Pointer[turnSnap]

	// actor-owned
	seats      []seat
	host       int
	spectators []member
	status     Status
	state      engine.State
	seed       uint64
	moves      []move    // applied actions, for replays
	log        []logLine // the last logCap lines
	version    uint64
	window     []engine.Seat // seats in the current response window
	deadline   time.Time     // end of the response window
	answered   []engine.Seat // seats that moved since the window was last updated
	botRNG     engine.RNG
	thinking   bool // a bot's decision is queued or running on the hub's bot pool
	shared     bool // a human other than the creator has sat here
	botTimer   timerSlot
	winTimer   timerSlot
	awayTimer  timerSlot
	emptyTimer timerSlot
	saveTimer  timerSlot // the table tries to save again (persist)
	closed     bool
	chat       chatLog // the table's chat, shared with updates
	rematch    string  // the rematch's code once one is open (rematchBusy while it opens)
	// turn clock (see clock.go)
	clock        Clock
	clockTimer   timerSlot
	remindTimer  timerSlot     // a correspondence clock's reminder (notify.go)
	clockFor     []engine.Seat // the seats it runs for
	clockAt      int           // len(moves) when it started
	turnDeadline time.Time
	// replyWindow is a correspondence table's response window, when its
	// host chose one shorter than a decision (0: a decision's time).
	replyWindow time.Duration
	// tournament is the code of the tournament whose round this table
	// plays ("" for none), told once its result is told; graceTimer ends
	// the wait for its players (tournamentround.go).
	tournament string
	told       bool
	graceTimer timerSlot
	// persistence (see persist.go)
	created, started time.Time
	movesStored      int // how many of moves the store holds
	// fresh: the store has never accepted this table (its ID must be
	// free there).
	fresh bool
	// unsaved: the store refused the table's latest change; the table
	// waits until it is saved (persist.go).
	unsaved bool
	// over: the game ended and the world is told once the store kept it
	// (finish).
	over bool
	// watchShown is the spectators' last update (seat.shown for seats).
	watchShown    *TableUpdate
	restoredUntil time.Time // a restored table is not closed for being empty before
	// keptDeadline and keptWindow are the turn clock's and the response
	// window's deadlines a restored table found in the store (zero once
	// used): a correspondence table's days go on across restarts.
	keptDeadline, keptWindow time.Time
	// early is the outcome of a game the table ended before the rules did
	// (endEarly), nil otherwise.
	early *engine.Outcome
	// casual: the host chose a game that moves no rating; rated: the game
	// under way counts for the players' ratings (ratings.go).
	casual, rated bool
}

// seat is one place at the table. A seat is empty, held by a human (present
// or away), or played by a bot (on its own, or standing in for an away
// human whose ID it keeps).
type seat struct {
	id       string // player ID; "" for an empty seat or a bot's own seat
	name     string // base display name (uniqueNames adds " (2)")
	guest    bool
	client   member // nil: empty, bot, or the player is away
	bot      engine.Bot
	botLevel string
	left     bool // the away player left on purpose (not dropped): an empty table does not wait for them
	timedOut bool // the away grace ran out: Timeout is played at once
	timeouts int  // turn clock timeouts in a row of the present player
	idle     bool // the bot stands in for a present player who timed out
	autoPass bool // the player lets out-of-turn windows run out for them
	// admin and ownsName mark the player's name (Player.Admin,
	// Player.OwnsName).
	admin, ownsName bool
	// shown is the last update the seat's client was given.
	shown *TableUpdate
}

// playerSeat is p's seat, p being here on client c.
func playerSeat(p Player, c member) seat {
	return seat{id: p.ID, name: p.Name, guest: p.Guest, admin: p.Admin, ownsName: p.OwnsName, client: c}
}

func (s *seat) empty() bool { return s.id == "" && s.bot == nil }

func (s *seat) away() bool { return s.id != "" && s.client == nil && s.bot == nil }

func (s *seat) filled() bool { return s.client != nil || s.bot != nil }

// move is one applied action.
type move = engine.Move

// command is work for the actor; reply is nil for timer posts.
type command struct {
	fn    func() error
	reply chan error
}

func newTable(h *Hub, id, code string, seq uint64, g engine.Game, info engine.Info, seats int, private bool, opts engine.Options) *table {
	ctx, stop := context.WithCancel(context.Background())
	return &table{ctx: ctx, stop: stop,
		hub: h, cfg: &h.cfg, id: id, code: code, seq: seq,
		game: g, info: info, private: private, opts: opts,
		cmds:    make(chan command, 8),
		done:    make(chan struct{}),
		seats:   make([]seat, seats),
		status:  Waiting,
		botRNG:  engine.NewRNG(randomSeed()),
		created: time.Now().UTC(),
		clock:   h.cfg.DefaultClock,
	}
}

// run is the actor loop.
func (t *table) run() {
	defer t.hub.wg.Done()
	defer close(t.done)
	for !t.closed {
		cmd := <-t.cmds
		err := t.exec(cmd.fn)
		if cmd.reply != nil {
			cmd.reply <- err
		}
	}
}

// exec runs f on the actor. A panic (a bug in a game or a bot) closes the
// table instead of crashing the server.
func (t *table) exec(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			t.cfg.Logf("rooms: table %s (%s) panicked: %v", t.id, t.info.ID, r)
			t.shut(NoticeInternal)
			err = ErrInternal
		}
	}()
	return f()
}

// call runs f on the actor and returns its error, or ErrNoTable when the
// table has closed.
func (t *table) call(f func() error) error {
	reply := make(chan error, 1)
	select {
	case t.cmds <- command{fn: f, reply: reply}:
	case <-t.done:
		return ErrNoTable
	}
	select {
	case err := <-reply:
		return err
	case <-t.done:
		select {
		case err := <-reply:
			return err
		default:
			return ErrNoTable
		}
	}
}

// callKept is call for a command that changes the table: while the table
// waits for the store (kept), it fails with ErrUnsaved instead of running f.
func (t *table) callKept(f func() error) error {
	return t.call(func() error {
		if err := t.kept(); err != nil {
			return err
		}
		return f()
	})
}

// post queues f for the actor without waiting (timers use it).
func (t *table) post(f func()) {
	select {
	case t.cmds <- command{fn: func() error { f(); return nil }}:
	case <-t.done:
	}
}

// timerSlot is a restartable actor timer. A fire that raced with stop or a
// later schedule is ignored (gen no longer matches). Actor-owned.
type timerSlot struct {
	timer *time.Timer
	gen   uint64
}

func (s *timerSlot) active() bool { return s.timer != nil }

func (s *timerSlot) stop() {
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	s.gen++
}

// schedule (re)starts the slot: after d, f runs on t's actor.
func (s *timerSlot) schedule(t *table, d time.Duration, f func()) {
	s.stop()
	gen := s.gen
	s.timer = time.AfterFunc(d, func() {
		t.post(func() {
			if s.gen != gen {
				return
			}
			s.timer = nil
			f()
		})
	})
}

// shut closes the table: it leaves the hub, every watcher gets a last
// update with notice ("" for none), and the actor loop ends. It must not
// call into the engine (it also runs after a panic).
func (t *table) shut(notice string) {
	if t.closed {
		return
	}
	t.halt()
	if t.status != Finished {
		t.reportToTournament()
	}
	t.forget()
	for i := range t.seats {
		if c := t.seats[i].client; c != nil {
			t.seats[i].client = nil
			t.detach(c, notice, engine.Seat(i))
		}
	}
	for _, c := range t.spectators {
		t.detach(c, notice, engine.Spectator)
	}
	t.spectators = nil
}

// halt stops the table's timers, bots and commands from other nodes, and
// takes it out of the hub: the actor loop ends after this command.
func (t *table) halt() {
	t.closed = true
	if t.unsaved {
		t.unsaved = false
		t.hub.storeHealth.waiting.Add(-1)
	}
	t.stop()
	for _, s := range []*timerSlot{&t.botTimer, &t.winTimer, &t.awayTimer, &t.emptyTimer, &t.clockTimer, &t.remindTimer, &t.graceTimer, &t.saveTimer} {
		s.stop()
	}
	if t.unserve != nil {
		t.unserve()
	}
	t.hub.bots.cancel(t)
	t.hub.removeTable(t)
}

// detach takes c off the table. With a notice, c gets a last update (Closed)
// and a fresh lobby.
func (t *table) detach(c member, notice string, you engine.Seat) {
	var u *TableUpdate
	if notice != "" {
		t.version++
		u = &TableUpdate{You: you, Closed: true, Notice: notice, Version: t.version}
		if sum := t.summary.Load(); sum != nil {
			u.Table = *sum
		}
	}
	c.detachFrom(t, u)
}

// changed runs after every command that changed the table: automatic moves,
// timers, host hand-off, closing when nobody is left, then the fan-out.
func (t *table) changed() {
	if t.closed {
		return
	}
	// A table that waits for the store moves on only once its last change
	// is saved.
	if t.unsaved && !t.persist() {
		return
	}
	t.autoStart()
	if t.status == Playing {
		t.settle()
	}
	t.fixHost()
	t.scheduleBots()
	t.scheduleAway()
	t.scheduleClock()
	// Saved before anyone sees the change: a restart, or another node,
	// brings it back.
	if !t.persist() || t.closed {
		return
	}
	if t.over {
		t.finish()
	}
	if t.checkEmpty() {
		return
	}
	began := time.Now()
	t.publish()
	t.cfg.Observe.FannedOut("table", time.Since(began))
}

// fixHost passes the host role to the first present player when the host
// is not here (a tournament's table has none to pass).
func (t *table) fixHost() {
	if t.seats[t.host].client != nil || t.tournament != "" {
		return
	}
	for i := range t.seats {
		if t.seats[i].client != nil {
			t.host = i
			t.logf("%s is now the host.", t.name(i))
			return
		}
	}
}

// checkEmpty closes the table, or starts the grace before closing, when no
// human is left to watch it. A game only its creator ever sat at is not
// played out for nobody (bots doing so would only burn CPU): it closes at
// once when its creator left or was a guest; when a keyed creator only
// dropped, it pauses (see paused) for AwayGrace so that they can come back
// to it. It reports whether the table closed.
func (t *table) checkEmpty() bool {
	players := t.players()
	watchers := players + len(t.spectators)
	if wait := time.Until(t.restoredUntil); t.restoring() && watchers == 0 && t.heldForReturn() {
		// Just restored: give its players time to come back (not those
		// who came back and left on purpose).
		if !t.emptyTimer.active() {
			t.emptyTimer.schedule(t, wait, func() { t.changed() })
		}
		return false
	}
	switch {
	case t.tournament != "" && t.status == Waiting:
		// A round's table waits for its players (graceUntil).
		return false
	case t.status == Waiting && players == 0:
		t.shut(NoticeNoHumans)
		return true
	case watchers > 0:
		t.emptyTimer.stop()
	case t.status == Finished:
		t.shut("")
		return true
	case t.clock.Correspondence():
		// A game that waits days for its players waits without them.
		t.emptyTimer.stop()
	case !t.shared && t.status == Playing && t.heldForReturn():
		if !t.emptyTimer.active() {
			t.emptyTimer.schedule(t, t.cfg.AwayGrace, func() {
				if t.players()+len(t.spectators) == 0 {
					t.shut(NoticeIdle)
				}
			})
		}
	case !t.shared:
		t.shut(NoticeNoHumans)
		return true
	case !t.emptyTimer.active():
		t.emptyTimer.schedule(t, t.cfg.EmptyGrace, func() {
			if t.players()+len(t.spectators) == 0 {
				t.shut(NoticeIdle)
			}
		})
	}
	return false
}

// heldForReturn reports whether a seat is held for a keyed player who
// dropped (rather than left): they get it back when they reconnect.
func (t *table) heldForReturn() bool {
	for i := range t.seats {
		if st := &t.seats[i]; st.away() && !st.guest && !st.left {
			return true
		}
	}
	return false
}

// paused reports whether the game waits for its creator: only they ever sat
// here and nobody is here now, so neither bots nor timers move it on.
func (t *table) paused() bool {
	return !t.shared && t.status == Playing && !t.clock.Correspondence() && t.players()+len(t.spectators) == 0
}

// players counts the humans present in seats.
func (t *table) players() int {
	n := 0
	for i := range t.seats {
		if t.seats[i].client != nil {
			n++
		}
	}
	return n
}

// name is seat i's display name as shown at this table.
func (t *table) name(i int) string {
	return t.names()[i]
}

func (t *table) names() []string {
	base := make([]string, len(t.seats))
	for i := range t.seats {
		base[i] = t.seats[i].name
	}
	return uniqueNames(base)
}

// logf adds a public line from the room itself to the log.
func (t *table) logf(format string, args ...any) {
	t.addLines(logLine{text: fmt.Sprintf(format, args...), to: engine.Everyone})
}

// logLine is a line of the table's log and who may read it: a game's
// event in its words, or the table's own news.
type logLine struct {
	text string
	rule engine.Rule
	to   engine.Seat
}

// addLog puts a move's events in the log, in their words (said once, not
// at every update).
func (t *table) addLog(evs ...engine.Event) {
	lines := make([]logLine, len(evs))
	for i, e := range evs {
		lines[i] = logLine{text: e.Text(), rule: engine.RuleOf(e.Fact), to: e.To}
	}
	t.addLines(lines...)
}

// addLines appends lines, keeping the last logCap.
func (t *table) addLines(lines ...logLine) {
	t.log = append(t.log, lines...)
	if over := len(t.log) - logCap; over > 0 {
		n := copy(t.log, t.log[over:])
		clear(t.log[n:])
		t.log = t.log[:n]
	}
}
