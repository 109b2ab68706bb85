package rooms

import (
	"errors"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// History: what a player may look up about finished games (Config.Store).

// Errors of the history methods.
var (
	// ErrNoHistory: the server keeps no history (no store), or the player
	// is a guest, whose identity ends with the session.
	ErrNoHistory = errors.New("No history here: connect with an SSH key to keep your games.")
	// ErrNoLeaderboard: the server switched the leaderboards off.
	ErrNoLeaderboard = errors.New("This arcade keeps no leaderboard.")
	// ErrNoGame: no finished game has that number.
	ErrNoGame = errors.New("There is no such game in the history.")
)

// maxHistory caps the games one lookup returns.
const maxHistory = 100

// GameRecord is a finished game as a player's history lists it, without
// its moves (Replay gives those).
type GameRecord struct {
	ID      int64
	TableID string
	Game    string
	Seats   []GameSeat
	Started time.Time
	Ended   time.Time
}

// GameSeat is one seat of a finished game.
type GameSeat struct {
	PlayerID string // "" for a bot's own seat
	Name     string
	BotLevel string
	Score    int
	Winner   bool
}

// Standing is one line of a game's leaderboard: a player by the name they
// go by now (never their key).
type Standing struct {
	Name   string
	Played int
	Won    int
	// Rating is the player's in the game (Games 0: not rated yet).
	Rating PlayerRating
}

// GameStats are one player's counts for one game.
type GameStats struct {
	Game   string
	Played int
	Won    int
}

// gameRecord is a stored finished game as the history lists it.
func gameRecord(g store.Game) GameRecord {
	seats := convertAll(g.Seats, func(s store.GameSeat) GameSeat { return GameSeat(s) })
	return GameRecord{ID: g.ID, TableID: g.TableID, Game: g.Game, Seats: seats, Started: g.Started, Ended: g.Ended}
}

// convertAll converts the store's rows to the history's (nil stays nil).
func convertAll[From, To any](rows []From, conv func(From) To) []To {
	if rows == nil {
		return nil
	}
	out := make([]To, len(rows))
	for i, r := range rows {
		out[i] = conv(r)
	}
	return out
}

// Games returns the client's finished games, newest first (at most limit,
// and maxHistory), without their records.
func (c *Client) Games(limit int) ([]GameRecord, error) {
	p := c.Player()
	if c.hub.store == nil || p.Guest {
		return nil, ErrNoHistory
	}
	games, err := c.hub.store.Games(p.ID, min(max(limit, 1), maxHistory))
	return convertAll(games, gameRecord), err
}

// Stats returns the client's played and won counts per game.
func (c *Client) Stats() ([]GameStats, error) {
	p := c.Player()
	if c.hub.store == nil || p.Guest {
		return nil, ErrNoHistory
	}
	stats, err := c.hub.store.Stats(p.ID)
	return convertAll(stats, func(s store.GameStats) GameStats { return GameStats(s) }), err
}

// Leaderboard ranks a game's players (at most limit, and maxHistory).
func (h *Hub) Leaderboard(game string, limit int) ([]Standing, error) {
	switch {
	case h.cfg.NoLeaderboard:
		return nil, ErrNoLeaderboard
	case h.store == nil:
		return nil, ErrNoHistory
	}
	board, err := h.store.Leaderboard(game, min(max(limit, 1), maxHistory))
	h.loadRatings(game)
	ratings := h.ratings.get(game)
	out := convertAll(board, func(s store.Standing) Standing {
		return Standing{Name: s.Name, Played: s.Played, Won: s.Won, Rating: ratings[s.PlayerID]}
	})
	byRating(out)
	return out, err
}

// Replay returns a finished game's record, to be watched move by move as a
// spectator would have seen it (engine.Replay, then View(engine.Spectator)
// after each move: never a seat's own view). Any finished game may be
// replayed: a spectator's view is public.
func (h *Hub) Replay(id int64) (engine.Record, error) {
	if h.store == nil {
		return engine.Record{}, ErrNoHistory
	}
	g, err := h.store.Game(id)
	if errors.Is(err, store.ErrNotFound) {
		return engine.Record{}, ErrNoGame
	}
	return g.Record, err
}

// Leaderboard ranks a game's players for the client (Hub.Leaderboard).
func (c *Client) Leaderboard(game string, limit int) ([]Standing, error) {
	return c.hub.Leaderboard(game, limit)
}

// Replay returns a finished game's record for the client (Hub.Replay).
func (c *Client) Replay(id int64) (engine.Record, error) { return c.hub.Replay(id) }
