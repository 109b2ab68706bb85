package sshserver

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"charm.land/ssh"

	"arcade/rooms"
)

// turnsHelp is what `ssh host turns --help` prints.
const turnsHelp = `ssh -p PORT HOST turns [--json]
  Prints where it is your move, one word a game with the count of tables,
  for example "firelibrary 2 · firetower 1" (nothing when it is nobody's
  wait for you). --json prints every table where you hold a seat, with its
  game, invite code, whose move it is and the deadline. Needs your key: a
  guest has no tables to find. Your open session is not disturbed.
`

// playerCommands runs the commands a player may give without a terminal
// (`ssh host turns`); other commands pass on.
func (s *Server) playerCommands(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		cmd := sess.Command()
		if len(cmd) == 0 || cmd[0] != "turns" {
			next(sess)
			return
		}
		p := stateOf(sess.Context()).player.Load()
		out, err := s.runTurns(p, cmd[1:])
		_, _ = io.WriteString(sess, out)
		if err != nil {
			sayLine(sess, err.Error())
			_ = sess.Exit(1)
			return
		}
		_ = sess.Exit(0)
	}
}

// runTurns answers `turns` for p (nil: not known).
func (s *Server) runTurns(p *rooms.Player, args []string) (string, error) {
	asJSON := false
	for _, a := range args {
		switch a {
		case "--json", "-json":
			asJSON = true
		case "--help", "-h", "help":
			return turnsHelp, nil
		default:
			return "", fmt.Errorf("turns takes --json or nothing, not %q.", a)
		}
	}
	if p == nil || p.Guest {
		return "", fmt.Errorf("turns needs your SSH key: a guest holds no seats to find.")
	}
	turns := s.cfg.Hub.Turns(p.ID)
	if asJSON {
		if turns == nil {
			turns = []rooms.Turn{}
		}
		b, err := json.Marshal(struct {
			Version int          `json:"version"`
			Now     time.Time    `json:"now"`
			Tables  []rooms.Turn `json:"tables"`
		}{1, time.Now().UTC(), turns})
		if err != nil {
			return "", err
		}
		return string(b) + "\n", nil
	}
	return turnsLine(turns), nil
}

// turnsLine is `turns`'s one line: the games where it is the player's move,
// each with its count of tables, in the order of their first deadline; ""
// when there are none.
func turnsLine(turns []rooms.Turn) string {
	var games []string
	count := map[string]int{}
	for _, t := range turns {
		if !t.YourMove {
			continue
		}
		if count[t.Game] == 0 {
			games = append(games, t.Game)
		}
		count[t.Game]++
	}
	if len(games) == 0 {
		return ""
	}
	parts := make([]string, len(games))
	for i, g := range games {
		parts[i] = fmt.Sprintf("%s %d", g, count[g])
	}
	return strings.Join(parts, " · ") + "\n"
}
