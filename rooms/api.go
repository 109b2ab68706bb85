// Package rooms is the hub of the arcade: tables, seats, invite codes, bots
// in seats, response timers and the fan-out of per-seat views to sessions.
//
// Each table is an actor: one goroutine owns its engine state and takes
// commands from a channel. Sessions talk to the hub through a Client, whose
// inbox coalesces updates (latest wins), so a session that stops reading can
// never stall a table.
package rooms

import (
	"time"

	"arcade/engine"
)

// Player is a person behind a session.
type Player struct {
	// ID is stable across reconnects for key holders ("key:SHA256:...");
	// guests get a random one ("guest:...") and cannot reclaim a seat.
	ID    string
	Name  string // already cleaned with CleanName
	Guest bool
}

// Config tunes a hub.
type Config struct {
	// ResponseWindow is the default time a seat gets to answer out of turn.
	ResponseWindow time.Duration
	// BotDelay is the pause before a bot moves, so humans can follow.
	BotDelay time.Duration
	// MaxTables caps open tables (0: 500).
	MaxTables int
	// LogLines is how many recent log lines an update carries (0: 200).
	LogLines int
}

// Status is where a table is in its life.
type Status string

// Table statuses.
const (
	Waiting  Status = "waiting"
	Playing  Status = "playing"
	Finished Status = "finished"
)

// TableSummary is a table as the lobby lists it.
type TableSummary struct {
	ID       string
	Game     string // engine game ID
	GameName string
	Seats    int
	Taken    int // seats held by players or bots
	Status   Status
	Private  bool
	Host     string // host's display name
}

// LobbyUpdate is the lobby's state: the public tables and who is online.
type LobbyUpdate struct {
	Tables []TableSummary
	Online int
}

// SeatInfo describes one seat of a table.
type SeatInfo struct {
	Name      string // "" when empty
	Bot       bool
	BotLevel  string
	Connected bool // a human seat whose player is here
	Empty     bool
}

// TableUpdate is everything one session needs to draw a table: the table's
// public facts and the engine view for the session's own seat only.
type TableUpdate struct {
	Table TableSummary
	// Code is the invite code (private tables; "" otherwise).
	Code    string
	Options engine.Options
	You     engine.Seat // engine.Spectator when watching
	Host    bool        // this session is the host
	Seats   []SeatInfo
	// View is the engine's View(You) once the game has started, else nil.
	View    any
	Legal   []engine.Action // what You may do now
	Pending []engine.Seat
	// Deadline ends the current response window (zero when none).
	Deadline time.Time
	// Log holds the recent events visible to You, oldest first.
	Log     []string
	Outcome engine.Outcome
	// Closed is set when the session is no longer at the table (left,
	// evicted by a reconnect elsewhere, or the table closed); Notice says why.
	Closed bool
	Notice string
	// Version increases with every change of the table.
	Version uint64
}
