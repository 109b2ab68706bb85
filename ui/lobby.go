package ui

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// lobbyScreen is the lobby: the games on the left, the open tables on the
// right, a cursor in one of them. It is the session's home: every other
// screen goes back to it.
type lobbyScreen struct {
	s             *session
	keys          *keys.Lobby
	width, height int
	pane          int // 0 games, 1 tables
	gameIdx       int
	tableIdx      int
	onlinePage    int // the page of who is online (o turns it)
}

func newLobbyScreen(s *session) *lobbyScreen {
	if s.client.Player().Admin {
		return &lobbyScreen{s: s, keys: &adminKeys}
	}
	return &lobbyScreen{s: s, keys: &lobbyKeys}
}

// SetSize implements screen.
func (l *lobbyScreen) SetSize(w, h int) { l.width, l.height = w, h }

// ShortHelp implements help.KeyMap.
func (l *lobbyScreen) ShortHelp() []key.Binding { return l.keys.ShortHelp() }

// FullHelp implements help.KeyMap.
func (l *lobbyScreen) FullHelp() [][]key.Binding { return l.keys.FullHelp() }

// helpTopic implements helpTopic: the highlighted game's rules.
func (l *lobbyScreen) helpTopic() topic { return topic{game: l.selectedGame()} }

// clamp keeps the cursor on a game and on a table (or the first row).
func (l *lobbyScreen) clamp() {
	l.tableIdx = min(max(l.tableIdx, 0), max(len(l.tables())-1, 0))
	l.gameIdx = min(max(l.gameIdx, 0), max(len(l.s.games)-1, 0))
}

// tables are the rows of OPEN TABLES: the table where the player's seat
// waits for them first (whatever its status or privacy), then the open
// public tables.
func (l *lobbyScreen) tables() []rooms.TableSummary {
	s := l.s
	if !s.hasAway {
		return s.lobby.Tables
	}
	out := make([]rooms.TableSummary, 0, len(s.lobby.Tables)+1)
	out = append(out, s.away)
	for _, t := range s.lobby.Tables {
		if t.ID != s.away.ID {
			out = append(out, t)
		}
	}
	return out
}

// awayRow reports whether row i of the tables is the player's own seat.
func (l *lobbyScreen) awayRow(i int) bool { return i == 0 && l.s.hasAway }

// showAway puts the cursor on the player's waiting seat, if any.
func (l *lobbyScreen) showAway() {
	if l.s.hasAway {
		l.pane, l.tableIdx = 1, 0
	}
}

func (l *lobbyScreen) selectedGame() engine.Game {
	if l.gameIdx < len(l.s.games) {
		return l.s.games[l.gameIdx]
	}
	return nil
}

// selectedTable is the highlighted open table, if any.
func (l *lobbyScreen) selectedTable() (rooms.TableSummary, bool) {
	t := l.tables()
	if l.tableIdx < len(t) {
		return t[l.tableIdx], true
	}
	return rooms.TableSummary{}, false
}

// Update implements screen.
func (l *lobbyScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return l, nil
	}
	km, s := l.keys, l.s
	switch {
	case keyMatches(k, km.Quit):
		return l, tea.Quit
	case keyMatches(k, km.Switch):
		l.pane = 1 - l.pane
	case keyMatches(k, km.Up):
		if l.pane == 0 {
			l.gameIdx--
		} else {
			l.tableIdx--
		}
	case keyMatches(k, km.Down):
		if l.pane == 0 {
			l.gameIdx++
		} else {
			l.tableIdx++
		}
	case keyMatches(k, km.Select):
		if l.pane == 1 {
			return l, l.joinSelected(false)
		}
		return l.openCreate(false), nil
	case keyMatches(k, km.Create):
		return l.openCreate(false), nil
	case keyMatches(k, km.Solo):
		return l.openCreate(true), nil
	case keyMatches(k, km.History):
		h := newHistoryScreen(s, l.gameIdx)
		return h, h.load()
	case keyMatches(k, km.Watch):
		return l, l.joinSelected(true)
	case keyMatches(k, km.Chat):
		return l, s.openChat()
	case keyMatches(k, km.Online):
		l.onlinePage++ // the list wraps round to its first page
	case keyMatches(k, km.Admin):
		a := newAdminScreen(s)
		return a, a.load()
	case keyMatches(k, km.Code):
		return l, s.openPrompt(promptCode, "", "six letters, e.g. K7MQ2X", 32, s.joinCode)
	case keyMatches(k, km.Name):
		return l, s.openName(s.client.Player().Name)
	case keyMatches(k, km.Rules):
		if g := l.selectedGame(); g != nil {
			l.clamp()
			return newRulesScreen(s, l, g), nil
		}
	default:
		s.setStatus(fmt.Sprintf("%q does nothing here. Press ? for help.", k.String()), true)
	}
	l.clamp()
	return l, nil
}

// Prompt labels.
const (
	promptName   = "Your name"
	promptCode   = "Invite code"
	promptReport = "Report seat"
)

// openName opens the name editor on value. It takes no more than a name
// may hold (rooms.MaxNameRunes characters), and refuses a name too wide
// for the screens (rooms.MaxNameWidth columns: emoji and wide letters
// count two) with the reason, keeping it to edit, rather than cutting it.
func (s *session) openName(value string) tea.Cmd {
	return s.openPrompt(promptName, value, "your name", rooms.MaxNameRunes, func(name string) tea.Cmd {
		if w := board.Width(strings.TrimSpace(name)); w > rooms.MaxNameWidth {
			s.setStatus(fmt.Sprintf("That name is %d columns wide; %d fit (emoji and wide letters count two).", w, rooms.MaxNameWidth), true)
			return s.openName(name)
		}
		return func() tea.Msg {
			name, err := s.client.Rename(name)
			if err != nil {
				return resultMsg{err: err}
			}
			return resultMsg{ok: "You are now " + name + "."}
		}
	})
}

// openCreate is the form for the highlighted game; solo fills the other
// seats with bots.
func (l *lobbyScreen) openCreate(solo bool) screen {
	if len(l.s.games) == 0 {
		l.s.setStatus("No games are installed on this server.", true)
		return l
	}
	l.s.setStatus("", false)
	return newCreateScreen(l.s, l.gameIdx, solo)
}

// joinSelected joins (or watches) the highlighted table.
func (l *lobbyScreen) joinSelected(watch bool) tea.Cmd {
	s := l.s
	t, ok := l.selectedTable()
	if !ok {
		s.setStatus("There is no open table yet: press c to open one.", true)
		return nil
	}
	id := t.ID
	if l.awayRow(l.tableIdx) && !watch {
		return func() tea.Msg {
			if err := s.client.Join(id); err != nil {
				return resultMsg{err: err}
			}
			return resultMsg{ok: "Welcome back: your seat is yours again.", arrival: true}
		}
	}
	if watch || t.Status != rooms.Waiting || t.Taken >= t.Seats {
		return s.call(func() error { return s.client.Watch(id) }, "")
	}
	return s.call(func() error { return s.client.Join(id) }, "")
}

// joinCode takes the seat at the table with this invite code, or watches
// it when it is full or its game has begun.
func (s *session) joinCode(code string) tea.Cmd {
	return func() tea.Msg {
		err := s.client.JoinCode(code)
		if errors.Is(err, rooms.ErrTableFull) || errors.Is(err, rooms.ErrStarted) {
			if s.client.WatchCode(code) == nil {
				return resultMsg{ok: "Every seat there is taken: you are watching the table.", arrival: true}
			}
		}
		return resultMsg{err: err}
	}
}

// titleKey is what the lobby's title is drawn from: its theme and width.
type titleKey struct {
	th    *theme.Theme
	width int
}

var lobbyTitles = memo[titleKey]{max: 256}

// lobbyBodyKey is everything the lobby's two panes are drawn from: sessions
// with equal keys share one drawing (see lobbyBodies). The snapshot is
// named by its version and its tables (the version alone repeats across
// hubs, as in tests); the games by their IDs.
type lobbyBodyKey struct {
	version             uint64
	tables              *rooms.TableSummary
	games               string
	th                  *theme.Theme
	width, height       int
	pane, game, tableAt int
	// The snapshot's chat and people, by their first elements (the
	// version alone repeats across hubs).
	chat   *rooms.ChatLine
	people *rooms.Person
	// The player's own: the seat waiting for them, their mutes, the
	// open chat line (zero for most sessions).
	away     string
	admin    bool // an admin's key line may take another line
	muted    string
	chatOpen bool
	chatBack int
	online   int // the page of who is online
}

// lobbyBodies holds the lobby panes drawn lately. Most lobby screens differ
// only in their header and footer, so a lobby change is drawn a few times,
// not once per session.
var lobbyBodies = memo[lobbyBodyKey]{max: 256}

func (l *lobbyScreen) bodyKey() lobbyBodyKey {
	s := l.s
	var tables *rooms.TableSummary
	if len(s.lobby.Tables) > 0 {
		tables = &s.lobby.Tables[0]
	}
	k := lobbyBodyKey{version: s.lobby.Version, tables: tables, games: s.gamesKey, th: s.th, width: l.width, height: l.height,
		pane: l.pane, game: l.gameIdx, tableAt: l.tableIdx, muted: s.mutedKey(), chatOpen: s.chatOpen(), admin: l.keys == &adminKeys,
		online: l.onlinePage}
	if len(s.lobby.Chat) > 0 {
		k.chat = &s.lobby.Chat[0]
	}
	if len(s.lobby.People) > 0 {
		k.people = &s.lobby.People[0]
	}
	if s.hasAway {
		k.away = s.away.ID + "/" + string(s.away.Status)
	}
	if k.chatOpen {
		k.chatBack = s.chatBack
	}
	return k
}

// View implements screen.
func (l *lobbyScreen) View() string {
	s := l.s
	th := s.th
	w := l.width
	me := s.client.Player()
	who := fmt.Sprintf("%s · %d online", me.Name, s.lobby.Online)
	if me.Guest {
		who = me.Name + " (guest) · " + fmt.Sprint(s.lobby.Online) + " online"
	}
	title := lobbyTitles.get(titleKey{th, w - board.Width(who) - 1}, func() string {
		return padRight(th.Title.Render("THE ARCADE")+th.Faint.Render(" · board games over SSH"), w-board.Width(who)-1)
	})
	header := title + " " + who

	body := lobbyBodies.get(l.bodyKey(), func() string {
		// The games, then the open tables; from 120 columns a third
		// column with who is online and the latest results.
		bodyH := l.height - 6 - strings.Count(l.keyLine(), "\n") - 1
		leftW := min(max(w*19/40, 26), 52)
		sideW := 0
		if w >= 120 {
			sideW = min((w-leftW-4)/2, 60)
		}
		rightW := w - leftW - 2
		if sideW > 0 {
			rightW -= sideW + 2
		}
		cols := []string{fitBlock(l.gamesPane(leftW, bodyH), leftW, bodyH), fitBlock("", 2, bodyH), l.rightPane(rightW, bodyH, sideW == 0)}
		if sideW > 0 {
			cols = append(cols, fitBlock("", 2, bodyH), fitBlock(l.sidePane(sideW, bodyH), sideW, bodyH))
		}
		return board.Columns(cols...)
	})

	var footer []string
	if s.prompt != nil {
		footer = append(footer, s.promptLine(w))
	} else {
		footer = append(footer, s.statusLine(s.lobbyNotice(), w))
	}
	footer = append(footer, l.keyLine())
	return header + "\n\n" + body + "\n\n" + strings.Join(footer, "\n")
}

// keyLine is the lobby's key help: two lines when one cannot hold it.
func (l *lobbyScreen) keyLine() string {
	name := "lobby"
	if l.keys == &adminKeys {
		name = "lobby-admin"
	}
	return l.s.keyLines(l.width, 2, name, l.keys)
}

// rightPane is the open tables; with online set (no third column), who
// is online under them; and once someone has said something (or the chat
// line is open), the lobby's chat at the bottom.
func (l *lobbyScreen) rightPane(w, h int, online bool) string {
	var below []string
	if chat := l.s.lobby.Chat; len(chat) > 0 || l.s.chatOpen() {
		chatH := min(max(h/3, 4), 8)
		if l.s.chatOpen() {
			chatH = max(h/2, 4)
		}
		chatH = min(chatH, h-3)
		below = append(below, fitBlock(l.s.chatPane(chat, w, chatH), w, chatH))
	}
	rest := h
	for _, b := range below {
		rest -= strings.Count(b, "\n") + 2
	}
	// Without a third column, who is online and the latest results go
	// under the tables, where room is left.
	used := strings.Count(l.tablesPane(w, rest), "\n") + 1
	var extra []string
	if online && rest-used >= 4 {
		brief := l.onlineBrief(w, min(rest-used-1, 4))
		extra = append(extra, strings.Join(brief, "\n"))
		rest -= len(brief) + 1
	}
	if recent := l.recentLines(w, min(rest-used-1, 4), false); online && len(recent) > 0 {
		extra = append(extra, strings.Join(recent, "\n"))
		rest -= len(recent) + 1
	}
	below = append(extra, below...)
	out := fitBlock(l.tablesPane(w, rest), w, rest)
	for _, b := range below {
		out += "\n" + fitBlock("", w, 1) + "\n" + b
	}
	return fitBlock(out, w, h)
}

// gamesPane lists the games, with the highlighted one's summary.
func (l *lobbyScreen) gamesPane(w, h int) string {
	th := l.s.th
	head := "GAMES"
	if l.pane == 0 {
		head = "▸ GAMES"
	}
	lines := []string{th.Heading.Render(head)}
	for i, g := range l.s.games {
		in := g.Info()
		row := fmt.Sprintf("%-*s %d-%d", max(w-6, 10), in.Name, in.MinPlayers, in.MaxPlayers)
		if i == l.gameIdx {
			lines = append(lines, selRow(th, row, w, l.pane == 0))
		} else {
			lines = append(lines, " "+row)
		}
	}
	if len(l.s.games) == 0 {
		lines = append(lines, th.Faint.Render(" no games installed"))
	}
	if g := l.selectedGame(); g != nil {
		in := g.Info()
		lines = append(lines, "")
		for _, s := range wrap(in.Summary, w-1) {
			lines = append(lines, th.Faint.Render(" "+s))
		}
		lines = append(lines, th.Faint.Render(" enter: new table · r: rules"))
		// A tall lobby says more about the game: its options.
		if opts := optionLines(in, w-1); len(opts) > 0 && len(lines)+len(opts)+2 <= h {
			lines = append(lines, "", th.Heading.Render(" OPTIONS"))
			for _, o := range opts {
				lines = append(lines, " "+o)
			}
		}
	}
	return strings.Join(lines, "\n")
}

// optionLines list a game's table options with their choices, default
// first, in the new-table form's words, wrapped to w.
func optionLines(in engine.Info, w int) []string {
	var out []string
	for _, o := range in.Options {
		choices := o.Choices
		if o.Kind == engine.Bool {
			choices = []string{"no", "yes"}
			if o.Default == "true" {
				choices = []string{"yes", "no"}
			}
		}
		out = append(out, wrapHang(o.Name+": "+strings.Join(choices, ", "), w, 2)...)
	}
	return out
}

// sidePane is the wide lobby's third column: who is online and where,
// then the last finished public games.
func (l *lobbyScreen) sidePane(w, h int) string {
	lines := l.onlineLines(w, h/2)
	lines = append(lines, "")
	lines = append(lines, l.recentLines(w, h-len(lines), true)...)
	return strings.Join(lines, "\n")
}

// recentLines are the last finished public games, newest first, in at
// most h lines of width w (with none: a line that says so, when empty is
// set, else nothing).
func (l *lobbyScreen) recentLines(w, h int, empty bool) []string {
	th := l.s.th
	lu := l.s.lobby
	if len(lu.Recent) == 0 && !empty {
		return nil
	}
	lines := []string{th.Heading.Render("RECENT RESULTS")}
	if len(lu.Recent) == 0 {
		lines = append(lines, th.Faint.Render(" No finished public games yet."))
	}
	for i := len(lu.Recent) - 1; i >= 0; i-- {
		r := lu.Recent[i]
		var won []string
		for _, s := range r.Winners {
			if int(s) >= 0 && int(s) < len(r.Names) {
				won = append(won, r.Names[s])
			}
		}
		result := "no winner"
		if len(won) > 0 {
			result = "won by " + strings.Join(won, ", ")
		}
		entry := wrapHang(r.Game+": "+result, w-1, 2)
		if len(lines)+len(entry) > h {
			break
		}
		for _, l := range entry {
			lines = append(lines, " "+l)
		}
	}
	if len(lines) < 2 {
		return nil
	}
	return lines
}

// onlineBrief is who is online, names and games run together, in at most
// h lines of width w (the narrow lobby's version of onlineLines).
func (l *lobbyScreen) onlineBrief(w, h int) []string {
	th := l.s.th
	lu := l.s.lobby
	// About as many names as h-1 lines hold (ten columns a name).
	shown, more := l.onlineShown(max((h-1)*(w-1)/12, 1))
	who := make([]string, 0, len(shown))
	for _, p := range shown {
		name := markedName(p.Name, p.Admin, p.OwnsName)
		switch {
		case p.Game != "" && p.Watching:
			who = append(who, name+" (watching "+p.Game+")")
		case p.Game != "":
			who = append(who, name+" ("+p.Game+")")
		default:
			who = append(who, name)
		}
	}
	lines := []string{th.Heading.Render(fmt.Sprintf("ONLINE (%d)", len(lu.People)))}
	text := wrapHang(strings.Join(who, ", "), w-1, 0)
	if len(text) > h-1 || more {
		text = text[:min(len(text), max(h-1, 0))]
		if len(text) > 0 {
			text[len(text)-1] = board.Clip(text[len(text)-1]+" … o: more", w-1)
		}
	}
	for _, t := range text {
		lines = append(lines, " "+t)
	}
	return lines
}

// onlineLines is who is online and where, in at most h lines of width w.
func (l *lobbyScreen) onlineLines(w, h int) []string {
	th := l.s.th
	lu := l.s.lobby
	lines := []string{th.Heading.Render(fmt.Sprintf("ONLINE (%d)", len(lu.People)))}
	rows := max(h-1, 0)
	if len(lu.People) > rows {
		rows = max(h-2, 0) // a line says how to see the others
	}
	people, _ := l.onlineShown(rows)
	for _, p := range people {
		where := "in the lobby"
		switch {
		case p.Game != "" && p.Watching:
			where = "watching " + p.Game
		case p.Game != "":
			where = "playing " + p.Game
		}
		for i, l := range wrapHang(markedName(p.Name, p.Admin, p.OwnsName)+" · "+where, w-1, 2) {
			if i > 0 {
				l = th.Faint.Render(l)
			}
			lines = append(lines, " "+l)
		}
	}
	if n := len(lu.People) - len(people); n > 0 {
		lines = append(lines, th.Faint.Render(fmt.Sprintf(" and %d more · o: more", n)))
	}
	return lines
}

// onlineShown is the page of who is online that the lobby shows, at most
// rows people by name, and whether there are more; o turns the pages,
// round to the first. (The order stays the snapshot's: a table opening or
// filling moves nobody on the screens that list them.)
func (l *lobbyScreen) onlineShown(rows int) (shown []rooms.Person, more bool) {
	people := l.s.lobby.People
	if rows <= 0 || len(people) == 0 {
		return nil, len(people) > 0
	}
	pages := (len(people) + rows - 1) / rows
	from := l.onlinePage % pages * rows
	return people[from:min(from+rows, len(people))], pages > 1
}

// selRow highlights a selected row; the pane without focus shows a marker.
func selRow(th *theme.Theme, row string, w int, focused bool) string {
	if focused {
		return th.Selected.Render(padRight("›"+row, w))
	}
	return "›" + row
}

func (l *lobbyScreen) tablesPane(w, h int) string {
	th := l.s.th
	tables := l.tables()
	head := "OPEN TABLES"
	if l.pane == 1 {
		head = "▸ OPEN TABLES"
	}
	lines := []string{th.Heading.Render(head)}
	if len(tables) == 0 {
		for _, l := range wrap("No public tables yet. c opens one; b plays against bots; i joins a private table by code.", w-1) {
			lines = append(lines, th.Faint.Render(" "+l))
		}
		return strings.Join(lines, "\n")
	}
	// A table on one line when its game's whole name fits, else on two:
	// the name, then the seats, the status and the host.
	nameW := 0
	for _, t := range tables {
		nameW = max(nameW, board.Width(t.GameName))
	}
	oneLine := nameW+1+16+1+min(board.Width(l.longestHost()), 16) <= w-1
	per := 1
	if !oneLine {
		per = 2
	}
	first := max(0, l.tableIdx-(h-1)/per+1)
	for i := first; i < len(tables); i++ {
		t := tables[i]
		facts := fmt.Sprintf("%d/%d %-8s %s", t.Taken, t.Seats, t.Status, board.Clip(t.Host, 16))
		if l.awayRow(i) {
			facts = th.Accent.Render("your seat (away)") + " · enter"
		}
		rows := []string{fmt.Sprintf("%-*s %s", nameW, t.GameName, facts)}
		if !oneLine {
			rows = []string{board.Clip(t.GameName, w-1), "  " + facts}
		}
		for j, row := range rows {
			switch {
			case i == l.tableIdx && j > 0 && l.pane == 1:
				lines = append(lines, th.Selected.Render(padRight(" "+row, w)))
			case i == l.tableIdx && j == 0:
				lines = append(lines, selRow(th, row, w, l.pane == 1))
			default:
				lines = append(lines, " "+row)
			}
		}
	}
	return strings.Join(lines, "\n")
}

// longestHost is the widest host name of the open tables.
func (l *lobbyScreen) longestHost() string {
	long := ""
	for _, t := range l.s.lobby.Tables {
		if board.Width(t.Host) > board.Width(long) {
			long = t.Host
		}
	}
	return long
}
