package ui

import (
	"fmt"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"arcade/keys"
	"arcade/rooms"
)

// The tournaments screen: its state, what it reads and changes, and its
// keys; tournamentsview.go draws it.

// tournamentsScreen lists the tournaments that take players or play, and
// the player's own (t in the lobby); enter shows one: its standings and
// the current round's tables. Players join and leave there, its host
// starts the next round or ends it. A tournament is opened from a shell
// (tournamentHint). Every store read and write runs in a command.
type tournamentsScreen struct {
	s             *session
	keys          *keys.Tournaments
	width, height int
	loaded        bool
	list          []rooms.Tournament
	sel           int
	// open is the tournament shown (nil: the list), with its standings
	// (read with it).
	open      *rooms.Tournament
	standings []rooms.EntrantStanding
	ask       *ask
}

// tournamentListMsg brings the list; tournamentMsg one tournament, with
// ok to say (what the command that read it again did).
type (
	tournamentListMsg struct{ list []rooms.Tournament }
	tournamentMsg     struct {
		tn        rooms.Tournament
		standings []rooms.EntrantStanding
		err       error
		ok        string
	}
)

func (tournamentListMsg) screenData() {}
func (tournamentMsg) screenData()     {}

func newTournamentsScreen(s *session) *tournamentsScreen {
	return &tournamentsScreen{s: s, keys: &tournamentsKeys}
}

// load reads the list.
func (ts *tournamentsScreen) load() tea.Cmd {
	c := ts.s.client
	return func() tea.Msg { return tournamentListMsg{c.Tournaments()} }
}

// view reads the tournament with code, after do (when given) changed it:
// ok says what do did.
func (ts *tournamentsScreen) view(code string, do func() error, ok string) tea.Cmd {
	c := ts.s.client
	return func() tea.Msg {
		if do != nil {
			if err := do(); err != nil {
				return resultMsg{err: err}
			}
		}
		tn, st, err := c.TournamentView(code)
		return tournamentMsg{tn: tn, standings: st, err: err, ok: ok}
	}
}

// SetSize implements screen.
func (ts *tournamentsScreen) SetSize(w, h int) { ts.width, ts.height = w, h }

// ShortHelp implements help.KeyMap: the keys that do something here.
func (ts *tournamentsScreen) ShortHelp() []key.Binding {
	km := ts.keys
	if ts.open == nil {
		return []key.Binding{km.Up, km.Down, km.Open, km.Join, km.Refresh, km.Back}
	}
	out := []key.Binding{}
	if ts.canJoin() {
		out = append(out, km.Join)
	}
	if ts.entered() && ts.open.State != rooms.TournamentFinished {
		out = append(out, km.Leave)
	}
	if ts.hosting() && ts.open.State != rooms.TournamentFinished {
		if ts.open.State != rooms.TournamentPlaying {
			out = append(out, km.Start)
		}
		out = append(out, km.End)
	}
	return append(out, km.Refresh, km.Back)
}

// FullHelp implements help.KeyMap.
func (ts *tournamentsScreen) FullHelp() [][]key.Binding { return ts.keys.FullHelp() }

// helpTopic implements helpTopic: how tournaments work.
func (ts *tournamentsScreen) helpTopic() topic {
	return topic{intro: tournamentGuide(ts.s.opts.ConnectHint) + "\n\n"}
}

// Update implements screen.
func (ts *tournamentsScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch m := msg.(type) {
	case tournamentListMsg:
		ts.loaded, ts.list = true, m.list
		ts.sel = min(ts.sel, max(len(ts.list)-1, 0))
	case tournamentMsg:
		if m.err != nil {
			ts.s.setStatus(errorText(m.err), true)
			return ts, nil
		}
		ts.open, ts.standings = &m.tn, m.standings
		if m.ok != "" {
			ts.s.setStatus(m.ok, false)
		}
	case tea.KeyPressMsg:
		return ts.key(m)
	}
	return ts, nil
}

// key handles a key press: the open question first, then the shown
// tournament's keys or the list's.
func (ts *tournamentsScreen) key(k tea.KeyPressMsg) (screen, tea.Cmd) {
	km, s := ts.keys, ts.s
	if ts.ask != nil {
		cmd, over := ts.ask.answer(s, k, km.Yes, km.No)
		if over {
			ts.ask = nil
		}
		return ts, cmd
	}
	switch {
	case keyMatches(k, km.Back) && ts.open != nil:
		ts.open = nil
		s.setStatus("", false)
		return ts, ts.load()
	case keyMatches(k, km.Back):
		s.setStatus("", false)
		return s.home, nil
	case keyMatches(k, km.Refresh) && ts.open != nil:
		return ts, ts.view(ts.open.Code, nil, "")
	case keyMatches(k, km.Refresh):
		return ts, ts.load()
	case ts.open != nil:
		return ts, ts.tournamentKey(k)
	case keyMatches(k, km.Up):
		ts.sel = max(ts.sel-1, 0)
	case keyMatches(k, km.Down):
		ts.sel = min(ts.sel+1, max(len(ts.list)-1, 0))
	case keyMatches(k, km.Open, km.Join) && ts.sel < len(ts.list):
		code := ts.list[ts.sel].Code
		if keyMatches(k, km.Join) {
			return ts, ts.join(code)
		}
		return ts, ts.view(code, nil, "")
	case keyMatches(k, km.Open, km.Join):
		s.setStatus("There is no tournament to open: a host starts one from a shell.", true)
	default:
		s.setStatus(fmt.Sprintf("%q does nothing here: ↑/↓ choose a tournament, enter shows it, esc goes back.", k.String()), true)
	}
	return ts, nil
}

// join enters the player in the tournament with code, and shows it.
func (ts *tournamentsScreen) join(code string) tea.Cmd {
	c := ts.s.client
	return ts.view(code, func() error { return c.JoinTournament(code) },
		"You are in: each round seats you at a table, first in your lobby.")
}

// tournamentKey handles the keys of the tournament shown.
func (ts *tournamentsScreen) tournamentKey(k tea.KeyPressMsg) tea.Cmd {
	km, s, tn := ts.keys, ts.s, ts.open
	c, code := s.client, tn.Code
	switch {
	case keyMatches(k, km.Join):
		return ts.join(code)
	case keyMatches(k, km.Leave) && !ts.entered():
		s.setStatus("You are not in this tournament.", true)
	case keyMatches(k, km.Leave):
		question := "Leave the tournament? y/n"
		if tn.State != rooms.TournamentOpen {
			question = "Leave the tournament? You get no more tables; your points stay. y/n"
		}
		ts.ask = &ask{question: question, yes: func() tea.Cmd {
			return ts.view(code, func() error { return c.LeaveTournament(code) }, "You left the tournament.")
		}}
	case keyMatches(k, km.Start, km.End) && !ts.hosting():
		s.setStatus("Only the tournament's host starts its rounds and ends it.", true)
	case keyMatches(k, km.Start):
		return ts.view(code, func() error { return c.StartRound(code) },
			"The round's tables are open: the players in the lobby are seated.")
	case keyMatches(k, km.End):
		ts.ask = &ask{question: "End the tournament now? The standings become final. y/n", yes: func() tea.Cmd {
			return ts.view(code, func() error { return c.EndTournament(code) }, "The tournament is over: the standings are final.")
		}}
	case keyMatches(k, km.Up, km.Down):
	default:
		s.setStatus(fmt.Sprintf("%q does nothing here: the keys below say what does.", k.String()), true)
	}
	return nil
}

// entered reports whether the player is in the tournament shown.
func (ts *tournamentsScreen) entered() bool {
	id := ts.s.client.Player().ID
	return ts.open != nil && isEntrant(ts.open.Players, id)
}

// isEntrant reports whether player id is among a tournament's players.
func isEntrant(players []rooms.Entrant, id string) bool {
	return slices.ContainsFunc(players, func(e rooms.Entrant) bool { return e.ID == id })
}

// canJoin reports whether the player may join the tournament shown.
func (ts *tournamentsScreen) canJoin() bool {
	return ts.open != nil && ts.open.State == rooms.TournamentOpen && !ts.entered()
}

// hosting reports whether the player runs the tournament shown (its host,
// or an admin).
func (ts *tournamentsScreen) hosting() bool {
	p := ts.s.client.Player()
	return ts.open != nil && (ts.open.Host == p.ID || p.Admin)
}
