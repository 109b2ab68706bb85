package rooms

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
	"arcade/rooms/store/sqlite"
)

// BenchmarkMoveKept times one move from a player's Act to the other
// player's screen at a table kept in SQLite: the move is applied, saved
// (the table waits for its write) and then shown.
func BenchmarkMoveKept(b *testing.B) {
	db, err := sqlite.Open(filepath.Join(b.TempDir(), "arcade.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	h := NewHub(Config{Games: toyGames, Store: db})
	defer h.Close()
	a, c := connect(b, h, "ann"), connect(b, h, "bob")
	startToy(b, toyID, engine.Options{"target": "1000000"}, a, c)
	players := []*probe{a, c}
	b.ResetTimer()
	for i := range b.N {
		mover, other := players[i%2], players[(i+1)%2]
		if err := mover.Act(addOne); err != nil {
			b.Fatal(err)
		}
		other.until("the move", func() bool { return other.tu != nil && view(b, other.tu).Count == i+1 })
	}
}

// BenchmarkLoginAmongStoredTables times a keyed player's login on a hub
// that restored 10,000 correspondence tables, 20 of them the player's:
// Connect alone (the login without a list of the player's tables), and
// Connect with the player's Turns (the list the lobby shows first). The
// tables a player holds come from an index, so the two stay close. It
// reports the median and the 99th percentile as p50-ns and p99-ns.
func BenchmarkLoginAmongStoredTables(b *testing.B) {
	const n = 10000
	db := store.NewMemory()
	for i := range n {
		seats := []store.Seat{{ID: fmt.Sprintf("key:p%d", i), Name: "p"}, {ID: fmt.Sprintf("key:q%d", i), Name: "q"}}
		if i%(n/20) == 0 {
			seats[1] = store.Seat{ID: "key:anna", Name: "anna"}
		}
		rec := store.Table{ID: fmt.Sprintf("t%d", i+1), Seq: uint64(i + 1), Code: codeFor(i), Game: toyID,
			Status: string(Playing), Seed: uint64(i), Clock: string(ClockDay), Seats: seats,
			Options: engine.Options{"target": "1000000"}, Fresh: true}
		if err := db.SaveTable(&rec, 0); err != nil {
			b.Fatal(err)
		}
	}
	h := NewHub(Config{Games: toyGames, Store: db})
	defer h.Close()
	for _, withTurns := range []bool{false, true} {
		b.Run(fmt.Sprintf("turns=%v", withTurns), func(b *testing.B) {
			took := make([]time.Duration, 0, b.N)
			for range b.N {
				began := time.Now()
				c := h.Connect(Player{ID: "key:anna", Name: "anna"})
				if withTurns {
					if turns := c.Turns(); len(turns) != 20 {
						b.Fatalf("%d tables for anna, want 20", len(turns))
					}
				}
				took = append(took, time.Since(began))
				b.StopTimer()
				c.Close()
				b.StartTimer()
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2]), "p50-ns")
			b.ReportMetric(float64(took[len(took)*99/100]), "p99-ns")
		})
	}
}

// codeFor is a distinct valid invite code for table i.
func codeFor(i int) string {
	code := make([]byte, 6)
	for j := range code {
		code[j] = codeAlphabet[i%len(codeAlphabet)]
		i /= len(codeAlphabet)
	}
	return string(code)
}
