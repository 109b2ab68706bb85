package ui

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"arcade/rooms"
)

// TestIdleSessionStaysSmall: a session idle in the lobby (its hub client
// and its app, after a first frame and a key) keeps little heap: no key
// map, prompt or help of its own (they are shared or made when used). It
// was about 0.9 KiB when written; a key map per screen made it 2.2 KiB.
func TestIdleSessionStaysSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the heap")
	}
	hub := rooms.NewHub(rooms.Config{Games: Engines(testGames), LobbyEvery: time.Millisecond, MaxTablesPerPlayer: 1})
	defer hub.Close()
	const n = 2000
	keep := make([]*App, n)
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	for i := range keep {
		c := hub.Connect(rooms.Player{ID: fmt.Sprint("key:", i), Name: fmt.Sprint("p", i)})
		a := New(c, Options{Games: testGames})
		a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		a.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
		_ = a.render()
		keep[i] = a
	}
	// Let the last lobby broadcast reach every client, as an idle
	// session's would: until it does, the clients that connected after
	// the one before each hold a snapshot of their own.
	time.Sleep(50 * time.Millisecond)
	runtime.GC()
	runtime.ReadMemStats(&m1)
	per := (int64(m1.HeapAlloc) - int64(m0.HeapAlloc)) / n
	t.Logf("heap per idle session (client + app): %d bytes", per)
	if per > 1500 {
		t.Errorf("an idle session keeps %d bytes of heap, want at most 1500", per)
	}
	runtime.KeepAlive(keep)
}
