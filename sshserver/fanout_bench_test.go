package sshserver_test

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"arcade/rooms"
	"arcade/sshserver/bridge"
	"arcade/ui"

	"github.com/charmbracelet/colorprofile"
)

// BenchmarkLobbyScreens times lobby changes (a table opens, then closes)
// drawn on 500 lobby screens at 120x40: the hub's broadcast, each
// session's model update, its frame and the diff, written to memory, with
// no SSH. cpu-ns/frame is the process's CPU per screen drawn, B/frame the
// heap allocated per screen drawn.
func BenchmarkLobbyScreens(b *testing.B) {
	const n = 500
	hub := rooms.NewHub(rooms.Config{Games: ui.Engines(testGames), LobbyEvery: time.Millisecond, LobbyScreens: 1 << 30})
	defer hub.Close()
	pool := bridge.NewPool(0)
	defer pool.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var (
		frames atomic.Int64
		ended  sync.WaitGroup
	)
	for i := range n {
		c := hub.Connect(rooms.Player{ID: fmt.Sprintf("key:watcher%d", i), Name: fmt.Sprintf("watcher%d", i)})
		in, inW := io.Pipe()
		defer inW.Close()
		s := bridge.New(ctx, bridge.Config{Model: ui.New(c, ui.Options{Games: testGames}), In: in, Out: io.Discard,
			Window: bridge.NewWindow(120, 40), Profile: colorprofile.ANSI256, Source: ui.NewFeed(c), Pool: pool,
			OnFrame: func(time.Duration) { frames.Add(1) }})
		ended.Add(1)
		go func() { defer ended.Done(); _ = s.Run() }()
	}
	// settled waits until every screen has drawn since since and no frame
	// came for a while.
	settled := func(since int64) {
		deadline := time.Now().Add(10 * time.Second)
		last, quiet := frames.Load(), time.Now()
		for time.Now().Before(deadline) {
			time.Sleep(200 * time.Microsecond)
			f := frames.Load()
			if f != last {
				last, quiet = f, time.Now()
			}
			if f-since >= n && time.Since(quiet) > 20*time.Millisecond {
				return
			}
		}
		b.Fatalf("the screens drew %d frames, not %d", frames.Load()-since, n)
	}
	// One opener per change: a player may open only so many tables a minute.
	openers := make([]*rooms.Client, b.N)
	for i := range openers {
		openers[i] = hub.Connect(rooms.Player{ID: fmt.Sprintf("key:opener%d", i), Name: fmt.Sprintf("opener%d", i)})
		defer openers[i].Close()
	}
	settled(0)
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	f0, cpu0 := frames.Load(), processCPU()
	b.ResetTimer()
	for _, opener := range openers {
		f := frames.Load()
		if err := opener.Create("firetower", 2, false, nil); err != nil {
			b.Fatal(err)
		}
		settled(f)
		f = frames.Load()
		if err := opener.Leave(); err != nil {
			b.Fatal(err)
		}
		settled(f)
	}
	b.StopTimer()
	cpu, drawn := processCPU()-cpu0, frames.Load()-f0
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(drawn), "cpu-ns/frame")
	b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(drawn), "B/frame")
	b.ReportMetric(float64(drawn)/float64(b.N*2*n), "frames/screen")
	cancel()
	ended.Wait()
}

// processCPU is the CPU this process has used, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
