package bridge

import (
	"bytes"
	"context"
	"errors"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// collect runs a reader over chunks and returns the events it sent, as
// strings, with "|" for every flush. An unfinished escape sequence waits
// an hour for its end, or, after the last chunk, expires at once.
func collect(t *testing.T, maxPaste int, chunks ...string) string {
	t.Helper()
	var (
		mu  sync.Mutex
		out []string
	)
	r := &reader{
		send: func(ev uv.Event) {
			mu.Lock()
			defer mu.Unlock()
			switch e := ev.(type) {
			case uv.PasteEvent:
				out = append(out, "paste:"+e.Content)
			case uv.KeyPressEvent:
				out = append(out, e.String())
			default:
				out = append(out, "?")
			}
		},
		flush:    func() { mu.Lock(); out = append(out, "|"); mu.Unlock() },
		maxPaste: maxPaste,
		escWait:  time.Hour,
	}
	for _, c := range chunks {
		r.feed([]byte(c)) // as run does for each read
	}
	r.expire() // as the timer would
	mu.Lock()
	defer mu.Unlock()
	return strings.Join(out, " ")
}

func TestReaderDecodes(t *testing.T) {
	for _, c := range []struct {
		name   string
		chunks []string
		want   string
	}{
		{"keys in one read", []string{"jk\x1b[A"}, "j k up |"},
		{"lone esc expires as Escape", []string{"\x1b"}, "esc |"},
		{"csi split over reads", []string{"a\x1b[", "B"}, "a | down |"},
		{"ss3 split", []string{"\x1bO", "A"}, "up |"},
		{"paste", []string{"x\x1b[200~hello\x1b[201~y"}, "x paste:hello y |"},
		{"paste split everywhere", []string{"\x1b[20", "0~he", "llo\x1b[2", "01~"}, "paste:hello |"},
		{"paste capped at a rune", []string{"\x1b[200~ééééé\x1b[201~"}, "paste:éé |"},
		{"stray paste end", []string{"\x1b[201~q"}, "q |"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := collect(t, 5, c.chunks...); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestReaderPasteIsBounded: an endless paste keeps at most maxPaste bytes.
func TestReaderPasteIsBounded(t *testing.T) {
	r := &reader{send: func(uv.Event) {}, flush: func() {}, maxPaste: 256}
	r.feed([]byte("\x1b[200~"))
	chunk := bytes.Repeat([]byte("abc\x1b[201"), 32)
	for i := 0; i < 10000; i++ {
		r.feed(chunk)
	}
	if len(r.paste) > 256 || cap(r.paste) > 1024 || len(r.tail) >= len(pasteEnd) || len(r.pending) > 0 {
		t.Errorf("paste holds %d bytes (cap %d), tail %d, pending %d", len(r.paste), cap(r.paste), len(r.tail), len(r.pending))
	}
}

// screenOf replays what a screen wrote through a terminal emulator.
func screenOf(t *testing.T, w, h int, out []byte) string {
	t.Helper()
	e := vt.NewEmulator(w, h)
	go func() { _, _ = io.Copy(io.Discard, e) }()
	_, _ = e.Write(out)
	return e.String()
}

func TestScreenDrawsOnlyChangedLines(t *testing.T) {
	var out bytes.Buffer
	s := &screen{out: newStallWriter(&out, time.Second, nil), profile: colorprofile.TrueColor}
	view := func(c string) tea.View { v := tea.NewView(c); v.AltScreen = true; return v }
	if err := draw(s, view("one\ntwo\nthree")); err != nil {
		t.Fatal(err)
	}
	first := out.Len()
	if err := draw(s, view("one\nTWO\nthree")); err != nil {
		t.Fatal(err)
	}
	second := out.Bytes()[first:]
	if bytes.Contains(second, []byte("one")) || bytes.Contains(second, []byte("three")) || !bytes.Contains(second, []byte("TWO")) {
		t.Errorf("second frame rewrote unchanged lines: %q", second)
	}
	if err := draw(s, view("one\nTWO")); err != nil {
		t.Fatal(err)
	}
	if got := screenOf(t, 10, 4, out.Bytes()); !strings.HasPrefix(got, "one\nTWO\n\n") {
		t.Errorf("screen:\n%s", got)
	}
	n := out.Len()
	if err := draw(s, view("one\nTWO")); err != nil {
		t.Fatal(err)
	}
	if unchanged := out.Bytes()[n:]; bytes.Contains(unchanged, []byte("TWO")) {
		t.Errorf("an unchanged frame was redrawn: %q", unchanged)
	}
}

func TestScreenDownsamplesColour(t *testing.T) {
	var out bytes.Buffer
	s := &screen{out: newStallWriter(&out, time.Second, nil), profile: colorprofile.Ascii}
	if err := draw(s, tea.NewView("\x1b[38;2;255;0;0mred\x1b[m")); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out.Bytes(), []byte("38;2")) || !bytes.Contains(out.Bytes(), []byte("red")) {
		t.Errorf("ascii profile kept the colour: %q", out.Bytes())
	}
}

// blockingWriter never returns from Write until closed.
type blockingWriter struct{ closed chan struct{} }

func (b *blockingWriter) Write(p []byte) (int, error) {
	<-b.closed
	return 0, io.ErrClosedPipe
}

func TestStallWriterGivesUp(t *testing.T) {
	bw := &blockingWriter{closed: make(chan struct{})}
	var once sync.Once
	w := newStallWriter(bw, 20*time.Millisecond, func() { once.Do(func() { close(bw.closed) }) })
	if _, err := w.Write([]byte("frame")); err == nil {
		t.Fatal("a stalled write succeeded")
	}
	if _, err := w.Write([]byte("more")); err != errStalled {
		t.Errorf("write after a stall: %v, want %v", err, errStalled)
	}
}

// idle is a model that draws once and then waits.
type idle struct{}

func (idle) Init() tea.Cmd                       { return nil }
func (idle) Update(tea.Msg) (tea.Model, tea.Cmd) { return idle{}, nil }
func (idle) View() tea.View                      { return tea.NewView("idle") }

// TestTickerStopped: once a session has started, Bubble Tea's render
// ticker no longer runs, so an idle session does no work at all. If an
// upgrade makes stopTicker useless, this fails: see ticker.go.
func TestTickerStopped(t *testing.T) {
	in, inW := io.Pipe()
	defer inW.Close()
	ctx, cancel := context.WithCancel(context.Background())
	s := New(ctx, Config{Model: idle{}, In: in, Out: io.Discard, Window: NewWindow(80, 24)})
	done := make(chan error, 1)
	go func() { done <- s.Run() }()
	deadline := time.Now().Add(5 * time.Second)
	for tickerRunning() {
		if time.Now().After(deadline) {
			t.Fatal("the render ticker still runs 5 s after the session started")
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

// tickerRunning reports whether a goroutine sits in Bubble Tea's render
// loop (startRenderer's goroutine).
func tickerRunning() bool {
	buf := make([]byte, 1<<20)
	return strings.Contains(string(buf[:runtime.Stack(buf, true)]), "startRenderer.func")
}

// TestPanicInModelEndsOnlyItsSession: a model that panics ends its own
// session with an error; the shared pool goes on serving others.
func TestPanicInModelEndsOnlyItsSession(t *testing.T) {
	in, inW := io.Pipe()
	defer inW.Close()
	pool := NewPool(1)
	defer pool.Close()
	s := New(context.Background(), Config{Model: panicky{}, In: in, Out: io.Discard, Window: NewWindow(80, 24), Pool: pool})
	if err := s.Run(); err == nil {
		t.Error("a panicking model's session ended without an error")
	}
	var v tea.View
	pool.Do(func() { v = idle{}.View() })
	if v.Content != "idle" {
		t.Errorf("the pool no longer runs jobs: %q", v.Content)
	}
}

// TestPanicOnAnOutsideMessageEndsOnlyItsSession: a model that panics on a
// message from its Source (the hub's, delivered outside Bubble Tea's loop,
// where nothing else would recover it) ends its own session with an error
// that says where; the process goes on.
func TestPanicOnAnOutsideMessageEndsOnlyItsSession(t *testing.T) {
	in, inW := io.Pipe()
	defer inW.Close()
	pool := NewPool(1)
	defer pool.Close()
	f := newFeed()
	s := New(context.Background(), Config{Model: hubPanicky{}, In: in, Out: io.Discard, Window: NewWindow(80, 24), Pool: pool, Source: f})
	done := make(chan error, 1)
	go func() { done <- s.Run() }()
	f.post()
	select {
	case err := <-done:
		if !errors.Is(err, tea.ErrProgramPanic) || !strings.Contains(err.Error(), "hub message bug") || !strings.Contains(err.Error(), "hubPanicky") {
			t.Errorf("the session ended with %v, want the panic and where it happened", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the session did not end after its model panicked")
	}
}

// hubPanicky panics on the feed's broadcast.
type hubPanicky struct{}

func (hubPanicky) Init() tea.Cmd { return nil }
func (h hubPanicky) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(broadcast); ok {
		panic("hub message bug")
	}
	return h, nil
}
func (hubPanicky) View() tea.View { return tea.NewView("") }

// panicky panics on its first update.
type panicky struct{}

func (panicky) Init() tea.Cmd                       { return nil }
func (panicky) Update(tea.Msg) (tea.Model, tea.Cmd) { panic("model bug") }
func (panicky) View() tea.View                      { return tea.NewView("") }

// draw writes what changed between the screen's last frame and v, as the
// root model does in two steps.
func draw(s *screen, v tea.View) error { return s.write(s.frame(v, strings.Split(v.Content, "\n"))) }

// TestMonochromeTerminals: TERM=xterm-mono and the other monochrome
// terminfo names turn colours off, as NO_COLOR does.
func TestMonochromeTerminals(t *testing.T) {
	for term, mono := range map[string]bool{"xterm-mono": true, "vt100-m": true, "screen-bw": true, "xterm-nc": true,
		"xterm-256color": false, "xterm": false, "tmux-256color": false, "mono": false} {
		if got := Monochrome([]string{"LANG=C", "TERM=" + term}); got != mono {
			t.Errorf("TERM=%s: monochrome %v, want %v", term, got, mono)
		}
	}
	if !Monochrome([]string{"TERM=xterm-mono", "TERM=xterm-256color"}) {
		t.Error("a TERM sent with SetEnv did not count")
	}
}

// TestFullWidthLineKeepsItsLastColumn: a line as wide as the terminal
// keeps its last character (erasing after it would take it).
func TestFullWidthLineKeepsItsLastColumn(t *testing.T) {
	var out bytes.Buffer
	s := &screen{out: newStallWriter(&out, time.Second, nil), profile: colorprofile.TrueColor}
	view := tea.NewView("0123456789\nabc")
	view.AltScreen = true
	if err := draw(s, view); err != nil {
		t.Fatal(err)
	}
	if got := screenOf(t, 10, 3, out.Bytes()); !strings.HasPrefix(got, "0123456789\nabc") {
		t.Errorf("screen:\n%q", got)
	}
}

// ringer rings the bell and tries other raw output at the start.
type ringer struct{}

func (ringer) Init() tea.Cmd {
	return tea.Sequence(tea.Raw(string(rune(ansi.BEL))), tea.Raw("\x1b]0;evil\x07paint"))
}
func (ringer) Update(tea.Msg) (tea.Model, tea.Cmd) { return ringer{}, nil }
func (ringer) View() tea.View                      { return tea.NewView("ringer") }

// lockedBuffer is a bytes.Buffer safe for a writer and a reader.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestBellOnlyRawOutput: a model's tea.Raw of the bell reaches the
// terminal; any other raw output (a title, text) never does.
func TestBellOnlyRawOutput(t *testing.T) {
	in, inW := io.Pipe()
	defer inW.Close()
	out := &lockedBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	s := New(ctx, Config{Model: ringer{}, In: in, Out: out, Window: NewWindow(80, 24)})
	done := make(chan error, 1)
	go func() { done <- s.Run() }()
	deadline := time.Now().Add(5 * time.Second)
	// The bell starts a frame, or comes right after the OSC that asks for
	// the background colour (whose own "\a" ends it) when the bell wins
	// the race with the first frame.
	rang := func(s string) bool {
		return strings.Contains(s, "\x1b[?2026h\a") || strings.Contains(s, "\x1b]11;?\a\a")
	}
	for !rang(out.String()) {
		if time.Now().After(deadline) {
			t.Fatalf("no bell in %q", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	cancel()
	<-done
	if got := out.String(); strings.Contains(got, "evil") || strings.Contains(got, "paint") || strings.Count(got, "\a") != 2 { // the query's end and one bell
		t.Errorf("raw output other than one bell reached the terminal: %q", got)
	}
}

// sizes records the size of every write.
type sizes struct{ n []int }

func (s *sizes) Write(p []byte) (int, error) { s.n = append(s.n, len(p)); return len(p), nil }

// TestWholeScreensGoInSmallPackets: a whole screen reaches the connection
// in pieces of at most screenPiece bytes, since x/crypto/ssh keeps buffers
// as large as the largest write for the connection's whole life; an update
// of a few rows, even one larger than a piece, goes out in one write.
func TestWholeScreensGoInSmallPackets(t *testing.T) {
	rec := &sizes{}
	s := &screen{out: newStallWriter(rec, time.Second, nil), profile: colorprofile.TrueColor}
	row := "\x1b[1;38;2;200;100;50m" + strings.Repeat("x", 110) + "\x1b[m"
	page := strings.TrimSuffix(strings.Repeat(row+"\n", 40), "\n")
	v := tea.NewView(page)
	v.AltScreen = true
	if err := draw(s, v); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, n := range rec.n {
		total += n
		if n > 1<<10 {
			t.Errorf("a write of %d bytes, want at most 1 KiB: %v", n, rec.n)
		}
	}
	if total < len(page) {
		t.Errorf("wrote %d bytes of a %d-byte screen", total, len(page))
	}
	rec.n = nil
	v.Content = strings.Replace(page, row, strings.ReplaceAll(row, "x", "y"), 12)
	if err := draw(s, v); err != nil {
		t.Fatal(err)
	}
	if len(rec.n) != 1 || rec.n[0] < 1<<10 {
		t.Errorf("an update of twelve rows took writes of %v bytes, want one of over 1 KiB", rec.n)
	}
}

// TestFrameAllocatesNothing: once the screen has drawn, composing an
// update (changed rows, a row gone) allocates nothing, in full colour and
// downsampled (the downsampled rows come from the shared cache).
func TestFrameAllocatesNothing(t *testing.T) {
	if raceOn {
		t.Skip("the race detector makes sync.Pool drop buffers")
	}
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256} {
		s := &screen{out: newStallWriter(io.Discard, time.Second, nil), profile: p}
		a := tea.NewView("\x1b[38;2;255;0;0mred\x1b[m\none\ntwo\nthree")
		b := tea.NewView("\x1b[38;2;0;0;255mblue\x1b[m\none\nTWO")
		if err := draw(s, a); err != nil {
			t.Fatal(err)
		}
		if err := draw(s, b); err != nil {
			t.Fatal(err)
		}
		rowsA, rowsB := strings.Split(a.Content, "\n"), strings.Split(b.Content, "\n")
		flip := false
		allocs := testing.AllocsPerRun(200, func() {
			flip = !flip
			v, rows := a, rowsA
			if flip {
				v, rows = b, rowsB
			}
			_ = s.write(s.frame(v, rows))
		})
		if allocs > 0.5 {
			t.Errorf("profile %v: %.1f allocations per frame, want none", p, allocs)
		}
	}
}
