package sshserver

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"charm.land/ssh"

	"arcade/rooms"
	"arcade/sshserver/access"
)

// adminHelp is what `ssh host admin` prints.
const adminHelp = `Admin commands (ssh -p PORT HOST admin COMMAND):
  tables                    every open table, private ones too, with codes
  who                       everyone connected (in a cluster: to every front-end)
  close TABLE [REASON]      close a table (by ID or invite code); its players go to the lobby
  kick PLAYER [REASON]      disconnect a player (by name or key fingerprint), on every front-end
  ban key PLAYER|KEY [REASON]   refuse a key from now on (and disconnect it)
  ban addr PLAYER|ADDR [REASON] refuse an address from now on (and disconnect it)
  unban KEY|ADDR            lift a ban
  bans                      list the bans
  reports                   what players reported about other players, newest last
  notice [TEXT]             show TEXT to everyone (no TEXT: take it down)
  drain on|off              drain mode: no new tables, running games finish
  keys KEY                  the keys linked to the player KEY names (a SHA256:... fingerprint)
  unlink KEY                take a linked key from its player
`

// adminCommands runs `ssh host admin ...` for admins; anyone else who
// types it is told it is not for them. Other commands pass on.
func (s *Server) adminCommands(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		cmd := sess.Command()
		if len(cmd) == 0 || cmd[0] != "admin" {
			next(sess)
			return
		}
		st := stateOf(sess.Context())
		v := st.verdict.Load()
		p := st.player.Load()
		if v == nil || !v.Admin || p == nil {
			sayLine(sess, "Admin commands are for this arcade's admins.")
			_ = sess.Exit(1)
			return
		}
		answer(sess)(s.runAdmin(*p, cmd[1:]))
	}
}

// adminError is a refused admin command, said to the admin.
type adminError string

func (e adminError) Error() string { return string(e) }

// runAdmin runs one admin command for by and returns what to print. Every
// command that changes something is logged with who did it.
func (s *Server) runAdmin(by rooms.Player, args []string) (string, error) {
	if len(args) == 0 || args[0] == "help" {
		return adminHelp, nil
	}
	verb, rest := args[0], args[1:]
	reason := strings.Join(rest[min(1, len(rest)):], " ")
	did := func(action string, kv ...any) {
		s.log.Info("admin action", append([]any{"action", action, "by", by.ID, "by-name", by.Name}, kv...)...)
	}
	switch verb {
	case "tables":
		return s.adminTables(), nil
	case "who":
		return s.adminWho(), nil
	case "close":
		if len(rest) == 0 {
			return "", adminError("close what? Give a table ID or invite code (see: admin tables).")
		}
		if err := s.cfg.Hub.CloseTable(rooms.AdminOf(by), rest[0], reason); err != nil {
			return "", adminError(fmt.Sprintf("close %s: %v", rest[0], err))
		}
		did("close table", "table", rest[0], "reason", reason)
		return fmt.Sprintf("Closed table %s.\n", rest[0]), nil
	case "kick":
		if len(rest) == 0 {
			return "", adminError("kick whom? Give a name or key fingerprint (see: admin who).")
		}
		k := rooms.Kick{Who: rest[0], Why: withReason("kicked by an admin", reason), By: rooms.AdminOf(by)}
		n := s.kickHere(k)
		far := s.elsewhere(func(p rooms.Player) bool { return playerMatches(p, rest[0]) })
		if n == 0 && far == 0 {
			return "", adminError(fmt.Sprintf("Nobody called %q is connected.", rest[0]))
		}
		s.cfg.Hub.KickElsewhere(k)
		did("kick", "player", rest[0], "sessions", n, "elsewhere", far, "reason", reason)
		if far > 0 {
			return fmt.Sprintf("Disconnected %d session(s) here and asked the other front-ends to end %d.\n", n, far), nil
		}
		return fmt.Sprintf("Disconnected %d session(s).\n", n), nil
	case "ban":
		return s.adminBan(by, rest, did)
	case "unban":
		if len(rest) == 0 {
			return "", adminError("unban what? Give a key fingerprint or an address (see: admin bans).")
		}
		if s.cfg.Gate.Bans == nil {
			return "", adminError("This server keeps no ban list.")
		}
		ok, err := s.cfg.Gate.Bans.Remove(rest[0])
		if err != nil {
			return "", err
		}
		if !ok {
			return "", adminError(fmt.Sprintf("%s is not banned.", rest[0]))
		}
		did("unban", "target", rest[0])
		return fmt.Sprintf("Lifted the ban on %s.\n", rest[0]), nil
	case "bans":
		return s.adminBans(), nil
	case "keys", "unlink":
		if len(rest) != 1 {
			return "", adminError(verb + " takes one key fingerprint (SHA256:...).")
		}
		fp := strings.TrimPrefix(rest[0], "key:")
		if !strings.HasPrefix(fp, "SHA256:") {
			return "", adminError(fmt.Sprintf("%s takes a key fingerprint (SHA256:..., as admin who shows it), not %q.", verb, rest[0]))
		}
		key := keyID(fp)
		linked := s.cfg.Hub.LinkedPlayer(key)
		player := cmp.Or(linked, key)
		if verb == "keys" {
			return linkedKeysText(s.cfg.Hub, rooms.Player{ID: player}, "this player", "")
		}
		if linked == "" {
			return "", adminError(fmt.Sprintf("%s is not linked to another key's player: there is nothing to unlink.", fp))
		}
		if err := s.cfg.Hub.Unlink(player, key); err != nil {
			return "", err
		}
		did("unlink", "key", key, "player", player)
		return fmt.Sprintf("Unlinked %s from %s.\n", rest[0], player), nil
	case "reports":
		return s.adminReports(), nil
	case "notice":
		s.cfg.Hub.SetNotice(rooms.AdminOf(by), strings.Join(rest, " "))
		did("notice", "text", s.cfg.Hub.Notice())
		if s.cfg.Hub.Notice() == "" {
			return "The notice is down.\n", nil
		}
		return fmt.Sprintf("Everyone now sees: %s\n", s.cfg.Hub.Notice()), nil
	case "drain":
		if len(rest) != 1 || (rest[0] != "on" && rest[0] != "off") {
			return "", adminError("drain on, or drain off?")
		}
		s.cfg.Hub.SetDraining(rest[0] == "on")
		did("drain", "on", rest[0] == "on")
		if rest[0] == "on" {
			return "Drain mode is on: no new tables; games under way finish.\n", nil
		}
		return "Drain mode is off.\n", nil
	}
	return "", adminError(fmt.Sprintf("There is no admin command %q.\n%s", verb, adminHelp))
}

// adminBan runs "ban key ..." and "ban addr ...".
func (s *Server) adminBan(by rooms.Player, rest []string, did func(string, ...any)) (string, error) {
	if len(rest) < 2 || (rest[0] != "key" && rest[0] != "addr") {
		return "", adminError("ban key PLAYER|KEY [REASON], or ban addr PLAYER|ADDR [REASON].")
	}
	if s.cfg.Gate.Bans == nil {
		return "", adminError("This server keeps no ban list.")
	}
	kind, who := rest[0], rest[1]
	reason := rooms.CleanText(strings.Join(rest[2:], " "), 120)
	ban := access.Ban{By: by.Name + " (" + by.ID + ")", Reason: reason}
	if p, ok := s.onlinePlayer(who); ok {
		ban.Name = p.Name
		if kind == "addr" {
			ban.Addr = p.Addr
		} else if fp, found := strings.CutPrefix(p.ID, "key:"); found {
			ban.Key = fp
		} else {
			return "", adminError(fmt.Sprintf("%s is a guest, with no key to ban: ban their address.", p.Name))
		}
	} else if kind == "addr" {
		ban.Addr = who
	} else {
		fp, err := access.ParseKey(who)
		if err != nil {
			return "", adminError(fmt.Sprintf("Nobody called %q is connected, and it is not a key: %v.", who, err))
		}
		ban.Key = fp
	}
	if v := s.cfg.Gate.Key(ban.Key, ""); ban.Key != "" && v.Admin {
		return "", adminError("That key is an admin's: take it off the admin list first.")
	}
	if err := s.cfg.Gate.Bans.Add(ban); err != nil {
		return "", err
	}
	k := rooms.Kick{Key: ban.Key, Addr: ban.Addr, Why: withReason("banned by an admin", reason), By: rooms.AdminOf(by)}
	n := s.kickHere(k)
	s.cfg.Hub.KickElsewhere(k) // the ban list is shared; the sessions are not
	did("ban", "target", ban.Target(), "name", ban.Name, "reason", reason, "sessions", n)
	return fmt.Sprintf("Banned %s; disconnected %d session(s).\n", ban.Target(), n), nil
}

// withReason adds an admin's reason, when they gave one, to what they did.
func withReason(did, reason string) string {
	if reason == "" {
		return did
	}
	return did + ": " + reason
}

// onlinePlayer finds a connected player by name (any case) or key, here
// or on another node of a cluster.
func (s *Server) onlinePlayer(who string) (rooms.Player, bool) {
	for _, p := range s.online() {
		if playerMatches(p, who) {
			return p, true
		}
	}
	for _, e := range s.cfg.Hub.Elsewhere() {
		if playerMatches(e.Player, who) {
			return e.Player, true
		}
	}
	return rooms.Player{}, false
}

// kickHere ends the sessions on this server that k names (an admin's kick
// or ban, from here or another node) and returns how many.
func (s *Server) kickHere(k rooms.Kick) int {
	return s.disconnect(func(p rooms.Player, addr string) bool {
		return (k.Who != "" && playerMatches(p, k.Who)) || (k.Key != "" && p.ID == "key:"+k.Key) ||
			(k.Addr != "" && addr == k.Addr)
	}, k.Why)
}

// elsewhere counts the players on other nodes of a cluster that match.
func (s *Server) elsewhere(match func(rooms.Player) bool) int {
	n := 0
	for _, e := range s.cfg.Hub.Elsewhere() {
		if match(e.Player) {
			n++
		}
	}
	return n
}

// playerMatches reports whether who names p: its name in any case, its ID,
// or its key fingerprint.
func playerMatches(p rooms.Player, who string) bool {
	return strings.EqualFold(p.Name, who) || p.ID == who || p.ID == "key:"+who
}

// online lists the players of the running sessions.
func (s *Server) online() []rooms.Player {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []rooms.Player
	for c := range s.conns {
		if p := c.state.player.Load(); p != nil {
			out = append(out, *p)
		}
	}
	slices.SortFunc(out, func(a, b rooms.Player) int { return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return out
}

// disconnect ends every session whose player (and address) match, giving
// why for its log line and on the player's terminal, and returns how many
// it ended.
func (s *Server) disconnect(match func(p rooms.Player, addr string) bool, why string) int {
	s.mu.Lock()
	var ended []*connState
	for c := range s.conns {
		if p := c.state.player.Load(); p != nil && match(*p, c.key) {
			ended = append(ended, c.state)
		}
	}
	s.mu.Unlock()
	for _, st := range ended {
		st.endWith(why, "Your session was ended: "+why+".")
	}
	return len(ended)
}

// adminTables lists every table for "admin tables".
func (s *Server) adminTables() string {
	tables := s.cfg.Hub.Tables()
	if len(tables) == 0 {
		return "No open tables.\n"
	}
	rows := make([][]string, len(tables))
	for i, t := range tables {
		vis := "public"
		if t.Private {
			vis = "private"
		}
		seats := make([]string, len(t.Seats))
		for j, name := range t.Seats {
			seats[j] = cmp.Or(name, "-")
		}
		rows[i] = []string{t.ID, t.Code, t.GameName, string(t.Status), vis, strings.Join(seats, ", "), fmt.Sprint(t.Spectators)}
	}
	return columns([]string{"ID", "CODE", "GAME", "STATUS", "VIS", "SEATS", "WATCHING"}, rows)
}

// adminWho lists the connected players for "admin who".
func (s *Server) adminWho() string {
	players := s.online()
	far := s.cfg.Hub.Elsewhere()
	if !s.cfg.Hub.Clustered() {
		rows := make([][]string, len(players))
		for i, p := range players {
			rows[i] = []string{p.Name, p.ID, p.Addr}
		}
		return columns([]string{"NAME", "ID", "ADDRESS"}, rows)
	}
	rows := make([][]string, 0, len(players)+len(far))
	for _, p := range players {
		rows = append(rows, []string{p.Name, p.ID, p.Addr, "(here)"})
	}
	for _, e := range far {
		rows = append(rows, []string{e.Name, e.ID, e.Addr, e.Node})
	}
	return columns([]string{"NAME", "ID", "ADDRESS", "FRONT-END"}, rows)
}

// adminBans lists the bans for "admin bans".
func (s *Server) adminBans() string {
	if s.cfg.Gate.Bans == nil {
		return "This server keeps no ban list.\n"
	}
	bans := s.cfg.Gate.Bans.List()
	if len(bans) == 0 {
		return "Nobody is banned.\n"
	}
	rows := make([][]string, len(bans))
	for i, ban := range bans {
		rows[i] = []string{ban.Target(), cmp.Or(ban.Name, "-"), ban.By, ban.At.Format(time.DateTime), ban.Reason}
	}
	return columns([]string{"BANNED", "NAME", "BY", "WHEN", "REASON"}, rows)
}

// adminReports lists the players' reports for "admin reports".
func (s *Server) adminReports() string {
	reports := s.cfg.Hub.Reports()
	if len(reports) == 0 {
		return "No reports.\n"
	}
	rows := make([][]string, len(reports))
	for i, r := range reports {
		rows[i] = []string{r.At.Format(time.DateTime), r.Table, r.WhoName, r.Who, r.ByName, r.Reason}
	}
	return columns([]string{"WHEN", "TABLE", "REPORTED", "KEY", "BY", "REASON"}, rows)
}

// columns lays out a listing as aligned columns under a header.
func columns(header []string, rows [][]string) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, strings.Join(header, "\t"))
	for _, r := range rows {
		fmt.Fprintln(w, strings.Join(r, "\t"))
	}
	_ = w.Flush()
	return b.String()
}
