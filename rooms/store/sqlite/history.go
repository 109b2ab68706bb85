package sqlite

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"arcade/rooms/store"
)

// SeePlayer implements store.Store.
func (s *Store) SeePlayer(id, name string, now time.Time) (store.Identity, error) {
	who := store.Identity{ID: id}
	var first, last sql.NullInt64
	err := s.write(func(tx *sql.Tx) error {
		err := tx.QueryRow(`INSERT INTO identities (id, name, chosen, first_seen, last_seen) VALUES (?1, ?2, 0, ?3, ?3)
		ON CONFLICT (id) DO UPDATE SET last_seen = excluded.last_seen,
			name = CASE WHEN identities.chosen THEN identities.name ELSE excluded.name END
		RETURNING name, first_seen, last_seen`, id, name, now.UnixNano()).Scan(&who.Name, &first, &last)
		if err != nil {
			return s.err1("see player", err)
		}
		return nil
	})
	if err != nil {
		return store.Identity{}, err
	}
	who.FirstSeen, who.LastSeen = fromNanos(first), fromNanos(last)
	return who, nil
}

var _ store.Forgetter = (*Store)(nil)

// KnowsPlayer implements store.Forgetter.
func (s *Store) KnowsPlayer(id string) (bool, error) {
	var n int
	if err := s.r.QueryRow(`SELECT count(*) FROM identities WHERE id = ?`, id).Scan(&n); err != nil {
		return false, s.err1("knows player", err)
	}
	return n > 0, nil
}

// ForgetIdle implements store.Forgetter, forgetBatch keys per write so
// that moves never wait long behind it. An open table names its players in
// its setup (JSON), so a key found there is kept.
func (s *Store) ForgetIdle(before time.Time) (int, error) {
	total := 0
	for {
		var n int64
		err := s.write(func(tx *sql.Tx) error {
			res, err := tx.Exec(`DELETE FROM identities WHERE id IN (SELECT id FROM identities WHERE chosen = 0 AND last_seen < ?
				AND NOT EXISTS (SELECT 1 FROM game_seats WHERE game_seats.player_id = identities.id)
				AND NOT EXISTS (SELECT 1 FROM tables WHERE instr(tables.setup, '"' || identities.id || '"') > 0)
				LIMIT ?)`, before.UnixNano(), forgetBatch)
			if err != nil {
				return s.err1("forget idle players", err)
			}
			if n, err = res.RowsAffected(); err != nil {
				return s.err1("forget idle players", err)
			}
			return nil
		})
		total += int(n)
		if err != nil || n < forgetBatch {
			return total, err
		}
	}
}

// forgetBatch is how many keys one write of ForgetIdle deletes at most.
const forgetBatch = 2000

// SetName implements store.Store (store.ErrNotFound for a player never
// seen).
func (s *Store) SetName(id, name, fold string) error {
	return s.write(func(tx *sql.Tx) error {
		res, err := tx.Exec(`UPDATE identities SET name = ?, fold = ?, chosen = 1 WHERE id = ?`, name, fold, id)
		if err != nil {
			return s.err1("set name", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return s.err1("set name", err)
		} else if n == 0 {
			return store.ErrNotFound
		}
		return nil
	})
}

var _ store.Refolder = (*Store)(nil)

// RefoldNames implements store.Refolder, in one transaction; the version
// is kept as the setting store.FoldVersionSetting.
func (s *Store) RefoldNames(fold func(name string) string, version string) (int, error) {
	n := 0
	err := s.write(func(tx *sql.Tx) error {
		var have string
		err := tx.QueryRow(`SELECT value FROM settings WHERE key = ?`, store.FoldVersionSetting).Scan(&have)
		if err == nil && have == version {
			return nil
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return s.err1("fold names", err)
		}
		names, err := chosenNames(tx)
		if err != nil {
			return s.err1("fold names", err)
		}
		changed := store.Refold(names, fold)
		for _, c := range changed {
			if _, err := tx.Exec(`UPDATE identities SET fold = ? WHERE id = ?`, c.Fold, c.ID); err != nil {
				return s.err1("fold names", err)
			}
		}
		if _, err := tx.Exec(`INSERT INTO settings (key, value) VALUES (?1, ?2)
			ON CONFLICT (key) DO UPDATE SET value = excluded.value`, store.FoldVersionSetting, []byte(version)); err != nil {
			return s.err1("fold names", err)
		}
		n = len(changed)
		return nil
	})
	return n, err
}

// chosenNames reads every name a player chose, with its fold.
func chosenNames(tx *sql.Tx) ([]store.ChosenName, error) {
	rows, err := tx.Query(`SELECT id, name, fold, last_seen FROM identities WHERE chosen = 1`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []store.ChosenName
	for rows.Next() {
		var c store.ChosenName
		var seen sql.NullInt64
		if err := rows.Scan(&c.ID, &c.Name, &c.Fold, &seen); err != nil {
			return nil, err
		}
		c.LastSeen = fromNanos(seen)
		names = append(names, c)
	}
	return names, rows.Err()
}

// SaveGame implements store.Store: the game, its seats and its record in
// one transaction.
func (s *Store) SaveGame(g *store.Game) (int64, error) {
	record, err := json.Marshal(g.Record)
	if err != nil {
		return 0, fmt.Errorf("store: game of table %s: %w", g.TableID, err)
	}
	var id int64
	err = s.write(func(tx *sql.Tx) error {
		err := tx.QueryRow(`SELECT id FROM games WHERE table_id = ? ORDER BY id LIMIT 1`, g.TableID).Scan(&id)
		if err == nil {
			return nil // one game per table: saved already
		} else if !errors.Is(err, sql.ErrNoRows) {
			return s.err1("save game", err)
		}
		res, err := tx.Exec(`INSERT INTO games (table_id, game, started, ended, record) VALUES (?, ?, ?, ?, ?)`,
			g.TableID, g.Game, nanos(g.Started), nanos(g.Ended), record)
		if err != nil {
			return s.err1("save game", err)
		}
		if id, err = res.LastInsertId(); err != nil {
			return s.err1("save game", err)
		}
		for i, seat := range g.Seats {
			if _, err := tx.Exec(`INSERT INTO game_seats (game_id, seat, player_id, name, bot, score, winner, game) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				id, i, seat.PlayerID, seat.Name, seat.BotLevel, seat.Score, seat.Winner, g.Game); err != nil {
				return s.err1("save game", err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// Games implements store.Store.
func (s *Store) Games(playerID string, limit int) ([]store.Game, error) {
	if limit <= 0 {
		return nil, nil
	}
	return s.gameRows(`id IN (SELECT game_id FROM game_seats WHERE player_id = ?)`, []any{playerID}, limit)
}

// GameFilter picks finished games for ListGames; its zero value picks
// every game.
type GameFilter struct {
	// Player matches a seat by its player's ID ("key:SHA256:..."), its key
	// fingerprint alone ("SHA256:..."), or its name (any case, part of it).
	Player string
	// Game is a game's ID ("firetower").
	Game string
	// Since and Until bound when the game ended (zero: no bound).
	Since, Until time.Time
}

// ListGames lists up to limit finished games that f picks, newest first.
func (s *Store) ListGames(f GameFilter, limit int) ([]store.Game, error) {
	if limit <= 0 {
		return nil, nil
	}
	where, args := []string{"1"}, []any{}
	if f.Player != "" {
		where = append(where, `id IN (SELECT game_id FROM game_seats WHERE player_id = ? OR player_id = ? OR instr(lower(name), lower(?)) > 0)`)
		args = append(args, f.Player, "key:"+f.Player, f.Player)
	}
	if f.Game != "" {
		where = append(where, "game = ?")
		args = append(args, f.Game)
	}
	if !f.Since.IsZero() {
		where = append(where, "ended >= ?")
		args = append(args, f.Since.UnixNano())
	}
	if !f.Until.IsZero() {
		where = append(where, "ended < ?")
		args = append(args, f.Until.UnixNano())
	}
	return s.gameRows(strings.Join(where, " AND "), args, limit)
}

// gameRows lists up to limit games matching the SQL condition where (on
// the games table, with its args), newest first, with their seats.
func (s *Store) gameRows(where string, args []any, limit int) ([]store.Game, error) {
	rows, err := s.r.Query(`WITH g AS (
			SELECT id, table_id, game, started, ended FROM games
			WHERE `+where+`
			ORDER BY id DESC LIMIT ?)
		SELECT g.id, g.table_id, g.game, g.started, g.ended, s.player_id, s.name, s.bot, s.score, s.winner
		FROM g JOIN game_seats s ON s.game_id = g.id ORDER BY g.id DESC, s.seat`, append(args, limit)...)
	if err != nil {
		return nil, s.err1("games", err)
	}
	defer rows.Close()
	var out []store.Game
	for rows.Next() {
		var g store.Game
		var started, ended sql.NullInt64
		var seat store.GameSeat
		if err := rows.Scan(&g.ID, &g.TableID, &g.Game, &started, &ended,
			&seat.PlayerID, &seat.Name, &seat.BotLevel, &seat.Score, &seat.Winner); err != nil {
			return nil, s.err1("games", err)
		}
		if len(out) == 0 || out[len(out)-1].ID != g.ID {
			g.Started, g.Ended = fromNanos(started), fromNanos(ended)
			out = append(out, g)
		}
		last := &out[len(out)-1]
		last.Seats = append(last.Seats, seat)
	}
	if err := rows.Err(); err != nil {
		return nil, s.err1("games", err)
	}
	return out, nil
}

// Game implements store.Store.
func (s *Store) Game(id int64) (store.Game, error) {
	tx, err := s.r.Begin()
	if err != nil {
		return store.Game{}, s.err1("game", err)
	}
	defer tx.Rollback()
	g := store.Game{ID: id}
	var started, ended sql.NullInt64
	var record []byte
	err = tx.QueryRow(`SELECT table_id, game, started, ended, record FROM games WHERE id = ?`, id).
		Scan(&g.TableID, &g.Game, &started, &ended, &record)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Game{}, store.ErrNotFound
	}
	if err != nil {
		return store.Game{}, s.err1("game", err)
	}
	g.Started, g.Ended = fromNanos(started), fromNanos(ended)
	if err := json.Unmarshal(record, &g.Record); err != nil {
		return store.Game{}, fmt.Errorf("database %s: game %d: record: %w", s.path, id, err)
	}
	rows, err := tx.Query(`SELECT player_id, name, bot, score, winner FROM game_seats WHERE game_id = ? ORDER BY seat`, id)
	if err != nil {
		return store.Game{}, s.err1("game", err)
	}
	defer rows.Close()
	for rows.Next() {
		var seat store.GameSeat
		if err := rows.Scan(&seat.PlayerID, &seat.Name, &seat.BotLevel, &seat.Score, &seat.Winner); err != nil {
			return store.Game{}, s.err1("game", err)
		}
		g.Seats = append(g.Seats, seat)
	}
	if err := rows.Err(); err != nil {
		return store.Game{}, s.err1("game", err)
	}
	return g, nil
}

// Stats implements store.Store: per game, in game order.
func (s *Store) Stats(playerID string) ([]store.GameStats, error) {
	rows, err := s.r.Query(`SELECT game, count(*), sum(winner) FROM game_seats WHERE player_id = ?
		GROUP BY game ORDER BY game`, playerID)
	if err != nil {
		return nil, s.err1("stats", err)
	}
	defer rows.Close()
	out := []store.GameStats{}
	for rows.Next() {
		var st store.GameStats
		if err := rows.Scan(&st.Game, &st.Played, &st.Won); err != nil {
			return nil, s.err1("stats", err)
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, s.err1("stats", err)
	}
	return out, nil
}

// Leaderboard implements store.Store: keyed players only (IDs "key:..."),
// ordered as store.CompareStandings orders them, each under the name of
// their identity (or, for a player the store has no identity of, the name
// they had in their last game).
func (s *Store) Leaderboard(game string, limit int) ([]store.Standing, error) {
	if limit <= 0 {
		return []store.Standing{}, nil
	}
	// 'key:' < a keyed ID < 'key;' (';' follows ':'), so the index is used.
	rows, err := s.r.Query(`WITH t AS (
			SELECT player_id, count(*) AS played, sum(winner) AS won FROM game_seats
			WHERE game = ?1 AND player_id > 'key:' AND player_id < 'key;'
			GROUP BY player_id)
		SELECT t.player_id, coalesce(i.name,
				(SELECT l.name FROM game_seats l WHERE l.player_id = t.player_id ORDER BY l.game_id DESC, l.seat DESC LIMIT 1)) AS name,
			t.played, t.won
		FROM t LEFT JOIN identities i ON i.id = t.player_id
		ORDER BY t.won DESC, t.played, name, t.player_id LIMIT ?2`, game, limit)
	if err != nil {
		return nil, s.err1("leaderboard", err)
	}
	defer rows.Close()
	out := []store.Standing{}
	for rows.Next() {
		var st store.Standing
		if err := rows.Scan(&st.PlayerID, &st.Name, &st.Played, &st.Won); err != nil {
			return nil, s.err1("leaderboard", err)
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, s.err1("leaderboard", err)
	}
	return out, nil
}

// NameOwner implements store.Store.
func (s *Store) NameOwner(fold string) (string, error) {
	if fold == "" {
		return "", nil
	}
	var id string
	err := s.r.QueryRow(`SELECT id FROM identities WHERE fold = ? AND chosen = 1 LIMIT 1`, fold).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", s.err1("find a name's owner", err)
	}
	return id, nil
}
