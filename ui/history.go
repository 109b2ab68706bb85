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

// The "your games" screen (y in the lobby), a keyed player's profile: their
// name and how many keys are theirs, their rating in each game, their
// tournaments, their finished games and counts per game, a game's
// leaderboard, and a replay of any finished game move by move, as a
// spectator would have seen it: the board is drawn from
// View(engine.Spectator) and the log shows public events only (replay.go).

// historyRows is how many games the screen asks for.
const historyRows = 50

// historyMsg brings the screen's data, read off the event loop.
type historyMsg struct {
	games []rooms.GameRecord
	stats []rooms.GameStats
	err   error
}

// profileMsg brings the rest of the profile: the player's ratings by
// game, how many keys are theirs (0 when the server does not say) and the
// tournaments they entered.
type profileMsg struct {
	ratings     map[string]rooms.PlayerRating
	keys        int
	tournaments []rooms.Tournament
}

// leaderboardMsg brings one game's leaderboard.
type leaderboardMsg struct {
	game  string
	board []rooms.Standing
	err   error
}

// historyScreen is the "your games" screen, opened from the lobby.
type historyScreen struct {
	s             *session
	keys          *keys.History
	replayKeys    *keys.Replay
	width, height int
	loaded        bool
	err           error
	games         []rooms.GameRecord
	stats         []rooms.GameStats
	sel           int
	boardIdx      int  // which game's leaderboard (index in the lobby's games)
	boardChosen   bool // the player chose it with ←/→ (else it follows their games)
	leaders       []rooms.Standing
	noBoard       string // why there is no leaderboard ("" when there is one)
	replay        *replayView
	profile       profileMsg
}

// newHistoryScreen is the screen, showing the leaderboard of game number
// game first; load asks for its data.
func newHistoryScreen(s *session, game int) *historyScreen {
	return &historyScreen{s: s, keys: &historyKeys, replayKeys: &replayKeys, boardIdx: max(game, 0)}
}

// load asks for the screen's data.
func (h *historyScreen) load() tea.Cmd {
	c := h.s.client
	load := func() tea.Msg {
		games, err := c.Games(historyRows)
		if err != nil {
			return historyMsg{err: err}
		}
		stats, err := c.Stats()
		return historyMsg{games: games, stats: stats, err: err}
	}
	return tea.Batch(load, h.loadLeaderboard(), h.loadProfile())
}

// loadProfile asks for the player's ratings, keys and tournaments.
func (h *historyScreen) loadProfile() tea.Cmd {
	c := h.s.client
	return func() tea.Msg {
		m := profileMsg{ratings: c.Ratings()}
		if keys, err := c.LinkedKeys(); err == nil {
			m.keys = 1 + len(keys)
		}
		id := c.Player().ID
		for _, tn := range c.Tournaments() {
			if isEntrant(tn.Players, id) {
				m.tournaments = append(m.tournaments, tn)
			}
		}
		return m
	}
}

// loadLeaderboard asks for the selected game's leaderboard.
func (h *historyScreen) loadLeaderboard() tea.Cmd {
	gs := h.s.games
	if len(gs) == 0 {
		return nil
	}
	id := gs[h.boardIdx%len(gs)].Info().ID
	c := h.s.client
	return func() tea.Msg {
		b, err := c.Leaderboard(id, 5)
		return leaderboardMsg{game: id, board: b, err: err}
	}
}

// SetSize implements screen.
func (h *historyScreen) SetSize(w, ht int) { h.width, h.height = w, ht }

// ShortHelp implements help.KeyMap: the replay's keys while one is shown.
func (h *historyScreen) ShortHelp() []key.Binding {
	if h.replay != nil {
		return h.replayKeys.ShortHelp()
	}
	return h.keys.ShortHelp()
}

// FullHelp implements help.KeyMap.
func (h *historyScreen) FullHelp() [][]key.Binding {
	if h.replay != nil {
		return h.replayKeys.FullHelp()
	}
	return h.keys.FullHelp()
}

// Update implements screen: its data, and keys.
func (h *historyScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch m := msg.(type) {
	case tea.KeyPressMsg:
		if h.replay != nil {
			return h, h.replayKey(m)
		}
		return h.key(m)
	case profileMsg:
		h.profile = m
	case historyMsg, leaderboardMsg, replayMsg:
		return h, h.onMsg(msg)
	}
	return h, nil
}

// onMsg takes the screen's data in; the leaderboard moves to the game the
// player played most when the one it opened on is not among theirs.
func (h *historyScreen) onMsg(msg tea.Msg) tea.Cmd {
	switch m := msg.(type) {
	case historyMsg:
		h.loaded, h.err, h.games, h.stats = true, m.err, m.games, m.stats
		if i := h.mostPlayed(); i >= 0 && !h.boardChosen && i != h.boardIdx%len(h.s.games) {
			h.boardIdx = i
			return h.loadLeaderboard()
		}
	case leaderboardMsg:
		if gs := h.s.games; len(gs) > 0 && m.game != gs[h.boardIdx%len(gs)].Info().ID {
			return nil // an answer for a game no longer shown
		}
		h.leaders, h.noBoard = m.board, ""
		if m.err != nil {
			h.noBoard = errorText(m.err)
		}
	case replayMsg:
		if m.err != nil {
			h.s.setStatus(errorText(m.err), true)
			return nil
		}
		h.startReplay(m.id, m.rec)
	}
	return nil
}

// mostPlayed is the index in the lobby's games of the game the player
// finished most often (-1: none), unless they played the one shown.
func (h *historyScreen) mostPlayed() int {
	gs := h.s.games
	if len(gs) == 0 {
		return -1
	}
	shown := gs[h.boardIdx%len(gs)].Info().ID
	best, played := "", 0
	for _, st := range h.stats {
		if st.Game == shown && st.Played > 0 {
			return -1
		}
		if st.Played > played {
			best, played = st.Game, st.Played
		}
	}
	return slices.IndexFunc(gs, func(g engine.Game) bool { return g.Info().ID == best })
}

// key handles a key on the list.
func (h *historyScreen) key(k tea.KeyPressMsg) (screen, tea.Cmd) {
	km := h.keys
	switch {
	case keyMatches(k, km.Back):
		return h.s.home, nil
	case keyMatches(k, km.Up):
		h.sel = max(h.sel-1, 0)
	case keyMatches(k, km.Down):
		h.sel = min(h.sel+1, max(len(h.games)-1, 0))
	case keyMatches(k, km.Next), keyMatches(k, km.Prev):
		if n := len(h.s.games); n > 0 {
			step := 1
			if keyMatches(k, km.Prev) {
				step = n - 1
			}
			h.boardIdx, h.boardChosen = (h.boardIdx+step)%n, true
			return h, h.loadLeaderboard()
		}
	case keyMatches(k, km.Replay):
		if h.sel < len(h.games) {
			id, c := h.games[h.sel].ID, h.s.client
			return h, func() tea.Msg {
				rec, err := c.Replay(id)
				return replayMsg{id: id, rec: rec, err: err}
			}
		}
		h.s.setStatus("No game to replay yet.", true)
	default:
		h.s.setStatus(fmt.Sprintf("%q does nothing here. Press esc to go back.", k.String()), true)
	}
	return h, nil
}

// View implements screen: the list and the leaderboard, or the replay.
func (h *historyScreen) View() string {
	if h.replay != nil {
		return h.replayView()
	}
	s := h.s
	th, w := s.th, h.width
	me := s.client.Player()
	right := me.Name
	if n := h.profile.keys; n > 0 {
		right += " · " + board.Count(n, "key")
	}
	lines := []string{board.PadRight(th.Title.Render("YOUR GAMES"), w-board.Width(right)-1) + " " + right}
	lines = append(lines, h.profileLines(w)...)
	switch {
	case !h.loaded:
		lines = append(lines, "", th.Faint.Render("Loading..."))
	case h.err != nil:
		lines = append(lines, "", errorText(h.err))
	default:
		var counts []string
		for _, st := range h.stats {
			counts = append(counts, fmt.Sprintf("%s: %d played, %d won", s.gameName(st.Game), st.Played, st.Won))
		}
		if len(counts) == 0 {
			counts = []string{"No finished games yet."}
		}
		lines = append(lines, board.Clip(strings.Join(counts, " · "), w), "")
		rows := max(h.height-12-len(lines), 3)
		first := min(max(h.sel-rows+1, 0), max(len(h.games)-rows, 0))
		for i := first; i < len(h.games) && i < first+rows; i++ {
			lines = append(lines, h.row(h.games[i], i == h.sel, w))
		}
	}
	lines = append(lines, "")
	if gs := s.games; len(gs) > 0 {
		game := gs[h.boardIdx%len(gs)].Info().Name
		lines = append(lines, h.leaderLines(game, w)...)
	}
	body := board.FitBlock(strings.Join(lines, "\n"), w, h.height-2)
	return body + "\n" + s.statusLine(s.lobbyNotice(), w) + "\n" + s.shortHelp(w, "history", h.keys)
}

// profileLines are the player's ratings and tournaments, each in a line
// of w columns (as many of them as it holds).
func (h *historyScreen) profileLines(w int) []string {
	th, p := h.s.th, h.profile
	var rated []string
	for _, g := range h.s.games {
		if r, ok := p.ratings[g.Info().ID]; ok {
			rated = append(rated, fmt.Sprintf("%s %s %s (%s)", g.Info().Name, ratingText(r), sparkline(r.Trail), board.Count(r.Games, "game")))
		}
	}
	lines := []string{th.Faint.Render("Ratings: none yet: a rated game counts when every seat is a keyed player's.")}
	if len(rated) > 0 {
		lines = []string{"Ratings: " + endWithAll(rated, w-len("Ratings: "))}
	}
	if len(p.tournaments) > 0 {
		var tns []string
		me := h.s.client.Player().ID
		for _, tn := range p.tournaments {
			place := ""
			for _, st := range tn.Standings() {
				if st.ID == me {
					place = fmt.Sprintf(", %s with %s", engine.Ordinal(st.Place), plural2(points(st.Points), "point"))
				}
			}
			tns = append(tns, fmt.Sprintf("%s %s, %s%s", tn.Code, h.s.gameName(tn.Spec.Game), tournamentState(tn), place))
		}
		lines = append(lines, "Tournaments: "+endWithAll(tns, w-len("Tournaments: ")))
	}
	return lines
}

// endWithAll joins items with " · " in w columns: those that do not fit
// go, and the line says how many.
func endWithAll(items []string, w int) string {
	for n := len(items); n > 0; n-- {
		line := strings.Join(items[:n], " · ")
		if n < len(items) {
			line += fmt.Sprintf(" · and %d more", len(items)-n)
		}
		if board.Width(line) <= w {
			return line
		}
	}
	return board.Clip(items[0], w)
}

// plural2 is plural for a number already written: "1 point", "1.5 points".
func plural2(n, unit string) string {
	if n == "1" {
		return n + " " + unit
	}
	return n + " " + unit + "s"
}

// leaderLines are the leaderboard of game in w columns: its heading, how
// it orders, and a row a player with their rating, games won and played.
func (h *historyScreen) leaderLines(game string, w int) []string {
	th := h.s.th
	lines := []string{th.Heading.Render("LEADERBOARD · "+game) + th.Faint.Render("  (←/→ another game)")}
	switch {
	case h.noBoard != "":
		return append(lines, h.noBoard)
	case len(h.leaders) == 0:
		return append(lines, th.Faint.Render("Nobody has finished a game of it yet."))
	}
	lines = append(lines, th.Faint.Render(board.Clip("By rating (μ−3σ), provisional ones (?) after, then by games won.", w)))
	for i, s := range h.leaders {
		rating := ratingText(s.Rating)
		if rating == "" {
			rating = "–"
		}
		lines = append(lines, board.Clip(fmt.Sprintf("%2d. %-16s %6s  %d won of %d", i+1, s.Name, rating, s.Won, s.Played), w))
	}
	return lines
}

// row is one finished game in the list.
func (h *historyScreen) row(g rooms.GameRecord, selected bool, w int) string {
	s := h.s
	me := s.client.Player().ID
	result := "lost"
	var players []string
	for _, s := range g.Seats {
		p := fmt.Sprintf("%s %d", s.Name, s.Score)
		if s.Winner {
			p += "*"
		}
		players = append(players, p)
		if s.PlayerID == me && s.Winner {
			result = "won"
		}
	}
	mark := "  "
	if selected {
		mark = s.th.Accent.Render("▸ ")
	}
	row := fmt.Sprintf("#%-4d %s  %-20s %-4s  %s", g.ID, g.Ended.Local().Format(time.DateTime[:16]), s.gameName(g.Game), result, strings.Join(players, ", "))
	return mark + board.Clip(row, w-2)
}
