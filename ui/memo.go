package ui

import "sync"

// memo is a small cache shared by every session: screens or parts of
// screens that many sessions draw from the same inputs (the lobby's panes,
// a key help line) are composed once. Values must never change once made
// (strings, or rows nobody writes to).
// It forgets everything once it holds max entries, which bounds it without
// bookkeeping; the next draws fill it again.
type memo[K comparable, V any] struct {
	mu  sync.Mutex
	m   map[K]V
	max int
}

// get returns the value for k, making it with make on a miss.
func (c *memo[K, V]) get(k K, make func() V) V {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = make()
	c.mu.Lock()
	if c.m == nil || len(c.m) >= c.max {
		c.m = map[K]V{}
	}
	c.m[k] = v
	c.mu.Unlock()
	return v
}
