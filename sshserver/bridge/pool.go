package bridge

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// Pool runs sessions' model work (Update, View, the frame diff) on a few
// long-lived goroutines, one per core by default. That work needs a deep
// stack (lipgloss, ansi width measuring); on a session's own goroutine the
// stack would grow once and stay grown for the session's life, idle or
// not. Here it grows on the pool's goroutines only. The caller waits for
// its job, so a model is never touched by two goroutines at once. Jobs
// must never block: writes to the client happen outside the pool, and a
// model's Update leaves the store, table actors and the network to its
// commands (tea.Cmd), which run on goroutines of their own.
//
// The server owns its pool: NewPool starts it, Close stops it.
type Pool struct {
	jobs chan func()
	done chan struct{}
	once sync.Once
}

// NewPool starts a pool of n goroutines (n <= 0: one per core).
func NewPool(n int) *Pool {
	if n <= 0 {
		n = max(runtime.GOMAXPROCS(0), 1)
	}
	p := &Pool{jobs: make(chan func()), done: make(chan struct{})}
	for range n {
		go func() {
			for {
				select {
				case job := <-p.jobs:
					job()
				case <-p.done:
					return
				}
			}
		}()
	}
	return p
}

// Close stops the pool's goroutines; work handed to it afterwards (a
// session ending after its server) runs on the caller's goroutine.
func (p *Pool) Close() { p.once.Do(func() { close(p.done) }) }

// Do runs f on the pool and returns when it has run. A panic in f is
// raised again on the caller's goroutine, where Bubble Tea's recovery ends
// that one session instead of the pool's goroutine taking the server down.
// A nil pool runs f on the caller's goroutine.
func (p *Pool) Do(f func()) {
	if p == nil {
		f()
		return
	}
	var (
		wg     sync.WaitGroup
		failed any
	)
	wg.Add(1)
	job := func() {
		defer wg.Done()
		defer func() {
			// Keep where it happened: the stack of the caller's goroutine,
			// where the panic is raised again, would not show it.
			if r := recover(); r != nil {
				failed = stackedPanic(fmt.Sprintf("%v\n\n%s", r, debug.Stack()))
			}
		}()
		f()
	}
	select {
	case p.jobs <- job:
	case <-p.done:
		job()
	}
	wg.Wait()
	if failed != nil {
		panic(failed)
	}
}

// stackedPanic is a panic raised again by Do: its value and the stack of
// the pool's goroutine where it happened.
type stackedPanic string
