package ui

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// The lobby's panes: the games, the open tables, who is online and the
// recent results.

// rightPane is the open tables; with online given (no column of its own
// for who is online), those lines under them, always, so that the chat
// never hides them; then the latest results where room is left; and the
// lobby's chat at the bottom once someone has said something, the chat
// line is open, or the terminal is tall enough to keep a place for it.
func (l *lobbyScreen) rightPane(w, h int, online []string) string {
	var blocks []string // under the tables, top to bottom
	rest := h
	if len(online) > 0 {
		blocks = append(blocks, strings.Join(online, "\n"))
		rest -= len(online) + 1
	}
	chatBlock := ""
	if chat := l.s.lobby.Chat; len(chat) > 0 || l.s.chatOpen() || h >= lobbyChatAlwaysFrom {
		chatH := min(max(h/3, 4), 12)
		if l.s.chatOpen() {
			chatH = max(h/2, 4)
		}
		if chatH = min(chatH, rest-lobbyTablesMin-1); chatH >= 2 {
			chatBlock = board.FitBlock(l.s.chatPane(chat, w, chatH), w, chatH)
			rest -= chatH + 1
		}
	}
	used := strings.Count(l.tablesPane(w, rest), "\n") + 1
	if recent := l.recentLines(w, min(rest-used-1, 4), false); len(online) > 0 && len(recent) > 0 {
		blocks = append(blocks, strings.Join(recent, "\n"))
		rest -= len(recent) + 1
	}
	used = strings.Count(l.tablesPane(w, rest), "\n") + 1
	tablesH, spare := rest, 0
	if guide := l.guideLines(w); rest-used-1 >= len(guide)+lobbyTablesMin {
		// Room to spare: the guide goes right under the tables, and the
		// blank lines left go above the blocks at the bottom.
		blocks = append([]string{strings.Join(guide, "\n")}, blocks...)
		tablesH, spare = used+lobbyTablesMin, rest-used-lobbyTablesMin-len(guide)-1
	}
	if chatBlock != "" {
		blocks = append(blocks, chatBlock)
	}
	out := board.FitBlock(l.tablesPane(w, tablesH), w, tablesH)
	for i, b := range blocks {
		gap := 1
		if i == 1 {
			gap += spare
		}
		out += "\n" + board.FitBlock("", w, gap) + "\n" + b
	}
	return board.FitBlock(out, w, h)
}

// guideLines tell a newcomer the ways to a game, for a lobby with room to
// spare under its tables.
func (l *lobbyScreen) guideLines(w int) []string {
	th := l.s.th
	lines := []string{th.Heading.Render("HOW TO PLAY HERE")}
	for _, row := range [][2]string{
		{"enter on a game", "open a table of it, bots and options"},
		{"b", "a quick game against bots"},
		{"enter on a table", "join it, or take your seat back"},
		{"w", "watch the selected table"},
		{"i", "join a private table by invite code"},
		{"/", "talk to everyone in the lobby"},
		{"y", "your games, ratings, leaderboards"},
		{"t", "tournaments: standings, join, rounds"},
		{"s", "settings: notifications, linked keys"},
		{"?", "every key and each game's rules"},
	} {
		lines = append(lines, board.WrapHang(fmt.Sprintf(" %-17s %s", row[0], row[1]), w-1, 19)...)
	}
	return lines
}

// The lobby's right pane: from how many lines who is online shows under
// the tables (in the narrow lobby), from how many the chat keeps its place
// even before anyone spoke, and the tables' least lines beside the chat.
const (
	lobbyOnlineFrom     = 8
	lobbyChatAlwaysFrom = 30
	lobbyTablesMin      = 3
)

// pageBody is the lobby of a terminal from lobbyPageFrom columns wide: the
// games and the highlighted game's rules set in two columns, like a
// newspaper's page, and beside them the live column: the open tables, who
// is online and where, the latest results, the guide and the chat.
func (l *lobbyScreen) pageBody(w, h int) string {
	colW := min((w-lobbyLiveMin-4)/2, rulesColumnMax)
	liveW := w - 2*colW - 4
	first := l.gameLines(colW, h)
	var second []string
	if g := l.selectedGame(); g != nil && len(rulesParts(g.Info(), colW-1)) > 0 {
		parts := rulesParts(g.Info(), colW-1)
		// The heading goes with the first part, to whichever column it
		// flows.
		parts = append([][]string{append([]string{l.rulesHeading()}, indent(parts[0])...)}, parts[1:]...)
		for i := 1; i < len(parts); i++ {
			parts[i] = indent(parts[i])
		}
		cols, _ := flowParts(parts, []int{h - len(first) - 1, h}, true)
		if len(cols[0]) > 0 {
			first = append(append(first, ""), cols[0]...)
		}
		second = cols[1]
	}
	online := l.onlineLines(liveW, min(max(h/4, 2), lobbyLiveOnlineMax))
	gap := board.FitBlock("", 2, h)
	return board.Columns(board.FitBlock(strings.Join(first, "\n"), colW, h), gap, board.FitBlock(strings.Join(second, "\n"), colW, h), gap,
		l.rightPane(liveW, h, online))
}

// The lobby's page layout (pageBody): the least width of its live column
// (it takes what the two columns of rules leave), and the most lines who
// is online takes there.
const (
	lobbyLiveMin       = 44
	lobbyLiveOnlineMax = 12
)

// indent puts a space before each line, in a new slice.
func indent(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = " " + l
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
		entry := board.WrapHang(r.Game+": "+resultWords(r), w-1, 2)
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
		if r := ratingText(p.Rating); r != "" {
			name += " " + r
		}
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
	text := board.Wrap(strings.Join(who, ", "), w-1)
	if len(text) > h-1 || more {
		text = text[:min(len(text), max(h-1, 0))]
		if len(text) > 0 {
			text[len(text)-1] = endWith(text[len(text)-1], " … o: more", w-1)
		}
	}
	for _, t := range text {
		lines = append(lines, " "+t)
	}
	return lines
}

// endWith is line with tail at its end, in w columns: the words of line
// that do not leave room for tail go.
func endWith(line, tail string, w int) string {
	words := strings.Fields(line)
	for len(words) > 1 && board.Width(strings.Join(words, " ")+tail) > w {
		words = words[:len(words)-1]
	}
	return board.Clip(strings.Join(words, " ")+tail, w)
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
		case p.Status == rooms.Waiting:
			where = "at a " + p.Game + " table, waiting to start"
		case p.Status == rooms.Finished:
			where = "after a game of " + p.Game
		case p.Game != "":
			where = "playing " + p.Game
		}
		name := markedName(p.Name, p.Admin, p.OwnsName)
		if r := ratingText(p.Rating); r != "" {
			name += " " + r
		}
		for i, l := range board.WrapHang(name+" · "+where, w-1, 2) {
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
		return th.Selected.Render(board.PadRight("›"+row, w))
	}
	return "›" + row
}

// tablesPane lists the player's own tables under YOUR TABLES (where their
// seat waits, whose move it is there, a correspondence clock's time left),
// then the open tables, keeping the highlighted one in sight under the
// pane's heading.
func (l *lobbyScreen) tablesPane(w, h int) string {
	th := l.s.th
	tables := l.tables()
	own := len(l.s.away)
	heading := func(head string) string {
		if l.pane == 1 {
			head = "▸ " + head
		}
		return th.Heading.Render(head)
	}
	var lines []string
	if own > 0 {
		lines = append(lines, heading("YOUR TABLES"))
	} else {
		lines = append(lines, heading("OPEN TABLES"))
	}
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
	oneLine := true
	for i, t := range tables {
		oneLine = oneLine && nameW+1+board.Width(l.tableFacts(i, t, math.MaxInt)) <= w-1
	}
	selTo := 0
	for i, t := range tables {
		if i == own && own > 0 {
			lines = append(lines, th.Heading.Render("OPEN TABLES"))
		}
		rows := []string{fmt.Sprintf("%-*s %s", nameW, t.GameName, l.tableFacts(i, t, w))}
		if !oneLine {
			rows = []string{board.Clip(t.GameName, w-1), "  " + l.tableFacts(i, t, w-3)}
		}
		for j, row := range rows {
			switch {
			case i == l.tableIdx && j > 0 && l.pane == 1:
				lines = append(lines, th.Selected.Render(board.PadRight(" "+row, w)))
			case i == l.tableIdx && j == 0:
				lines = append(lines, selRow(th, row, w, l.pane == 1))
			default:
				lines = append(lines, " "+row)
			}
		}
		if i == l.tableIdx {
			selTo = len(lines)
		}
	}
	if own == len(tables) {
		lines = append(lines, th.Heading.Render("OPEN TABLES"), th.Faint.Render(" None yet: c opens one."))
	}
	if off := selTo - h; off > 0 {
		lines = append(lines[:1], lines[1+off:]...)
	}
	return strings.Join(lines, "\n")
}

// tableFacts is what the lobby says of table t, row i, after its game's
// name, in at most w columns: its seats, status and host, or, for one of
// the player's own tables, ownFacts.
func (l *lobbyScreen) tableFacts(i int, t rooms.TableSummary, w int) string {
	if !l.awayRow(i) {
		return fmt.Sprintf("%d/%d %-8s %s", t.Taken, t.Seats, t.Status, board.Clip(t.Host, 16))
	}
	// What does not fit goes, whose table it is first.
	parts := l.ownFacts(t)
	for len(parts) > 1 && board.Width(strings.Join(parts, " · ")) > w {
		parts = parts[:len(parts)-1]
	}
	return strings.Join(parts, " · ")
}

// ownFacts is what the lobby says of a table where the player's seat
// waits: whose move it is (theirs stands out), the time left on a
// correspondence clock, and whose table it is.
func (l *lobbyScreen) ownFacts(t rooms.TableSummary) []string {
	th := l.s.th
	host := board.Clip(t.Host, 16) + "'s table"
	turn, ok := l.s.turnAt(t.ID)
	var facts []string
	switch {
	case !ok:
		// The hub tells nothing of its turn (its game is over).
		return []string{th.Accent.Render("your seat (away)"), board.Clip(t.Host, 16), "enter"}
	case turn.Status == rooms.Waiting:
		facts = append(facts, "not started")
	case turn.YourMove:
		facts = append(facts, th.Good.Render("YOUR MOVE"))
	case len(turn.WaitingFor) > 0:
		facts = append(facts, "waiting for "+board.Clip(strings.Join(turn.WaitingFor, ", "), 20))
	default:
		facts = append(facts, "playing")
	}
	if left, _ := clockLeft(turn.Deadline, time.Now()); left != "" && turn.Clock.Correspondence() {
		facts = append(facts, "⏱ "+left)
	}
	return append(facts, host)
}

// resultWords says who played a finished game and who won: "anna beat
// bob, cy", "anna, bob won together", "no winner: anna, bob".
func resultWords(r rooms.Result) string {
	var won, lost []string
	for i, name := range r.Names {
		if slices.Contains(r.Winners, engine.Seat(i)) {
			won = append(won, name)
		} else {
			lost = append(lost, name)
		}
	}
	switch {
	case len(won) == 0:
		return "no winner: " + strings.Join(lost, ", ")
	case len(lost) == 0 && len(won) > 1:
		return strings.Join(won, ", ") + " won together"
	case len(lost) == 0:
		return won[0] + " won"
	}
	return strings.Join(won, ", ") + " beat " + strings.Join(lost, ", ")
}
