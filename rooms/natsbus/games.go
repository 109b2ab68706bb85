package natsbus

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/nats-io/nats.go/jetstream"

	"arcade/engine"
	"arcade/rooms/store"
)

// gameIndex is the finished games of ARCADE_GAMES without their records,
// by player, and the counts per game and player: what Games, Stats and
// Leaderboard read.
type gameIndex struct {
	mu       sync.Mutex
	have     map[int64]bool
	byTable  map[string]int64                   // a table's game (SaveGame keeps one per table)
	last     int64                              // the highest ID added
	byPlayer map[string][]store.Game            // oldest first
	counts   map[string]map[string]*playedCount // game -> player -> counts
	names    map[string]nameAt                  // the name in each player's latest game
	changed  chan struct{}                      // closed and replaced on every add
}

// playedCount is a player's games played and won.
type playedCount struct{ played, won int }

// nameAt is the name a player had in game id.
type nameAt struct {
	name string
	id   int64
}

func newGameIndex() *gameIndex {
	return &gameIndex{have: map[int64]bool{}, byTable: map[string]int64{}, byPlayer: map[string][]store.Game{},
		counts: map[string]map[string]*playedCount{}, names: map[string]nameAt{}, changed: make(chan struct{})}
}

// add indexes game g once (a second add of its ID does nothing).
func (x *gameIndex) add(g store.Game) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.have[g.ID] {
		return
	}
	x.have[g.ID] = true
	x.last = max(x.last, g.ID)
	if _, ok := x.byTable[g.TableID]; !ok {
		x.byTable[g.TableID] = g.ID
	}
	g.Record = engine.Record{}
	for _, seat := range g.Seats {
		games := x.byPlayer[seat.PlayerID]
		if !slices.ContainsFunc(games, func(o store.Game) bool { return o.ID == g.ID }) { // twice at one table
			i, _ := slices.BinarySearchFunc(games, g.ID, func(o store.Game, id int64) int { return cmp.Compare(o.ID, id) })
			x.byPlayer[seat.PlayerID] = slices.Insert(games, i, g)
		}
		byGame := x.counts[g.Game]
		if byGame == nil {
			byGame = map[string]*playedCount{}
			x.counts[g.Game] = byGame
		}
		c := byGame[seat.PlayerID]
		if c == nil {
			c = &playedCount{}
			byGame[seat.PlayerID] = c
		}
		c.played++
		if seat.Winner {
			c.won++
		}
		if n, ok := x.names[seat.PlayerID]; !ok || n.id <= g.ID {
			x.names[seat.PlayerID] = nameAt{seat.Name, g.ID}
		}
	}
	close(x.changed)
	x.changed = make(chan struct{})
}

// waitFor waits until the index has a game with an ID of at least id.
func (x *gameIndex) waitFor(ctx context.Context, id int64) error {
	for {
		x.mu.Lock()
		last, changed := x.last, x.changed
		x.mu.Unlock()
		if last >= id {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-changed:
		}
	}
}

// decodeGame decodes a message of ARCADE_GAMES.
func decodeGame(seq uint64, data []byte) (store.Game, error) {
	var g store.Game
	if err := json.Unmarshal(data, &g); err != nil {
		return g, fmt.Errorf("cluster: game %d: %w", seq, err)
	}
	g.ID = int64(seq)
	return g, nil
}

// startIndex starts the consumer that indexes every game, and waits until
// it has the games the stream holds now.
func (s *Store) startIndex(ctx context.Context) error {
	info, err := s.games.Info(ctx)
	if err != nil {
		return fmt.Errorf("cluster: stream %s: %w", gamesStream, err)
	}
	cons, err := s.js.OrderedConsumer(ctx, gamesStream, jetstream.OrderedConsumerConfig{})
	if err != nil {
		return fmt.Errorf("cluster: stream %s: %w", gamesStream, err)
	}
	if s.consume, err = cons.Consume(func(m jetstream.Msg) {
		meta, err := m.Metadata()
		if err != nil {
			return
		}
		if g, err := decodeGame(meta.Sequence.Stream, m.Data()); err == nil {
			s.index.add(g)
		}
	}); err != nil {
		return fmt.Errorf("cluster: stream %s: %w", gamesStream, err)
	}
	if info.State.Msgs > 0 {
		if err := s.index.waitFor(ctx, int64(info.State.LastSeq)); err != nil {
			s.consume.Stop()
			return fmt.Errorf("cluster: loading the games: %w", err)
		}
	}
	return nil
}

// SaveGame implements store.Store: the game's ID is its sequence in
// ARCADE_GAMES, and this Store's index has it when SaveGame returns.
func (s *Store) SaveGame(g *store.Game) (int64, error) {
	data, err := json.Marshal(g)
	if err != nil {
		return 0, fmt.Errorf("cluster: save game: %w", err)
	}
	s.index.mu.Lock()
	id, saved := s.index.byTable[g.TableID]
	s.index.mu.Unlock()
	if saved {
		return id, nil // one game per table: saved already
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	// The table's ID as the message's ID: JetStream keeps one of two saves
	// of a game that race.
	ack, err := s.js.Publish(ctx, gamesSubject, data, jetstream.WithMsgID("game-"+g.TableID))
	if err != nil {
		return 0, fmt.Errorf("cluster: save game: %w", err)
	}
	cp := *g
	cp.ID = int64(ack.Sequence)
	cp.Seats = slices.Clone(g.Seats)
	s.index.add(cp)
	return cp.ID, nil
}

// Game implements store.Store, reading the game from the stream.
func (s *Store) Game(id int64) (store.Game, error) {
	if id < 1 {
		return store.Game{}, store.ErrNotFound
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	m, err := s.games.GetMsg(ctx, uint64(id))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return store.Game{}, store.ErrNotFound
	}
	if err != nil {
		return store.Game{}, fmt.Errorf("cluster: game %d: %w", id, err)
	}
	return decodeGame(m.Sequence, m.Data)
}

// Games implements store.Store.
func (s *Store) Games(playerID string, limit int) ([]store.Game, error) {
	x := s.index
	x.mu.Lock()
	defer x.mu.Unlock()
	games := x.byPlayer[playerID]
	out := make([]store.Game, 0, max(0, min(limit, len(games))))
	for i := len(games) - 1; i >= 0 && len(out) < limit; i-- {
		g := games[i]
		g.Seats = slices.Clone(g.Seats)
		out = append(out, g)
	}
	return out, nil
}

// Stats implements store.Store.
func (s *Store) Stats(playerID string) ([]store.GameStats, error) {
	x := s.index
	x.mu.Lock()
	defer x.mu.Unlock()
	var out []store.GameStats
	for game, byPlayer := range x.counts {
		if c := byPlayer[playerID]; c != nil {
			out = append(out, store.GameStats{Game: game, Played: c.played, Won: c.won})
		}
	}
	slices.SortFunc(out, func(a, b store.GameStats) int { return cmp.Compare(a.Game, b.Game) })
	return out, nil
}

// Leaderboard implements store.Store: names are the ones the players go by
// now (from arcade_players), else the one of their latest game.
func (s *Store) Leaderboard(game string, limit int) ([]store.Standing, error) {
	if limit <= 0 {
		return nil, nil
	}
	x := s.index
	x.mu.Lock()
	var out []store.Standing
	for id, c := range x.counts[game] {
		if len(id) > 4 && id[:4] == "key:" {
			out = append(out, store.Standing{PlayerID: id, Name: x.names[id].name, Played: c.played, Won: c.won})
		}
	}
	x.mu.Unlock()
	for i := range out {
		name, err := s.name(out[i].PlayerID)
		if err != nil {
			return nil, err
		}
		if name != "" {
			out[i].Name = name
		}
	}
	slices.SortFunc(out, store.CompareStandings)
	return out[:min(limit, len(out))], nil
}
