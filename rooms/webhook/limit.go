package webhook

import (
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiter gives each player a token bucket: burst notices, then one per
// every. A bucket that is full again is forgotten, so the map holds only
// the players notified lately.
type limiter struct {
	burst int
	every time.Duration

	mu    sync.Mutex
	keys  map[string]*rate.Limiter
	swept time.Time
}

func newLimiter(burst int, every time.Duration) *limiter {
	return &limiter{burst: burst, every: every, keys: map[string]*rate.Limiter{}}
}

// take spends one of key's tokens at now, or says how long to wait.
func (l *limiter) take(key string, now time.Time) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	lim := l.keys[key]
	if lim == nil {
		lim = rate.NewLimiter(rate.Every(l.every), l.burst)
		l.keys[key] = lim
	}
	r := lim.ReserveN(now, 1)
	if wait := r.DelayFrom(now); wait > 0 {
		r.CancelAt(now)
		secs := int64((wait + time.Second - 1) / time.Second)
		return fmt.Errorf("Too many notifications: try again in %d s.", secs)
	}
	return nil
}

// sweep forgets the full buckets, once per time a bucket takes to fill, so
// the map holds at most the keys of two such periods (l.mu held).
func (l *limiter) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Duration(l.burst)*l.every {
		return
	}
	for k, lim := range l.keys {
		if lim.TokensAt(now) >= float64(l.burst) {
			delete(l.keys, k)
		}
	}
	l.swept = now
}
