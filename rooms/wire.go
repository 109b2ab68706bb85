package rooms

import (
	"encoding/json"
	"errors"
	"time"

	"arcade/engine"
)

// What the nodes of a cluster send each other (see cluster.go), as JSON.
// Subjects are made from server-made IDs only: node names (operator
// configuration) and table IDs.

// Subjects of the cluster.
const (
	subjectLobbyState = "arcade.lobby.state"    // nodeState, from every node
	subjectLobbyChat  = "arcade.lobby.chat"     // chatNote, a lobby chat line
	subjectArrived    = "arcade.player.arrived" // a keyed player connected (their ID)
	subjectNotice     = "arcade.admin.notice"   // an admin's notice (adminNotice)
	subjectKick       = "arcade.admin.kick"     // sessions an admin ends (Kick, with its admin)
)

// subjectTable is where a table's owner serves commands (cmdReq).
func subjectTable(id string) string { return "arcade.room." + id + ".cmd" }

// subjectNode is where a node takes updates for its clients (relayNote).
func subjectNode(node string) string { return "arcade.node." + node + ".updates" }

// clientRef names a client on its home node.
type clientRef struct {
	Node string `json:"node"`
	Boot string `json:"boot"` // the node's run: CIDs start again with each
	CID  uint64 `json:"cid"`
}

// cmdReq is one command for a table's owner.
type cmdReq struct {
	Op string `json:"op"`
	// From is the client the command is for; an admin's command names
	// only the admin's node.
	From   clientRef      `json:"from"`
	By     Admin          `json:"by,omitzero"` // the admin, for an admin's command
	Player Player         `json:"player"`
	ByCode bool           `json:"by_code,omitempty"`
	Seat   int            `json:"seat,omitempty"`
	Level  string         `json:"level,omitempty"`
	Action engine.Action  `json:"action,omitzero"`
	Clock  Clock          `json:"clock,omitempty"`
	On     bool           `json:"on,omitempty"`
	Opts   engine.Options `json:"opts,omitempty"`
	Text   string         `json:"text,omitempty"`
	Resume bool           `json:"resume,omitempty"` // join: only a seat the player dropped out of
	Wait   time.Duration  `json:"wait,omitempty"`   // a response window (SetReplyWindow)
}

// cmdReply answers a cmdReq.
type cmdReply struct {
	Table string `json:"table,omitempty"` // where the client is now
	Err   string `json:"err,omitempty"`
	Kind  string `json:"kind,omitempty"` // the sentinel Err matches, or "rule"
	// Rule is the rule a refusal ("rule") cites.
	Rule engine.Rule `json:"rule,omitempty"`
	Info *TableInfo  `json:"info,omitempty"`
}

// wireErrors are the errors a reply can carry so that errors.Is still
// tells them apart on the client's node.
var wireErrors = map[string]error{
	"closed": ErrClosed, "notable": ErrNoTable, "notat": ErrNotAtTable, "nothost": ErrNotHost,
	"notturn": ErrNotYourTurn, "spectating": ErrSpectating, "notstarted": ErrNotStarted,
	"over": ErrGameOver, "full": ErrTableFull, "started": ErrStarted, "private": ErrPrivate,
	"specfull": ErrSpectatorsFull, "toomany": ErrTooManyTables, "hostlimit": ErrHostLimit,
	"rate": ErrCreateRate, "badcode": ErrBadCode, "unknowncode": ErrUnknownCode,
	"reserved": ErrNameReserved, "taken": ErrNameTaken, "mixed": ErrNameMixed, "owned": ErrNameOwned, "listed": ErrNameListed, "internal": ErrInternal,
	"notadmin": ErrNotAdmin, "chatempty": ErrChatEmpty, "chatfast": ErrChatTooFast,
	"norematch": ErrNoRematch, "rematchbusy": ErrRematchBusy, "draining": ErrDraining,
	"clockstarted": ErrClockStarted, "reportwhom": ErrReportWhom, "reported": ErrReportedAlready,
	"noserver": ErrNoServer, "storagedown": ErrStorageDown, "unsaved": ErrUnsaved,
}

// replyErr puts err in a reply.
func replyErr(err error) cmdReply {
	if err == nil {
		return cmdReply{}
	}
	r := cmdReply{Err: err.Error()}
	var rule *engine.RuleError
	if errors.As(err, &rule) {
		r.Kind, r.Rule = "rule", rule.Rule
		return r
	}
	for kind, sentinel := range wireErrors {
		if errors.Is(err, sentinel) {
			r.Kind = kind
			break
		}
	}
	return r
}

// err rebuilds the error a reply carries.
func (r cmdReply) err() error {
	switch {
	case r.Err == "":
		return nil
	case r.Kind == "rule":
		return &engine.RuleError{Msg: r.Err, Rule: r.Rule}
	case wireErrors[r.Kind] != nil:
		if wireErrors[r.Kind].Error() == r.Err {
			return wireErrors[r.Kind]
		}
		return &detailError{msg: r.Err, kind: wireErrors[r.Kind]}
	}
	return errors.New(r.Err)
}

// relayNote is one table update for a client on another node.
type relayNote struct {
	To     uint64          `json:"to"`   // the client's CID on its node
	Boot   string          `json:"boot"` // and that node's run
	Owner  string          `json:"owner"`
	Table  string          `json:"table"`
	Game   string          `json:"game"`
	Update json.RawMessage `json:"update"`
}

// wireUpdate is a TableUpdate as it travels, with the view as JSON: the
// client's node reads it back into the game's view type, whose words for
// the legal moves are those the owner's view would say.
type wireUpdate struct {
	TableUpdate
	View json.RawMessage `json:"View,omitempty"`
}

// encodeUpdate writes u for another node.
func encodeUpdate(u *TableUpdate) ([]byte, error) {
	w := wireUpdate{TableUpdate: *u}
	w.TableUpdate.View = nil
	if u.View != nil {
		v, err := json.Marshal(u.View)
		if err != nil {
			return nil, err
		}
		w.View = v
	}
	return json.Marshal(w)
}

// adminNotice is an admin's notice as it travels to the other nodes.
type adminNotice struct {
	By   Admin  `json:"by"`
	Text string `json:"text"`
}

// nodeState is what a node tells the others about itself, on every change
// of its lobby and at least every stateEvery: its open tables, who is
// online there, and which keyed players are away from a game there.
type nodeState struct {
	Node string `json:"node"`
	// Boot tells one run of a node from the next (Hub.boot).
	Boot   string            `json:"boot"`
	Tables []nodeTable       `json:"tables"`
	People []Person          `json:"people"`
	Away   map[string]string `json:"away,omitempty"` // player ID -> table ID a reconnect resumes
	// Seats are the tables of correspondence games where players hold
	// seats while away there: player ID -> table IDs (Hub.Turns).
	Seats map[string][]string `json:"seats,omitempty"`
	// Names are the folded names (nameFold) of the players online there,
	// with their IDs: a name is one player's in the whole cluster.
	Names map[string]string `json:"names,omitempty"`
	// Players are who is connected there, for admins (Hub.Elsewhere).
	Players []Player `json:"players,omitempty"`
	Recent  []Result `json:"recent,omitempty"`
}

// nodeTable is one open table of a node, private ones too (their codes
// let a player anywhere join them).
type nodeTable struct {
	Sum     TableSummary `json:"sum"`
	Code    string       `json:"code"`
	Created time.Time    `json:"created"`
	// Waiting are the IDs of the players whose decision the table waits
	// for, and Deadline ends it (zero: no clock): Hub.Turns on any node.
	Waiting  []string  `json:"waiting,omitempty"`
	Deadline time.Time `json:"deadline,omitzero"`
}

// decodeView reads a view of game id, as the game's DecodeView reads it.
func (h *Hub) decodeView(game string, data []byte) (engine.View, error) {
	if len(data) == 0 || string(data) == "null" {
		return nil, nil
	}
	g, ok := h.games[game]
	if !ok {
		return nil, errors.New("rooms: no game " + game + " here to read its view")
	}
	return g.DecodeView(data)
}

// note is what one node tells the others on a subject: Body, signed with
// the node's name so that it can tell its own notes apart.
type note[T any] struct {
	Node string `json:"node"`
	Body T      `json:"body"`
}

// tell sends body to the other nodes on subject (nothing without a
// cluster).
func tell[T any](h *Hub, subject string, body T) {
	if h.bus == nil {
		return
	}
	data, err := json.Marshal(note[T]{Node: h.bus.Node(), Body: body})
	if err == nil {
		err = h.bus.Publish(subject, data)
	}
	if err != nil {
		h.cfg.Logf("rooms: telling the other nodes on %s failed: %v", subject, err)
	}
}

// heard reads a note another node sent: its body and sender; ok is false
// for a malformed note and for this node's own.
func heard[T any](h *Hub, data []byte) (body T, from string, ok bool) {
	var n note[T]
	if err := json.Unmarshal(data, &n); err != nil || n.Node == h.bus.Node() {
		return body, "", false
	}
	return n.Body, n.Node, true
}
