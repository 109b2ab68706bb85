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

// notifyHelp is what `ssh host notify --help` prints.
const notifyHelp = `ssh -p PORT HOST notify            shows the address you are notified at
ssh -p PORT HOST notify URL        sets it (https://... or http://...)
ssh -p PORT HOST notify test       sends a test notice there now
ssh -p PORT HOST notify off        stops the notices
  At a correspondence table, the arcade posts there when a move becomes
  yours while you are away, and before your clock runs out.
`

// playerCommands runs the commands a player may give without a terminal
// (`ssh host turns`, `ssh host notify`); other commands pass on.
func (s *Server) playerCommands(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		cmd := sess.Command()
		if len(cmd) == 0 || (cmd[0] != "turns" && cmd[0] != "notify") {
			next(sess)
			return
		}
		p := stateOf(sess.Context()).player.Load()
		run := s.runTurns
		if cmd[0] == "notify" {
			run = s.runNotify
		}
		answer(sess)(run(p, cmd[1:]))
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

// runNotify answers `notify` for p (nil: not known).
func (s *Server) runNotify(p *rooms.Player, args []string) (string, error) {
	if p == nil {
		return "", rooms.ErrGuestWebhook
	}
	hub := s.cfg.Hub
	switch {
	case len(args) == 0:
		url, err := hub.Webhook(*p)
		if err != nil {
			return "", err
		}
		if url == "" {
			return "You are notified nowhere. Set an address with: notify URL\n", nil
		}
		return "You are notified at " + url + "\n", nil
	case len(args) > 1 || args[0] == "--help" || args[0] == "-h" || args[0] == "help":
		return notifyHelp, nil
	case args[0] == "test":
		if err := hub.TestWebhook(*p); err != nil {
			return "", err
		}
		return "The test notice arrived.\n", nil
	case args[0] == "off":
		if err := hub.SetWebhook(*p, ""); err != nil {
			return "", err
		}
		return "No more notices.\n", nil
	}
	if err := hub.SetWebhook(*p, args[0]); err != nil {
		return "", err
	}
	return "You will be notified at " + args[0] + " (try: notify test)\n", nil
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

// answer returns a function that ends a command without a terminal: it
// writes out, then err's sentence on stderr with exit status 1, or exits 0.
func answer(sess ssh.Session) func(out string, err error) {
	return func(out string, err error) {
		_, _ = io.WriteString(sess, out)
		if err != nil {
			sayLine(sess, err.Error())
			_ = sess.Exit(1)
			return
		}
		_ = sess.Exit(0)
	}
}
