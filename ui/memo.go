package ui

import "sync"

// memo is a small cache shared by every session: screens or parts of
// screens that many sessions draw from the same inputs (the lobby's panes,
// a key help line) are composed once. Values must be immutable (strings).
// It forgets everything once it holds max entries, which bounds it without
// bookkeeping; the next draws fill it again.
type memo[K comparable] struct {
	mu  sync.Mutex
	m   map[K]string
	max int
}

// get returns the value for k, making it with make on a miss.
func (c *memo[K]) get(k K, make func() string) string {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = make()
	c.mu.Lock()
	if c.m == nil || len(c.m) >= c.max {
		c.m = map[K]string{}
	}
	c.m[k] = v
	c.mu.Unlock()
	return v
}
