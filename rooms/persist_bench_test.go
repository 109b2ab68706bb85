package rooms

import (
	"path/filepath"
	"testing"

	"arcade/engine"
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
