package bridge

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// pool runs every session's model work (Update, View, the frame diff) on a
// few long-lived goroutines, one per core. That work needs a deep stack
// (lipgloss, ansi width measuring); on the session's own goroutine the
// stack would grow once and stay grown for the session's life, idle or
// not. Here it grows on the pool's goroutines only. The caller waits for
// its job, so a model is never touched by two goroutines at once; jobs
// never block (writes to the client happen outside the pool).
var pool = struct {
	once sync.Once
	jobs chan func()
}{jobs: make(chan func())}

// onPool runs f on the pool and returns when it has run. A panic in f is
// raised again on the caller's goroutine, where Bubble Tea's recovery ends
// that one session instead of the pool's goroutine taking the server down.
func onPool(f func()) {
	pool.once.Do(func() {
		for range max(runtime.GOMAXPROCS(0), 1) {
			go func() {
				for job := range pool.jobs {
					job()
				}
			}()
		}
	})
	var (
		wg     sync.WaitGroup
		failed any
	)
	wg.Add(1)
	pool.jobs <- func() {
		defer wg.Done()
		defer func() {
			// Keep where it happened: the stack of the caller's goroutine,
			// where the panic is raised again, would not show it.
			if r := recover(); r != nil {
				failed = fmt.Sprintf("%v\n\n%s", r, debug.Stack())
			}
		}()
		f()
	}
	wg.Wait()
	if failed != nil {
		panic(failed)
	}
}

// Do runs f on the shared pool and returns when it has run: for work with
// a deep stack on behalf of a goroutine that then lives long and idle.
// f must not block for long (it holds one of a few pool goroutines).
func Do(f func()) { onPool(f) }
