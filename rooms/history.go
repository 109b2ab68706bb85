package rooms

import (
	"errors"

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

// Games returns the client's finished games, newest first (at most limit,
// and maxHistory), without their records.
func (c *Client) Games(limit int) ([]store.Game, error) {
	p := c.Player()
	if c.hub.store == nil || p.Guest {
		return nil, ErrNoHistory
	}
	return c.hub.store.Games(p.ID, min(max(limit, 1), maxHistory))
}

// Stats returns the client's played and won counts per game.
func (c *Client) Stats() ([]store.GameStats, error) {
	p := c.Player()
	if c.hub.store == nil || p.Guest {
		return nil, ErrNoHistory
	}
	return c.hub.store.Stats(p.ID)
}

// Leaderboard ranks a game's players (at most limit, and maxHistory).
func (h *Hub) Leaderboard(game string, limit int) ([]store.Standing, error) {
	switch {
	case h.cfg.NoLeaderboard:
		return nil, ErrNoLeaderboard
	case h.store == nil:
		return nil, ErrNoHistory
	}
	return h.store.Leaderboard(game, min(max(limit, 1), maxHistory))
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
func (c *Client) Leaderboard(game string, limit int) ([]store.Standing, error) {
	return c.hub.Leaderboard(game, limit)
}

// Replay returns a finished game's record for the client (Hub.Replay).
func (c *Client) Replay(id int64) (engine.Record, error) { return c.hub.Replay(id) }
