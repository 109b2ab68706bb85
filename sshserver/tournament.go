package sshserver

import (
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"charm.land/ssh"

	"arcade/engine"
	"arcade/rooms"
)

// tournamentHelp is what `ssh host tournament` prints.
const tournamentHelp = `ssh -p PORT HOST tournament COMMAND
  new GAME [format=swiss|round-robin] [rounds=3] [size=2] [bots=yes|no] [clock=relaxed] [OPTION=VALUE ...]
                          open a tournament (you host it and play in it); prints its code
  list                    the tournaments taking players, and yours
  join CODE               enter a tournament before its first round
  leave CODE              leave it (after the first round: no more tables; your points stay)
  CODE                    its players, standings and tables
  start CODE              (host) pair and open the next round: players waiting in the lobby
                          are seated, the others find the seat in their lobby
  drop CODE NAME          (host) drop a player
  extend CODE MINUTES     (host) give a round's latecomers more time before it starts without them
  end CODE                (host) end the tournament: the standings are final
`

// tournamentCommands runs `ssh host tournament ...`; other commands pass
// on.
func (s *Server) tournamentCommands(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		cmd := sess.Command()
		if len(cmd) == 0 || cmd[0] != "tournament" {
			next(sess)
			return
		}
		p := stateOf(sess.Context()).player.Load()
		if p == nil {
			_ = sess.Exit(1)
			return
		}
		answer(sess)(s.runTournament(*p, cmd[1:]))
	}
}

// runTournament runs one tournament command for p.
func (s *Server) runTournament(p rooms.Player, args []string) (string, error) {
	hub := s.cfg.Hub
	if len(args) == 0 || args[0] == "help" || args[0] == "--help" {
		return tournamentHelp, nil
	}
	verb, rest := args[0], args[1:]
	need := func(n int, what string) error {
		if len(rest) < n {
			return fmt.Errorf("tournament %s needs %s (see: tournament help).", verb, what)
		}
		return nil
	}
	switch verb {
	case "new":
		if err := need(1, "a game"); err != nil {
			return "", err
		}
		spec, err := tournamentSpec(rest)
		if err != nil {
			return "", err
		}
		code, err := hub.CreateTournament(p, spec)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("Tournament %s is open. Players join with: tournament join %s\nWhen they are in: tournament start %s\n", code, code, code), nil
	case "list":
		return tournamentList(hub.Tournaments(p.ID)), nil
	case "join", "leave", "start", "end":
		if err := need(1, "a tournament's code"); err != nil {
			return "", err
		}
		code := rest[0]
		do := map[string]func(rooms.Player, string) error{"join": hub.JoinTournament, "leave": hub.LeaveTournament,
			"start": hub.StartRound, "end": hub.EndTournament}[verb]
		if err := do(p, code); err != nil {
			return "", err
		}
		return tournamentText(hub, code)
	case "drop":
		if err := need(2, "a code and a name"); err != nil {
			return "", err
		}
		if err := hub.DropFromTournament(p, rest[0], strings.Join(rest[1:], " ")); err != nil {
			return "", err
		}
		return tournamentText(hub, rest[0])
	case "extend":
		if err := need(2, "a code and minutes"); err != nil {
			return "", err
		}
		mins, err := strconv.Atoi(rest[1])
		if err != nil || mins < 1 || mins > 120 {
			return "", fmt.Errorf("extend by 1 to 120 minutes, not %q.", rest[1])
		}
		if err := hub.ExtendRound(p, rest[0], time.Duration(mins)*time.Minute); err != nil {
			return "", err
		}
		return tournamentText(hub, rest[0])
	}
	if len(rest) == 0 {
		return tournamentText(hub, verb)
	}
	return "", fmt.Errorf("tournament has no command %q (see: tournament help).", verb)
}

// tournamentSpec reads `new GAME key=value ...`.
func tournamentSpec(args []string) (rooms.TournamentSpec, error) {
	spec := rooms.TournamentSpec{Game: args[0], Format: rooms.Swiss, Rounds: 3, TableSize: 2, Options: engine.Options{}}
	for _, a := range args[1:] {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			return spec, fmt.Errorf("write settings as key=value, not %q.", a)
		}
		var err error
		switch k {
		case "format":
			spec.Format = v
		case "rounds":
			spec.Rounds, err = strconv.Atoi(v)
		case "size":
			spec.TableSize, err = strconv.Atoi(v)
		case "bots":
			spec.Bots = v == "yes" || v == "true"
		case "clock":
			spec.Clock, err = rooms.ParseClock(v)
		default:
			spec.Options[k] = v
		}
		if err != nil {
			return spec, fmt.Errorf("%s=%s: %v", k, v, err)
		}
	}
	return spec, nil
}

// tournamentList lists tournaments, one a line.
func tournamentList(list []rooms.Tournament) string {
	if len(list) == 0 {
		return "No tournament is taking players.\n"
	}
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "code\tgame\tformat\tround\tplayers\tstate\thost\t")
	for _, tn := range list {
		fmt.Fprintf(w, "%s\t%s\t%s\t%d/%d\t%d\t%s\t%s\t\n", tn.Code, tn.Spec.Game, tn.Spec.Format, tn.Round, tn.Spec.Rounds,
			len(tn.Players), tn.State, tn.HostName)
	}
	_ = w.Flush()
	return b.String()
}

// tournamentText is a tournament's standings and current round.
func tournamentText(hub *rooms.Hub, code string) (string, error) {
	tn, standings, err := hub.TournamentView(code)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Tournament %s: %s, %s, %d rounds at tables of %d, hosted by %s. Round %d, %s.\n",
		tn.Code, tn.Spec.Game, tn.Spec.Format, tn.Spec.Rounds, tn.Spec.TableSize, tn.HostName, tn.Round, tn.State)
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "place\tplayer\tpoints\tBuchholz\tgames\t")
	for _, s := range standings {
		note := ""
		if s.Dropped {
			note = " (dropped)"
		}
		fmt.Fprintf(w, "%d\t%s%s\t%g\t%g\t%d\t\n", s.Place, s.Name, note, s.Points, s.Buchholz, len(s.Met))
	}
	_ = w.Flush()
	names := map[string]string{}
	for _, e := range tn.Players {
		names[e.ID] = e.Name
	}
	for _, rt := range tn.Tables {
		if rt.Round != tn.Round {
			continue
		}
		who := make([]string, len(rt.Players))
		for i, id := range rt.Players {
			who[i] = names[id]
			if id == "" {
				who[i] = "a bot"
			}
		}
		state := "playing"
		if rt.Done {
			state = fmt.Sprintf("done (%v)", rt.Points)
		}
		fmt.Fprintf(&b, "Table %s: %s, %s\n", rt.Table, strings.Join(who, " v "), state)
	}
	return b.String(), nil
}
