// Package rooms is the hub of the arcade: tables, seats, invite codes, bots
// in seats, response timers and the fan-out of per-seat views to sessions.
//
// Each table is an actor: one goroutine owns its engine state and takes
// commands from a channel. Sessions talk to the hub through a Client, whose
// inbox coalesces updates (latest wins), so a session that stops reading can
// never stall a table.
//
// What a session sees:
//   - A client in the lobby gets LobbyUpdates (at most one per
//     Config.LobbyEvery, further apart with many sessions, see
//     Config.LobbyScreens; and one at once on arriving there); a client at a
//     table gets none, only TableUpdates, one after every change of its
//     table (a move, a join, a rename, a timer firing). Notify fires when
//     either slot is filled; Take empties both.
//   - A TableUpdate with Closed set is the last one from that table: the
//     client left, was removed, replaced by a newer connection, or the table
//     closed; Notice says which (the Notice constants), and a LobbyUpdate
//     follows unless the client itself ended. Done is closed when the client
//     is finished for good.
//   - Deadline is set while a response window runs and zero otherwise.
//   - Method errors are written for players: show err.Error(). errors.Is
//     tells the ErrXxx cases apart; engine rule errors pass through Act
//     unchanged. Seat numbers in messages count from 1.
//   - Log lines and the outcome may hold engine.SeatRef tokens ("{seat2}")
//     to expand with engine.ExpandSeats; names never contain braces.
//
// A player at a table of this node is a member of it in one of two roles:
// a Client, the session of a player connected here, or a standIn, which
// plays a session of another node at a table here and relays its updates
// there (standin.go). Both keep who they are and their table here in a
// presence. A Client's commands go to where it sits, a seatAt (where.go):
// a table here or, through that table's owner, one of another node
// (remoteseat.go).
//
// Locks, outermost first; a goroutine holding one may take only locks
// further down the list:
//  1. presence.op: one membership change of a client at a time.
//  2. A table's actor: nothing may wait for it (table.call) while holding
//     a lock below; code on the actor may take them.
//  3. Hub.mu (the tables, codes and table caps, the clients and their away
//     seats, the lobby with its chat and results), or standIns.mu (the
//     stand-ins by session); never both.
//  4. presence.mu: one member's player and table, and a Client's remote
//     seat and inbox.
//  5. Leaves, which call nothing: nodeMap.mu (the other nodes' states),
//     quietSet.mu, reportLog.mu, rateLimit.mu, seqs.mu, keyNameFolds.mu,
//     tally.mu, botPool.mu, ratingBook.mu. The admin state (drain mode,
//     the notice, kicks) is atomic. ratingBook.saving (a finished game's
//     save and rating, one at a time) is taken alone, off the actors.
//
// Network calls to other nodes are made holding at most presence.op.
package rooms

import (
	"slices"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// Player is a person behind a session.
type Player struct {
	// ID is stable across reconnects for key holders ("key:SHA256:...");
	// guests get a random one ("guest:...") and cannot reclaim a seat.
	ID string
	// Key is the key this session connected with ("key:SHA256:..."): ID,
	// unless the key is linked to a player; "" for a guest.
	Key   string
	Name  string // already cleaned with CleanName
	Guest bool
	// Admin: the server vouches that this player is one of its admins,
	// who alone may take names like "admin" (see Client.Rename).
	Admin bool
	// OwnsName: the hub found Name kept for this player's key (by
	// Config.KeyNames, or chosen with this key: store.NameOwner); the UI
	// marks the name. The hub sets it: Connect ignores the caller's.
	OwnsName bool
	// Addr is the network address the player came from: the client's IP,
	// or its /64 prefix for IPv6, so one machine counts once. The hub caps
	// and rate-limits the tables one address opens (Config.MaxTablesPerAddr,
	// Config.CreateBurst). "" means unknown and is exempt from the
	// per-address limits (the per-player ones still apply).
	Addr string
}

// Config tunes a hub.
type Config struct {
	// Games are the games tables may play, each under its Info().ID (the
	// list cmd/arcade wires; tests pass their own). NewHub panics on two
	// games with one ID.
	Games []engine.Game
	// ResponseWindow is the time a seat gets to answer out of turn (0: 15 s).
	// The countdown starts when a seat that was not responding starts to;
	// when it runs out, Timeout is played for every seat still responding.
	ResponseWindow time.Duration
	// BotDelay is the pause before a bot moves, so humans can follow
	// (0: 700 ms).
	BotDelay time.Duration
	// MaxTables caps open tables (0: 500).
	MaxTables int
	// MaxTablesPerPlayer caps the open tables one player (by Player.ID)
	// hosts, i.e. created and still open (0: 3).
	MaxTablesPerPlayer int
	// MaxTablesPerAddr caps the open tables created from one Player.Addr
	// and still open (0: 10). Players without an Addr are exempt.
	MaxTablesPerAddr int
	// CreateBurst and CreateEvery rate-limit Create per player and per
	// address, as token buckets: CreateBurst tables at once (0: 5), then
	// one more every CreateEvery (0: 10 s).
	CreateBurst int
	CreateEvery time.Duration
	// BotWorkers is how many bot decisions of the whole hub may run at
	// once, i.e. the cores bots may think on (0: half of
	// runtime.GOMAXPROCS(0), at least 1: BotWorkersFor with
	// DefaultBotCPUPercent). More wait in a queue, one per table at most,
	// taking turns between the addresses that opened the tables. The
	// collector's background work while bots think counts against the
	// same cores (the workers rest for it), so the rest of the cores stay
	// free for the sessions however many tables play against bots.
	BotWorkers int
	// Now, when set, is the clock of the creation rate limit (tests
	// advance it by hand); nil: time.Now.
	Now func() time.Time
	// LogLines is how many recent log lines an update carries (0: 200).
	LogLines int
	// MaxSpectators caps the spectators of one table (0: 50).
	MaxSpectators int
	// AutoPassWindow is the response window when every human asked has
	// auto-pass on (Client.SetAutoPass) (0: 3 s).
	AutoPassWindow time.Duration
	// DefaultClock is a new table's turn clock (""; ClockOff until the
	// table screen shows the clock); the host may change it before the
	// start (Client.SetClock).
	DefaultClock Clock
	// RelaxedTime and BlitzTime are the time for one decision under those
	// clocks (0: DefaultRelaxedTime, DefaultBlitzTime).
	RelaxedTime, BlitzTime time.Duration
	// Day is how long a correspondence clock's day lasts (0: DefaultDay;
	// tests shorten it).
	Day time.Duration
	// VacationDays is each keyed player's yearly allowance of days that a
	// correspondence clock gives them when it runs out (0:
	// DefaultVacationDays; negative: none). It is kept in the store's
	// settings (store.Settings).
	VacationDays int
	// MaxCorrespondence caps the correspondence tables where one keyed
	// player holds a seat (0: DefaultMaxCorrespondence; negative: no cap).
	MaxCorrespondence int
	// TournamentGrace is how long a tournament round's table waits for its
	// players before it starts without those who have not come (0:
	// DefaultTournamentGrace).
	TournamentGrace time.Duration
	// Notifier, when set, posts notices to the URLs players set
	// (Client.SetWebhook) when a correspondence decision becomes theirs
	// while they are away, and before its clock runs out (notify.go).
	// Nil: the server sends no notifications.
	Notifier Notifier
	// AwayGrace is how long a seat whose player is away (left or
	// disconnected mid-game, no bot) may hold up its own turn before the
	// table plays Timeout for it (0: 60 s). Once it has run out, the seat's
	// later turns are timed out at once until the player comes back.
	AwayGrace time.Duration
	// EmptyGrace is how long a game in progress survives with nobody
	// watching it (every player away, no spectators) before the table
	// closes (0: 2 min). Waiting tables without players, finished tables
	// without watchers, and games that only their creator ever sat at (say
	// one human against bots) close at once.
	EmptyGrace time.Duration
	// LobbyEvery is the shortest time between two lobby broadcasts; changes
	// in between are coalesced into the next one (0: 200 ms).
	LobbyEvery time.Duration
	// LobbyScreens is about how many lobby screens a second the lobby's
	// broadcasts may redraw (0: 2000): with more sessions connected the
	// broadcasts come further apart, who is online every sessions /
	// LobbyScreens seconds and the tables and chat four times as often,
	// but within 750 ms.
	LobbyScreens int
	// Seed, when set, gives each new game its seed (tests use it to deal a
	// known game); nil draws one from crypto/rand.
	Seed func() uint64
	// OnFinish, when set, receives the record of every game that ends (on
	// its own goroutine), so it can be saved and replayed exactly.
	OnFinish func(tableID string, rec engine.Record)
	// Store, when set, keeps tables, identities and finished games across
	// restarts (see persist.go): NewHub restores the tables it holds.
	Store store.Store
	// Bus, when set, makes this hub one node of several that share one
	// lobby and every table (see Bus and cluster.go); Store should then be
	// a store.Shared that every node uses.
	Bus Bus
	// KeyNames, when set, keeps names for particular keys (the names the
	// server's key lists give them): nobody else may take such a name,
	// or one that passes for it (ErrNameListed), and it is its keys'
	// whatever the store says. It is asked on every arrival and rename,
	// so a list re-read applies at once.
	KeyNames KeyNames
	// NoLeaderboard switches the per-game leaderboards off (a private
	// server may not want one).
	NoLeaderboard bool
	// RestoreGrace is how long a table restored after a restart stays open
	// with nobody at it, for its players to come back (0: 5 min).
	RestoreGrace time.Duration
	// ForgetKeysAfter: a key that never chose a name and never sat at a
	// table is forgotten this long after it was last seen (0:
	// DefaultForgetKeysAfter; negative: never).
	ForgetKeysAfter time.Duration
	// NewKeysPerAddr is how many keys new to the store one address may
	// bring at once before the next are not recorded (one more every
	// newKeyEvery; 0: DefaultNewKeysPerAddr).
	NewKeysPerAddr int
	// OnReport, when set, is told of every report a player makes (on the
	// table's goroutine: it must not block), to log it.
	OnReport func(Report)
	// Observe, when set, is told of moves, bot decisions and fan-outs, for
	// metrics (nil: nobody).
	Observe Observer
	// Infof, when set, is told of what a cluster's nodes do with tables
	// (one taken over, handed over). Nil: silent.
	Infof func(format string, args ...any)
	// Warnf, when set, is told of an address that keeps hitting a limit
	// (chat, reports, wrong invite codes), at most once a minute each.
	// Nil: silent.
	Warnf func(format string, args ...any)
	// Logf, when set, receives internal errors (a game that panicked, a
	// timeout action the engine refused). Nil: silent.
	Logf func(format string, args ...any)
}

// KeyNames are names kept for particular keys: the names the server's key
// lists (the allow list, the admins' list) give their keys.
type KeyNames interface {
	// KeyNamesVersion is a number that changes whenever the names do (a
	// list re-read); it is asked often and must be cheap.
	KeyNamesVersion() uint64
	// KeyNames returns the names by the ID of the player whose key each
	// is kept for ("key:SHA256:..."). The hub does not change the map.
	KeyNames() map[string]string
}

// Observer is told what the hub does, for an operator's metrics. Its
// methods run on tables' goroutines and must be quick and never block.
type Observer interface {
	// MoveApplied counts one action applied at a table of game.
	MoveApplied(game string)
	// BotDecided times one bot decision at a table of game, by bot level.
	BotDecided(game, level string, took time.Duration)
	// FannedOut times one fan-out: "table" for a table's update computed
	// and handed to every session there, "lobby" for a lobby broadcast.
	FannedOut(kind string, took time.Duration)
	// StoreFailed counts one write the store refused, by operation ("save
	// table", "save game", "see player", ...).
	StoreFailed(op string)
}

// nopObserver is the Observer of a hub without one.
type nopObserver struct{}

func (nopObserver) MoveApplied(string)                       {}
func (nopObserver) BotDecided(string, string, time.Duration) {}
func (nopObserver) FannedOut(string, time.Duration)          {}
func (nopObserver) StoreFailed(string)                       {}

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
	Clock    Clock  // the turn clock
}

// LobbyUpdate is the lobby's state: the public tables and who is online.
// One value is shared by every session: treat it as read-only.
type LobbyUpdate struct {
	Tables []TableSummary
	Online int
	// Version numbers the snapshots: equal versions hold equal tables, so a
	// screen drawn from one can be shared by every session.
	Version uint64
	// Notice is the server-wide notice an admin posted ("" when none).
	Notice string
	// Draining: the server opens no new tables (Hub.SetDraining).
	Draining bool
	// Chat is the lobby's chat, oldest first (Client.Say).
	Chat []ChatLine
	// People are who is online and where, sorted by name.
	People []Person
	// Recent are the last finished public games, oldest first.
	Recent []Result
}

// Person is someone online, as the lobby lists them.
type Person struct {
	Name string
	// Game is the name of the game they play or watch ("" in the lobby);
	// Table its table's ID, "" when the table is private.
	Game, Table string
	// Status is that table's: waiting for its game to start, playing,
	// or finished ("" in the lobby, or when the table is not known here).
	Status   Status `json:",omitempty"`
	Watching bool
	Admin    bool // one of the arcade's admins (the UI marks the name)
	OwnsName bool // the name is kept for their key (Player.OwnsName)
	// Rating is theirs in the game they play at a table of this server
	// (Games 0: none, or not known here).
	Rating PlayerRating `json:",omitzero"`
}

// SeatInfo describes one seat of a table.
type SeatInfo struct {
	Name      string // "" when empty
	Bot       bool
	BotLevel  string
	Connected bool // a human seat whose player is here
	Empty     bool
	// Admin and OwnsName are the seat's player's (Player.Admin,
	// Player.OwnsName): the UI marks the name.
	Admin, OwnsName bool
	// StandIn: the bot plays for a player who left (the seat keeps the
	// player's name and claim; the host may take the bot out again).
	StandIn bool
	// Idle: a present player whose turn clock ran out (the host may let
	// a bot play for them until they act again).
	Idle bool
	// Overdue: at a correspondence table, the player's clock ran out
	// MaxTimeouts times in a row; the host may hand the seat to a bot
	// (Client.Kick) or end the game (Client.EndEarly).
	Overdue bool
	// Rating is the seat's player's in this game (Games 0: none yet).
	Rating PlayerRating
}

// LogLine is one line of a table's log: an event of the game in its
// words (seats as engine.SeatRef) or the table's own news. Rule is the
// rule that made the event happen, for a player who asks why ("" for a
// player's own choice and for the table's news).
type LogLine struct {
	Text string      `json:"text"`
	Rule engine.Rule `json:"rule,omitempty"`
}

// NewSince is how many items at the end of now are new since was, for a
// log or chat that keeps only its recent lines: now is was with lines
// dropped from its front and lines added at its end. When nothing of was
// is left in now, all of now is new.
func NewSince[T comparable](was, now []T) int {
	for k := min(len(was), len(now)); k > 0; k-- {
		if slices.Equal(was[len(was)-k:], now[:k]) {
			return len(now) - k
		}
	}
	return len(now)
}

// TableUpdate is everything one session needs to draw a table: the table's
// public facts and the engine view for the session's own seat only.
//
// Updates share their slices, maps and views with other sessions' updates:
// treat every field as read-only.
type TableUpdate struct {
	Table TableSummary
	// Code is the table's invite code, for everyone seated (every table has
	// one; private tables can be joined only with it). "" for spectators.
	Code    string
	Options engine.Options
	You     engine.Seat // engine.Spectator when watching
	Host    bool        // this session is the host
	Seats   []SeatInfo
	// View is the engine's View(You) once the game has started, else nil.
	View engine.View
	// Legal is what You may do now; engine.Describe(View, move) puts a
	// move in words, from View alone.
	Legal []engine.Action
	// Pending lists the seats that may act now (the engine's Pending plus,
	// during a response window, its Responding seats), sorted.
	Pending []engine.Seat
	// Deadline ends the current response window (zero when none).
	Deadline time.Time
	// Log holds the recent events visible to You, oldest first.
	Log     []LogLine
	Outcome engine.Outcome
	// Closed is set when the session is no longer at the table (left,
	// evicted by a reconnect elsewhere, or the table closed); Notice says why.
	Closed bool
	Notice string
	// Version increases with every change of the table.
	Version uint64
	// Unsaved: the store refused the table's latest change. The update is
	// the last one shown, with nothing to do; the table waits and tries
	// again (ErrUnsaved says so in words).
	Unsaved bool
	// ServerNotice is the server-wide notice an admin posted ("" when
	// none), as LobbyUpdate.Notice.
	ServerNotice string
	// Chat is the table's chat, oldest first (Client.Say).
	Chat []ChatLine
	// Watchers are the spectators' names.
	Watchers []string
	// AutoPass: You let out-of-turn windows run out for you
	// (Client.SetAutoPass).
	AutoPass bool
	// Shared: a player other than the table's creator has sat here. A
	// game only its creator ever played (with bots) ends when they leave.
	Shared bool
	// Rematch is the invite code of this game's rematch once a player
	// opened one (Client.Rematch), else "".
	Rematch string
	// Clock is the table's turn clock; TurnDeadline ends the current
	// decision of the present players it runs for (zero when none).
	Clock        Clock
	TurnDeadline time.Time
	// Tournament is the code of the tournament whose round the table
	// plays ("" for none).
	Tournament string
	// ReplyWindow is a correspondence table's response window when its
	// host chose one (0: as long as a decision).
	ReplyWindow time.Duration
	// Rated: the game counts (or, before the start, will count if every
	// seat is then a keyed human) for the players' ratings; Casual: the
	// host chose that it does not.
	Rated, Casual bool
}
