package ui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// tableScreen is a table, for a player or a spectator: the header, the
// board (or the seats while waiting, or the host's seats panel), the moves
// and the log. It draws the latest rooms.TableUpdate of its table.
type tableScreen struct {
	s             *session
	keys          *keys.Table
	width, height int
	u             *rooms.TableUpdate
	// board draws this table's game (nil when the game has no board view).
	board     board.Renderer
	actionIdx int
	// logOffset is how many lines the log is scrolled back (0 follows the
	// newest); logNew counts the events that came in below since, and
	// logW is the log's last width (to keep a scrolled log in place).
	logOffset    int
	logNew       int
	logW         int
	confirmLeave bool
	// ask is the question open on the status line (nil when none).
	ask *ask
	// overOffset is how many lines the game-over pane is scrolled down;
	// overMax is the most its last drawing allowed.
	overOffset, overMax int
	seats               seatPanel
	// rulesShown is how many parts of the game's rules the waiting room
	// showed beside the seats in the last drawing (the log column goes on
	// from there).
	rulesShown int
	// next is a screen a key opened over the table (the host's options
	// form), for Update to show.
	next screen
	// refusal is the player's last refusal that cites a rule, and why the
	// "why?" pane open in the board's place (nil when closed).
	refusal rooms.LogLine
	why     *whyPane
}

func newTableScreen(s *session, u *rooms.TableUpdate, b board.Renderer) *tableScreen {
	ts := &tableScreen{s: s, keys: &tableKeys, u: u, board: b}
	ts.actionIdx = ts.defaultIdx()
	ts.clamp()
	return ts
}

// setUpdate takes a newer update of the same table.
// The status line describes the present only: a new status of the table
// (old hints such as "press S to start"), the turn coming to or leaving
// the player ("not your turn"), or a player coming back or going away ("a
// bot plays for ann") clears it. A log scrolled back stays where the
// player put it (scrollWith).
func (ts *tableScreen) setUpdate(u *rooms.TableUpdate) {
	old := ts.u
	turn := (len(old.Legal) > 0) != (len(u.Legal) > 0)
	if old.Table.Status != u.Table.Status || turn || seatsChanged(old.Seats, u.Seats) {
		ts.s.setStatus("", false)
	}
	ts.scrollWith(old, u, turn)
	newChoice := !sameActions(old.Legal, u.Legal)
	ts.u = u
	if newChoice {
		ts.actionIdx = ts.defaultIdx()
	}
	ts.clamp()
}

// sameActions reports whether two lists of moves are the same moves.
func sameActions(a, b []engine.Action) bool {
	return slices.EqualFunc(a, b, func(x, y engine.Action) bool {
		return x.Kind == y.Kind && slices.Equal(x.Args, y.Args)
	})
}

// seatsChanged reports whether a player came back or went away (what the
// host did with the seats, seating or removing a bot, is not a change: its
// own message says what it did).
func seatsChanged(a, b []rooms.SeatInfo) bool {
	if len(a) != len(b) {
		return true
	}
	for i := range a {
		if a[i].Connected != b[i].Connected {
			return true
		}
	}
	return false
}

func (ts *tableScreen) clamp() {
	ts.actionIdx = min(max(ts.actionIdx, 0), max(len(ts.u.Legal)-1, 0))
}

// SetSize implements screen.
func (ts *tableScreen) SetSize(w, h int) { ts.width, ts.height = w, h }

// ShortHelp implements help.KeyMap.
func (ts *tableScreen) ShortHelp() []key.Binding { return ts.keys.ShortHelp() }

// FullHelp implements help.KeyMap.
func (ts *tableScreen) FullHelp() [][]key.Binding { return ts.keys.FullHelp() }

// MinSize implements minSizer: the board's.
func (ts *tableScreen) MinSize() (int, int) {
	if ts.board != nil {
		return ts.board.MinSize()
	}
	return minWidth, minHeight
}

// helpTopic implements helpTopic: what the board has to say about the view
// (card texts), how a table works, and the game's rules.
func (ts *tableScreen) helpTopic() topic {
	tp := topic{intro: tableIntro}
	if d, ok := ts.board.(board.Detailer); ok && ts.u.View != nil {
		tp.details = d.Details(ts.u.View)
	}
	tp.game, _ = engine.FindGame(ts.s.games, ts.u.Table.Game)
	return tp
}

// tableIntro is the help's paragraph on tables.
const tableIntro = "At a table the moves you can make are listed under \"Your move\" with a key\n" +
	"each; press the key, or choose with ↑/↓ and press enter. Esc never leaves a\n" +
	"table: Q (or ctrl+c) asks whether to leave. The host starts with S and seats\n" +
	"bots with B: a panel where ↑/↓ choose the seat (an empty one before the game,\n" +
	"the seat of a player who left during it or whose time ran out), ←/→ the level\n" +
	"(easy, normal, hard), enter seats the bot and x takes one out again; K removes\n" +
	"a player (before the game, or one who is away) and H makes them the host. At a\n" +
	"correspondence table where a player ran out of time three times in a row, the\n" +
	"host's K hands their seat to a bot and E ends the game now, with no winner.\n\n" +
	"/ opens the chat line (/mute NAME hides a player, /unmute NAME shows them).\n" +
	"When a decision becomes yours the terminal rings and its title says so: N\n" +
	"turns that off. A turns auto-pass on: a window where you can only pass runs\n" +
	"out by itself. With a turn clock, the table plays for a player whose time runs\n" +
	"out, and a bot does after three timeouts in a row; a clock of days spends a\n" +
	"day of the player's vacation first, and after three the host chooses. After\n" +
	"the game R asks for a rematch with the same seats.\n\n"

// seatName is the name of a seat's player as the seat lists show it,
// marked (markedName).
func seatName(s rooms.SeatInfo) string { return markedName(s.Name, s.Admin, s.OwnsName) }

// names returns the display names by seat.
func (ts *tableScreen) names() []string {
	out := make([]string, len(ts.u.Seats))
	for i, s := range ts.u.Seats {
		out[i] = s.Name
		if s.Empty || s.Name == "" {
			out[i] = fmt.Sprintf("seat %d", i+1)
		}
	}
	return out
}

func (ts *tableScreen) nameOf(s engine.Seat) string {
	n := ts.names()
	if int(s) >= 0 && int(s) < len(n) {
		return n[s]
	}
	return "?"
}

// Update implements screen: keys go along tableKeyRoute.
func (ts *tableScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return ts, nil
	}
	cmd := ts.key(k)
	if next := ts.next; next != nil {
		ts.next = nil
		return next, cmd
	}
	return ts, cmd
}

// spectatorKey is everything a spectator's table screen is drawn from, when
// its board keeps no state of its own (board.Stateless), no countdown runs
// and no prompt is open: spectators with equal keys share one drawing. The
// update is named by its seats (one slice per publish, shared by the
// table's spectators; table IDs and versions repeat across hubs, as in
// tests).
type spectatorKey struct {
	seats               *rooms.SeatInfo
	table               string
	version             uint64
	th                  *theme.Theme
	width, height       int
	logOffset, logNew   int
	confirmLeave, panel bool
	status              string
	bad                 bool
	hint                string
	muted               string
}

// spectatorScreens holds the spectators' table screens drawn lately: a move
// at a watched table is drawn once for all who watch it, not once each.
var spectatorScreens = memo[spectatorKey]{max: 256}

// View implements screen: the table, shared between spectators where it
// can be.
func (ts *tableScreen) View() string {
	t := ts.u
	// A game-over pane is drawn for each spectator: its drawing keeps
	// how far it scrolls (overMax).
	if _, ok := ts.board.(board.Stateless); !ok || t.You != engine.Spectator || !t.Deadline.IsZero() || !t.TurnDeadline.IsZero() ||
		ts.s.prompt != nil || len(t.Seats) == 0 || t.Table.Status == rooms.Finished {
		return ts.draw()
	}
	k := spectatorKey{&t.Seats[0], t.Table.ID, t.Version, ts.s.th, ts.width, ts.height, ts.logOffset, ts.logNew, ts.confirmLeave, ts.seats.open,
		ts.s.status, ts.s.bad, ts.s.opts.ConnectHint, ts.s.mutedKey()}
	return spectatorScreens.get(k, ts.draw)
}

// statusBar is the line under the body: the leave question, the warning
// that the table is not saved, or the session's status line; an open
// prompt takes its place.
func (ts *tableScreen) statusBar() string {
	th, t := ts.s.th, ts.u
	if ts.s.prompt != nil {
		return ts.s.promptLine(ts.width)
	}
	switch {
	case ts.confirmLeave:
		return th.Warn.Render(ts.leaveQuestion())
	case ts.ask != nil:
		return th.Warn.Render(ts.ask.question)
	case t.Unsaved:
		// Above any other line: nothing on this screen moves until the
		// table is saved.
		return th.Bad.Render(board.Clip("! "+rooms.ErrUnsaved.Error(), max(ts.width, 10)))
	}
	return ts.s.statusLine(t.ServerNotice, ts.width)
}

// leaveQuestion asks whether to leave, saying what leaving does to the
// table (as rooms does it): before the game the seat is freed, or the
// table closes when no other player is here; during it a correspondence
// game waits, clock running, a game only bots play with the player ends,
// one nobody else is at closes unless a player comes back soon, and
// otherwise the seat waits.
func (ts *tableScreen) leaveQuestion() string {
	t := ts.u
	switch {
	case t.Table.Status == rooms.Waiting && ts.othersHere():
		return "Leave the table? Your seat is freed. y/n"
	case t.Table.Status == rooms.Waiting:
		return "Leave? The table closes: no other player is here. y/n"
	case t.Clock.Correspondence() && !ts.s.client.Player().Guest:
		return "Back to the lobby? Your seat waits for you, and your clock runs on. y/n"
	case ts.botsOnly() && len(t.Watchers) > 0:
		return "Leave? The game ends once nobody watches: nobody else plays here. y/n"
	case ts.botsOnly():
		return "Leave? The game ends: nobody else plays here. y/n"
	case !ts.othersHere() && len(t.Watchers) == 0:
		return "Leave? Nobody else is here: the table closes if no player returns soon. y/n"
	case ts.s.client.Player().Guest:
		return "Leave mid-game? As a guest you may not get this seat back. y/n"
	}
	return "Leave mid-game? Your seat waits for you (the host may give it to a bot). y/n"
}

// othersHere reports whether another player is at the table now.
func (ts *tableScreen) othersHere() bool {
	for i, s := range ts.u.Seats {
		if engine.Seat(i) != ts.u.You && s.Connected {
			return true
		}
	}
	return false
}

// botsOnly reports whether nobody but the table's creator ever sat here
// (the hub's word, TableUpdate.Shared): the game ends when they leave.
func (ts *tableScreen) botsOnly() bool { return !ts.u.Shared }

// panelOpen reports whether the host's seats panel shows (it closes with
// the game).
func (ts *tableScreen) panelOpen() bool {
	return ts.seats.open && ts.u.Table.Status != rooms.Finished
}

// boardContext is what a board draws with, in w x h cells.
func (ts *tableScreen) boardContext(w, h int) board.Context {
	return board.Context{Width: w, Height: h, Theme: ts.s.th, Names: ts.names(), You: ts.u.You}
}

func (ts *tableScreen) header() string {
	th := ts.s.th
	t := ts.u
	parts := []string{th.Title.Render(t.Table.GameName)}
	switch {
	case t.Code == "" && t.Table.Private: // a spectator: no code to show
		parts = append(parts, "private table")
	case t.Code == "":
	case t.Table.Private:
		parts = append(parts, "private table "+th.Accent.Render(t.Code))
	default:
		parts = append(parts, "table "+th.Accent.Render(t.Code))
	}
	switch t.Table.Status {
	case rooms.Waiting:
		parts = append(parts, fmt.Sprintf("waiting %d/%d", t.Table.Taken, t.Table.Seats))
	case rooms.Playing:
		parts = append(parts, th.Good.Render("playing"))
	case rooms.Finished:
		parts = append(parts, th.Warn.Render("game over"))
	}
	if t.You == engine.Spectator {
		parts = append(parts, th.Faint.Render("you watch"))
	} else {
		you := "you: " + ts.nameOf(t.You)
		if t.Host {
			you += " (host)"
		}
		parts = append(parts, you)
	}
	// Whether the game counts for ratings, the tournament it plays for and
	// how many watch, each where it fits (before who you are).
	var extra []string
	if t.Rated && t.Table.Status != rooms.Waiting {
		extra = append(extra, "rated")
	}
	if t.Tournament != "" {
		extra = append(extra, "tournament "+t.Tournament)
	}
	if n := len(t.Watchers); n > 0 {
		extra = append(extra, th.Faint.Render(fmt.Sprintf("%d watching", n)))
	}
	for _, e := range extra {
		with := append(parts[:len(parts)-1:len(parts)-1], e, parts[len(parts)-1])
		if board.Width(strings.Join(with, " · ")) <= ts.width {
			parts = with
		}
	}
	return strings.Join(parts, " · ")
}

// waitingRoom lists the seats before the game starts, in w x h, with the
// invitation when invite is set (the wide layout's left column has no
// moves pane under it). Where h leaves room for them under the seats, set
// in two columns, the game's rules take the rest, in columns (as many of
// their parts as fit whole: the log column goes on with the others, see
// rulesBeside).
func (ts *tableScreen) waitingRoom(w, h int, invite bool) string {
	g, ok := engine.FindGame(ts.s.games, ts.u.Table.Game)
	if colW := (w - 2) / 2; ok && colW >= waitingColumnMin && len(rulesParts(g.Info(), rulesColumnMin)) > 0 {
		left, right := ts.roomLines(colW, h, invite)
		bandH := max(len(left), len(right))
		if rulesH := h - bandH - 1; rulesH >= lobbyRulesMin {
			th := ts.s.th
			band := board.Columns(board.FitBlock(strings.Join(left, "\n"), colW, bandH), board.FitBlock("", 2, bandH),
				board.FitBlock(strings.Join(right, "\n"), w-colW-2, bandH))
			rules, whole := rulesColumns(g.Info(), th.Heading.Render("RULES")+th.Faint.Render(" · ? shows them all"), w, rulesH, false)
			ts.rulesShown = whole
			return band + "\n" + board.FitBlock("", w, 1) + "\n" + rules
		}
	}
	seats, rest := ts.roomLines(w, h, invite)
	if len(rest) > 0 {
		seats = append(append(seats, ""), rest...)
	}
	return strings.Join(seats, "\n")
}

// waitingColumnMin is the narrowest column of the waiting room's seats set
// in two columns over the rules.
const waitingColumnMin = 36

// roomLines are the waiting room's seats and options (with who watches),
// then the rest: the invitation (when invite is set) and what the player
// can do, in w columns, what is there for a tall room only where h lines
// hold it.
func (ts *tableScreen) roomLines(w, h int, invite bool) (seats, rest []string) {
	th := ts.s.th
	t := ts.u
	lines := []string{th.Heading.Render("SEATS")}
	for i, s := range t.Seats {
		var who string
		switch {
		case s.Empty:
			who = th.Faint.Render("empty")
		case s.Bot:
			who = s.Name // "Normal bot": its name says its level
		default:
			who = seatName(s)
			if !s.Connected {
				who += th.Faint.Render(" (away)")
			}
			if r := ratingText(s.Rating); r != "" {
				who += th.Faint.Render(" · " + r)
			}
		}
		mark := "  "
		if engine.Seat(i) == t.You {
			mark = "▸ "
		}
		lines = append(lines, fmt.Sprintf("%s%d. %s", mark, i+1, who))
	}
	lines = append(lines, ts.provisionalLegend(w)...)
	opts := "Turn clock " + string(t.Clock)
	if t.Clock.Correspondence() {
		opts += " · Response window " + windowWords(t.ReplyWindow)
	}
	opts += " · " + ratedWord(t)
	if words := ts.optionWords(); words != "" {
		opts += " · " + words
	}
	lines = append(lines, "")
	var invitation []string
	if invite {
		invitation = ts.inviteLines(w)
	}
	// The lines the invitation takes, a blank one over it included.
	invited := 0
	if len(invitation) > 0 {
		invited = len(invitation) + 1
	}
	// The options in a line, or, in a tall room, each with what it does.
	detail := ts.optionDetail(w)
	if len(lines)+len(detail)+invited+waitingSpare <= h {
		lines = append(lines, detail...)
	} else {
		for _, l := range wrap("Options: "+opts, w) {
			lines = append(lines, th.Faint.Render(l))
		}
	}
	if len(t.Watchers) > 0 {
		for _, l := range wrap("Watching: "+strings.Join(t.Watchers, ", "), w) {
			lines = append(lines, th.Faint.Render(l))
		}
	}
	if ts.s.client.Player().Guest && t.You != engine.Spectator {
		lines = append(lines, "")
		for _, l := range wrap("You are a guest (no SSH key): if your connection drops, this seat cannot be given back to you. Connect with a key to keep it.", w) {
			lines = append(lines, th.Warn.Render(l))
		}
	}
	rest = invitation
	// A tall waiting room says what can be done while waiting.
	if guide := ts.waitingGuide(w); len(lines)+invited+1+len(guide)+waitingSpare <= h {
		if len(rest) > 0 {
			rest = append(rest, "")
		}
		rest = append(rest, guide...)
	}
	return lines, rest
}

// ratingText is a rating as the seats and the leaderboards show it: the
// conservative estimate μ−3σ with one decimal, marked "?" while it is
// provisional ("" for a player not rated yet).
func ratingText(r rooms.PlayerRating) string {
	if r.Games == 0 {
		return ""
	}
	if r.Provisional() {
		return fmt.Sprintf("%.1f?", r.Ordinal())
	}
	return fmt.Sprintf("%.1f", r.Ordinal())
}

// provisionalNote explains ratingText's mark.
var provisionalNote = fmt.Sprintf("? a provisional rating: fewer than %d rated games", rooms.ProvisionalGames)

// provisionalLegend explains the provisional mark under the seats, when a
// seat's rating has it.
func (ts *tableScreen) provisionalLegend(w int) []string {
	for _, s := range ts.u.Seats {
		if !s.Bot && s.Rating.Games > 0 && s.Rating.Provisional() {
			return []string{ts.s.th.Faint.Render(board.Clip(provisionalNote, w))}
		}
	}
	return nil
}

// ratedWord says whether the table's game counts for ratings: "rated" or
// "casual".
func ratedWord(u *rooms.TableUpdate) string {
	if u.Rated {
		return "rated"
	}
	return "casual"
}

// waitingSpare is how many lines the waiting room leaves free before it
// adds a part that is only there because the terminal is tall.
const waitingSpare = 4

// optionDetail is each of the table's options with its value and what it
// does, and the turn clock's time.
func (ts *tableScreen) optionDetail(w int) []string {
	th, t := ts.s.th, ts.u
	lines := []string{th.Heading.Render("OPTIONS")}
	lines = append(lines, board.WrapHang("Turn clock: "+ts.s.client.DescribeClock(t.Clock), w, 2)...)
	if t.Clock.Correspondence() {
		lines = append(lines, board.WrapHang("Response window: "+windowWords(t.ReplyWindow)+th.Faint.Render(" · to answer out of turn"), w, 2)...)
	}
	rated := " · no rating moves"
	switch {
	case t.Rated && slices.ContainsFunc(t.Seats, func(s rooms.SeatInfo) bool { return s.Bot }):
		rated = " · but a bot sits here: it will not count"
	case t.Rated:
		rated = " · counts if every seat is a keyed player's"
	}
	lines = append(lines, board.WrapHang("Rating: "+ratedWord(t)+th.Faint.Render(rated), w, 2)...)
	if g, ok := engine.FindGame(ts.s.games, t.Table.Game); ok {
		for _, o := range g.Info().Options {
			v, ok := t.Options[o.Key]
			if !ok {
				continue
			}
			if o.Kind == engine.Bool {
				v = map[string]string{"true": "yes", "false": "no"}[v]
			}
			lines = append(lines, board.WrapHang(o.Name+": "+v+th.Faint.Render(" · "+o.Help), w, 2)...)
		}
	}
	return lines
}

// waitingGuide says what the player can do while the table waits.
func (ts *tableScreen) waitingGuide(w int) []string {
	th := ts.s.th
	var rows []string
	if ts.u.Host {
		rows = append(rows, "S starts the game once every seat is taken (by a person or a bot).",
			"B opens the seats: put a bot in an empty seat, remove a player, or make someone host.")
	}
	rows = append(rows, "/ talks to the table; ? shows the rules; Q leaves the table.")
	lines := []string{th.Heading.Render("WHILE YOU WAIT")}
	for _, r := range rows {
		lines = append(lines, board.WrapHang(r, w, 2)...)
	}
	return lines
}

// optionWords are the table's options in the new-table form's words, in
// the form's order: "Mode standard · No tools no · Fire normal".
func (ts *tableScreen) optionWords() string {
	g, ok := engine.FindGame(ts.s.games, ts.u.Table.Game)
	if !ok || len(ts.u.Options) == 0 {
		return ""
	}
	var out []string
	for _, o := range g.Info().Options {
		v, ok := ts.u.Options[o.Key]
		if !ok {
			continue
		}
		if o.Kind == engine.Bool {
			v = map[string]string{"true": "yes", "false": "no"}[v]
		}
		out = append(out, o.Name+" "+v)
	}
	return strings.Join(out, " · ")
}
