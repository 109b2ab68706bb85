package bridge

import "sync"

// Window holds the latest terminal size a client asked for. The SSH request
// path sets it without ever blocking; the session's pump reads it when
// Changed fires, so any number of window changes cost one pending signal.
type Window struct {
	mu       sync.Mutex
	w, h     int
	changed  chan struct{}
	onChange func()
}

// NewWindow returns a Window of the given size.
func NewWindow(cols, rows int) *Window {
	return &Window{w: cols, h: rows, changed: make(chan struct{}, 1)}
}

// Set records a new size, signals Changed and calls the OnChange
// function. It never blocks.
func (w *Window) Set(cols, rows int) {
	w.mu.Lock()
	w.w, w.h = cols, rows
	f := w.onChange
	w.mu.Unlock()
	select {
	case w.changed <- struct{}{}:
	default:
	}
	if f != nil {
		f()
	}
}

// OnChange sets a function Set calls after every change; it must not block.
func (w *Window) OnChange(f func()) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.onChange = f
}

// Size is the latest size.
func (w *Window) Size() (cols, rows int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w, w.h
}

// Changed receives a value after Set; sizes set meanwhile are coalesced.
func (w *Window) Changed() <-chan struct{} { return w.changed }
