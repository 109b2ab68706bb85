// Package keys holds the arcade's key maps as bubbles key.Bindings, with the
// help text the ui shows. Every movement has a letter as well as an arrow, and
// a bare Esc only closes overlays: it never leaves a table.
package keys

import "charm.land/bubbles/v2/key"

// Global keys work on every screen.
type Global struct {
	Help    key.Binding
	Colour  key.Binding
	Quit    key.Binding
	Back    key.Binding
	Refresh key.Binding
}

// GlobalKeys returns the global key map.
func GlobalKeys() Global {
	return Global{
		Help:    key.NewBinding(key.WithKeys("?", "f1"), key.WithHelp("?", "help & rules")),
		Colour:  key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "colour on/off")),
		Quit:    key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "seats panel: close")),
		Refresh: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "redraw the screen")),
	}
}

// Lobby keys choose a game or a table.
type Lobby struct {
	Up      key.Binding
	Down    key.Binding
	Switch  key.Binding
	Select  key.Binding
	Create  key.Binding
	Code    key.Binding
	Watch   key.Binding
	Rules   key.Binding
	Name    key.Binding
	Quit    key.Binding
	Help    key.Binding
	Colour  key.Binding
	Solo    key.Binding
	History key.Binding
	Refresh key.Binding
	// Online shows the next page of who is online.
	Online key.Binding
	// Chat opens the lobby's chat line.
	Chat key.Binding
	// Admin lists every table, private ones too (admins only: disabled
	// in LobbyKeys, enabled in AdminLobbyKeys).
	Admin key.Binding
	// Settings opens the player's settings (notifications, linked keys,
	// the your-turn signal); Tournaments the tournaments.
	Settings    key.Binding
	Tournaments key.Binding
}

// AdminLobbyKeys is the lobby key map of the server's admins: the lobby's,
// with Admin enabled.
func AdminLobbyKeys() Lobby {
	k := LobbyKeys()
	k.Admin.SetEnabled(true)
	return k
}

// LobbyKeys returns the lobby key map.
func LobbyKeys() Lobby {
	g := GlobalKeys()
	return Lobby{
		Up:          key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:        key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Switch:      key.NewBinding(key.WithKeys("tab", "shift+tab", "left", "right", "h", "l"), key.WithHelp("tab", "games/tables")),
		Select:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open/join")),
		Create:      key.NewBinding(key.WithKeys("c", "n"), key.WithHelp("c", "new table")),
		Code:        key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "invite code")),
		Watch:       key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "watch")),
		Rules:       key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rules")),
		Name:        key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit name")),
		Solo:        key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "play vs bots")),
		History:     key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "your games")),
		Online:      key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "more of who is online")),
		Chat:        ChatKey(),
		Admin:       key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "all tables (admin)"), key.WithDisabled()),
		Quit:        key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Help:        g.Help,
		Colour:      g.Colour,
		Refresh:     g.Refresh,
		Settings:    key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "settings")),
		Tournaments: key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "tournaments")),
	}
}

// ShortHelp implements help.KeyMap.
func (k Lobby) ShortHelp() []key.Binding {
	return []key.Binding{k.Select, k.Create, k.Solo, k.Code, k.Watch, k.Chat, k.History, k.Tournaments, k.Settings, k.Admin, k.Rules, k.Name,
		k.Help, k.Quit}
}

// FullHelp implements help.KeyMap.
func (k Lobby) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Switch, k.Select}, {k.Create, k.Solo, k.Code, k.Watch}, {k.Chat, k.History, k.Tournaments, k.Settings, k.Online, k.Admin, k.Rules, k.Name, k.Colour, k.Help, k.Quit}}
}

// Form keys edit a form such as the new-table form.
type Form struct {
	Up     key.Binding
	Down   key.Binding
	Left   key.Binding
	Right  key.Binding
	Submit key.Binding
	Cancel key.Binding
}

// FormKeys returns the form key map.
func FormKeys() Form {
	return Form{
		Up:     key.NewBinding(key.WithKeys("up", "k", "shift+tab"), key.WithHelp("↑/k", "previous")),
		Down:   key.NewBinding(key.WithKeys("down", "j", "tab"), key.WithHelp("↓/j", "next")),
		Left:   key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "change")),
		Right:  key.NewBinding(key.WithKeys("right", "l", "space"), key.WithHelp("→/l", "change")),
		Submit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "create")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// EditFormKeys is the form key map for changing what exists (a table's
// options): enter saves.
func EditFormKeys() Form {
	k := FormKeys()
	k.Submit = key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save"))
	return k
}

// ShortHelp implements help.KeyMap.
func (k Form) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Left, k.Right, k.Submit, k.Cancel}
}

// FullHelp implements help.KeyMap.
func (k Form) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// Table keys act at a table. Game moves have their own hot keys, given by
// the game's board in ui/<game> (board.MoveKeyer, built with Move and
// Digit); these are the table's own.
type Table struct {
	Up     key.Binding
	Down   key.Binding
	Do     key.Binding
	Start  key.Binding
	AddBot key.Binding
	Leave  key.Binding
	// Seats panel (host): level, remove a bot, close.
	Left      key.Binding
	Right     key.Binding
	RemoveBot key.Binding
	Close     key.Binding
	Yes       key.Binding
	No        key.Binding
	LogUp     key.Binding
	LogDown   key.Binding
	// Report tells the admins about another player at the table.
	Report key.Binding
	// Chat opens the table's chat line; AutoPass and Signal are the
	// player's own toggles (let windows with only a pass run out; the
	// your-turn bell and title).
	Chat     key.Binding
	AutoPass key.Binding
	Signal   key.Binding
	// Rematch (after the game) opens or joins the rematch; Options
	// (host, before the start) changes the table's options.
	Rematch key.Binding
	Options key.Binding
	// Seats panel (host): remove a player, hand the host role on. At a
	// correspondence table whose player ran out of time rooms.MaxTimeouts
	// times in a row, Kick hands that seat to a bot and EndEarly ends the
	// game (host, after a question).
	Kick     key.Binding
	HandHost key.Binding
	EndEarly key.Binding
	// Back takes back the newest step of a move the board is building
	// (board.Stepper).
	Back key.Binding
	// Why explains the rule behind the last refusal or an effect of the
	// rules in the log, quoting the game's rules; pressed again, the one
	// before.
	Why    key.Binding
	Help   key.Binding
	Colour key.Binding
}

// ChatKey opens a chat line: a key no game uses, the same everywhere.
func ChatKey() key.Binding {
	return key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "chat"))
}

// TableKeys returns the table key map.
func TableKeys() Table {
	g := GlobalKeys()
	return Table{
		Up:        key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "choose")),
		Down:      key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "choose")),
		Do:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "do it")),
		Start:     key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "start game")),
		AddBot:    key.NewBinding(key.WithKeys("B"), key.WithHelp("B", "seat bots")),
		Left:      key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "seats panel: easier bot")),
		Right:     key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "seats panel: harder bot")),
		RemoveBot: key.NewBinding(key.WithKeys("x", "delete", "backspace"), key.WithHelp("x", "seats panel: remove bot")),
		Close:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "seats panel: close")),
		Leave:     key.NewBinding(key.WithKeys("Q", "ctrl+c"), key.WithHelp("Q", "leave table")),
		Yes:       key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
		No:        key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n", "no")),
		LogUp:     key.NewBinding(key.WithKeys("[", "pgup"), key.WithHelp("[/pgup", "older log")),
		LogDown:   key.NewBinding(key.WithKeys("]", "pgdown"), key.WithHelp("]/pgdn", "newer log")),
		Report:    key.NewBinding(key.WithKeys("!"), key.WithHelp("!", "report a player to the admins")),
		Chat:      ChatKey(),
		AutoPass:  key.NewBinding(key.WithKeys("A"), key.WithHelp("A", "auto-pass on/off")),
		Signal:    key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "your-turn bell on/off")),
		Rematch:   key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "rematch (game over)")),
		Options:   key.NewBinding(key.WithKeys("O"), key.WithHelp("O", "options (host, before the start)")),
		Kick:      key.NewBinding(key.WithKeys("K"), key.WithHelp("K", "seats panel: remove player; a bot for a seat out of time")),
		EndEarly:  key.NewBinding(key.WithKeys("E"), key.WithHelp("E", "end the game early (host, a player out of time)")),
		HandHost:  key.NewBinding(key.WithKeys("H"), key.WithHelp("H", "seats panel: make host")),
		Back:      key.NewBinding(key.WithKeys("backspace"), key.WithHelp("backspace", "take back a step of the move you are building")),
		Why:       key.NewBinding(key.WithKeys("W"), key.WithHelp("W", "why? the rule behind a refusal or an effect in the log")),
		Help:      g.Help,
		Colour:    g.Colour,
	}
}

// ShortHelp implements help.KeyMap.
func (k Table) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Do, k.Chat, k.LogUp, k.Help, k.Leave}
}

// FullHelp implements help.KeyMap.
func (k Table) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Do}, {k.Start, k.AddBot, k.Options, k.Rematch, k.Leave},
		{k.Left, k.Right, k.RemoveBot, k.Kick, k.HandHost, k.Close, k.EndEarly},
		{k.Back, k.Chat, k.AutoPass, k.Signal, k.LogUp, k.LogDown, k.Why, k.Report, k.Help, k.Colour}}
}

// Label is how a key line shows binding b: its first key, with the arrow
// keys as arrows ("" for a binding without keys).
func Label(b key.Binding) string {
	ks := b.Keys()
	if len(ks) == 0 {
		return ""
	}
	if a, ok := arrows[ks[0]]; ok {
		return a
	}
	return ks[0]
}

// arrows are the arrow keys' labels.
var arrows = map[string]string{"up": "↑", "down": "↓", "left": "←", "right": "→"}

// IsArrow reports whether a label is an arrow's.
func IsArrow(label string) bool {
	for _, a := range arrows {
		if a == label {
			return true
		}
	}
	return false
}

// Move is the hot key k of a game move: the one binding both plays the
// move and shows k in the table's move menu.
func Move(k string) key.Binding {
	return key.NewBinding(key.WithKeys(k), key.WithHelp(k, "move"))
}

// Digit is Move of the digit n (0-9), and no key (the zero binding) for
// any other n.
func Digit(n int) key.Binding {
	if n < 0 || n > 9 {
		return key.Binding{}
	}
	return Move(string(rune('0' + n)))
}

// Pager keys scroll a long text such as the rules.
type Pager struct {
	Up    key.Binding
	Down  key.Binding
	PgUp  key.Binding
	PgDn  key.Binding
	Top   key.Binding
	End   key.Binding
	Close key.Binding
}

// PagerKeys returns the pager key map.
func PagerKeys() Pager {
	return Pager{
		Up:    key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:  key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PgUp:  key.NewBinding(key.WithKeys("pgup", "b", "u"), key.WithHelp("pgup/b", "page up")),
		PgDn:  key.NewBinding(key.WithKeys("pgdown", "space", "f", "d"), key.WithHelp("pgdn/space", "page down")),
		Top:   key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g", "top")),
		End:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G", "end")),
		Close: key.NewBinding(key.WithKeys("esc", "q", "?"), key.WithHelp("esc/q", "close")),
	}
}

// ShortHelp implements help.KeyMap.
func (k Pager) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.Up, k.PgDn, k.PgUp, k.Top, k.End, k.Close}
}

// FullHelp implements help.KeyMap.
func (k Pager) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// History keys move through "your games" and the leaderboards.
type History struct {
	Up     key.Binding
	Down   key.Binding
	Next   key.Binding
	Prev   key.Binding
	Replay key.Binding
	Back   key.Binding
}

// HistoryKeys returns the "your games" key map.
func HistoryKeys() History {
	return History{
		Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Next:   key.NewBinding(key.WithKeys("right", "l", "tab"), key.WithHelp("→/l", "next leaderboard")),
		Prev:   key.NewBinding(key.WithKeys("left", "h", "shift+tab"), key.WithHelp("←/h", "previous leaderboard")),
		Replay: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "replay")),
		Back:   key.NewBinding(key.WithKeys("esc", "q", "y"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k History) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Replay, k.Next, k.Back}
}

// FullHelp implements help.KeyMap.
func (k History) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp(), {k.Prev}} }

// Replay keys step through a finished game.
type Replay struct {
	Forward  key.Binding
	Backward key.Binding
	Start    key.Binding
	End      key.Binding
	Back     key.Binding
}

// ReplayKeys returns the replay key map.
func ReplayKeys() Replay {
	return Replay{
		Forward:  key.NewBinding(key.WithKeys("right", "l", "space", "enter"), key.WithHelp("→/l", "next move")),
		Backward: key.NewBinding(key.WithKeys("left", "h", "backspace"), key.WithHelp("←/h", "move back")),
		Start:    key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g", "start")),
		End:      key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G", "end")),
		Back:     key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "close")),
	}
}

// ShortHelp implements help.KeyMap.
func (k Replay) ShortHelp() []key.Binding {
	return []key.Binding{k.Forward, k.Backward, k.Start, k.End, k.Back}
}

// FullHelp implements help.KeyMap.
func (k Replay) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// AdminTables keys move through the admin's list of every table.
type AdminTables struct {
	Up      key.Binding
	Down    key.Binding
	Watch   key.Binding
	Refresh key.Binding
	Back    key.Binding
}

// AdminTablesKeys returns the admin's table list key map.
func AdminTablesKeys() AdminTables {
	return AdminTables{
		Up:      key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:    key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Watch:   key.NewBinding(key.WithKeys("enter", "w"), key.WithHelp("enter", "watch")),
		Refresh: key.NewBinding(key.WithKeys("r", "a"), key.WithHelp("r", "refresh")),
		Back:    key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k AdminTables) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Watch, k.Refresh, k.Back}
}

// FullHelp implements help.KeyMap.
func (k AdminTables) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// Settings keys move through a player's settings: the notification
// address, the your-turn signal and the keys linked to them.
type Settings struct {
	Up   key.Binding
	Down key.Binding
	// Edit changes the line under the cursor: the address is edited, the
	// signal turned on or off.
	Edit key.Binding
	// Remove clears the address, or unlinks the key under the cursor
	// (after a question).
	Remove key.Binding
	// Test sends a test notice to the address.
	Test key.Binding
	// Signal turns the your-turn bell and title on or off, as at a table.
	Signal key.Binding
	Yes    key.Binding
	No     key.Binding
	Back   key.Binding
}

// SettingsKeys returns the settings key map.
func SettingsKeys() Settings {
	return Settings{
		Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Edit:   key.NewBinding(key.WithKeys("enter", "e"), key.WithHelp("enter", "change")),
		Remove: key.NewBinding(key.WithKeys("x", "delete", "backspace"), key.WithHelp("x", "clear the address / unlink a key")),
		Test:   key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "send a test notice")),
		Signal: key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "your-turn bell on/off")),
		Yes:    key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
		No:     key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n", "no")),
		Back:   key.NewBinding(key.WithKeys("esc", "q", "s"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k Settings) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Edit, k.Remove, k.Test, k.Signal, k.Back}
}

// FullHelp implements help.KeyMap.
func (k Settings) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp(), {k.Yes, k.No}} }

// Tournaments keys move through the tournaments and act on the one
// shown: players join or leave, its host starts the next round or ends
// it (the last two after a question).
type Tournaments struct {
	Up      key.Binding
	Down    key.Binding
	Open    key.Binding
	Join    key.Binding
	Leave   key.Binding
	Start   key.Binding
	End     key.Binding
	Refresh key.Binding
	Yes     key.Binding
	No      key.Binding
	Back    key.Binding
}

// TournamentsKeys returns the tournaments key map.
func TournamentsKeys() Tournaments {
	return Tournaments{
		Up:      key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:    key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Open:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "standings")),
		Join:    key.NewBinding(key.WithKeys("J"), key.WithHelp("J", "join")),
		Leave:   key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "leave")),
		Start:   key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "start the next round (host)")),
		End:     key.NewBinding(key.WithKeys("E"), key.WithHelp("E", "end the tournament (host)")),
		Refresh: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "refresh")),
		Yes:     key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
		No:      key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n", "no")),
		Back:    key.NewBinding(key.WithKeys("esc", "q", "t"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k Tournaments) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Open, k.Join, k.Leave, k.Start, k.End, k.Refresh, k.Back}
}

// FullHelp implements help.KeyMap.
func (k Tournaments) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp(), {k.Yes, k.No}} }
