package rooms

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arcade/engine"
)

// fakeClock is a Config.Now that moves only when the test says so.
type fakeClock struct{ ns atomic.Int64 }

func newClock() *fakeClock {
	c := &fakeClock{}
	c.ns.Store(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano())
	return c
}

func (c *fakeClock) Now() time.Time          { return time.Unix(0, c.ns.Load()) }
func (c *fakeClock) advance(d time.Duration) { c.ns.Add(int64(d)) }

// connectFrom connects a key holder coming from addr.
func connectFrom(t *testing.T, h *Hub, name, addr string) *probe {
	return &probe{Client: h.Connect(Player{ID: "key:" + name, Name: name, Addr: addr}), t: t}
}

// refused checks that err is kind with exactly the text want.
func refused(t *testing.T, err, kind error, want string) {
	t.Helper()
	if !errors.Is(err, kind) || err.Error() != want {
		t.Fatalf("got %v, want %q (%v)", err, want, kind)
	}
}

// until polls cond (for hub state no update announces).
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", patience, what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestTablesPerPlayerCap(t *testing.T) {
	h := testHub(t, Config{MaxTablesPerPlayer: 2, CreateBurst: 100})
	a, b, c := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cleo")
	// anna opens two tables and moves on from each; a guest keeps each open.
	must(t, a.Create(toyID, 2, false, nil))
	first := a.seated().Table.ID
	must(t, b.Join(first))
	must(t, a.Create(toyID, 2, false, nil))
	second := a.table("second table", func(u *TableUpdate) bool { return !u.Closed && u.Table.ID != first }).Table.ID
	must(t, c.Join(second))
	must(t, a.Leave())
	err := a.Create(toyID, 2, false, nil)
	refused(t, err, ErrHostLimit, "You already host 2 open tables: close one first.")
	// Others still may.
	must(t, connect(t, h, "dan").Create(toyID, 2, false, nil))
	// A table anna created closes: she may open one again.
	must(t, b.Leave())
	if h.tableByID(first) != nil {
		t.Fatal("the table nobody sits at is still open")
	}
	must(t, a.Create(toyID, 2, false, nil))
}

func TestTablesPerAddrCap(t *testing.T) {
	h := testHub(t, Config{MaxTablesPerAddr: 3, CreateBurst: 100})
	var hosts []*probe
	for i := range 3 {
		p := connectFrom(t, h, fmt.Sprint("p", i), "192.0.2.7")
		must(t, p.Create(toyID, 2, false, nil))
		hosts = append(hosts, p)
	}
	late := connectFrom(t, h, "late", "192.0.2.7")
	err := late.Create(toyID, 2, false, nil)
	refused(t, err, ErrHostLimit, "Players from your address already host 3 open tables: close one first, or join a table.")
	// Another address is not affected; neither are players whose address
	// is unknown.
	must(t, connectFrom(t, h, "other", "198.51.100.1").Create(toyID, 2, false, nil))
	for i := range 5 {
		must(t, connectFrom(t, h, fmt.Sprint("anon", i), "").Create(toyID, 2, false, nil))
	}
	must(t, hosts[0].Leave()) // the table closes and frees its place
	must(t, late.Create(toyID, 2, false, nil))
}

func TestCreateRateLimit(t *testing.T) {
	clock := newClock()
	h := testHub(t, Config{CreateBurst: 3, CreateEvery: 10 * time.Second, Now: clock.Now})
	a := connect(t, h, "anna")
	for range 3 {
		must(t, a.Create(toyID, 2, false, nil)) // each new table closes the last
	}
	refused(t, a.Create(toyID, 2, false, nil), ErrCreateRate, "Too many new tables: try again in 10 s.")
	clock.advance(2500 * time.Millisecond)
	refused(t, a.Create(toyID, 2, false, nil), ErrCreateRate, "Too many new tables: try again in 8 s.")
	clock.advance(7500 * time.Millisecond)
	must(t, a.Create(toyID, 2, false, nil))
	refused(t, a.Create(toyID, 2, false, nil), ErrCreateRate, "Too many new tables: try again in 10 s.")
	if n := h.Stats().Tables; n != 1 {
		t.Fatalf("%d tables open, want 1", n)
	}

	// One address shares a bucket among its players; an unknown address
	// has none.
	for i := range 3 {
		must(t, connectFrom(t, h, fmt.Sprint("p", i), "192.0.2.7").Create(toyID, 2, false, nil))
	}
	refused(t, connectFrom(t, h, "p3", "192.0.2.7").Create(toyID, 2, false, nil), ErrCreateRate, "Too many new tables: try again in 10 s.")
	for i := range 4 {
		must(t, connectFrom(t, h, fmt.Sprint("anon", i), "").Create(toyID, 2, false, nil))
	}
}

// The buckets of players who stopped creating tables are forgotten.
func TestRateBucketsAreSwept(t *testing.T) {
	clock := newClock()
	h := testHub(t, Config{CreateBurst: 2, CreateEvery: time.Second, Now: clock.Now})
	for range 50 {
		g := h.Connect(Player{Name: "guest", Addr: "192.0.2.7"})
		must(t, g.Create(toyID, 1, false, nil))
		g.Close()
		clock.advance(time.Second)
	}
	h.mu.Lock()
	n, open := len(h.byPlayer.rate.full)+len(h.byAddr.rate.full), len(h.byPlayer.open)+len(h.byAddr.open)
	h.mu.Unlock()
	// The sweep runs every 2 s of the clock: only the last few guests remain.
	if n > 6 || open != 0 {
		t.Fatalf("%d buckets and %d open counts left after 50 guests came and went", n, open)
	}
}

// startAgainstBots opens a table of game for p with every other seat a
// bot of level and starts it, as the lobby's "b" does.
func startAgainstBots(t *testing.T, p *probe, game string, seats int, level string, opts engine.Options) string {
	t.Helper()
	must(t, p.Create(game, seats, false, opts))
	id := p.seated().Table.ID
	for s := 1; s < seats; s++ {
		must(t, p.AddBot(s, level))
	}
	must(t, p.Start())
	p.table("playing", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	return id
}

func TestLoneHostsTableClosesAtOnce(t *testing.T) {
	h := testHub(t, Config{AwayGrace: time.Hour, EmptyGrace: time.Hour})
	opts := engine.Options{"target": "1000000"}
	lobby := connect(t, h, "lee")
	for _, how := range []string{"guest hangs up", "leave"} {
		a := connect(t, h, "anna")
		if how == "guest hangs up" {
			a = &probe{Client: h.Connect(Player{ID: "guest:anna", Name: "anna", Guest: true}), t: t}
		}
		id := startAgainstBots(t, a, toyBotsID, 3, "hard", opts)
		lobby.lobbyWhere("the table listed", func(l *LobbyUpdate) bool { return len(l.Tables) == 1 })
		if how == "leave" {
			must(t, a.Leave())
			a.closedWith(NoticeLeft)
		} else {
			a.Close()
		}
		if h.tableByID(id) != nil || h.Stats().Tables != 0 {
			t.Fatalf("%s: the table of a lone player is still open", how)
		}
		lobby.lobbyWhere("the table gone", func(l *LobbyUpdate) bool { return len(l.Tables) == 0 })
	}

	// A spectator keeps the game going; when they leave too, a guest's
	// game closes without waiting for EmptyGrace.
	a, w := &probe{Client: h.Connect(Player{ID: "guest:anna", Name: "anna", Guest: true}), t: t}, connect(t, h, "will")
	id := startAgainstBots(t, a, toyBotsID, 3, "hard", opts)
	must(t, w.Watch(id))
	w.seated()
	a.Close()
	w.table("anna away", func(u *TableUpdate) bool { return !u.Seats[0].Connected })
	if h.tableByID(id) == nil {
		t.Fatal("the table closed under its spectator")
	}
	must(t, w.Leave())
	if h.tableByID(id) != nil {
		t.Fatal("nobody is left, but the table is open")
	}
}

// TestLoneKeyedPlayerDropsGamePauses: a keyed player whose connection drops
// finds their game against bots as they left it; nobody plays it meanwhile,
// and it closes after AwayGrace if they do not come back.
func TestLoneKeyedPlayerDropsGamePauses(t *testing.T) {
	h := testHub(t, Config{AwayGrace: time.Hour, EmptyGrace: time.Hour})
	opts := engine.Options{"target": "1000000"}
	a := connect(t, h, "anna")
	id := startAgainstBots(t, a, toyBotsID, 3, "hard", opts)
	u := a.table("anna to move", func(u *TableUpdate) bool { return len(u.Legal) > 0 })
	moves := len(u.Log)
	a.Close()
	time.Sleep(50 * h.cfg.BotDelay) // bots would have moved by now
	if h.tableByID(id) == nil {
		t.Fatal("the dropped player's game closed")
	}
	back := connect(t, h, "anna")
	u = back.table("anna back in her seat", func(u *TableUpdate) bool { return len(u.Legal) > 0 })
	if len(u.Log) != moves+2 { // "disconnected" and "reconnected"
		t.Errorf("log went from %d to %d lines while anna was away:\n%s", moves, len(u.Log), show(u))
	}
	// Gone for good: the game closes after the grace.
	h2 := testHub(t, Config{AwayGrace: 20 * time.Millisecond, EmptyGrace: time.Hour})
	c := connect(t, h2, "cy")
	id = startAgainstBots(t, c, toyBotsID, 3, "hard", opts)
	c.Close()
	until(t, "the paused game closes", func() bool { return h2.tableByID(id) == nil })
}

func TestTableAnotherHumanSatAtKeepsItsGrace(t *testing.T) {
	h := testHub(t, Config{AwayGrace: time.Hour, EmptyGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, a.Create(toyBotsID, 3, false, engine.Options{"target": "1000000"}))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	b.seated()
	must(t, b.Leave()) // bob sat here, if only before the start
	must(t, a.AddBot(1, "easy"))
	must(t, a.AddBot(2, "easy"))
	must(t, a.Start())
	a.table("playing", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	a.Close()
	if h.tableByID(id) == nil {
		t.Fatal("a table another player sat at closed when its last player dropped")
	}
	if u := connect(t, h, "anna").seated(); u.Table.ID != id || u.You != 0 {
		t.Fatalf("anna is not back in her seat: %s", show(u))
	}
}

// playAlong plays p's turns with its first legal action until the game is
// over, starting from the last update p has seen; it reports trouble
// instead of failing, as it runs on its own goroutine.
func playAlong(p *probe) error {
	timeout := time.After(4 * patience)
	u, acted := p.tu, uint64(0)
	for {
		switch {
		case u == nil:
		case u.Closed:
			return fmt.Errorf("%s: table closed: %s", p.Player().Name, u.Notice)
		case u.Outcome.Done:
			return nil
		case len(u.Legal) > 0 && u.Version > acted:
			acted = u.Version
			if err := p.Act(u.Legal[0]); err != nil {
				return err
			}
		}
		select {
		case <-p.Notify():
		case <-timeout:
			return fmt.Errorf("%s: the game did not end", p.Player().Name)
		}
		_, u = p.Take()
	}
}

func TestBotPoolBoundsConcurrency(t *testing.T) {
	resetGauge()
	defer resetGauge()
	h := testHub(t, Config{BotWorkers: 1})
	const tables = 16
	errs := make(chan error, tables)
	for i := range tables {
		p := connect(t, h, fmt.Sprint("host", i))
		startAgainstBots(t, p, toyPoolID, 4, "hard", engine.Options{"target": "50", "window": "true"})
		go func() { errs <- playAlong(p) }()
	}
	for range tables {
		must(t, <-errs)
	}
	if peak := gauge.peak.Load(); peak != 1 {
		t.Fatalf("%d bot decisions ran at once with BotWorkers=1", peak)
	}
	if gauge.calls.Load() < tables {
		t.Fatalf("only %d bot decisions", gauge.calls.Load())
	}
}

func TestClosedTableDropsQueuedDecision(t *testing.T) {
	resetGauge()
	defer resetGauge()
	entered, gate := make(chan struct{}, 1), make(chan struct{})
	release := sync.OnceFunc(func() { close(gate) })
	defer release() // never leave the worker stuck, so the hub can close
	var easy atomic.Int64
	hook := func(_ context.Context, level string) {
		if level == "hard" {
			select {
			case entered <- struct{}{}:
			default:
			}
			<-gate
		} else {
			easy.Add(1)
		}
	}
	gauge.hook.Store(&hook)
	h := testHub(t, Config{BotWorkers: 1})
	opts := engine.Options{"target": "1000000"}

	// anna's hard bot holds the only worker.
	a := connect(t, h, "anna")
	startAgainstBots(t, a, toyPoolID, 2, "hard", opts)
	must(t, a.Act(addOne))
	<-entered
	// bob's easy bot has to wait in the queue.
	b := connect(t, h, "bob")
	startAgainstBots(t, b, toyPoolID, 2, "easy", opts)
	must(t, b.Act(addOne))
	until(t, "bob's bot queued", func() bool { return h.Stats().BotsQueued == 1 })
	if s := h.Stats(); s.BotsThinking != 1 {
		t.Fatalf("stats %+v", s)
	}
	must(t, b.Leave()) // bob's table closes, and its queued decision goes
	if s := h.Stats(); s.BotsQueued != 0 || s.Tables != 1 {
		t.Fatalf("after bob left: %+v", s)
	}
	release()
	a.table("anna's turn again", func(u *TableUpdate) bool { return len(u.Legal) > 0 && view(t, u).Count > 1 })
	until(t, "the pool idle", func() bool {
		h.bots.mu.Lock()
		defer h.bots.mu.Unlock()
		return h.bots.workers == 0
	})
	if n := easy.Load(); n != 0 {
		t.Fatalf("the closed table's bot decided %d times", n)
	}
}

// TestClosedTableCancelsRunningDecision: a bot thinking when its table
// closes has its context cancelled; while it thinks, the context has the
// bot's time budget as its deadline.
func TestClosedTableCancelsRunningDecision(t *testing.T) {
	resetGauge()
	defer resetGauge()
	entered := make(chan bool, 1)
	ended := make(chan error, 1)
	hook := func(ctx context.Context, level string) {
		_, timed := ctx.Deadline()
		select {
		case entered <- timed:
		default:
			return
		}
		<-ctx.Done() // only the table's closing ends this decision
		ended <- ctx.Err()
	}
	gauge.hook.Store(&hook)
	h := testHub(t, Config{BotWorkers: 1})
	a := connect(t, h, "anna")
	startAgainstBots(t, a, toyPoolID, 2, "hard", engine.Options{"target": "1000000"})
	must(t, a.Act(addOne))
	if timed := <-entered; !timed {
		t.Fatal("the bot's context has no deadline")
	}
	must(t, a.Leave())
	if err := <-ended; !errors.Is(err, context.Canceled) {
		t.Fatalf("the decision ended with %v, want context.Canceled", err)
	}
	until(t, "the pool idle", func() bool {
		h.bots.mu.Lock()
		defer h.bots.mu.Unlock()
		return h.bots.workers == 0
	})
}
