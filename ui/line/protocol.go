package line

import (
	"encoding/json"
	"time"

	"arcade/engine"
	"arcade/rooms"
)

// Protocol is the version of the JSON protocol (docs/protocol.md). It
// changes when a message loses a field or a field changes meaning; new
// fields and new message types do not change it.
const Protocol = 1

// helloMsg is the first message of a JSON session.
type helloMsg struct {
	Type     string        `json:"type"` // "hello"
	Protocol int           `json:"protocol"`
	Name     string        `json:"name"`
	Guest    bool          `json:"guest"`
	Games    []engine.Info `json:"games"`
	Clocks   []rooms.Clock `json:"clocks"`
}

// lobbyMsg is the lobby: sent on arriving there and when its tables,
// chat or notice change.
type lobbyMsg struct {
	Type   string       `json:"type"` // "lobby"
	Tables []tableEntry `json:"tables"`
	// Away are the tables of games in progress where the player holds a
	// seat they left.
	Away   []tableEntry `json:"away"`
	Online int          `json:"online"`
	Chat   []chatEntry  `json:"chat"` // new lines since the last lobby message
	Notice string       `json:"notice,omitempty"`
}

// tableEntry is a table as the lobby lists it.
type tableEntry struct {
	ID       string       `json:"id"`
	Game     string       `json:"game"`
	GameName string       `json:"game_name"`
	Seats    int          `json:"seats"`
	Taken    int          `json:"taken"`
	Status   rooms.Status `json:"status"`
	Private  bool         `json:"private,omitempty"`
	Host     string       `json:"host"`
	Clock    rooms.Clock  `json:"clock"`
}

// chatEntry is one line of chat.
type chatEntry struct {
	At        time.Time `json:"at"`
	From      string    `json:"from"`
	Text      string    `json:"text"`
	Spectator bool      `json:"spectator,omitempty"`
}

// tableMsg is the player's table after a change: what their seat may see.
type tableMsg struct {
	Type    string         `json:"type"` // "table"
	ID      string         `json:"id"`
	Game    string         `json:"game"`
	Code    string         `json:"code,omitempty"`
	Status  rooms.Status   `json:"status"`
	Private bool           `json:"private,omitempty"`
	Options engine.Options `json:"options"`
	Clock   rooms.Clock    `json:"clock"`
	Version uint64         `json:"version"`
	// You is the player's seat, counted from 0 as in the view; -1 when
	// watching.
	You   engine.Seat `json:"you"`
	Host  bool        `json:"host,omitempty"`
	Seats []seatEntry `json:"seats"`
	// View is the engine's view of the game for You (null before the
	// start); its fields are each game's own.
	View json.RawMessage `json:"view"`
	// Moves are You's legal moves now; Pending the seats that may act.
	Moves   []moveEntry   `json:"moves"`
	Pending []engine.Seat `json:"pending"`
	// YourTurn: Moves is not empty.
	YourTurn bool `json:"your_turn"`
	// Deadline ends the current response window; TurnDeadline the
	// current decision under the table's clock.
	Deadline     *time.Time `json:"deadline,omitempty"`
	TurnDeadline *time.Time `json:"turn_deadline,omitempty"`
	// Events and Chat are the new log and chat lines since the last
	// table message (every line on arriving).
	Events   []string        `json:"events"`
	Chat     []chatEntry     `json:"chat"`
	Watchers []string        `json:"watchers,omitempty"`
	Outcome  *engine.Outcome `json:"outcome,omitempty"`
	Rematch  string          `json:"rematch,omitempty"`
	AutoPass bool            `json:"auto_pass,omitempty"`
	// Closed: the player is no longer at the table; Notice says why.
	Closed bool   `json:"closed,omitempty"`
	Notice string `json:"notice,omitempty"`
	// ServerNotice is the notice an admin posted for everyone.
	ServerNotice string `json:"server_notice,omitempty"`
}

// seatEntry is one seat of a table.
type seatEntry struct {
	Seat      engine.Seat `json:"seat"`
	Name      string      `json:"name,omitempty"`
	Empty     bool        `json:"empty,omitempty"`
	Bot       bool        `json:"bot,omitempty"`
	BotLevel  string      `json:"bot_level,omitempty"`
	Connected bool        `json:"connected,omitempty"`
	StandIn   bool        `json:"stand_in,omitempty"`
	Idle      bool        `json:"idle,omitempty"`
	Overdue   bool        `json:"overdue,omitempty"`
}

// moveEntry is one legal move: ID names it for as long as it is legal
// (the same move has the same ID in every update), N is its number in this
// update's list (from 1), Key its hot key, Text its words.
type moveEntry struct {
	ID     string        `json:"id"`
	N      int           `json:"n"`
	Key    string        `json:"key,omitempty"`
	Text   string        `json:"text"`
	Action engine.Action `json:"action"`
}

// replyMsg answers a query with lines of text (look, hand, who, ...).
type replyMsg struct {
	Type  string          `json:"type"` // "reply"
	Cmd   string          `json:"cmd"`
	Ref   json.RawMessage `json:"ref,omitempty"`
	Lines []string        `json:"lines"`
}

// okMsg says a command was done.
type okMsg struct {
	Type string          `json:"type"` // "ok"
	Cmd  string          `json:"cmd"`
	Ref  json.RawMessage `json:"ref,omitempty"`
}

// errorMsg says a command was refused, in one sentence; nothing changed.
type errorMsg struct {
	Type  string          `json:"type"` // "error"
	Cmd   string          `json:"cmd,omitempty"`
	Ref   json.RawMessage `json:"ref,omitempty"`
	Error string          `json:"error"`
}

// byeMsg is the last message of a session.
type byeMsg struct {
	Type   string `json:"type"` // "bye"
	Reason string `json:"reason"`
}
