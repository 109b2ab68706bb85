package sshguard

import (
	"sync"
	"time"
)

// Every rate-limits a log line: Allow says yes at most once per Interval and
// counts the noes in between, so a flood of refusals costs one line per
// Interval:
//
//	var refusals = sshguard.Every{Interval: time.Minute}
//	...
//	if ok, n := refusals.Allow(); ok {
//		log.Warn("connection refused: too many from one address", "addr", a, "suppressed", n)
//	}
//
// The zero value allows every call. An Every is safe for concurrent use and
// must not be copied after first use.
type Every struct {
	// Interval is the least time between two allowed calls.
	Interval time.Duration
	// Now is the clock (nil: time.Now). Tests inject their own.
	Now func() time.Time

	mu         sync.Mutex
	last       time.Time // of the last allowed call
	started    bool      // a call was allowed
	suppressed int
}

// Allow reports whether the caller may log now: yes for the first call and
// for the first call at least Interval after the last yes. suppressed is the
// number of calls refused since that last yes (zero when ok is false). Calls
// refused after the last yes are only reported by the next one.
func (e *Every) Allow() (ok bool, suppressed int) {
	now := time.Now
	if e.Now != nil {
		now = e.Now
	}
	t := now()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.started && t.Sub(e.last) < e.Interval {
		e.suppressed++
		return false, 0
	}
	suppressed = e.suppressed
	e.last, e.started, e.suppressed = t, true, 0
	return true, suppressed
}
