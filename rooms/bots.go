package rooms

import (
	"context"
	"fmt"
	"maps"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"time"

	"arcade/engine"
)

// BotLevels are the levels AddBot takes.
var BotLevels = []string{"easy", "normal", "hard"}

// makeBot gets a bot from the game's BotMaker, or a RandomBot.
func (t *table) makeBot(level string) engine.Bot {
	if bm, ok := t.game.(engine.BotMaker); ok {
		if b := bm.Bot(level); b != nil {
			return b
		}
	}
	return engine.RandomBot{}
}

// addBot seats a bot (host only): in an empty seat before the game, or in
// the seat of an away player during it (the player keeps the seat's claim
// and its name; SeatInfo.Bot tells the two apart).
func (t *table) addBot(c member, s int, level string) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	level = strings.ToLower(strings.TrimSpace(level))
	if !slices.Contains(BotLevels, level) {
		return fmt.Errorf("Bot levels are %s.", strings.Join(BotLevels, ", "))
	}
	st := t.seatAt(engine.Seat(s))
	switch {
	case st == nil:
		return fmt.Errorf("There is no seat %d.", s+1)
	case t.status == Finished:
		return ErrGameOver
	case st.bot != nil:
		return fmt.Errorf("Seat %d already has a bot.", s+1)
	case st.client != nil && st.client != c && t.status == Playing && st.timeouts > 0:
		// A present player whose time ran out: a bot plays until they act.
		t.standIn(s, level)
		t.logf("The host lets %s play for %s until they act again.", ABot(level), t.name(s))
		t.changed()
		return nil
	case st.client != nil:
		return fmt.Errorf("Seat %d has a player.", s+1)
	}
	if err := t.awayBetweenMoves(st); err != nil {
		return err
	}
	st.bot, st.botLevel, st.timedOut = t.makeBot(level), level, false
	if st.id == "" {
		st.name = t.newBotName(level, s)
		t.logf("%s takes seat %d.", t.name(s), s+1)
	} else {
		t.logf("%s plays for %s until they come back.", capitalize(ABot(level)), t.name(s))
	}
	t.changed()
	return nil
}

// ABot names a bot of level with its article: "an easy bot", "a hard bot".
func ABot(level string) string {
	if strings.HasPrefix(level, "e") {
		return "an " + level + " bot"
	}
	return "a " + level + " bot"
}

// capitalize puts a sentence's first letter in capitals.
func capitalize(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// botName is the name of a bot of level in its own seat: "Normal bot".
func botName(level string) string { return capitalize(level) + " bot" }

// newBotName is the name a bot of level taking seat s keeps while it sits
// there: botName, numbered with the first number no other seat's name has
// ("Normal bot (3)"), so that a bot seated later in an earlier seat does
// not renumber the others.
func (t *table) newBotName(level string, s int) string {
	names := t.names()
	return numbered(botName(level), func(n string) bool {
		for i, m := range names {
			if i != s && strings.EqualFold(m, n) {
				return true
			}
		}
		return false
	})
}

// removeBot takes a bot out (host only): any bot before the game, a bot
// standing in for an away player during it.
func (t *table) removeBot(c member, s int) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	st := t.seatAt(engine.Seat(s))
	switch {
	case st == nil:
		return fmt.Errorf("There is no seat %d.", s+1)
	case st.bot == nil:
		return fmt.Errorf("Seat %d has no bot.", s+1)
	case t.status == Waiting:
		t.logf("%s leaves.", t.name(s))
		*st = seat{}
	case t.status == Finished:
		return ErrGameOver
	case st.id == "":
		return fmt.Errorf("The bot in seat %d plays its own seat; it stays until the game ends.", s+1)
	default:
		st.bot, st.botLevel, st.idle = nil, "", false
		t.logf("The bot stops playing for %s.", t.name(s))
	}
	t.changed()
	return nil
}

// botToMove returns a seat whose bot may act now, or -1.
func (t *table) botToMove() engine.Seat {
	for _, s := range t.pending() {
		if st := t.seatAt(s); st != nil && st.bot != nil && (st.client == nil || st.idle) {
			return s
		}
	}
	return -1
}

// scheduleBots arms the bot timer while a bot has something to do and none
// is already thinking.
func (t *table) scheduleBots() {
	switch {
	case t.status != Playing || t.paused() || t.botToMove() < 0:
		t.botTimer.stop()
	case t.thinking:
	case !t.botTimer.active():
		t.botTimer.schedule(t, t.cfg.BotDelay, t.botMove)
	}
}

// botMove lets one bot think, off the actor so that a slow (searching) bot
// never holds up the table: it gets its seat's view and legal actions, never
// the state, and its choice is applied only if no move was made meanwhile.
// The decision waits its turn on the hub's bot pool; the actor never waits
// for the pool.
func (t *table) botMove() {
	if t.status != Playing {
		return
	}
	s := t.botToMove()
	if s < 0 {
		t.changed()
		return
	}
	legal := t.state.Legal(s)
	if len(legal) == 0 { // pending without a legal move: an engine bug
		t.playTimeout(s)
		t.changed()
		return
	}
	bot, view, rng, made := t.seatAt(s).bot, t.state.View(s), engine.NewRNG(t.botRNG.Uint64()), len(t.moves)
	level := t.seatAt(s).botLevel
	legal = slices.Clone(legal)
	t.thinking = t.hub.bots.submit(t, func() {
		began := time.Now()
		a, ok := choose(t.ctx, bot, view, legal, &rng)
		t.cfg.Observe.BotDecided(t.info.ID, level, time.Since(began))
		t.post(func() {
			t.thinking = false
			if t.unsaved || t.hub.restarting.Load() {
				return // it decides again once the table is saved (changed)
			}
			st := t.seatAt(s)
			if t.status == Playing && len(t.moves) == made && st != nil && st.bot == bot {
				switch {
				case !ok:
					t.cfg.Logf("rooms: table %s (%s): the bot in seat %d failed; playing its timeout move", t.id, t.info.ID, s+1)
					t.playTimeout(s)
				case t.apply(s, a) != nil:
					t.cfg.Logf("rooms: table %s (%s): the bot in seat %d chose %v, which is not legal; playing its timeout move", t.id, t.info.ID, s+1, a)
					t.playTimeout(s)
				}
			}
			t.changed()
		})
	})
}

// choose asks a bot for a move; a bot that panics yields ok=false. The
// bot's context is cancelled when the table closes (ctx is the table's)
// and, for a bot that thinks on the clock (engine.Thinker), ends at its
// time budget, counted from now: not from the time the decision waited
// on the pool.
func choose(ctx context.Context, bot engine.Bot, view engine.View, legal []engine.Action, rng *engine.RNG) (a engine.Action, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	cancel := context.CancelFunc(func() {})
	if tb, timed := bot.(engine.Thinker); timed {
		ctx, cancel = context.WithTimeout(ctx, tb.ThinkTime())
	}
	defer cancel()
	return bot.Choose(ctx, view, legal, rng), true
}

// DefaultBotCPUPercent is the share of the cores bots may think on unless
// the operator says otherwise (Config.BotWorkers): half, so that the other
// half always serves the sessions, however many tables play against bots.
const DefaultBotCPUPercent = 50

// BotWorkersFor is how many bot decisions may run at once on percent
// (1 to 100) of the cores the Go runtime uses (runtime.GOMAXPROCS):
// rounded down, at least 1.
func BotWorkersFor(percent int) int {
	return max(runtime.GOMAXPROCS(0)*percent/100, 1)
}

// Bounds of the rest the bot workers take for the collector's work.
const (
	// maxBotDebt is the most collector time the workers owe at once.
	maxBotDebt = time.Second
	// maxBotRest is the longest one rest between two decisions.
	maxBotRest = 100 * time.Millisecond
)

// botPool runs the bot decisions of a whole hub on at most size goroutines.
// A table has at most one decision queued or running (table.thinking), so
// the queue never holds more entries than there are tables, and submitting
// never blocks. Workers start when there is work and end when the queue is
// empty.
//
// Fair turns: the queue takes turns between the addresses that opened the
// tables (the creator's Player.Addr), not between tables, so that one
// address with many tables cannot make everyone else's bots wait behind
// all of them. Each decision gets a turn one past the later of its
// address's last turn and the turn of the decision started last; the
// lowest turn goes first, and equal turns in the order they came
// (start-time fair queueing).
//
// The collector: bots make garbage, and the runtime's background mark
// workers and pauses (gcCPU) run outside the pool, on the cores left to
// the sessions. Whatever of it happens while the pool has work is owed by
// the workers, who rest that long between decisions (a time without work
// counts as rest), so that bots and their garbage together stay within
// size cores.
type botPool struct {
	size int
	// gcCPU returns the collector's background CPU time so far (nil:
	// gcBackground; tests set their own).
	gcCPU func() time.Duration

	mu        sync.Mutex
	queue     []botJob
	turn      uint64            // turn of the decision started last
	turns     map[string]uint64 // each address's last turn, where above turn
	workers   int               // goroutines started and not yet ended
	thinking  int               // decisions running
	gcSeen    time.Duration     // gcCPU when last charged
	debt      time.Duration     // collector time the workers still rest for
	idleSince time.Time         // when the last worker ended
	stopped   bool
	quit      chan struct{} // closed by stop: resting workers end
	wg        sync.WaitGroup
}

// botJob is one queued decision of table t.
type botJob struct {
	t     *table
	turn  uint64
	think func()
}

// submit queues think for t; false when the pool has stopped.
func (p *botPool) submit(t *table, think func()) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return false
	}
	if p.turns == nil {
		p.turns, p.quit = map[string]uint64{}, make(chan struct{})
	}
	addr := t.creator.Addr
	turn := max(p.turns[addr], p.turn) + 1
	p.turns[addr] = turn
	p.queue = append(p.queue, botJob{t: t, turn: turn, think: think})
	if p.workers < p.size {
		if p.workers == 0 {
			p.wake()
		}
		p.workers++
		p.wg.Add(1)
		go p.work()
	}
	return true
}

// work runs queued decisions until the queue is empty, resting between
// them while the pool owes the collector time.
func (p *botPool) work() {
	defer p.wg.Done()
	p.mu.Lock()
	for len(p.queue) > 0 && !p.stopped {
		if p.debt > 0 {
			rest := min(p.debt, maxBotRest)
			p.debt -= rest
			p.mu.Unlock()
			p.rest(rest)
			p.mu.Lock()
			continue
		}
		j := p.next()
		p.thinking++
		p.mu.Unlock()
		j.think()
		p.mu.Lock()
		p.thinking--
		p.charge()
	}
	if p.workers--; p.workers == 0 {
		p.idleSince = time.Now()
	}
	p.mu.Unlock()
}

// wake starts charging the collector's work to the bots again, after a
// time without work; the time idle pays off the debt (size cores rested).
// Called with p.mu held.
func (p *botPool) wake() {
	p.gcSeen = p.readGC()
	idle := min(time.Since(p.idleSince), maxBotDebt)
	p.debt = max(p.debt-idle*time.Duration(p.size), 0)
}

// next takes the queued decision with the lowest turn. Called with p.mu
// held and the queue not empty.
func (p *botPool) next() botJob {
	i := 0
	for k, j := range p.queue {
		if j.turn < p.queue[i].turn {
			i = k
		}
	}
	j := p.queue[i]
	p.queue = slices.Delete(p.queue, i, i+1)
	p.turn = j.turn
	maps.DeleteFunc(p.turns, func(_ string, turn uint64) bool { return turn <= p.turn })
	return j
}

// charge adds the collector's work since the last charge to the debt.
// Called with p.mu held.
func (p *botPool) charge() {
	if g := p.readGC(); g > p.gcSeen {
		p.debt = min(p.debt+g-p.gcSeen, maxBotDebt)
		p.gcSeen = g
	}
}

// readGC reads the collector's background CPU time.
func (p *botPool) readGC() time.Duration {
	if p.gcCPU != nil {
		return p.gcCPU()
	}
	return gcBackground()
}

// rest waits d, or until the pool stops.
func (p *botPool) rest(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-p.quit:
	}
}

// cancel drops t's queued decision (t closed); one already running ends
// soon (t's context is cancelled) and its result goes nowhere.
func (p *botPool) cancel(t *table) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.queue = slices.DeleteFunc(p.queue, func(j botJob) bool { return j.t == t })
}

// load returns the decisions queued and running.
func (p *botPool) load() (queued, running int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue), p.thinking
}

// stop drops the queue and waits for the running decisions to end.
func (p *botPool) stop() {
	p.mu.Lock()
	if p.quit != nil && !p.stopped {
		close(p.quit)
	}
	p.stopped = true
	p.queue = nil
	p.mu.Unlock()
	p.wg.Wait()
}

// gcSamples are the runtime metrics of the collector's work outside the
// goroutines that make the garbage: the background mark workers
// (dedicated, fractional and idle: a collection's marking is about the
// same work whichever of them does it) and the pauses (counted on every
// core). Mark assists are left out: the allocating goroutine does them,
// on its own time.
var gcSamples = []string{
	"/cpu/classes/gc/mark/dedicated:cpu-seconds",
	"/cpu/classes/gc/mark/idle:cpu-seconds",
	"/cpu/classes/gc/pause:cpu-seconds",
}

// gcBackground is the CPU time the collector has spent so far outside the
// goroutines that make the garbage (gcSamples). The runtime adds to it at
// the end of each collection.
func gcBackground() time.Duration {
	s := make([]metrics.Sample, len(gcSamples))
	for i, name := range gcSamples {
		s[i].Name = name
	}
	metrics.Read(s)
	var sec float64
	for _, v := range s {
		if v.Value.Kind() == metrics.KindFloat64 {
			sec += v.Value.Float64()
		}
	}
	return time.Duration(sec * float64(time.Second))
}
