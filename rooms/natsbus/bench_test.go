package natsbus

import (
	"path/filepath"
	"testing"

	"arcade/rooms/store"
	"arcade/rooms/store/sqlite"
)

// BenchmarkSaveTableMove measures one SaveTable appending one move to a
// started table, on the JetStream store (an embedded server with file
// storage and no port) and, for comparison in the same run, on the SQLite
// store.
func BenchmarkSaveTableMove(b *testing.B) {
	b.Run("jetstream", func(b *testing.B) {
		benchSaveMove(b, newStore(b, embedded(b), "bench"))
	})
	b.Run("sqlite", func(b *testing.B) {
		s, err := sqlite.Open(filepath.Join(b.TempDir(), "arcade.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		benchSaveMove(b, s)
	})
}

// benchSaveMove saves b.N moves of one table, one SaveTable each.
func benchSaveMove(b *testing.B, s store.Store) {
	tb := testTable("t1-bench", 0)
	if err := s.SaveTable(tb, 0); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n := len(tb.Moves)
		addMove(tb)
		if err := s.SaveTable(tb, n); err != nil {
			b.Fatal(err)
		}
	}
}
