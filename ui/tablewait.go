package ui

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
)

// The table screen's waiting room, before the game starts: the seats,
// the table's options, the invitation and what the player can do while
// waiting. table.go holds the screen itself.

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
	opts := "Turn clock " + t.Clock.Words()
	if t.Clock.Correspondence() {
		opts += " · Response window " + windowWords(t.ReplyWindow)
	}
	opts += " · " + ts.ratedWord()
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

// ratedWord says whether the table's game counts for ratings: "rated",
// "casual", or "co-op" for a game every seat wins or loses together.
func (ts *tableScreen) ratedWord() string {
	switch {
	case ts.cooperative():
		return "co-op"
	case ts.u.Rated:
		return "rated"
	}
	return "casual"
}

// cooperative reports whether the table's game is one every seat wins or
// loses together (engine.Info.Cooperative), which no rating follows.
func (ts *tableScreen) cooperative() bool {
	g, ok := engine.FindGame(ts.s.games, ts.u.Table.Game)
	return ok && g.Info().Cooperative
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
	case ts.cooperative():
		rated = " · everyone wins or loses together: no rating moves"
	case t.Rated && slices.ContainsFunc(t.Seats, func(s rooms.SeatInfo) bool { return s.Bot }):
		rated = " · but a bot sits here: it will not count"
	case t.Rated:
		rated = " · counts if every seat is a keyed player's"
	}
	lines = append(lines, board.WrapHang("Rating: "+ts.ratedWord()+th.Faint.Render(rated), w, 2)...)
	for _, o := range ts.shownOptions() {
		lines = append(lines, board.WrapHang(o.spec.Name+": "+o.value+th.Faint.Render(" · "+o.spec.Help), w, 2)...)
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
	var out []string
	for _, o := range ts.shownOptions() {
		out = append(out, o.spec.Name+" "+o.value)
	}
	return strings.Join(out, " · ")
}

// shownOption is one of a table's options with its value in the new-table
// form's words.
type shownOption struct {
	spec  engine.OptionSpec
	value string
}

// shownOptions are the table's options that have a value and mean
// something at this table (engine.OptionSpec.Applies), in the form's
// order.
func (ts *tableScreen) shownOptions() []shownOption {
	g, ok := engine.FindGame(ts.s.games, ts.u.Table.Game)
	if !ok {
		return nil
	}
	var out []shownOption
	for _, o := range g.Info().Options {
		if v, ok := ts.u.Options[o.Key]; ok && o.Applies(ts.u.Table.Seats, ts.u.Options) {
			out = append(out, shownOption{o, optionWord(o, v)})
		}
	}
	return out
}

// optionWord is an option's value as the new-table form shows it: "yes"
// or "no" for a switch (engine.Bool), else the value itself.
func optionWord(o engine.OptionSpec, v string) string {
	if o.Kind == engine.Bool {
		return map[string]string{"true": "yes", "false": "no"}[v]
	}
	return v
}
