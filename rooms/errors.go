package rooms

import "errors"

// Errors a session may want to tell apart with errors.Is. Their texts are
// meant for players; errors that wrap one of them (see JoinCode) carry a more
// specific text of their own. Rule errors from the engine come back from
// Client.Act unchanged (errors.As with *engine.RuleError).
var (
	// ErrClosed: the client was closed, replaced by a newer connection of
	// the same player, or the hub shut down.
	ErrClosed = errors.New("This session has ended.")
	// ErrNoTable: the table does not exist (any more).
	ErrNoTable = errors.New("That table is gone.")
	// ErrNotAtTable: the client is in the lobby.
	ErrNotAtTable = errors.New("You are not at a table.")
	// ErrNotHost: only the host may do that.
	ErrNotHost = errors.New("Only the host can do that.")
	// ErrTournamentTable: a tournament's table has no host; it plays by
	// the tournament's settings and starts by itself.
	ErrTournamentTable = errors.New("A tournament's table has no host: it keeps the tournament's settings.")
	// ErrNotYourTurn: the seat may not act now.
	ErrNotYourTurn = errors.New("It is not your turn.")
	// ErrSpectating: spectators cannot play.
	ErrSpectating = errors.New("You are watching this table; only players can act.")
	// ErrNotStarted: the game has not started yet.
	ErrNotStarted = errors.New("The game has not started yet.")
	// ErrGameOver: the game has ended.
	ErrGameOver = errors.New("The game is over.")
	// ErrTableFull: every seat is taken; Watch still works.
	ErrTableFull = errors.New("This table is full. You can watch it instead.")
	// ErrStarted: the game is under way and the client holds no seat there;
	// Watch still works.
	ErrStarted = errors.New("The game at this table has already started. You can watch it instead.")
	// ErrPrivate: a private table is joined only with its invite code.
	ErrPrivate = errors.New("This table is private: ask its host for the invite code.")
	// ErrSpectatorsFull: the table has as many spectators as it takes.
	ErrSpectatorsFull = errors.New("This table has no room for more spectators.")
	// ErrTooManyTables: the hub's MaxTables is reached.
	ErrTooManyTables = errors.New("The arcade has as many open tables as it can hold. Join one of them, or try again later.")
	// ErrHostLimit: the player, or their address, already hosts as many
	// open tables as Config.MaxTablesPerPlayer or MaxTablesPerAddr allow.
	// The error returned says which limit and what it is.
	ErrHostLimit = errors.New("You host as many open tables as you may: close one first.")
	// ErrCreateRate: the player, or their address, opened tables too fast
	// (Config.CreateBurst, CreateEvery). The error returned says when to
	// try again.
	ErrCreateRate = errors.New("Too many new tables: try again soon.")
	// ErrBadCode: the text is not shaped like an invite code.
	ErrBadCode = errors.New("That is not an invite code. Codes are 6 letters and digits, e.g. K7MQ2X.")
	// ErrUnknownCode: no open table has that code.
	ErrUnknownCode = errors.New("No table has that code. Codes are 6 letters and digits, e.g. K7MQ2X.")
	// ErrNameReserved: the name passes for an admin's.
	ErrNameReserved = errors.New("That name is kept for the arcade's admins: choose another.")
	// ErrNameTaken: a player who is online has that name (or one that
	// passes for it).
	ErrNameTaken = errors.New("A player who is online has that name: choose another.")
	// ErrNameMixed: a word of the name mixes alphabets whose letters look
	// alike (Latin with Cyrillic or Greek), as names made to pass for
	// another do.
	ErrNameMixed = errors.New("That name mixes look-alike alphabets (such as Latin and Cyrillic) in one word: write each word in one alphabet.")
	// ErrNameOwned: a player with a key chose that name (or one that
	// passes for it); it stays theirs while they are away.
	ErrNameOwned = errors.New("That name belongs to another player's key: choose another.")
	// ErrNameListed: the arcade's key lists give that name (or one that
	// passes for it) to another key (Config.KeyNames).
	ErrNameListed = errors.New("This arcade's list keeps that name for another player's key: choose another.")
	// ErrInternal: the game failed inside (a bug); the table was closed.
	ErrInternal = errors.New("The game hit an internal error; the table was closed.")
	// ErrUnsaved: the store refused the table's latest change; the table
	// waits until it is saved and takes no command meanwhile.
	ErrUnsaved = errors.New("This table cannot be saved right now; it waits and tries again.")
	// ErrRestarting: the server is about to restart; the table comes back
	// as it was last shown.
	ErrRestarting = errors.New("The arcade is restarting: your table comes back as it is now in a moment.")
	// ErrNameUnsaved: the store refused the player's new name, which was
	// not taken.
	ErrNameUnsaved = errors.New("Your new name cannot be saved right now; try again in a moment.")
	// ErrSettingUnsaved: the store refused a setting, which did not
	// change.
	ErrSettingUnsaved = errors.New("This setting cannot be saved right now, so it did not change; try again in a moment.")
	// ErrNotAdmin: only the server's admins may do that.
	ErrNotAdmin = errors.New("Only the server's admins can do that.")
)

// detailError is an error with its own text that still matches a sentinel
// with errors.Is.
type detailError struct {
	msg  string
	kind error
}

func (e *detailError) Error() string { return e.msg }
func (e *detailError) Unwrap() error { return e.kind }

// Notices of a last TableUpdate (Closed set), for sessions that want to
// react to one in particular.
const (
	NoticeLeft     = "You left the table."
	NoticeReplaced = "You connected from another terminal."
	NoticeKicked   = "The host removed you from the table."
	NoticeNoHumans = "The table closed: every player left."
	NoticeIdle     = "The table closed: nobody was watching."
	NoticeShutdown = "The arcade is shutting down."
	NoticeInternal = "The game hit an internal error; the table was closed."
)

// TournamentWaits says what a tournament's waiting table waits for: the
// words every screen shows there, since nobody hosts it.
const TournamentWaits = "A tournament game: it starts by itself once every player is here, or when the round's wait is over."
