// Package store is what the arcade keeps across restarts: open tables (as
// their setup, seats and applied moves), player identities, and finished
// games with their records, results and stats.
//
// Store is the one interface the hub writes through; the SQLite store
// (package store/sqlite) is the default, Memory serves tests, and a
// replicated store can take their place behind the same interface.
//
// The hub calls SaveTable on a table's own goroutine before it publishes
// the change, so a store must be quick (well under a millisecond for a
// move); everything else is called off the hot paths.
package store

import (
	"errors"
	"time"

	"arcade/engine"
)

// ErrNotFound: no such game or player.
var ErrNotFound = errors.New("not found")

// ErrTableExists: a table's first save (Table.Fresh) found another table
// under its ID. Nothing was written.
var ErrTableExists = errors.New("another table is stored under this ID")

// Player is who sat somewhere or created a table.
type Player struct {
	ID    string `json:"id"` // "key:SHA256:..." or "guest:..."
	Name  string `json:"name"`
	Guest bool   `json:"guest,omitempty"`
	Addr  string `json:"addr,omitempty"`
}

// Seat is one seat of an open table.
type Seat struct {
	// ID and Name are the human's, or empty for an empty seat or a bot's
	// own seat. A bot standing in for an away human keeps the human's.
	ID    string `json:"id,omitempty"`
	Name  string `json:"name,omitempty"`
	Guest bool   `json:"guest,omitempty"`
	// Admin and OwnsName mark the human's name (rooms.Player).
	Admin    bool `json:"admin,omitempty"`
	OwnsName bool `json:"owns_name,omitempty"`
	// BotLevel is set when a bot plays the seat.
	BotLevel string `json:"bot,omitempty"`
	// Left: the human left on purpose; TimedOut: the table plays for them.
	Left     bool `json:"left,omitempty"`
	TimedOut bool `json:"timed_out,omitempty"`
	// AutoPass: the human lets out-of-turn windows run out for them.
	AutoPass bool `json:"auto_pass,omitempty"`
	// Timeouts counts the turn clock's timeouts in a row.
	Timeouts int `json:"timeouts,omitempty"`
}

// Table is an open table as it must come back after a restart.
type Table struct {
	ID      string         `json:"id"`
	Seq     uint64         `json:"seq"` // creation order; IDs are "t<seq>"
	Code    string         `json:"code"`
	Game    string         `json:"game"`
	Private bool           `json:"private,omitempty"`
	Options engine.Options `json:"options,omitempty"`
	Creator Player         `json:"creator"`
	Host    int            `json:"host"`
	// Status is "waiting", "playing" or "finished".
	Status  string    `json:"status"`
	Seed    uint64    `json:"seed"`
	Shared  bool      `json:"shared,omitempty"` // a human other than the creator sat here
	Clock   string    `json:"clock,omitempty"`  // the turn clock
	Seats   []Seat    `json:"seats"`
	Created time.Time `json:"created"`
	Started time.Time `json:"started,omitzero"`
	// TurnDeadline ends the turn clock's current decision, which began
	// after ClockAt moves; WindowDeadline ends the response window (zero
	// when none).
	TurnDeadline   time.Time `json:"turn_deadline,omitzero"`
	ClockAt        int       `json:"clock_at,omitempty"`
	WindowDeadline time.Time `json:"window_deadline,omitzero"`
	// EndedEarly is the summary of a game the table ended before the
	// rules did ("" when it did not).
	EndedEarly string `json:"ended_early,omitempty"`
	// Casual: the host chose an unrated game; Rated: the game under way
	// counts for the players' ratings.
	Casual bool `json:"casual,omitempty"`
	Rated  bool `json:"rated,omitempty"`
	// Tournament is the code of the tournament whose round the table
	// plays ("" for none).
	Tournament string `json:"tournament,omitempty"`
	// ReplyWindow is a correspondence table's response window when its
	// host chose one (0: a decision's time).
	ReplyWindow time.Duration `json:"reply_window,omitempty"`
	// Moves are the applied moves, in order (OpenTables fills them in).
	Moves []engine.Move `json:"-"`
	// Fresh marks the table's first save: its ID must not be in the store
	// yet (SaveTable fails with ErrTableExists when it is).
	Fresh bool `json:"-"`
	// Damage says why the stored table cannot be read ("" when it can):
	// OpenTables returns such a table with what it could read of it (its
	// ID at least), so that one damaged table never keeps the others from
	// coming back.
	Damage string `json:"-"`
}

// Aside is a table set aside because it could not be restored: kept in the
// store as it was, for an operator to look at, and never opened again.
type Aside struct {
	ID     string
	Game   string
	Reason string
	At     time.Time // when it was set aside
	Moves  int       // the moves stored for it
}

// Quarantine is a Store that can set aside a table it cannot restore
// (SQLite and memory stores). A store without it leaves such a table where
// it is, and the hub skips it at each start.
type Quarantine interface {
	// SetAside takes the open table out of OpenTables, keeping its setup
	// and moves, with the reason ErrNotFound when it is not open.
	SetAside(id, reason string, at time.Time) error
	// SetAsideTables lists the tables set aside, oldest first.
	SetAsideTables() ([]Aside, error)
}

// Identity is a player the server has seen.
type Identity struct {
	ID        string
	Name      string
	FirstSeen time.Time
	LastSeen  time.Time
}

// GameSeat is one seat of a finished game.
type GameSeat struct {
	PlayerID string `json:"player,omitempty"` // "" for a bot's own seat
	Name     string `json:"name"`
	BotLevel string `json:"bot,omitempty"`
	Score    int    `json:"score"`
	Winner   bool   `json:"winner,omitempty"`
}

// Game is a finished game.
type Game struct {
	ID      int64 // given by SaveGame
	TableID string
	Game    string
	Seats   []GameSeat
	Started time.Time
	Ended   time.Time
	// Record replays the game exactly (its Names and Bots filled in).
	Record engine.Record
}

// GameStats are one player's counts for one game.
type GameStats struct {
	Game   string
	Played int
	Won    int
}

// Standing is one line of a game's leaderboard.
type Standing struct {
	PlayerID string
	Name     string // the name the player goes by now
	Played   int
	Won      int
}

// Store keeps tables, identities and history. Implementations are safe
// for concurrent use.
type Store interface {
	// SaveTable writes t's setup and seats and appends t.Moves[stored:]
	// (the moves not written yet), in one atomic step. A Fresh table's ID
	// must be free (ErrTableExists).
	SaveTable(t *Table, stored int) error
	// DeleteTable forgets an open table (it closed or finished).
	DeleteTable(id string) error
	// OpenTables returns every open table with its moves, in Seq order; a
	// table it cannot read comes back with Damage set.
	OpenTables() ([]Table, error)

	// SeePlayer records a visit of the player with this ID now, keeping
	// FirstSeen, and returns the identity: its Name is the one the player
	// chose last (name, the name they came with, when they never chose).
	SeePlayer(id, name string, now time.Time) (Identity, error)
	// SetName keeps a name the player chose, with fold, the form names are
	// compared in (NameOwner finds the player by it).
	SetName(id, name, fold string) error
	// NameOwner returns the ID of a player who chose a name with this fold
	// ("" when none did, or fold is "").
	NameOwner(fold string) (string, error)

	// SaveGame adds a finished game and returns its ID. A table has one
	// game: when its game is saved already, SaveGame returns that game's
	// ID and writes nothing (a save tried again after a crash).
	SaveGame(g *Game) (int64, error)
	// Games lists a player's finished games, newest first, at most limit,
	// without their records.
	Games(playerID string, limit int) ([]Game, error)
	// Game returns one finished game with its record (ErrNotFound).
	Game(id int64) (Game, error)
	// Stats returns a player's played and won counts per game.
	Stats(playerID string) ([]GameStats, error)
	// Leaderboard ranks a game's keyed players by games won, then by fewest
	// played, at most limit.
	Leaderboard(game string, limit int) ([]Standing, error)

	// Close flushes and closes the store.
	Close() error
}

// ErrFenced: a Shared store refused a write to a table that another server
// has taken over since this one took it (TakeTable); the table must stop
// here, for its new owner plays it on.
var ErrFenced = errors.New("the table was taken over by another server")

// Shared is a Store that several arcade servers use at once (package
// rooms/natsbus). Each open table is written by one server at a time:
// TakeTable fences a table for the store that calls it, so that a later
// write by any other server's store (a stale owner: a paused process, the
// far side of a partition) fails with ErrFenced. A table a store creates
// (its first SaveTable) is fenced for it too.
type Shared interface {
	Store
	// TakeTable returns the open table with its moves, as OpenTables would,
	// and fences it for this store (ErrNotFound when it is not open).
	TakeTable(id string) (Table, error)
}

// Forgetter is a Store that can forget the keys it keeps for nothing
// (SQLite and memory stores): a client that makes a new SSH key for every
// connection must not grow the store without bound.
type Forgetter interface {
	// KnowsPlayer reports whether the player was seen before (SeePlayer).
	KnowsPlayer(id string) (bool, error)
	// ForgetIdle deletes the identities that never chose a name, never
	// sat at a finished game or at an open table, and were last seen
	// before before. It returns how many it deleted.
	ForgetIdle(before time.Time) (int, error)
}

// Refolder is a Store that can fold the chosen names it keeps again
// (SetName's fold), when the way names are folded changes and for names
// chosen before folds were kept. The SQLite, memory and cluster stores
// implement it.
type Refolder interface {
	// RefoldNames sets the fold of every chosen name to fold(name), unless
	// the folds were made by this version of fold already. When names
	// fold alike, the one of the player seen last (SeePlayer) keeps its
	// fold and the others get none: NameOwner no longer names them. It
	// returns how many folds changed.
	RefoldNames(fold func(name string) string, version string) (int, error)
}

// Settings keep small server-wide values by key (the ban list, under
// "bans"), shared by every server of a cluster. The SQLite, memory and
// cluster stores implement it.
type Settings interface {
	// Setting returns the value under key (nil when there is none).
	Setting(key string) ([]byte, error)
	// UpdateSetting replaces the value under key with what change makes
	// of the current one (nil when there is none), atomically: two
	// servers updating at once both see their change kept. An error from
	// change leaves the value as it was and is returned.
	UpdateSetting(key string, change func(old []byte) ([]byte, error)) error
}
