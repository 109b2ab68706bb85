package sshserver

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestDoorPenalty: a penalty starts at the base, doubles up to the cap,
// starts again once forgiven, and a listed key's login wipes it.
func TestDoorPenalty(t *testing.T) {
	now := time.Unix(0, 0)
	d := newDoor(time.Second, 4*time.Second)
	d.now = func() time.Time { return now }
	var got []time.Duration
	for range 4 {
		d.penalize("a")
		got = append(got, d.penalizedFor("a"))
	}
	if fmt.Sprint(got) != "[1s 2s 4s 4s]" {
		t.Errorf("penalties %v, want 1s 2s 4s 4s", got)
	}
	if d.penalizedFor("b") != 0 {
		t.Error("another address is penalized")
	}
	now = now.Add(d.forgiveAfter())
	d.penalize("a")
	if p := d.penalizedFor("a"); p != time.Second {
		t.Errorf("forgiven, then %v, want 1s again", p)
	}
	d.trust("a")
	if d.penalizedFor("a") != 0 || !d.isTrusted("a") {
		t.Error("a listed key's address stays penalized or is not trusted")
	}
	now = now.Add(trustFor)
	if d.isTrusted("a") {
		t.Errorf("still trusted after %v", trustFor)
	}
}

// TestDoorIsBounded: however many addresses, the door remembers at most
// maxTrusted and maxPenalized of them, the newest trust kept.
func TestDoorIsBounded(t *testing.T) {
	d := newDoor(time.Second, time.Minute)
	now := time.Unix(0, 0)
	d.now = func() time.Time { return now }
	for i := range maxPenalized + 100 {
		now = now.Add(time.Millisecond)
		d.penalize(fmt.Sprint("p", i))
		if i < maxTrusted+100 {
			d.trust(fmt.Sprint("t", i))
		}
	}
	if len(d.penalized) > maxPenalized || len(d.trusted) > maxTrusted {
		t.Errorf("%d penalized, %d trusted remembered", len(d.penalized), len(d.trusted))
	}
	if !d.isTrusted(fmt.Sprint("t", maxTrusted+99)) || d.isTrusted("t0") {
		t.Error("the oldest trust should go first")
	}
}

// TestEarlyDrop: nothing is dropped below the threshold, everything at the
// cap, and in between about 30% rising to 100%.
func TestEarlyDrop(t *testing.T) {
	rate := func(startups int) int {
		n := 0
		for range 10000 {
			if earlyDrop(startups, 10, 100) {
				n++
			}
		}
		return n / 100
	}
	for _, c := range []struct{ startups, lo, hi int }{
		{0, 0, 0}, {9, 0, 0}, {10, 25, 35}, {55, 60, 70}, {99, 97, 100}, {100, 100, 100}, {500, 100, 100},
	} {
		if r := rate(c.startups); r < c.lo || r > c.hi {
			t.Errorf("%d in the handshake: %d%% dropped, want %d to %d", c.startups, r, c.lo, c.hi)
		}
	}
	if earlyDrop(5, 8, 8) {
		t.Error("dropped with early drop off")
	}
}

// TestRefusalLog: refusals are logged at most every refusalLogEvery, each
// line with the counts by reason since the last.
func TestRefusalLog(t *testing.T) {
	now := time.Unix(0, 0)
	var r refusalLog
	r.every.Interval, r.every.Now = refusalLogEvery, func() time.Time { return now }
	var lines []string
	add := func(reason string) {
		if counts := r.add(reason); counts != "" {
			lines = append(lines, counts)
		}
	}
	add("penalty")
	for range 3 {
		add("early-drop")
	}
	add("penalty")
	now = now.Add(refusalLogEvery)
	add("max-per-ip")
	if got := strings.Join(lines, " | "); got != "penalty=1 | early-drop=3 max-per-ip=1 penalty=1" {
		t.Errorf("lines %q", got)
	}
}
