package sqlite

import (
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// busyTables opens a store with n waiting tables of four seats.
func busyTables(b *testing.B, n int) (*Store, []*store.Table) {
	b.Helper()
	s, err := Open(filepath.Join(b.TempDir(), "arcade.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	tables := make([]*store.Table, n)
	for i := range tables {
		tables[i] = &store.Table{ID: fmt.Sprintf("t%d", i+1), Seq: uint64(i + 1), Code: "K7MQ2X", Game: "firelibrary",
			Options: engine.Options{"mode": "standard"}, Creator: store.Player{ID: "key:SHA256:abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG", Name: "ann"},
			Status: "playing", Seed: uint64(i), Created: time.Now(), Started: time.Now(),
			Seats: []store.Seat{{ID: "key:SHA256:abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG", Name: "ann"}, {ID: "key:SHA256:b", Name: "bob"},
				{BotLevel: "hard"}, {BotLevel: "normal"}}}
		if err := s.SaveTable(tables[i], 0); err != nil {
			b.Fatal(err)
		}
	}
	return s, tables
}

// saveMove appends one move to t and saves it, returning how long the
// save took.
func saveMove(b *testing.B, s *Store, t *store.Table) time.Duration {
	n := len(t.Moves)
	t.Moves = append(t.Moves, engine.Move{Seat: engine.Seat(n % 4), Action: engine.Action{Kind: "draw", Args: []int{n % 7, 3}}})
	start := time.Now()
	if err := s.SaveTable(t, n); err != nil {
		b.Error(err)
	}
	return time.Since(start)
}

// report adds moves/s and the p50 and p99 of one SaveTable.
func report(b *testing.B, lat []time.Duration, elapsed time.Duration) {
	slices.Sort(lat)
	q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Nanoseconds()) / 1e3 }
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "moves/s")
	b.ReportMetric(q(0.50), "p50-µs")
	b.ReportMetric(q(0.99), "p99-µs")
	b.ReportMetric(float64(lat[len(lat)-1].Nanoseconds())/1e3, "max-µs")
}

// BenchmarkSaveTable measures moves persisted: one table saving move after
// move; 500 busy tables, each on its own goroutine saving its next move as
// soon as the last is saved (the most the store can take: the latency is
// mostly the wait behind the other 499); and 500 tables each saving a move
// every 100 ms (5,000 moves/s, ten times a server full of bot tables), the
// latency a table sees under a heavy but sustainable load.
func BenchmarkSaveTable(b *testing.B) {
	b.Run("one", func(b *testing.B) {
		s, tables := busyTables(b, 1)
		lat := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		start := time.Now()
		for range b.N {
			lat = append(lat, saveMove(b, s, tables[0]))
		}
		report(b, lat, time.Since(start))
	})
	b.Run("busy500", func(b *testing.B) { tables500(b, 0) })
	b.Run("paced500", func(b *testing.B) { tables500(b, 100*time.Millisecond) })
}

// tables500 saves b.N moves from 500 tables on goroutines of their own,
// each saving a move every period, or at once when period is 0.
func tables500(b *testing.B, every time.Duration) {
	s, tables := busyTables(b, 500)
	var next atomic.Int64
	lats := make([][]time.Duration, len(tables))
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for i, t := range tables {
		wg.Go(func() {
			var tick <-chan time.Time
			if every > 0 {
				time.Sleep(every * time.Duration(i) / time.Duration(len(tables)))
				ticker := time.NewTicker(every)
				defer ticker.Stop()
				tick = ticker.C
			}
			for next.Add(1) <= int64(b.N) {
				lats[i] = append(lats[i], saveMove(b, s, t))
				if tick != nil {
					<-tick
				}
			}
		})
	}
	wg.Wait()
	report(b, slices.Concat(lats...), time.Since(start))
}
