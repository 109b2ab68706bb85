// Package bridge runs one Bubble Tea program over one terminal stream (an
// SSH session) at the cost of a few goroutines and one frame of text.
//
// Bubble Tea keeps the model, Update, commands and Send. The bridge owns the
// rest, which the stock renderer and input reader would otherwise do at a
// price (a 60 Hz ticker, two full-window cell buffers and a key table per
// program; see the design notes):
//   - input: one reader decodes bytes with ultraviolet's table-free decoder,
//     bounds pastes and unfinished escape sequences, and ends with the
//     stream;
//   - window changes: the latest size wins, applied at most every
//     ResizeEvery and only when it changes;
//   - outside messages (the hub's) and window changes are delivered by a
//     goroutine that exists only while there is something to deliver;
//     outside messages are applied and drawn right there, under the
//     session's lock, without a trip through Bubble Tea's event loop;
//   - output: after a change, only the lines that differ from the last
//     frame are written, in the client's colour profile, through one
//     writer that gives up (and calls OnStall) when the client stops
//     reading; nothing is drawn while nothing changes;
//   - terminal modes (alt screen, cursor, bracketed paste) and the
//     background-colour query are written by the bridge and reset at the end.
package bridge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// Defaults for the zero fields of a Config.
const (
	DefaultWriteTimeout = 15 * time.Second
	DefaultResizeEvery  = 50 * time.Millisecond
	DefaultMaxPaste     = 256
)

// Source is an outside feed of messages for the program, such as the room
// hub. It calls the OnWake function when Notify fires or Done closes; the
// session then calls Drain after Notify has fired, and Drain(send, true)
// once after Done has closed.
type Source interface {
	Notify() <-chan struct{}
	Done() <-chan struct{}
	Drain(send func(tea.Msg), done bool)
	OnWake(wake func())
}

// RowViewer is a model that can hand its frame over as rows: the bridge
// then asks for ViewRows instead of View. ViewRows appends the rows of
// the view's content to dst (none holding a line break) and leaves the
// view's Content empty; the bridge is done with the rows when its frame is
// written.
type RowViewer interface {
	ViewRows(dst []string) (tea.View, []string)
}

// Monochrome reports whether a TERM in env names a monochrome terminal
// description (terminfo's naming: xterm-mono, vt100-m, ...-nc, ...-bw),
// which colorprofile.Env still gives colours. Either TERM counts: the one
// the client's pty request gave and one sent with SetEnv.
func Monochrome(env []string) bool {
	for _, kv := range env {
		term, ok := strings.CutPrefix(kv, "TERM=")
		if !ok {
			continue
		}
		for _, suffix := range []string{"-mono", "-m", "-nc", "-bw"} {
			if strings.HasSuffix(term, suffix) {
				return true
			}
		}
	}
	return false
}

// Config describes one session.
type Config struct {
	// Model is the program's root model.
	Model tea.Model
	// In is the client's input; Out its output. Only the bridge writes to
	// Out while the session runs.
	In  io.Reader
	Out io.Writer
	// Window is the client's terminal size, kept up to date by the caller.
	Window *Window
	// Clamp bounds a size before it reaches the model (nil: as is).
	Clamp func(cols, rows int) (int, int)
	// Env is the client's environment (TERM included), for the program.
	Env []string
	// Profile is the client's colour profile: frames are downsampled to it.
	Profile colorprofile.Profile
	// Source feeds messages from outside (nil: none).
	Source Source
	// Filter sees every message before the model (nil: none). Suspend is
	// always turned into Resume: a remote session cannot be suspended.
	Filter func(tea.Model, tea.Msg) tea.Msg
	// WriteTimeout is how long one write may make no progress before the
	// session is given up and OnStall called.
	WriteTimeout time.Duration
	// OnStall is called once when a write stalls or fails; it should close
	// the connection.
	OnStall func()
	// ResizeEvery is the least time between two applied window changes.
	ResizeEvery time.Duration
	// MaxPaste caps the bytes one bracketed paste delivers.
	MaxPaste int
	// Pool runs the model's work (nil: the session's own goroutine does).
	Pool *Pool
	// OnFrame, when set, is told how long each frame took to draw (the
	// model's View and the diff against the screen), for metrics. It must
	// not block.
	OnFrame func(time.Duration)
}

// Session is one running program.
type Session struct {
	cfg  Config
	p    *tea.Program
	root *root
	ctx  context.Context
	stop context.CancelFunc
	// delivery: see wake. lw, lh is the last size sent; lastResize when.
	dmu               sync.Mutex
	delivering, again bool
	sourceDone        bool
	lw, lh            int
	lastResize        time.Time
	// panicked is the first panic of a model's update or command that ran
	// outside Bubble Tea's loop (see direct).
	panicked atomic.Pointer[any]
}

// repaintMsg asks for a full repaint (tea.ClearScreen, which the missing
// renderer would ignore).
type repaintMsg struct{}

// bellMsg rings the terminal's bell with the next frame: what a model's
// tea.Raw(ansi.BEL) becomes (no other raw output reaches the client).
type bellMsg struct{}

// flushMsg tells the root model that a read's events have all been
// delivered: time to draw.
type flushMsg struct{}

// New prepares a session; Run starts it. The session ends when ctx ends,
// the model quits, or the input ends.
func New(ctx context.Context, cfg Config) *Session {
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = DefaultWriteTimeout
	}
	if cfg.ResizeEvery <= 0 {
		cfg.ResizeEvery = DefaultResizeEvery
	}
	if cfg.MaxPaste <= 0 {
		cfg.MaxPaste = DefaultMaxPaste
	}
	if cfg.Clamp == nil {
		cfg.Clamp = func(w, h int) (int, int) { return w, h }
	}
	if cfg.Profile < colorprofile.Ascii || Monochrome(cfg.Env) {
		// There is a terminal: keep the cursor moves, drop the colours.
		cfg.Profile = colorprofile.Ascii
	}
	ctx, stop := context.WithCancel(ctx)
	s := &Session{cfg: cfg, ctx: ctx, stop: stop}
	onStall := func() {
		stop()
		if cfg.OnStall != nil {
			cfg.OnStall()
		}
	}
	out := newStallWriter(cfg.Out, cfg.WriteTimeout, onStall)
	s.root = &root{inner: cfg.Model, scr: &screen{out: out, profile: cfg.Profile}, onFrame: cfg.OnFrame, pool: cfg.Pool}
	w, h := cfg.Clamp(cfg.Window.Size())
	s.root.w, s.root.h = w, h
	s.lw, s.lh = w, h
	s.p = tea.NewProgram(s.root,
		tea.WithContext(ctx),
		tea.WithInput(nil),
		tea.WithOutput(io.Discard), // Bubble Tea itself never writes to the client
		tea.WithoutRenderer(),
		tea.WithoutSignalHandler(),
		tea.WithFPS(1), // until stopTicker has stopped it
		tea.WithEnvironment(cfg.Env),
		tea.WithColorProfile(cfg.Profile),
		tea.WithWindowSize(w, h),
		tea.WithFilter(s.filter),
	)
	s.root.stopTicker = func() { stopTicker(s.p) }
	return s
}

// Run runs the program until the session ends, then resets the terminal.
// An ordinary end (the client left, the server shut down) is not an error.
func (s *Session) Run() error {
	defer s.stop()
	r := &reader{
		in:       s.cfg.In,
		send:     func(ev uv.Event) { s.p.Send(ev) },
		flush:    func() { s.p.Send(flushMsg{}) },
		maxPaste: s.cfg.MaxPaste,
	}
	go func() {
		r.run()
		s.stop() // the input ended: so does the session
	}()
	s.cfg.Window.OnChange(s.wake)
	if s.cfg.Source != nil {
		s.cfg.Source.OnWake(s.wake)
	}
	s.wake() // for what came before the wake functions were set
	_, err := s.p.Run()
	s.root.mu.Lock()
	s.root.ended = true
	s.root.scr.leave()
	s.root.mu.Unlock()
	if p := s.panicked.Load(); p != nil {
		return fmt.Errorf("%w: %v", tea.ErrProgramPanic, *p)
	}
	if errors.Is(err, tea.ErrProgramPanic) {
		return err
	}
	if errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, context.Canceled) {
		return nil // the client left or the server shut the session
	}
	return err
}

// Quit asks the program to end. It never blocks for long: a program that
// has ended, or never reads, is left alone.
func (s *Session) Quit() {
	go s.p.Quit()
}

// wake delivers window changes and the Source's messages on a goroutine
// that exists only while there is something to deliver: an idle session
// has none. It never blocks, so the hub and the SSH request path may call
// it; calls while a delivery runs make that delivery look again.
func (s *Session) wake() {
	s.dmu.Lock()
	defer s.dmu.Unlock()
	if s.delivering {
		s.again = true
		return
	}
	s.delivering = true
	go s.deliver()
}

// deliver runs deliverOnce until no wake came in meanwhile. Its goroutine
// starts on the runtime's smallest stack; reserveStack grows that at once
// to what drawing an update takes, while it holds almost nothing to copy,
// instead of doubling it twice in the middle of the update (copying every
// frame each time).
func (s *Session) deliver() {
	reserveStack(0)
	for {
		s.deliverOnce()
		s.dmu.Lock()
		if !s.again || s.ctx.Err() != nil {
			s.delivering = false
			s.dmu.Unlock()
			return
		}
		s.again = false
		s.dmu.Unlock()
	}
}

// deliverOnce sends what waits: the Source's updates, its farewell once,
// and the latest window size when it changed (at most every ResizeEvery;
// sizes that clamp to the one the program has are dropped).
func (s *Session) deliverOnce() {
	if s.ctx.Err() != nil {
		return
	}
	if src := s.cfg.Source; src != nil && !s.sourceDone {
		select {
		case <-src.Done():
			s.sourceDone = true
			src.Drain(s.direct, true)
		default:
			select {
			case <-src.Notify():
				src.Drain(s.direct, false)
			default:
			}
		}
	}
	select {
	case <-s.cfg.Window.Changed():
	default:
		return
	}
	if wait := s.cfg.ResizeEvery - time.Since(s.lastResize); wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-s.ctx.Done():
			t.Stop()
			return
		}
	}
	s.lastResize = time.Now()
	w, h := s.cfg.Clamp(s.cfg.Window.Size())
	if w == s.lw && h == s.lh {
		return
	}
	s.lw, s.lh = w, h
	s.p.Send(tea.WindowSizeMsg{Width: w, Height: h})
}

// direct hands an outside message (the hub's) to the model on the
// delivery goroutine itself, not through the program's event loop: the
// update, the frame and the write happen here, under the root's lock, and
// the command it returns runs as Bubble Tea would run it (its message goes
// back through the program). The delivery goroutine is short-lived, so the
// deep stack of drawing goes with it. This saves every session two
// goroutine handoffs per update: measured on 16 cores (server and load
// client on 8 each), drawing hub updates on the shared pool instead made a
// lobby fan-out to 1,000 screens slower (p50 12.5-14 ms against 10 ms, p99
// 23-28 ms against 16-25 ms).
//
// A panic in the model or its command (a bug) ends this session alone, as
// Bubble Tea ends a program whose Update panics on its own loop: Run
// returns an error wrapping tea.ErrProgramPanic with the panic and where
// it happened. The server goes on.
func (s *Session) direct(msg tea.Msg) {
	defer s.recoverPanic()
	if cmd := s.root.apply(msg, false); cmd != nil {
		go func() {
			defer s.recoverPanic()
			if m := cmd(); m != nil {
				s.p.Send(m)
			}
		}()
	}
}

// recoverPanic ends the session on a panic of the goroutine it is
// deferred on, keeping the panic for Run's error.
func (s *Session) recoverPanic() {
	r := recover()
	if r == nil {
		return
	}
	if _, stacked := r.(stackedPanic); !stacked { // Pool.Do's panics carry their stack
		r = fmt.Sprintf("%v\n\n%s", r, debug.Stack())
	}
	s.panicked.CompareAndSwap(nil, &r)
	s.stop() // ends the program through its context (Kill may race its start)
}

// filter applies the caller's filter, keeps suspends out, and turns
// tea.ClearScreen (which the missing renderer would ignore) into a full
// repaint.
func (s *Session) filter(m tea.Model, msg tea.Msg) tea.Msg {
	switch r := msg.(type) {
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	case tea.RawMsg:
		// A model may ring the bell; anything else raw would bypass
		// the screen's bookkeeping, so it is dropped.
		if fmt.Sprint(r.Msg) == string(rune(ansi.BEL)) {
			return bellMsg{}
		}
		return nil
	}
	if msg == tea.ClearScreen() {
		return repaintMsg{}
	}
	if s.cfg.Filter != nil {
		return s.cfg.Filter(m, msg)
	}
	return msg
}

// root wraps the app's model: it draws after every change, through the
// screen, and shows Bubble Tea an empty view so its own per-message View
// call costs nothing.
type root struct {
	// mu serializes everything below: the program's event loop and the
	// delivery goroutine (see Session.direct) both update the model.
	mu         sync.Mutex
	inner      tea.Model
	scr        *screen
	w, h       int
	dirty      bool
	sized      bool // the model has had its window size: frames may be drawn
	ended      bool // the program has ended: draw nothing more
	stopTicker func()
	onFrame    func(time.Duration)
	pool       *Pool // runs the model's work (nil: the caller's goroutine)
}

// Init implements tea.Model.
func (r *root) Init() tea.Cmd {
	r.mu.Lock()
	defer r.mu.Unlock()
	stop := r.stopTicker
	return tea.Batch(r.inner.Init(), func() tea.Msg { stop(); return nil })
}

// Update implements tea.Model: input events mark the screen dirty and are
// drawn at the next flush (once per read, however many keys it held);
// everything else is drawn at once. The model's Update and View run on the
// session's pool (Config.Pool); only the write happens here.
func (r *root) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	return r, r.apply(msg, true)
}

// apply updates the model with msg and writes the frame, if any, under mu;
// pooled runs the model's work on the session's pool (Config.Pool), whose
// long-lived goroutines keep the deep stack it needs (Bubble Tea's own
// loop); the write runs on the caller's goroutine, since a slow client may
// hold it up.
func (r *root) apply(msg tea.Msg, pooled bool) tea.Cmd {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return nil
	}
	var (
		cmd   tea.Cmd
		frame *bytes.Buffer
	)
	if pooled {
		r.pool.Do(func() { cmd, frame = r.step(msg) })
	} else {
		cmd, frame = r.step(msg)
	}
	if frame != nil {
		_ = r.scr.write(frame) // a failed write has already ended the session
	}
	return cmd
}

// step updates the inner model and, when it is time to draw, composes the
// frame to write.
func (r *root) step(msg tea.Msg) (tea.Cmd, *bytes.Buffer) {
	switch msg.(type) {
	case flushMsg:
		if r.sized && (r.dirty || r.scr.full) {
			return nil, r.frame()
		}
		return nil, nil
	case repaintMsg:
		r.scr.full = true
		return nil, r.frame()
	case bellMsg:
		r.scr.bell = true
		if r.sized {
			return nil, r.frame()
		}
		return nil, nil
	}
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		if ws.Width != r.w || ws.Height != r.h || !r.scr.started {
			r.scr.full = r.scr.started
		}
		r.w, r.h = ws.Width, ws.Height
		r.sized = true
	}
	var cmd tea.Cmd
	r.inner, cmd = r.inner.Update(msg)
	if isInput(msg) || !r.sized {
		// Input is drawn at the flush; anything before the model knows
		// its size (a hub update can come first) with the size.
		r.dirty = true
		return cmd, nil
	}
	return cmd, r.frame()
}

func (r *root) frame() *bytes.Buffer {
	r.dirty = false
	var began time.Time
	if r.onFrame != nil {
		began = time.Now()
	}
	rows := rowBufs.Get().(*[]string)
	var v tea.View
	if rv, ok := r.inner.(RowViewer); ok {
		v, *rows = rv.ViewRows((*rows)[:0])
	} else {
		v = r.inner.View()
		*rows = (*rows)[:0]
		for row := range strings.SplitSeq(v.Content, "\n") {
			*rows = append(*rows, row)
		}
	}
	f := r.scr.frame(v, *rows)
	clear(*rows) // keep no row alive
	rowBufs.Put(rows)
	if r.onFrame != nil {
		r.onFrame(time.Since(began))
	}
	return f
}

// rowBufs are the rows of frames being drawn, shared by every session: a
// session holds none while it is idle.
var rowBufs = sync.Pool{New: func() any { return new([]string) }}

// View implements tea.Model with an empty view: the bridge draws.
func (r *root) View() tea.View { return tea.View{} }

// isInput reports whether msg came from the client's input (and so is
// followed by a flush).
func isInput(msg tea.Msg) bool {
	switch msg.(type) {
	case tea.KeyPressMsg, tea.KeyReleaseMsg, tea.MouseMsg, tea.PasteMsg,
		tea.FocusMsg, tea.BlurMsg, tea.BackgroundColorMsg, tea.ForegroundColorMsg,
		tea.CursorColorMsg, tea.CursorPositionMsg, tea.ModeReportMsg,
		tea.CapabilityMsg, tea.TerminalVersionMsg, tea.KeyboardEnhancementsMsg:
		return true
	}
	return false
}

// drawStack is the stack frame reserveStack takes: on a goroutine's first
// 2 KB it makes the runtime give it 8 KB, what a lobby update and its
// frame need (ui's TestLobbyUpdateNeedsLittleStack keeps that at 16 KB at
// most: larger stacks come from the heap, under its global lock).
const drawStack = 6 << 10

// reserveStack grows the calling goroutine's stack by a frame of drawStack
// bytes. The frame is written and read so that the compiler keeps it.
//
//go:noinline
func reserveStack(i int) byte {
	var pad [drawStack]byte
	pad[i%drawStack] = 1
	return pad[(i+1)%drawStack]
}
