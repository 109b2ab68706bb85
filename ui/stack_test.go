package ui

import (
	"runtime"
	"sync"
	"testing"

	"arcade/rooms"
)

// TestLobbyUpdateNeedsLittleStack: the terminal bridge applies the hub's
// updates on a goroutine made for each (so that an idle session holds no
// grown stack), so a lobby update and its frame must fit in a small
// stack: one over 16 KB comes from the heap under its global lock, which
// a fan-out to thousands of screens on many cores then queues on (and
// growing a stack copies it each time it doubles).
func TestLobbyUpdateNeedsLittleStack(t *testing.T) {
	if raceOn {
		t.Skip("the race detector's instrumentation makes frames larger")
	}
	hub := newHub(t)
	const n = 100
	apps := make([]*App, n)
	for i := range apps {
		apps[i] = newDriver(t, hub, "p"+string(rune('a'+i%26))+string(rune('a'+i/26)), 120, 40).app
	}
	u := rooms.LobbyUpdate{Version: 1 << 40, Online: n, Tables: []rooms.TableSummary{{ID: "t1", Game: "firelibrary",
		GameName: "Fire in the Library", Seats: 3, Taken: 1, Status: rooms.Waiting, Host: "pa"}}}
	var before, after runtime.MemStats
	release := make(chan struct{})
	var updated sync.WaitGroup
	runtime.GC()
	runtime.ReadMemStats(&before)
	for _, a := range apps {
		updated.Add(1)
		go func() {
			a.Update(u)
			a.ViewRows(nil)
			updated.Done()
			<-release // hold the stack the update grew
		}()
	}
	updated.Wait()
	runtime.ReadMemStats(&after)
	close(release)
	if per := (int64(after.StackInuse) - int64(before.StackInuse)) / n; per > 16<<10 {
		t.Errorf("a lobby update grew its goroutine's stack to about %d KB, want 16 at most", per>>10)
	}
}
