package store

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"arcade/engine"
)

// Memory is a Store that keeps everything in memory: for tests, and for a
// server run without a data directory. A Memory must not be copied.
type Memory struct {
	mu     sync.Mutex
	tables map[string]*Table
	ids    map[string]*Identity
	chosen map[string]bool   // players who chose their name (SetName)
	folds  map[string]string // the fold of each chosen name, by player
	games  []Game
	values map[string][]byte // Settings
	aside  []asideTable      // Quarantine
	// foldVersion is the version of the fold the folds were last made by
	// (RefoldNames).
	foldVersion string
}

// asideTable is a table set aside, with what it held.
type asideTable struct {
	Aside
	table *Table
}

// NewMemory returns an empty Memory.
func NewMemory() *Memory {
	return &Memory{tables: map[string]*Table{}, ids: map[string]*Identity{}, chosen: map[string]bool{}, folds: map[string]string{}, values: map[string][]byte{}}
}

// SaveTable implements Store.
func (m *Memory) SaveTable(t *Table, stored int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	old := m.tables[t.ID]
	taken := slices.ContainsFunc(m.aside, func(a asideTable) bool { return a.ID == t.ID })
	if (old != nil || taken) && t.Fresh {
		return fmt.Errorf("store: table %s: %w", t.ID, ErrTableExists)
	}
	have := 0
	if old != nil {
		have = len(old.Moves)
	}
	if stored != have {
		return fmt.Errorf("store: table %s has %d moves stored, not %d", t.ID, have, stored)
	}
	if stored > len(t.Moves) {
		return fmt.Errorf("store: table %s has %d moves, so %d cannot be stored", t.ID, len(t.Moves), stored)
	}
	cp := *t
	cp.Seats = slices.Clone(t.Seats)
	cp.Options = maps.Clone(t.Options)
	cp.Moves, cp.Fresh = nil, false
	if old != nil {
		cp.Moves = old.Moves
	}
	for _, mv := range t.Moves[stored:] {
		cp.Moves = append(cp.Moves, engine.Move{Seat: mv.Seat, Action: engine.Action{Kind: mv.Action.Kind, Args: slices.Clone(mv.Action.Args)}})
	}
	m.tables[t.ID] = &cp
	return nil
}

// DeleteTable implements Store.
func (m *Memory) DeleteTable(id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.tables, id)
	return nil
}

var _ Quarantine = (*Memory)(nil)

// SetAside implements Quarantine.
func (m *Memory) SetAside(id, reason string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.tables[id]
	if t == nil {
		return ErrNotFound
	}
	delete(m.tables, id)
	m.aside = append(m.aside, asideTable{Aside{ID: id, Game: t.Game, Reason: reason, At: at, Moves: len(t.Moves)}, t})
	return nil
}

// SetAsideTables implements Quarantine.
func (m *Memory) SetAsideTables() ([]Aside, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Aside, len(m.aside))
	for i, a := range m.aside {
		out[i] = a.Aside
	}
	return out, nil
}

// OpenTables implements Store.
func (m *Memory) OpenTables() ([]Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Table, 0, len(m.tables))
	for _, t := range m.tables {
		cp := *t
		cp.Seats = slices.Clone(t.Seats)
		cp.Moves = slices.Clone(t.Moves)
		out = append(out, cp)
	}
	slices.SortFunc(out, func(a, b Table) int { return cmp.Compare(a.Seq, b.Seq) })
	return out, nil
}

// SeePlayer implements Store.
func (m *Memory) SeePlayer(id, name string, now time.Time) (Identity, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	who := m.ids[id]
	if who == nil {
		who = &Identity{ID: id, Name: name, FirstSeen: now}
		m.ids[id] = who
	}
	if !m.chosen[id] {
		who.Name = name
	}
	who.LastSeen = now
	return *who, nil
}

var _ Forgetter = (*Memory)(nil)

// KnowsPlayer implements Forgetter.
func (m *Memory) KnowsPlayer(id string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.ids[id] != nil, nil
}

// ForgetIdle implements Forgetter.
func (m *Memory) ForgetIdle(before time.Time) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sat := map[string]bool{}
	for _, t := range m.tables {
		for _, s := range t.Seats {
			sat[s.ID] = true
		}
		sat[t.Creator.ID] = true
	}
	for _, g := range m.games {
		for _, s := range g.Seats {
			sat[s.PlayerID] = true
		}
	}
	n := 0
	for id, who := range m.ids {
		if !m.chosen[id] && !sat[id] && who.LastSeen.Before(before) {
			delete(m.ids, id)
			n++
		}
	}
	return n, nil
}

// SetName implements Store.
func (m *Memory) SetName(id, name, fold string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	who := m.ids[id]
	if who == nil {
		return ErrNotFound
	}
	who.Name = name
	m.chosen[id] = true
	m.folds[id] = fold
	return nil
}

// NameOwner implements Store.
func (m *Memory) NameOwner(fold string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, f := range m.folds {
		if fold != "" && f == fold && m.ids[id] != nil {
			return id, nil
		}
	}
	return "", nil
}

var _ Refolder = (*Memory)(nil)

// RefoldNames implements Refolder.
func (m *Memory) RefoldNames(fold func(name string) string, version string) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.foldVersion == version {
		return 0, nil
	}
	var names []ChosenName
	for id := range m.chosen {
		if who := m.ids[id]; who != nil {
			names = append(names, ChosenName{ID: id, Name: who.Name, Fold: m.folds[id], LastSeen: who.LastSeen})
		}
	}
	changed := Refold(names, fold)
	for _, n := range changed {
		m.folds[n.ID] = n.Fold
	}
	m.foldVersion = version
	return len(changed), nil
}

// SaveGame implements Store.
func (m *Memory) SaveGame(g *Game) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := slices.IndexFunc(m.games, func(o Game) bool { return o.TableID == g.TableID }); i >= 0 {
		return m.games[i].ID, nil
	}
	cp := *g
	cp.ID = int64(len(m.games) + 1)
	cp.Seats = slices.Clone(g.Seats)
	m.games = append(m.games, cp)
	return cp.ID, nil
}

// Games implements Store.
func (m *Memory) Games(playerID string, limit int) ([]Game, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Game
	for i := len(m.games) - 1; i >= 0 && len(out) < limit; i-- {
		g := m.games[i]
		if slices.ContainsFunc(g.Seats, func(s GameSeat) bool { return s.PlayerID == playerID }) {
			g.Record = engine.Record{}
			out = append(out, g)
		}
	}
	return out, nil
}

// Game implements Store.
func (m *Memory) Game(id int64) (Game, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id < 1 || id > int64(len(m.games)) {
		return Game{}, ErrNotFound
	}
	return m.games[id-1], nil
}

// Stats implements Store.
func (m *Memory) Stats(playerID string) ([]GameStats, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	counts := m.tally(func(g Game, s GameSeat) (string, bool) { return g.Game, s.PlayerID == playerID })
	out := make([]GameStats, 0, len(counts))
	for game, c := range counts {
		out = append(out, GameStats{Game: game, Played: c.played, Won: c.won})
	}
	slices.SortFunc(out, func(a, b GameStats) int { return cmp.Compare(a.Game, b.Game) })
	return out, nil
}

// Leaderboard implements Store.
func (m *Memory) Leaderboard(game string, limit int) ([]Standing, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	names := map[string]string{}
	counts := m.tally(func(g Game, s GameSeat) (string, bool) {
		names[s.PlayerID] = s.Name
		return s.PlayerID, g.Game == game && keyed(s.PlayerID)
	})
	out := make([]Standing, 0, len(counts))
	for id, c := range counts {
		name := names[id]
		if who := m.ids[id]; who != nil {
			name = who.Name
		}
		out = append(out, Standing{PlayerID: id, Name: name, Played: c.played, Won: c.won})
	}
	slices.SortFunc(out, CompareStandings)
	return out[:max(0, min(limit, len(out)))], nil
}

// count is a played and won tally.
type count struct{ played, won int }

// tally counts games played and won over every seat of every game that
// keep accepts, under the key keep gives.
func (m *Memory) tally(keep func(g Game, s GameSeat) (key string, ok bool)) map[string]*count {
	counts := map[string]*count{}
	for _, g := range m.games {
		for _, s := range g.Seats {
			key, ok := keep(g, s)
			if !ok {
				continue
			}
			c := counts[key]
			if c == nil {
				c = &count{}
				counts[key] = c
			}
			c.played++
			if s.Winner {
				c.won++
			}
		}
	}
	return counts
}

// Close implements Store.
func (m *Memory) Close() error { return nil }

// keyed reports whether a player ID is a key holder's (guests and bots do
// not rank: a guest's ID is new on every visit).
func keyed(id string) bool { return len(id) > 4 && id[:4] == "key:" }

// CompareStandings orders a leaderboard: most wins first, then fewest games
// played, then by name and ID so the order is stable.
func CompareStandings(a, b Standing) int {
	return cmp.Or(cmp.Compare(b.Won, a.Won), cmp.Compare(a.Played, b.Played),
		cmp.Compare(a.Name, b.Name), cmp.Compare(a.PlayerID, b.PlayerID))
}

// Setting implements Settings.
func (m *Memory) Setting(key string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.values[key]), nil
}

// UpdateSetting implements Settings.
func (m *Memory) UpdateSetting(key string, change func(old []byte) ([]byte, error)) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, err := change(slices.Clone(m.values[key]))
	if err != nil {
		return err
	}
	m.values[key] = slices.Clone(v)
	return nil
}
