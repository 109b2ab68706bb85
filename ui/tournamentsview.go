package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
)

// The tournaments screen's drawing: the list, one tournament's standings
// and round, and how a tournament goes beside them; tournaments.go holds
// its state and keys.

// tournamentWide is the narrowest tournaments screen with the game's
// rules (or, for the list, how tournaments work) beside it; its own
// column is then at most tournamentWidth wide.
const (
	tournamentWide  = 120
	tournamentWidth = 72
)

// View implements screen.
func (ts *tournamentsScreen) View() string {
	s := ts.s
	th, w := s.th, ts.width
	keyLine := s.keyLines(w, 2, ts.keysName(), ts)
	bodyH := max(ts.height-3-strings.Count(keyLine, "\n"), 1)
	leftW := w
	if w >= tournamentWide {
		leftW = min(tournamentWidth, w/2)
	}
	var lines []string
	if ts.open == nil {
		lines = ts.listLines(leftW, bodyH)
	} else {
		lines = ts.tournamentLines(leftW)
		if w >= tournamentWide {
			// Room under the standings: how a tournament goes.
			lines = append(lines, ts.guideUnder(leftW, bodyH-len(lines))...)
		}
	}
	body := strings.Join(lines, "\n")
	if w >= tournamentWide {
		body = board.Columns(board.FitBlock(body, leftW, bodyH), board.FitBlock("", 2, bodyH), ts.beside(w-leftW-2, bodyH))
	}
	foot := s.statusLine(s.lobbyNotice(), w)
	if ts.ask != nil {
		foot = th.Warn.Render(ts.ask.question)
	}
	return board.FitBlock(body, w, bodyH) + "\n" + foot + "\n" + keyLine
}

// keysName names the key line's bindings for the shared key lines: they
// depend on what the player may do with the tournament shown.
func (ts *tournamentsScreen) keysName() string {
	var b strings.Builder
	b.WriteString("tournaments")
	for _, k := range ts.ShortHelp() {
		b.WriteString(" " + k.Help().Key)
	}
	return b.String()
}

// beside is what a wide screen shows beside the list or the tournament,
// w x h: the tournament's game's rules, or how tournaments work.
func (ts *tournamentsScreen) beside(w, h int) string {
	th := ts.s.th
	if ts.open != nil {
		if g, ok := engine.FindGame(ts.s.games, ts.open.Spec.Game); ok && g.Info().Rules != "" {
			in := g.Info()
			block, _ := rulesColumns(in, th.Heading.Render("THE RULES OF "+strings.ToUpper(in.Name)), w, h, true)
			return block
		}
	}
	block, _ := textColumns(func(colW int) [][]string { return textParts(tournamentGuide(ts.s.opts.ConnectHint), colW) },
		th.Heading.Render("HOW A TOURNAMENT GOES"), w, h, true)
	return block
}

// guideUnder is how a tournament goes, in the parts of it that h lines
// of w columns hold whole, under a heading (none when not even one fits).
func (ts *tournamentsScreen) guideUnder(w, h int) []string {
	th := ts.s.th
	cols, whole := flowParts(textParts(tournamentGuide(ts.s.opts.ConnectHint), w), []int{h - 3}, false)
	if whole == 0 {
		return nil
	}
	return append([]string{"", th.Heading.Render("HOW A TOURNAMENT GOES"), ""}, cols[0]...)
}

// listLines are the tournaments, one a row, in w columns and h lines.
func (ts *tournamentsScreen) listLines(w, h int) []string {
	th := ts.s.th
	lines := []string{th.Title.Render("TOURNAMENTS") + th.Faint.Render(" · taking players, under way, and yours"), ""}
	switch {
	case !ts.loaded:
		return append(lines, th.Faint.Render("Reading the tournaments…"))
	case len(ts.list) == 0:
		lines = append(lines, wrap("No tournament is taking players or under way.", w)...)
	}
	me := ts.s.client.Player().ID
	room := max(h-len(lines)-4, 1) / 2
	first := max(ts.sel-room+1, 0)
	for i := first; i < len(ts.list) && i < first+room; i++ {
		tn := ts.list[i]
		head := fmt.Sprintf("%s  %s", tn.Code, ts.s.gameName(tn.Spec.Game))
		if isEntrant(tn.Players, me) {
			head += " · you play"
		}
		facts := "  " + tournamentState(tn) + " · " + board.Count(len(tn.Players), "player") + " · host " + tn.HostName
		if i == ts.sel {
			lines = append(lines, th.Selected.Render(board.PadRight("›"+board.Clip(head, w-1), w)), th.Selected.Render(board.PadRight(board.Clip(facts, w), w)))
		} else {
			lines = append(lines, " "+board.Clip(head, w-1), th.Faint.Render(board.Clip(facts, w)))
		}
	}
	lines = append(lines, "")
	for _, l := range wrap(tournamentHint(ts.s.opts.ConnectHint), w) {
		lines = append(lines, th.Faint.Render(l))
	}
	return lines
}

// tournamentState says where a tournament is: "taking players", "round 2
// of 3 under way", "round 2 of 3 played", "finished".
func tournamentState(tn rooms.Tournament) string {
	switch tn.State {
	case rooms.TournamentOpen:
		return fmt.Sprintf("taking players, %s", board.Count(tn.Spec.Rounds, "round"))
	case rooms.TournamentPlaying:
		return fmt.Sprintf("round %d of %d under way", tn.Round, tn.Spec.Rounds)
	case rooms.TournamentBetween:
		return fmt.Sprintf("round %d of %d played", tn.Round, tn.Spec.Rounds)
	}
	return "finished"
}

// tournamentLines are the tournament shown: what it is and where it is,
// the standings and the current round's tables, in w columns.
func (ts *tournamentsScreen) tournamentLines(w int) []string {
	th, tn := ts.s.th, ts.open
	spec := tn.Spec
	format := "Swiss"
	if spec.Format == rooms.RoundRobin {
		format = "round-robin"
	}
	lines := []string{th.Title.Render("TOURNAMENT "+tn.Code) + " · " + ts.s.gameName(spec.Game)}
	about := fmt.Sprintf("%s, %s, tables of %d, %s clock", format, board.Count(spec.Rounds, "round"), spec.TableSize, spec.Clock.Words())
	if spec.Bots {
		about += ", bots for who does not come"
	}
	about += " · host " + tn.HostName
	lines = append(lines, wrap(about, w)...)
	for _, l := range wrap(ts.stateSentence(), w) {
		lines = append(lines, th.Accent.Render(l))
	}
	lines = append(lines, "", th.Heading.Render("STANDINGS"))
	lines = append(lines, ts.standingLines(w)...)
	if rows := ts.roundLines(w); len(rows) > 0 {
		lines = append(append(lines, "", th.Heading.Render(fmt.Sprintf("ROUND %d", tn.Round))), rows...)
	}
	return lines
}

// stateSentence says where the tournament is and what comes next, for
// the player.
func (ts *tournamentsScreen) stateSentence() string {
	tn := ts.open
	switch tn.State {
	case rooms.TournamentOpen:
		next := "J joins it."
		switch {
		case ts.hosting():
			next = "You host it: S starts the first round when everyone is in."
		case ts.entered():
			next = "You are in: the host starts the first round."
		}
		return fmt.Sprintf("Taking players (%d so far). %s", len(tn.Players), next)
	case rooms.TournamentPlaying:
		yours := ""
		if ts.entered() {
			yours = " Your table is first in your lobby."
		}
		return fmt.Sprintf("Round %d of %d is under way: each table starts when its players are there, or at %s without those who have not come.%s",
			tn.Round, tn.Spec.Rounds, tn.Grace.Local().Format("15:04 MST"), yours)
	case rooms.TournamentBetween:
		if ts.hosting() {
			return fmt.Sprintf("Round %d of %d is played: S starts the next.", tn.Round, tn.Spec.Rounds)
		}
		return fmt.Sprintf("Round %d of %d is played: the host starts the next.", tn.Round, tn.Spec.Rounds)
	}
	return "The tournament is over: the standings are final."
}

// standingLines are the standings: place, name, points, Buchholz (the
// points of the players met) and games played, the player's own row
// marked.
func (ts *tournamentsScreen) standingLines(w int) []string {
	th := ts.s.th
	if len(ts.standings) == 0 {
		return []string{th.Faint.Render("Nobody has joined yet.")}
	}
	nameW := min(max(w-32, 8), 20)
	lines := []string{th.Faint.Render(fmt.Sprintf(" %3s  %-*s %6s %9s %6s", "#", nameW, "player", "points", "Buchholz", "games"))}
	me := ts.s.client.Player().ID
	for _, st := range ts.standings {
		name := st.Name
		if st.Dropped {
			name += " (left)"
		}
		row := fmt.Sprintf(" %3d  %s %6s %9s %6d", st.Place, board.PadRight(board.Clip(name, nameW), nameW), points(st.Points),
			points(st.Buchholz), ts.gamesOf(st.ID))
		if st.ID == me {
			row = th.Accent.Render(row + "  ← you")
		}
		lines = append(lines, row)
	}
	return lines
}

// gamesOf counts the games player id finished in the tournament shown.
func (ts *tournamentsScreen) gamesOf(id string) int {
	n := 0
	for _, rt := range ts.open.Tables {
		if rt.Done && slices.Contains(rt.Players, id) {
			n++
		}
	}
	return n
}

// points writes a score of points with at most two decimals: "2", "1.5",
// "0.67".
func points(p float64) string {
	return strings.TrimSuffix(strings.TrimRight(strconv.FormatFloat(p, 'f', 2, 64), "0"), ".")
}

// roundLines are the current round's tables: who sits at each and how it
// went, then who has a bye.
func (ts *tournamentsScreen) roundLines(w int) []string {
	th, tn := ts.s.th, ts.open
	names := map[string]string{}
	for _, e := range tn.Players {
		names[e.ID] = e.Name
	}
	var lines []string
	seated := map[string]bool{}
	for _, rt := range tn.Tables {
		if rt.Round != tn.Round {
			continue
		}
		who := make([]string, len(rt.Players))
		for i, id := range rt.Players {
			seated[id] = true
			who[i] = names[id]
			if id == "" {
				who[i] = "a bot"
			}
			if rt.Done && i < len(rt.Points) {
				who[i] += " " + points(rt.Points[i])
			}
		}
		state := "playing"
		switch {
		case rt.Done:
			state = "done"
		case rt.Table == "":
			state = "opening"
		}
		for i, l := range board.WrapHang(strings.Join(who, " – ")+th.Faint.Render(" · "+state), w-1, 2) {
			if i == 0 {
				l = " " + l
			}
			lines = append(lines, l)
		}
	}
	for _, e := range tn.Players {
		if !seated[e.ID] && !e.Dropped && len(lines) > 0 {
			lines = append(lines, " "+e.Name+th.Faint.Render(" · a bye (1 point)"))
		}
	}
	return lines
}

// tournamentHint says how a tournament is opened, each ssh command (this
// server's when the session knows it) on a line of its own.
func tournamentHint(connect string) string {
	return "A host opens a tournament from a shell (it prints the code):\n  " + sshOr(connect) + " tournament new GAME rounds=3 size=2\n" +
		"Players then join here (J), or from a shell:\n  " + sshOr(connect) + " tournament join CODE"
}

// tournamentGuide is how a tournament goes, for the screens that have
// room for it.
func tournamentGuide(connect string) string {
	cmd := sshOr(connect)
	return `A host opens a tournament from the shell and shares its code: ` + cmd + ` tournament new firetower rounds=3 size=2 (Swiss; it prints the code). Each player joins here, or with ` + cmd + ` tournament join CODE; the host starts each round here (S) or with ` + cmd + ` tournament start CODE.

Settings: format=swiss (by points, avoiding rematches) or format=round-robin (tables of two, everyone meets everyone), rounds=N (1 to 20), size=N (the seats of a table), bots=yes (a bot plays for a player who does not come, and fills a short table), clock=relaxed (any turn clock), and the game's options as key=value.

Each round the arcade opens the tables with a seat kept for each player; players waiting in the lobby are seated at once, the others find the seat first in their lobby. A table starts itself when its players are there, or after 3 minutes without those who have not come.

Each game scores, against each other seat, 1 for finishing ahead and a half for a tie, over the number of other seats; a player without a table gets a bye (1 point). Standings order by points, then by the points of the players met (Buchholz). A tournament and its tables survive restarts.`
}
