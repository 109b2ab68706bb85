package ui

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/rooms"
)

// TestStuckSessionDoesNotStallTable: a session whose program never takes a
// message (its SSH client stopped reading) must not stop the table or the
// other players' screens.
func TestStuckSessionDoesNotStallTable(t *testing.T) {
	hub := rooms.NewHub(rooms.Config{Games: Engines(testGames), BotDelay: time.Millisecond})
	defer hub.Close()
	anna := hub.Connect(rooms.Player{ID: "key:anna", Name: "anna"})
	bob := hub.Connect(rooms.Player{ID: "key:bob", Name: "bob"})
	defer anna.Close()
	defer bob.Close()
	if err := anna.Create("firelibrary", 2, false, engine.Options{}); err != nil {
		t.Fatal(err)
	}
	lobby, table := anna.Take()
	_ = lobby
	if table == nil {
		t.Fatal("no table update after create")
	}
	if err := bob.Join(table.Table.ID); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stuck := make(chan struct{})
	// bob's forwarder takes one update and then hangs in send, as a program
	// whose client stopped reading would; keep what it took.
	bobFirst := make(chan rooms.TableUpdate, 1)
	go Forward(ctx, bob, func(m tea.Msg) {
		if u, ok := m.(rooms.TableUpdate); ok {
			select {
			case bobFirst <- u:
			default:
			}
		}
		<-stuck
	})
	defer close(stuck)

	got := make(chan rooms.TableUpdate, 1000)
	go Forward(ctx, anna, func(m tea.Msg) {
		if u, ok := m.(rooms.TableUpdate); ok {
			got <- u
		}
	})
	if err := anna.Start(); err != nil {
		t.Fatal(err)
	}
	// Play many moves: anna takes her first legal move from her screen's
	// update; bob's moves come straight from his inbox, as his forwarder
	// is stuck.
	moves, done := 0, false
	for !done && moves < 5000 {
		var u rooms.TableUpdate
		select {
		case u = <-got:
		case <-time.After(5 * time.Second):
			t.Fatalf("anna's screen stopped updating after %d moves", moves)
		}
		if u.Outcome.Done {
			done = true
			continue
		}
		if len(u.Legal) > 0 && anna.Act(u.Legal[0]) == nil {
			moves++
		}
		_, b := bob.Take()
		if b == nil {
			select {
			case first := <-bobFirst:
				b = &first
			default:
			}
		}
		if b != nil && len(b.Legal) > 0 && bob.Act(b.Legal[0]) == nil {
			moves++
		}
	}
	if !done {
		t.Fatalf("the game did not end after %d moves", moves)
	}
}

// Forward delivers the client's hub updates to send until ctx ends or the
// hub closes the client, as a session would (the SSH bridge does the same
// through Feed, on demand). send may block while the session does not read,
// which only delays this session: the hub never waits for it.
func Forward(ctx context.Context, c *rooms.Client, send func(tea.Msg)) {
	f := NewFeed(c)
	for {
		select {
		case <-ctx.Done():
			return
		case <-f.Done():
			f.Drain(send, true)
			return
		case <-f.Notify():
			f.Drain(send, false)
		}
	}
}
