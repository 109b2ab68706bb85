package rooms

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"arcade/engine"
)

// withProcs runs f with GOMAXPROCS set to n.
func withProcs(n int, f func()) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(n))
	f()
}

func TestBotWorkersDefaultToHalfTheCores(t *testing.T) {
	for procs, want := range map[int]int{1: 1, 2: 1, 3: 1, 4: 2, 16: 8} {
		withProcs(procs, func() {
			if got := (Config{}).withDefaults().BotWorkers; got != want {
				t.Errorf("GOMAXPROCS %d: %d bot workers by default, want %d", procs, got, want)
			}
			if got := BotWorkersFor(100); got != procs {
				t.Errorf("GOMAXPROCS %d: %d bot workers on all the cores", procs, got)
			}
		})
	}
	if got := (Config{BotWorkers: 3}).withDefaults().BotWorkers; got != 3 {
		t.Errorf("BotWorkers 3 became %d", got)
	}
}

// TestDefaultBotPoolLeavesHalfTheCores: on 4 cores, the bots of many
// tables never think on more than 2 at once.
func TestDefaultBotPoolLeavesHalfTheCores(t *testing.T) {
	resetGauge()
	defer resetGauge()
	withProcs(4, func() {
		h := testHub(t, Config{})
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
	})
	if peak := gauge.peak.Load(); peak > 2 {
		t.Fatalf("%d bot decisions ran at once on 4 cores, want at most 2", peak)
	}
	if gauge.calls.Load() < 16 {
		t.Fatalf("only %d bot decisions", gauge.calls.Load())
	}
}

// poolRun submits decisions to a pool of one worker whose first decision
// waits until the rest are queued, and returns the order they ran in.
func poolRun(t *testing.T, p *botPool, jobs []string, addr func(job string) string) []string {
	t.Helper()
	var (
		mu    sync.Mutex
		order []string
		wg    sync.WaitGroup
	)
	gate := make(chan struct{})
	for i, name := range jobs {
		wg.Add(1)
		tb := &table{creator: Player{Addr: addr(name)}}
		ok := p.submit(tb, func() {
			defer wg.Done()
			if i == 0 {
				<-gate
			}
			mu.Lock()
			defer mu.Unlock()
			order = append(order, name)
		})
		if !ok {
			t.Fatal("the pool refused a decision")
		}
		if i == 0 {
			waitFor(t, "the first decision running", func() bool { _, running := p.load(); return running == 1 })
		}
	}
	close(gate)
	wg.Wait()
	return order
}

// waitFor polls cond until it holds, or fails the test after patience.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", patience, what)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestBotQueueTakesTurnsByAddress: the tables of one address queued first
// do not make another address's bots wait behind all of them.
func TestBotQueueTakesTurnsByAddress(t *testing.T) {
	p := &botPool{size: 1}
	defer p.stop()
	byAddr := func(job string) string { return job[:1] }
	got := poolRun(t, p, []string{"a1", "a2", "a3", "a4", "b1", "b2", "c1"}, byAddr)
	want := []string{"a1", "a2", "b1", "c1", "a3", "b2", "a4"}
	if !slices.Equal(got, want) {
		t.Fatalf("decisions ran in the order %v, want %v", got, want)
	}
	// Tables of one address alone: first come, first served.
	got = poolRun(t, p, []string{"a1", "a2", "a3"}, byAddr)
	if want := []string{"a1", "a2", "a3"}; !slices.Equal(got, want) {
		t.Fatalf("one address's decisions ran in the order %v, want %v", got, want)
	}
}

// TestBotPoolRestsForTheCollector: the collector's background work while
// bots think delays the next decision by as long.
func TestBotPoolRestsForTheCollector(t *testing.T) {
	var (
		mu sync.Mutex
		gc time.Duration
	)
	const owed = 250 * time.Millisecond
	p := &botPool{size: 1, gcCPU: func() time.Duration { mu.Lock(); defer mu.Unlock(); return gc }}
	defer p.stop()
	tb := &table{}
	ended, began := make(chan time.Time, 1), make(chan time.Time, 1)
	p.submit(tb, func() {
		mu.Lock()
		gc += owed // a collection ran while the bot thought
		mu.Unlock()
		p.submit(tb, func() { began <- time.Now() })
		ended <- time.Now()
	})
	if rested := (<-began).Sub(<-ended); rested < owed {
		t.Fatalf("the next decision began %v after the collection, want at least %v", rested, owed)
	}

	// Stopping ends a rest at once, and the decision after it never runs.
	ran := make(chan struct{}, 1)
	p.submit(tb, func() {
		mu.Lock()
		gc += maxBotDebt
		mu.Unlock()
		p.submit(tb, func() { ran <- struct{}{} })
	})
	waitFor(t, "the pool resting", func() bool {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.thinking == 0 && p.debt > 0
	})
	p.stop()
	select {
	case <-ran:
		t.Fatal("a decision ran after the pool stopped")
	default:
	}
}

// TestBotNamesStayPut: a bot keeps the name it sat down with while other
// bots come and go, whatever seats they take; the log and the seats agree.
func TestBotNamesStayPut(t *testing.T) {
	h := testHub(t, Config{})
	anna := connect(t, h, "anna")
	must(t, anna.Create(toyID, 4, false, nil))
	for _, s := range []int{1, 3, 2} {
		must(t, anna.AddBot(s, "easy"))
	}
	u := anna.table("three bots", func(u *TableUpdate) bool { return !u.Seats[1].Empty && !u.Seats[2].Empty && !u.Seats[3].Empty })
	want := []string{"anna", "Easy bot", "Easy bot (3)", "Easy bot (2)"}
	for i, s := range u.Seats {
		if s.Name != want[i] {
			t.Fatalf("seat %d is %q, want %q (%+v)", i+1, s.Name, want[i], u.Seats)
		}
	}
	var log []string
	for _, l := range u.Log {
		log = append(log, l.Text)
	}
	for _, line := range []string{"Easy bot takes seat 2.", "Easy bot (2) takes seat 4.", "Easy bot (3) takes seat 3."} {
		if !slices.Contains(log, line) {
			t.Errorf("the log lacks %q: %q", line, log)
		}
	}
	must(t, anna.RemoveBot(1))
	must(t, anna.AddBot(1, "easy"))
	u = anna.table("the bot back in seat 2", func(u *TableUpdate) bool { return !u.Seats[1].Empty })
	if u.Seats[1].Name != "Easy bot" || u.Seats[3].Name != "Easy bot (2)" {
		t.Fatalf("seats after a bot left and another came: %+v", u.Seats)
	}
}
