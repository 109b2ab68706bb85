package bridge

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// feed is a Source that hands its session one update per Notify, as the
// hub does for a lobby broadcast.
type feed struct {
	notify chan struct{}
	done   chan struct{}
	wake   atomic.Pointer[func()]
}

func newFeed() *feed {
	return &feed{notify: make(chan struct{}, 1), done: make(chan struct{})}
}

func (f *feed) Notify() <-chan struct{} { return f.notify }
func (f *feed) Done() <-chan struct{}   { return f.done }
func (f *feed) OnWake(w func())         { f.wake.Store(&w) }
func (f *feed) Drain(send func(tea.Msg), done bool) {
	if !done {
		send(broadcast{})
	}
}

// post signals an update and wakes the session.
func (f *feed) post() {
	select {
	case f.notify <- struct{}{}:
	default:
	}
	if w := f.wake.Load(); w != nil {
		(*w)()
	}
}

// broadcast is one update from the feed.
type broadcast struct{}

// lobbyish draws a 120x40 screen whose table pane changes with every
// broadcast, through a deep call stack, as lipgloss makes one.
type lobbyish struct{ n int }

func (m *lobbyish) Init() tea.Cmd { return nil }
func (m *lobbyish) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(broadcast); ok {
		m.n++
	}
	return m, nil
}
func (m *lobbyish) View() tea.View {
	v := tea.NewView(deep(48, m.n))
	v.AltScreen = true
	return v
}

// deep builds the screen 48 calls down, each call with a frame of about
// 300 bytes.
func deep(depth, n int) string {
	if depth > 0 {
		var pad [256]byte
		pad[depth%256] = byte(depth)
		return deep(depth-1, n+int(pad[0]))
	}
	var b strings.Builder
	for row := range 40 {
		text := fmt.Sprintf("\x1b[38;5;252mtable %2d  Fire Tower  %d/4 waiting\x1b[m", row, (row+n)%4)
		if row >= 4 && row < 8 {
			text = fmt.Sprintf("\x1b[1;38;5;213mnew table %d\x1b[m", n)
		}
		b.WriteString(text)
		if row < 39 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// BenchmarkLobbyFanOut times one broadcast drawn on 500 sessions' screens,
// written to memory: the bridge's share of a lobby fan-out without the SSH
// write. ns/update is per screen.
func BenchmarkLobbyFanOut(b *testing.B) {
	const n = 500
	pool := NewPool(0)
	defer pool.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var (
		frames   atomic.Int64
		target   atomic.Int64
		signaled atomic.Bool
		all      = make(chan struct{}, 1)
		ended    sync.WaitGroup
	)
	onFrame := func(time.Duration) {
		if frames.Add(1) >= target.Load() && signaled.CompareAndSwap(false, true) {
			all <- struct{}{}
		}
	}
	feeds := make([]*feed, n)
	target.Store(n)
	for i := range feeds {
		feeds[i] = newFeed()
		in, inW := io.Pipe()
		defer inW.Close()
		s := New(ctx, Config{Model: &lobbyish{}, In: in, Out: io.Discard, Window: NewWindow(120, 40),
			Profile: colorprofile.ANSI256, Source: feeds[i], Pool: pool, OnFrame: onFrame})
		ended.Add(1)
		go func() { defer ended.Done(); _ = s.Run() }()
	}
	<-all // every first screen
	cpu0 := cpuTime()
	b.ResetTimer()
	for range b.N {
		signaled.Store(false)
		target.Store(frames.Load() + n)
		for _, f := range feeds {
			f.post()
		}
		<-all
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/update")
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N*n), "cpu-ns/update")
	cancel()
	ended.Wait()
}

// cpuTime is the CPU this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
