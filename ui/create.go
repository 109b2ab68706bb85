package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
)

// createScreen is the new-table form: the game, seats, privacy, bots, the
// turn clock (with a correspondence clock's response window), whether the
// game is rated, and the game's own options. The host of a waiting table
// opens it again, without the first five lines (edit), to change them.
// A combination the rules forbid is said at once, under the form, and
// enter refuses it.
type createScreen struct {
	s             *session
	keys          *keys.Form
	width, height int
	games         []engine.Game
	game          int
	seats         int
	private       bool
	bots          int
	level         int
	clock         int // index into rooms.Clocks
	opts          engine.Options
	row           int
	// window is the response window of a correspondence table (an index
	// into rooms.ReplyWindows); casual: the game moves no rating.
	window int
	casual bool
	// problem is why the rules refuse the chosen setup ("" when none).
	problem string
	// edit: the form changes the options of the table back shows.
	edit bool
	back screen
}

// field is one row of the form.
type field struct {
	label, value, help string
	change             func(delta int)
}

func (f *createScreen) gameID() string {
	if f.game < len(f.games) {
		return f.games[f.game].Info().ID
	}
	return ""
}

// reset puts the defaults of the selected game in place.
func (f *createScreen) reset(solo bool) {
	in := f.games[f.game].Info()
	f.seats = max(in.MinPlayers, min(4, in.MaxPlayers))
	f.opts = engine.Options{}
	for _, o := range in.Options {
		f.opts[o.Key] = o.Default
	}
	f.bots = 0
	if solo {
		f.bots = f.seats - 1
	}
	f.clock = f.defaultClock()
}

// defaultClock is the clock a table gets unless the host chooses: relaxed
// when other people may sit, off when every other seat is a bot (nobody
// waits for the lone player).
func (f *createScreen) defaultClock() int {
	k := rooms.ClockRelaxed
	if f.bots >= f.seats-1 {
		k = rooms.ClockOff
	}
	return slices.Index(rooms.Clocks, k)
}

// keepDefaultClock makes a change to the seats or bots, and moves the
// clock to the new default if it was the old one (the host left it).
func (f *createScreen) keepDefaultClock(change func()) {
	wasDefault := f.clock == f.defaultClock()
	change()
	if wasDefault {
		f.clock = f.defaultClock()
	}
}

func (f *createScreen) fields() []field {
	in := f.games[f.game].Info()
	cycle := func(n, delta, lo, hi int) int {
		n += delta
		if n < lo {
			return hi
		}
		if n > hi {
			return lo
		}
		return n
	}
	vis := "public: listed in the lobby"
	if f.private {
		vis = "private: join by invite code only"
	}
	clock := rooms.Clocks[f.clock]
	clockFields := []field{{"Turn clock", f.s.client.DescribeClock(clock), clockHelp(clock),
		func(d int) { f.clock = cycle(f.clock, d, 0, len(rooms.Clocks)-1) }}}
	if clock.Correspondence() {
		clockFields = append(clockFields, field{"Response window", windowWords(rooms.ReplyWindows[f.window]),
			"how long a player has to answer out of turn (a tool when fire spreads, say): as long as a decision, or less",
			func(d int) { f.window = cycle(f.window, d, 0, len(rooms.ReplyWindows)-1) }})
	}
	if !f.s.client.Player().Guest && !in.Cooperative && f.seats > 1 { // nor does a co-op or a solo game
		rated := "rated"
		switch {
		case f.casual:
			rated = "casual"
		case !f.edit && f.bots > 0:
			rated = "rated · casual while a bot sits here"
		}
		clockFields = append(clockFields, field{"Rated", rated,
			"rated: the result moves the players' ratings, but only when every seat is a keyed player's at the start (a bot or a guest makes it casual); casual: no rating moves",
			func(int) { f.casual = !f.casual }})
	}
	var fs []field
	if f.edit {
		fs = clockFields
	} else {
		fs = []field{
			{"Game", in.Name, in.Summary, func(d int) { f.game = cycle(f.game, d, 0, len(f.games)-1); f.reset(f.bots > 0) }},
			{"Seats", fmt.Sprint(f.seats), fmt.Sprintf("%d to %d players", in.MinPlayers, in.MaxPlayers), func(d int) {
				f.keepDefaultClock(func() {
					f.seats = cycle(f.seats, d, in.MinPlayers, in.MaxPlayers)
					f.bots = min(f.bots, f.seats-1)
				})
				f.settle()
			}},
			{"Table", vis, "private tables get a short invite code", func(int) { f.private = !f.private }},
		}
		if f.seats > 1 { // a lone seat has none for a bot
			fs = append(fs, field{"Bots", fmt.Sprint(f.bots), "seats filled with bots now; with every other seat a bot the game starts at once", func(d int) {
				f.keepDefaultClock(func() { f.bots = cycle(f.bots, d, 0, f.seats-1) })
			}}, field{"Bot level", rooms.BotLevels[f.level], "how well the bots play", func(d int) { f.level = cycle(f.level, d, 0, len(rooms.BotLevels)-1) }})
		}
		fs = append(fs, clockFields...)
	}
	for _, o := range in.Options {
		if !o.Applies(f.seats, f.opts) {
			continue // Mode or the seats make it moot: chosen() sends its default
		}
		val := f.opts[o.Key]
		fs = append(fs, field{o.Name, optionWord(o, val), o.Help, func(d int) {
			switch o.Kind {
			case engine.Bool:
				if f.opts[o.Key] == "true" {
					f.opts[o.Key] = "false"
				} else {
					f.opts[o.Key] = "true"
				}
			case engine.Choice:
				f.opts[o.Key] = f.nextChoice(o, d)
			}
		}})
	}
	return fs
}

// clockHelp says what turn clock k does when a player's time runs out.
func clockHelp(k rooms.Clock) string {
	switch {
	case k == rooms.ClockOff:
		return "the time a player has for each decision: off, none"
	case k.Correspondence():
		return fmt.Sprintf("the time a player has for each decision, away or here; when it runs out a day of the player's yearly vacation is spent first, then the table plays for them, and after %d in a row the host may hand the seat to a bot or end the game", rooms.MaxTimeouts)
	}
	return fmt.Sprintf("the time a player has for each decision; when it runs out the table plays for them, and after %d in a row a bot does until they act again", rooms.MaxTimeouts)
}

// windowWords says a response window: "1 hour", or, for 0, "as long as a
// decision".
func windowWords(d time.Duration) string {
	switch {
	case d <= 0:
		return "as long as a decision"
	case d == time.Hour:
		return "1 hour"
	}
	return fmt.Sprintf("%d hours", d/time.Hour)
}

// newCreateScreen is the form for game number game; solo fills the other
// seats with bots.
func newCreateScreen(s *session, game int, solo bool) *createScreen {
	f := &createScreen{s: s, keys: &formKeys, games: s.games, game: game, level: defaultBotLevel}
	f.reset(solo)
	f.check()
	return f
}

// newOptionsScreen is the form that changes the options and the clock of
// the waiting table ts, whose host the player is.
func newOptionsScreen(ts *tableScreen) *createScreen {
	s, u := ts.s, ts.u
	game := slices.IndexFunc(s.games, func(g engine.Game) bool { return g.Info().ID == u.Table.Game })
	f := &createScreen{s: s, keys: &editKeys, games: s.games, game: max(game, 0), seats: u.Table.Seats,
		opts: engine.Options{}, edit: true, back: ts, clock: max(slices.Index(rooms.Clocks, u.Clock), 0),
		window: max(slices.Index(rooms.ReplyWindows, u.ReplyWindow), 0), casual: u.Casual}
	for k, v := range u.Options {
		f.opts[k] = v
	}
	f.check()
	return f
}

// leave is where esc goes: the lobby, or the table whose options these are.
func (f *createScreen) leave() screen {
	f.s.setStatus("", false)
	if f.back != nil {
		return f.back
	}
	return f.s.home
}

// SetSize implements screen.
func (f *createScreen) SetSize(w, h int) { f.width, f.height = w, h }

// ShortHelp implements help.KeyMap.
func (f *createScreen) ShortHelp() []key.Binding { return f.keys.ShortHelp() }

// FullHelp implements help.KeyMap.
func (f *createScreen) FullHelp() [][]key.Binding { return f.keys.FullHelp() }

// helpTopic implements helpTopic: the chosen game's rules.
func (f *createScreen) helpTopic() topic { return topic{game: f.games[f.game]} }

// Update implements screen.
func (f *createScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return f, nil
	}
	km := f.keys
	fs := f.fields()
	switch {
	case keyMatches(k, km.Cancel):
		return f.leave(), nil
	case keyMatches(k, km.Up):
		f.row = (f.row + len(fs) - 1) % len(fs)
	case keyMatches(k, km.Down):
		f.row = (f.row + 1) % len(fs)
	case keyMatches(k, km.Left):
		fs[f.row].change(-1)
		f.check()
		f.row = min(f.row, len(f.fields())-1) // a clock of hours has no response window
	case keyMatches(k, km.Right):
		fs[f.row].change(1)
		f.check()
		f.row = min(f.row, len(f.fields())-1)
	case keyMatches(k, km.Submit):
		if f.problem != "" {
			f.s.setStatus("This setup is not allowed (see above): change the seats or the options.", true)
			return f, nil
		}
		if f.edit {
			return f.leave(), f.submitEdit()
		}
		return f, f.submit()
	case k.String() == "q":
		return f.leave(), nil
	default:
		f.s.setStatus(fmt.Sprintf("%q does nothing here: ↑/↓ choose a line, ←/→ change it, enter creates.", k.String()), true)
	}
	return f, nil
}

// submitCreate opens the table, seats the bots and, when no human seat is
// left, starts the game.
func (f *createScreen) submit() tea.Cmd {
	c := f.s.client
	id, seats, private, bots, level := f.gameID(), f.seats, f.private, f.bots, rooms.BotLevels[f.level]
	opts, set := f.chosen(), f.tableSettings()
	f.s.setStatus("Opening the table…", false)
	return func() tea.Msg {
		if err := c.Create(id, seats, private, opts); err != nil {
			return resultMsg{err: err}
		}
		if err := set(c, false); err != nil {
			return resultMsg{err: err}
		}
		for s := 1; s <= bots; s++ {
			if err := c.AddBot(s, level); err != nil {
				return resultMsg{err: err}
			}
		}
		if bots == seats-1 {
			if err := c.Start(); err != nil {
				return resultMsg{err: err}
			}
			return resultMsg{ok: "Game started. Good luck!"}
		}
		return resultMsg{ok: "Table open. Press B to seat bots, S to start when the seats are filled."}
	}
}

// submitEdit changes the waiting table's options, clock, response window
// and rating.
func (f *createScreen) submitEdit() tea.Cmd {
	c := f.s.client
	opts, set := f.chosen(), f.tableSettings()
	return func() tea.Msg {
		if err := c.SetOptions(opts); err != nil {
			return resultMsg{err: err}
		}
		if err := set(c, true); err != nil {
			return resultMsg{err: err}
		}
		return resultMsg{ok: "Options changed: everyone at the table sees them."}
	}
}

// tableSettings returns what applies the form's clock, response window
// and rating to the client's new (or, with edit, waiting) table: a new
// table is rated and answers as long as a decision unless the form says
// otherwise, so only a change is sent to it.
func (f *createScreen) tableSettings() func(c *rooms.Client, edit bool) error {
	clock, window, casual := rooms.Clocks[f.clock], rooms.ReplyWindows[f.window], f.casual
	guest := f.s.client.Player().Guest
	return func(c *rooms.Client, edit bool) error {
		if err := c.SetClock(clock); err != nil {
			return err
		}
		if clock.Correspondence() && (edit || window != 0) {
			if err := c.SetReplyWindow(window); err != nil {
				return err
			}
		}
		if !guest && (edit || casual) {
			return c.SetRated(!casual)
		}
		return nil
	}
}

// View implements screen.
func (f *createScreen) View() string {
	th := f.s.th
	fs := f.fields()
	heading := "NEW TABLE"
	if f.edit {
		heading = "TABLE OPTIONS · " + f.games[f.game].Info().Name
	}
	lines := []string{th.Title.Render(heading), ""}
	labelW := 12
	for _, fl := range fs {
		labelW = max(labelW, len(fl.label)+1)
	}
	bodyH := f.height - 2
	rulesW := f.width - formWidth - 2
	beside := rulesW >= rulesColumnMin && bodyH >= lobbyRulesMin
	formW := f.width
	if beside {
		formW = formWidth
	}
	for i, fl := range fs {
		row := fmt.Sprintf(" %-*s ‹ %s ›", labelW, fl.label, fitValue(fl.value, formW-labelW-6))
		if i == f.row {
			lines = append(lines, th.Selected.Render(board.PadRight(row, min(f.width, 60))))
		} else {
			lines = append(lines, row)
		}
	}
	lines = append(lines, "")
	textW := f.width - 2
	if beside {
		textW = formWidth - 2
	}
	lines = append(lines, f.underForm(fs, labelW, textW, bodyH-len(lines))...)
	body := strings.Join(lines, "\n")
	if beside {
		// A wide form has the game's rules beside it.
		in := f.games[f.game].Info()
		rules, _ := rulesColumns(in, th.Heading.Render("THE RULES OF "+strings.ToUpper(in.Name)), rulesW, bodyH, true)
		body = board.Columns(board.FitBlock(body, formWidth, bodyH), board.FitBlock("", 2, bodyH), rules)
	}
	used := strings.Count(body, "\n") + 1
	pad := strings.Repeat("\n", max(f.height-used-2, 1))
	return body + pad + f.s.statusLine(f.s.lobbyNotice(), f.width) + "\n" + f.s.shortHelp(f.width, f.keysName(), f.keys)
}

// underForm is what the form says under its lines, in textW columns and
// room lines: why the rules refuse the setup, if they do, then what every
// line does where they all fit, else what the chosen one does.
func (f *createScreen) underForm(fs []field, labelW, textW, room int) []string {
	th := f.s.th
	var lines []string
	if f.problem != "" {
		for _, s := range wrap("Not allowed: "+f.problem, textW) {
			lines = append(lines, th.Warn.Render(" "+s))
		}
	}
	if about := f.aboutLines(fs, labelW, textW+1); len(lines)+len(about) <= room {
		return append(lines, about...)
	}
	for _, s := range wrap(fs[f.row].help, textW) {
		lines = append(lines, th.Faint.Render(" "+s))
	}
	return lines
}

// aboutLines say what each line of the form does, in w columns, under
// the values: the chosen line's marked and in the accent's ink.
func (f *createScreen) aboutLines(fs []field, labelW, w int) []string {
	th := f.s.th
	lines := []string{th.Heading.Render(" WHAT EACH LINE DOES")}
	for i, fl := range fs {
		mark, ink := " ", th.Faint
		if i == f.row {
			mark, ink = "›", th.Accent
		}
		for j, l := range board.WrapHang(fmt.Sprintf("%-*s %s", labelW, fl.label, fl.help), w-1, labelW+1) {
			if j > 0 {
				mark = " "
			}
			lines = append(lines, mark+ink.Render(l))
		}
	}
	return lines
}

// fitValue is a form line's value in w columns: a value too long loses
// its words in brackets (the line's help says them), then what still
// does not fit.
func fitValue(v string, w int) string {
	if board.Width(v) > w {
		if short, _, ok := strings.Cut(v, " ("); ok {
			v = short
		}
	}
	return board.Clip(v, w)
}

// formWidth is the form's width beside the rules on a wide terminal.
const formWidth = 64

// keysName names the form's key map for the shared key lines.
func (f *createScreen) keysName() string {
	if f.edit {
		return "form-edit"
	}
	return "form"
}
