package sshguard

import (
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time               { return c.t }
func (c *fakeClock) add(d time.Duration)          { c.t = c.t.Add(d) }
func newFakeClock() *fakeClock                    { return &fakeClock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)} }
func (c *fakeClock) every(d time.Duration) *Every { return &Every{Interval: d, Now: c.now} }

func TestEvery(t *testing.T) {
	clock := newFakeClock()
	e := clock.every(time.Minute)
	type step struct {
		advance    time.Duration
		ok         bool
		suppressed int
	}
	for i, s := range []step{
		{0, true, 0}, // the first line always goes out
		{0, false, 0},
		{time.Second, false, 0},
		{58 * time.Second, false, 0},
		{time.Second, true, 3}, // a minute after the last line: the 3 held back
		{30 * time.Second, false, 0},
		{time.Hour, true, 1},
		{time.Minute, true, 0}, // nothing held back in between
	} {
		clock.add(s.advance)
		ok, n := e.Allow()
		if ok != s.ok || n != s.suppressed {
			t.Fatalf("step %d: Allow() = %v, %d; want %v, %d", i, ok, n, s.ok, s.suppressed)
		}
	}
}

func TestEveryZeroAllowsAll(t *testing.T) {
	var e Every
	for range 3 {
		if ok, n := e.Allow(); !ok || n != 0 {
			t.Fatalf("zero Every: Allow() = %v, %d", ok, n)
		}
	}
}

func TestEveryConcurrent(t *testing.T) {
	// Under -race: many goroutines, a frozen clock. One line goes out and
	// every other call is counted, none lost.
	clock := newFakeClock()
	e := clock.every(time.Minute)
	const n = 200
	var wg sync.WaitGroup
	var mu sync.Mutex
	allowed := 0
	for range n {
		wg.Go(func() {
			if ok, _ := e.Allow(); ok {
				mu.Lock()
				allowed++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if allowed != 1 {
		t.Fatalf("%d calls allowed, want 1", allowed)
	}
	clock.add(time.Minute)
	if ok, suppressed := e.Allow(); !ok || suppressed != n-1 {
		t.Fatalf("after the interval: Allow() = %v, %d; want true, %d", ok, suppressed, n-1)
	}
}
