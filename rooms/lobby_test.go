package rooms

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

func TestLobbyIntervalGrowsWithSessions(t *testing.T) {
	every := 200 * time.Millisecond
	for _, c := range []struct {
		n     int
		board bool
		want  time.Duration
	}{
		{10, false, every},
		{10, true, every},
		{1000, false, 500 * time.Millisecond},
		{1000, true, every},
		{4000, false, 2 * time.Second},
		{4000, true, 500 * time.Millisecond},
		{10000, false, 5 * time.Second},
		{10000, true, boardLatest},
		{100000, true, boardLatest},
	} {
		if got := lobbyInterval(every, defaultLobbyScreens, c.n, c.board); got != c.want {
			t.Errorf("lobbyInterval(%d sessions, board %v) = %v, want %v", c.n, c.board, got, c.want)
		}
	}
}

// versionCounter counts the lobby snapshots a client takes while it runs.
type versionCounter struct {
	mu       sync.Mutex
	versions map[uint64]bool
	last     LobbyUpdate
	stop     chan struct{}
	done     chan struct{}
}

func countVersions(c *Client) *versionCounter {
	v := &versionCounter{versions: map[uint64]bool{}, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(v.done)
		for {
			select {
			case <-v.stop:
				return
			case <-c.Notify():
			}
			if l, _ := c.Take(); l != nil {
				v.mu.Lock()
				v.versions[l.Version] = true
				v.last = *l
				v.mu.Unlock()
			}
		}
	}()
	return v
}

func (v *versionCounter) count() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return len(v.versions)
}

func (v *versionCounter) online() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.last.Online
}

// A storm of arrivals into a full lobby is broadcast a bounded number of
// times (one per interval for the sessions present), not once per
// LobbyEvery: every broadcast redraws every lobby screen.
func TestLobbyStormIsCoalescedBySize(t *testing.T) {
	const present, arrivals, screens = 100, 300, 200
	h := testHub(t, Config{LobbyEvery: 5 * time.Millisecond, LobbyScreens: screens})
	for i := range present {
		h.Connect(Player{Name: fmt.Sprintf("p%03d", i)})
	}
	watcher := h.Connect(Player{Name: "watcher"})
	counter := countVersions(watcher)
	began := time.Now()
	for i := range arrivals {
		h.Connect(Player{Name: fmt.Sprintf("a%03d", i)})
		time.Sleep(3 * time.Millisecond)
	}
	took := time.Since(began)
	everyone := present + arrivals + 1
	deadline := time.Now().Add(patience)
	for counter.online() != everyone && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	close(counter.stop)
	<-counter.done
	if got := counter.online(); got != everyone {
		t.Fatalf("the lobby shows %d online after the storm, want %d", got, everyone)
	}
	// The interval is at least present/screens seconds all along.
	least := present * time.Second / screens
	bound := int(took/least) + 3
	if got := counter.count(); got > bound {
		t.Errorf("%d arrivals over %v reached a lobby session as %d snapshots; want at most %d (one per %v)",
			arrivals, took.Round(time.Millisecond), got, bound, least)
	}
}

// An arrival gets the last snapshot, not one built for it: who is online
// is sorted once per broadcast, not once per arrival. (A broadcast may
// still come between two arrivals, on the lobby's timer when the machine
// is slow: the arrival then gets that one, which the first session has
// too.)
func TestLobbyArrivalTakesTheLastSnapshot(t *testing.T) {
	h := testHub(t, Config{LobbyEvery: time.Hour})
	first := connect(t, h, "ann")
	first.lobbyWhere("the lobby", func(*LobbyUpdate) bool { return true })
	for _, name := range []string{"ben", "cat", "dan"} {
		p := connect(t, h, name)
		p.lobbyWhere("the lobby", func(*LobbyUpdate) bool { return true })
		first.drain()
		if p.lobby.Version > first.lobby.Version {
			t.Fatalf("%s arrived to snapshot %d, built for them: the last one built is %d", name, p.lobby.Version, first.lobby.Version)
		}
	}
}

// A table opening reaches the lobby within a second, however slowly who is
// online is broadcast, even while people keep arriving.
func TestLobbyTableShowsWithinASecondInAStorm(t *testing.T) {
	h := testHub(t, Config{LobbyEvery: 5 * time.Millisecond, LobbyScreens: 10})
	for i := range 50 {
		h.Connect(Player{Name: fmt.Sprintf("p%03d", i)})
	}
	if got := lobbyInterval(5*time.Millisecond, 10, 50, false); got < 5*time.Second {
		t.Fatalf("who is online goes out every %v with 50 sessions; the test wants it slower than the table", got)
	}
	watcher := connect(t, h, "watcher")
	watcher.lobbyWhere("the lobby", func(*LobbyUpdate) bool { return true })
	stop := make(chan struct{})
	var storm sync.WaitGroup
	storm.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
				h.Connect(Player{Name: fmt.Sprintf("s%04d", i)})
			}
		}
	})
	defer func() { close(stop); storm.Wait() }()
	time.Sleep(300 * time.Millisecond) // the storm is under way
	host := connect(t, h, "host")
	must(t, host.Create(toyID, 2, false, nil))
	opened := time.Now()
	watcher.within(time.Second, "the new table", func() bool {
		return watcher.lobby != nil && len(watcher.lobby.Tables) == 1
	})
	t.Logf("the table showed after %v", time.Since(opened).Round(time.Millisecond))
}

// TestLobbyListsJoinableTablesFirst: a table with a free seat comes before
// a full one waiting to start, whichever opened first.
func TestLobbyListsJoinableTablesFirst(t *testing.T) {
	h := testHub(t, Config{})
	a, b, c, w := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cy"), connect(t, h, "wes")
	must(t, a.Create(toyID, 2, false, nil))
	full := a.seated().Table.ID
	must(t, b.Join(full))
	must(t, c.Create(toyID, 2, false, nil))
	open := c.seated().Table.ID
	w.lobbyWhere("the joinable table first", func(l *LobbyUpdate) bool {
		return len(l.Tables) == 2 && l.Tables[0].ID == open && l.Tables[1].ID == full
	})
}
