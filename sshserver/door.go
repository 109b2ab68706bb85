package sshserver

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"time"

	"arcade/sshserver/sshguard"
)

// Bounds of the front door's memory of addresses.
const (
	// trustFor is how long an address stays trusted after a listed key
	// logged in from it.
	trustFor = 24 * time.Hour
	// maxTrusted caps the trusted addresses remembered; the oldest goes
	// first.
	maxTrusted = 4096
	// maxPenalized caps the penalized addresses remembered; forgiven ones
	// go first, then any.
	maxPenalized = 16384
	// earlyDropRate is the chance, in percent, that a connection is dropped
	// when the handshakes in progress reach the early drop threshold; it
	// rises linearly to 100 at MaxStartups (OpenSSH's MaxStartups 10:30:100).
	earlyDropRate = 30
	// refusalLogEvery is the least time between two refusal log lines.
	refusalLogEvery = 10 * time.Second
)

// penalty is what the server holds against one address.
type penalty struct {
	until time.Time     // refused until then
	last  time.Duration // the last penalty given
	at    time.Time     // when it was given
}

// door remembers, per address, who to let through the front door before
// any key is known: addresses a listed key logged in from recently
// (trusted), and addresses whose connections broke off without logging in
// (penalized, for a time that doubles on every offence).
type door struct {
	base, max time.Duration // first penalty, longest penalty
	now       func() time.Time

	mu        sync.Mutex
	trusted   map[string]time.Time // address -> when a listed key logged in
	penalized map[string]*penalty
}

func newDoor(base, max time.Duration) *door {
	return &door{base: base, max: max, now: time.Now,
		trusted: map[string]time.Time{}, penalized: map[string]*penalty{}}
}

// forgiveAfter is how long an address must keep out of trouble for its
// next penalty to start again from the first.
func (d *door) forgiveAfter() time.Duration { return 10 * d.max }

// isTrusted reports whether a listed key logged in from addr within trustFor.
func (d *door) isTrusted(addr string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	at, ok := d.trusted[addr]
	return ok && d.now().Sub(at) < trustFor
}

// trust remembers that a listed key logged in from addr, forgiving it.
func (d *door) trust(addr string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.penalized, addr)
	if _, ok := d.trusted[addr]; !ok && len(d.trusted) >= maxTrusted {
		oldest, first := "", time.Time{}
		for a, at := range d.trusted {
			if oldest == "" || at.Before(first) {
				oldest, first = a, at
			}
		}
		delete(d.trusted, oldest)
	}
	d.trusted[addr] = d.now()
}

// penalizedFor is how much longer addr is refused (0: not).
func (d *door) penalizedFor(addr string) time.Duration {
	d.mu.Lock()
	defer d.mu.Unlock()
	if p, ok := d.penalized[addr]; ok {
		return max(p.until.Sub(d.now()), 0)
	}
	return 0
}

// penalize refuses addr for base, or twice its last penalty (at most max)
// when that was less than forgiveAfter ago.
func (d *door) penalize(addr string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.now()
	p, ok := d.penalized[addr]
	if !ok {
		if len(d.penalized) >= maxPenalized {
			d.evictLocked(now)
		}
		p = &penalty{}
		d.penalized[addr] = p
	}
	next := d.base
	if ok && now.Sub(p.at) < d.forgiveAfter() {
		next = min(2*p.last, d.max)
	}
	p.last, p.at, p.until = next, now, now.Add(next)
}

// evictLocked makes room in penalized: forgiven addresses go, or else one
// at random.
func (d *door) evictLocked(now time.Time) {
	for a, p := range d.penalized {
		if now.Sub(p.at) >= d.forgiveAfter() {
			delete(d.penalized, a)
		}
	}
	for a := range d.penalized {
		if len(d.penalized) < maxPenalized {
			return
		}
		delete(d.penalized, a)
	}
}

// earlyDrop reports whether a connection is dropped at random with
// startups handshakes in progress: never below from, then with a chance
// rising linearly from earlyDropRate percent at from to certain at full.
func earlyDrop(startups, from, full int) bool {
	if startups < from || from >= full {
		return false
	}
	if startups >= full {
		return true
	}
	pct := earlyDropRate + (100-earlyDropRate)*(startups-from)/(full-from)
	return rand.IntN(100) < pct
}

// refusalLog counts refusals by reason and logs them at WARN at most every
// refusalLogEvery while they go on.
type refusalLog struct {
	every  sshguard.Every
	mu     sync.Mutex
	counts map[string]int
}

// add counts a refusal; when refusalLogEvery has passed since the last
// line it returns the counts since then, as "reason=n ...", and starts
// counting again ("" otherwise).
func (r *refusalLog) add(reason string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.counts == nil {
		r.counts = map[string]int{}
	}
	r.counts[reason]++
	if ok, _ := r.every.Allow(); !ok {
		return ""
	}
	parts := make([]string, 0, len(r.counts))
	for why, n := range r.counts {
		parts = append(parts, fmt.Sprintf("%s=%d", why, n))
	}
	sort.Strings(parts)
	r.counts = nil
	return strings.Join(parts, " ")
}
