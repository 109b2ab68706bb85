package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/keys"
	"arcade/rooms"
)

// createForm is the new-table form: the game, seats, privacy, bots and the
// game's own options.
type createForm struct {
	games   []engine.Game
	game    int
	seats   int
	private bool
	bots    int
	level   int
	opts    engine.Options
	row     int
}

// field is one row of the form.
type field struct {
	label, value, help string
	change             func(delta int)
}

func (f *createForm) gameID() string {
	if f.game < len(f.games) {
		return f.games[f.game].Info().ID
	}
	return ""
}

// reset puts the defaults of the selected game in place.
func (f *createForm) reset(solo bool) {
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
}

func (f *createForm) fields() []field {
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
	fs := []field{
		{"Game", in.Name, in.Summary, func(d int) { f.game = cycle(f.game, d, 0, len(f.games)-1); f.reset(f.bots > 0) }},
		{"Seats", fmt.Sprint(f.seats), fmt.Sprintf("%d to %d players", in.MinPlayers, in.MaxPlayers), func(d int) {
			f.seats = cycle(f.seats, d, in.MinPlayers, in.MaxPlayers)
			f.bots = min(f.bots, f.seats-1)
		}},
		{"Table", vis, "private tables get a short invite code", func(int) { f.private = !f.private }},
		{"Bots", fmt.Sprint(f.bots), "seats filled with bots now; with every other seat a bot the game starts at once", func(d int) {
			f.bots = cycle(f.bots, d, 0, f.seats-1)
		}},
		{"Bot level", rooms.BotLevels[f.level], "how well the bots play", func(d int) { f.level = cycle(f.level, d, 0, len(rooms.BotLevels)-1) }},
	}
	for _, o := range in.Options {
		o := o
		val := f.opts[o.Key]
		shown := val
		if o.Kind == engine.Bool {
			shown = map[string]string{"true": "yes", "false": "no"}[val]
		}
		fs = append(fs, field{o.Name, shown, o.Help, func(d int) {
			switch o.Kind {
			case engine.Bool:
				if f.opts[o.Key] == "true" {
					f.opts[o.Key] = "false"
				} else {
					f.opts[o.Key] = "true"
				}
			case engine.Choice:
				i := 0
				for j, c := range o.Choices {
					if c == f.opts[o.Key] {
						i = j
					}
				}
				f.opts[o.Key] = o.Choices[cycle(i, d, 0, len(o.Choices)-1)]
			}
		}})
	}
	return fs
}

// openCreate shows the form for the highlighted game; solo fills the other
// seats with bots.
func (a *App) openCreate(solo bool) tea.Cmd {
	games := a.lobbyView.games
	if len(games) == 0 {
		a.setStatus("No games are installed on this server.", true)
		return nil
	}
	a.form = createForm{games: games, game: a.lobbyView.gameIdx, level: defaultBotLevel}
	a.form.reset(solo)
	a.scr = scrCreate
	a.setStatus("", false)
	return nil
}

func (a *App) createKey(k tea.KeyPressMsg) tea.Cmd {
	km := keys.FormKeys()
	f := &a.form
	fs := f.fields()
	switch {
	case keyMatches(k, km.Cancel):
		a.scr = scrLobby
		a.setStatus("", false)
	case keyMatches(k, km.Up):
		f.row = (f.row + len(fs) - 1) % len(fs)
	case keyMatches(k, km.Down):
		f.row = (f.row + 1) % len(fs)
	case keyMatches(k, km.Left):
		fs[f.row].change(-1)
	case keyMatches(k, km.Right):
		fs[f.row].change(1)
	case keyMatches(k, km.Submit):
		return a.submitCreate()
	case k.String() == "q":
		a.scr = scrLobby
	default:
		a.setStatus(fmt.Sprintf("%q does nothing here: ↑/↓ choose a line, ←/→ change it, enter creates.", k.String()), true)
	}
	return nil
}

// submitCreate opens the table, seats the bots and, when no human seat is
// left, starts the game.
func (a *App) submitCreate() tea.Cmd {
	f := a.form
	id, seats, private, bots, level := f.gameID(), f.seats, f.private, f.bots, rooms.BotLevels[f.level]
	opts := engine.Options{}
	for k, v := range f.opts {
		opts[k] = v
	}
	a.setStatus("Opening the table…", false)
	return func() tea.Msg {
		if err := a.client.Create(id, seats, private, opts); err != nil {
			return resultMsg{err: err}
		}
		for s := 1; s <= bots; s++ {
			if err := a.client.AddBot(s, level); err != nil {
				return resultMsg{err: err}
			}
		}
		if bots == seats-1 {
			if err := a.client.Start(); err != nil {
				return resultMsg{err: err}
			}
			return resultMsg{ok: "Game started. Good luck!"}
		}
		return resultMsg{ok: "Table open. Press B to seat bots, S to start when the seats are filled."}
	}
}

func (a *App) createView() string {
	th := a.th
	f := a.form
	fs := f.fields()
	lines := []string{th.Title.Render("NEW TABLE"), ""}
	labelW := 12
	for _, fl := range fs {
		labelW = max(labelW, len(fl.label)+1)
	}
	for i, fl := range fs {
		row := fmt.Sprintf(" %-*s ‹ %s ›", labelW, fl.label, fl.value)
		if i == f.row {
			lines = append(lines, th.Selected.Render(padRight(row, min(a.width, 60))))
		} else {
			lines = append(lines, row)
		}
	}
	lines = append(lines, "")
	for _, s := range wrap(fs[f.row].help, a.width-2) {
		lines = append(lines, th.Faint.Render(" "+s))
	}
	body := strings.Join(lines, "\n")
	used := strings.Count(body, "\n") + 1
	pad := strings.Repeat("\n", max(a.height-used-2, 1))
	return body + pad + a.statusLine() + "\n" + a.shortHelp(a.width, "form", keys.FormKeys().ShortHelp)
}
