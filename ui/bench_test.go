package ui

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/engine/firetower"
	"arcade/rooms"
	uifiretower "arcade/ui/firetower"
)

// BenchmarkActingSeatUpdate is one screen update of the seat that must act
// at a Fire Tower table (thousands of legal placements): the table
// publishes (a rename), the session takes the update and draws its screen.
// It measures what putting the moves in words costs.
func BenchmarkActingSeatUpdate(b *testing.B) {
	games := []Game{{Engine: firetower.Game{}, Board: uifiretower.NewBoard}}
	hub := rooms.NewHub(rooms.Config{Games: Engines(games), Seed: func() uint64 { return 7 }})
	defer hub.Close()
	anna := hub.Connect(rooms.Player{ID: "key:anna", Name: "anna"})
	bob := hub.Connect(rooms.Player{ID: "key:bob", Name: "bob"})
	defer anna.Close()
	defer bob.Close()
	if err := anna.Create("firetower", 2, false, engine.Options{}); err != nil {
		b.Fatal(err)
	}
	_, u := anna.Take()
	if err := bob.Join(u.Table.ID); err != nil {
		b.Fatal(err)
	}
	if err := anna.Start(); err != nil {
		b.Fatal(err)
	}
	// Play first moves until a seat has a card to place: then it has
	// hundreds of legal placements.
	actor, other := anna, bob
	latest := map[*rooms.Client]*rooms.TableUpdate{}
	for tries := 0; ; tries++ {
		if tries == 1000 {
			b.Fatal("no seat got many legal moves")
		}
		time.Sleep(time.Millisecond)
		for _, c := range []*rooms.Client{anna, bob} {
			if _, u := c.Take(); u != nil {
				latest[c] = u
			}
		}
		if u := latest[bob]; u != nil && len(u.Legal) >= 100 {
			actor, other = bob, anna
			break
		}
		if u := latest[anna]; u != nil && len(u.Legal) >= 100 {
			break
		}
		for _, c := range []*rooms.Client{anna, bob} {
			if u := latest[c]; u != nil && len(u.Legal) > 0 {
				_ = c.Act(u.Legal[len(u.Legal)-1])
				latest[c] = nil
			}
		}
	}
	app := New(actor, Options{Games: games})
	app.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	update := func() *rooms.TableUpdate {
		var u *rooms.TableUpdate
		for u == nil {
			<-actor.Notify()
			_, u = actor.Take()
		}
		app.Update(*u)
		_ = app.render()
		return u
	}
	if _, err := other.Rename("px"); err != nil {
		b.Fatal(err)
	}
	u = update()
	b.ResetTimer()
	for i := range b.N {
		if _, err := other.Rename(fmt.Sprint("p", i%2)); err != nil {
			b.Fatal(err)
		}
		update()
	}
	b.ReportMetric(float64(len(u.Legal)), "legal")
}

// BenchmarkLobbyUpdateShared is one lobby session's update and View at
// 120x40 when another session already drew the same broadcast: what each
// of a lobby fan-out's screens costs the ui (the panes are composed once).
func BenchmarkLobbyUpdateShared(b *testing.B) {
	hub := rooms.NewHub(rooms.Config{Games: Engines(testGames)})
	defer hub.Close()
	mk := func(name string) *App {
		c := hub.Connect(rooms.Player{ID: "key:" + name, Name: name})
		a := New(c, Options{Games: testGames})
		a.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		return a
	}
	first, second := mk("anna"), mk("bob")
	ups := []rooms.LobbyUpdate{
		{Version: 1, Online: 2, People: []rooms.Person{{Name: "anna"}, {Name: "bob"}}},
		{Version: 2, Online: 2, People: []rooms.Person{{Name: "anna"}, {Name: "bob"}},
			Tables: []rooms.TableSummary{{ID: "t1", Game: "firelibrary", GameName: "Fire in the Library", Seats: 3, Taken: 1, Status: rooms.Waiting, Host: "anna"}}},
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		u := ups[i%2]
		u.Version = uint64(i + 1)
		b.StopTimer()
		first.Update(u)
		_ = first.View()
		b.StartTimer()
		second.Update(u)
		_ = second.View()
	}
}
