package line

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui"
	"arcade/ui/board"
)

// handler is one command: its name, what it takes, what it does, and the
// function that does it. A handler returns the lines that answer it (nil:
// the updates that follow say what happened) or an error in one sentence.
type handler struct {
	name, args, help string
	run              func(s *session, c command) ([]string, error)
}

// handlers are the commands, in the order help lists them; set by init,
// since help reads them.
var handlers []handler

func init() {
	handlers = []handler{
		{"help", "[COMMAND]", "lists the commands, or says what one does.", (*session).help},
		{"games", "", "lists the games and their options.", (*session).listGames},
		{"tables", "", "lists the open tables and the games you stepped away from.", (*session).tables},
		{"new", "GAME [seats=N] [private] [clock=CLOCK] [OPTION=VALUE ...]", "opens a table and seats you as its host.", (*session).create},
		{"join", "CODE", "takes a seat at a table, by invite code or table number (t12); also your own seat back.", (*session).join},
		{"watch", "CODE", "watches a table, by invite code or table number.", (*session).watch},
		{"bots", "[LEVEL]", "fills every empty seat with a bot (easy, normal or hard; host).", (*session).bots},
		{"bot", "SEAT [LEVEL]", "puts a bot in one seat, or in the seat of a player who is away (host).", (*session).bot},
		{"unbot", "SEAT", "takes a bot out of a seat (host).", (*session).unbot},
		{"kick", "SEAT", "frees another player's seat before the start (host).", (*session).kick},
		{"start", "", "starts the game once every seat is taken (host).", (*session).start},
		{"moves", "", "reads out all your moves; type a move's number or hot key to play it.", (*session).moves},
		{"move", "ID", "plays the move with this id (the protocol's ids) or number.", (*session).move},
		{"look", "[PART]", "reads out the board in words, or one part of it (look hand, look c3).", (*session).look},
		{"hand", "", "reads out what you hold.", (*session).hand},
		{"who", "", "says who sits where and who watches.", (*session).whoCmd},
		{"turn", "", "says whose turn it is.", (*session).turnCmd},
		{"clock", "[CLOCK]", "says the time left; the host sets the turn clock before the start (relaxed, blitz, 1day, 3days, 7days, off).", (*session).clockCmd},
		{"last", "", "reads out the last event.", (*session).last},
		{"log", "[N]", "reads out the last N events (10).", (*session).log},
		{"why", "[N]", "quotes the rule behind your last refusal, or behind the Nth newest effect of the rules in the log.", (*session).why},
		{"say", "TEXT", "says something to the table, or to the lobby.", (*session).say},
		{"rematch", "", "asks everyone for a rematch once the game is over, or takes your seat in the one opened.", (*session).rematch},
		{"autopass", "on|off", "lets answer windows run out for you when you hold nothing to answer with.", (*session).autopass},
		{"set", "OPTION=VALUE ...", "changes the table's options before the start (host).", (*session).set},
		{"host", "SEAT", "makes another present player the host (host).", (*session).handHost},
		{"end", "", "ends a correspondence game early once a player is overdue (host).", (*session).endEarly},
		{"report", "SEAT REASON", "tells the admins about a player at your table.", (*session).report},
		{"name", "NAME", "changes your name.", (*session).rename},
		{"leave", "", "leaves the table for the lobby; a game in progress keeps your seat.", (*session).leave},
		{"quit", "", "ends the session.", (*session).quit},
	}
}

// find returns the command called name.
func find(name string) (handler, bool) {
	for _, h := range handlers {
		if h.name == name {
			return h, true
		}
	}
	return handler{}, false
}

// exec runs a command and answers it. It returns errQuit when the player
// quits.
func (s *session) exec(c command) error {
	h, ok := find(c.name)
	var (
		lines []string
		err   error
	)
	switch {
	case ok:
		lines, err = h.run(s, c)
	case c.action != nil:
		lines, err = s.playAction(*c.action)
	default:
		lines, err = s.moveByWord(c)
	}
	if errors.Is(err, errQuit) {
		s.answer(c, lines)
		return err
	}
	if err != nil {
		s.refuse(c, s.refusal(err))
		return nil
	}
	s.answer(c, lines)
	return nil
}

// refusal is err in words; a refusal that cites a rule is kept for why,
// and says so.
func (s *session) refusal(err error) string {
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Rule == "" {
		return err.Error()
	}
	s.refused = rooms.LogLine{Text: re.Msg, Rule: re.Rule}
	return re.Msg + " (why: the rule)"
}

// answer says lines to the player, or sends them as a reply (an ok when
// there are none).
func (s *session) answer(c command, lines []string) {
	switch {
	case !s.cfg.JSON:
		s.out.say(lines...)
	case lines != nil:
		s.out.send(replyMsg{Type: "reply", Cmd: c.name, Ref: c.ref, Lines: plainLines(lines)})
	default:
		s.out.send(okMsg{Type: "ok", Cmd: c.name, Ref: c.ref})
	}
}

// refuse says why a command was refused, in one sentence.
func (s *session) refuse(c command, why string) {
	if s.cfg.JSON {
		s.out.send(errorMsg{Type: "error", Cmd: c.name, Ref: c.ref, Error: Plain(why)})
		return
	}
	s.out.say(why)
}

// plainLines is lines through Plain.
func plainLines(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = Plain(l)
	}
	return out
}

// Refusals of commands.
var (
	errNotAtTable = errors.New("You are not at a table: type tables, or new GAME.")
	errNoGame     = errors.New("The game has not started yet.")
	errNoMoves    = errors.New("You have no move to make now.")
)

// table is the table the session is at, or errNotAtTable.
func (s *session) table() (*rooms.TableUpdate, error) {
	if s.cur == nil {
		return nil, errNotAtTable
	}
	return s.cur, nil
}

// game is the table the session is at once its game has started.
func (s *session) game() (*rooms.TableUpdate, error) {
	u, err := s.table()
	if err == nil && u.View == nil {
		err = errNoGame
	}
	return u, err
}

func (s *session) help(c command) ([]string, error) {
	if len(c.args) > 0 {
		h, ok := find(strings.ToLower(c.args[0]))
		if !ok {
			return nil, fmt.Errorf("There is no command %q: type help for the list.", c.args[0])
		}
		return []string{usage(h) + ": " + h.help}, nil
	}
	out := []string{"Commands, one a line:"}
	for _, h := range handlers {
		out = append(out, usage(h)+": "+h.help)
	}
	return append(out, "A move's number or hot key plays it."), nil
}

// usage is a command with what it takes: "join CODE".
func usage(h handler) string {
	if h.args == "" {
		return h.name
	}
	return h.name + " " + h.args
}

func (s *session) listGames(command) ([]string, error) {
	var out []string
	for _, g := range s.cfg.Games {
		in := g.Engine.Info()
		l := fmt.Sprintf("%s: %s, %d to %d players. %s", in.ID, in.Name, in.MinPlayers, in.MaxPlayers, in.Summary)
		for _, o := range in.Options {
			vals := "true or false"
			if o.Kind == engine.Choice {
				vals = strings.Join(o.Choices, ", ")
			}
			l += fmt.Sprintf(" Option %s (%s): %s; default %s.", o.Key, vals, o.Name, o.Default)
		}
		out = append(out, l)
	}
	return out, nil
}

func (s *session) tables(command) ([]string, error) {
	var out []string
	if s.lobby != nil {
		for _, t := range s.lobby.Tables {
			out = append(out, tableLine(t))
		}
	}
	if len(out) == 0 {
		out = append(out, "No open tables: type new GAME to open one (games lists them).")
	}
	for _, t := range s.cfg.Client.AwaySeats() {
		out = append(out, "You stepped away from "+tableLine(t)+" Type join "+t.ID+" to sit again.")
	}
	return out, nil
}

// tableLine is a table as tables lists it.
func tableLine(t rooms.TableSummary) string {
	return fmt.Sprintf("%s: %s, %s, %d of %d seats taken, host %s, clock %s.", t.ID, t.GameName, t.Status, t.Taken, t.Seats, t.Host, t.Clock)
}

func (s *session) create(c command) ([]string, error) {
	if len(c.args) == 0 {
		return nil, errors.New("Say which game: new GAME (games lists them).")
	}
	words, settings := splitSettings(c.args)
	g, err := s.findGame(strings.Join(words, " "))
	if err != nil {
		return nil, err
	}
	in := g.Info()
	seats, private, clock := min(max(2, in.MinPlayers), in.MaxPlayers), false, rooms.Clock("")
	opts := engine.Options{}
	for _, a := range settings {
		k, v, _ := strings.Cut(a, "=")
		switch strings.ToLower(k) {
		case "private":
			private = true
		case "seats", "players":
			if seats, err = strconv.Atoi(v); err != nil {
				return nil, fmt.Errorf("seats takes a number, not %q.", v)
			}
		case "clock":
			if clock, err = rooms.ParseClock(v); err != nil {
				return nil, err
			}
		default:
			opts[k] = v
		}
	}
	if err := s.cfg.Client.Create(in.ID, seats, private, opts); err != nil {
		return nil, err
	}
	if clock != "" {
		return nil, s.cfg.Client.SetClock(clock)
	}
	return nil, nil
}

// splitSettings splits new's words into the game's name and the settings
// after it (the first word with "=", or "private", starts them).
func splitSettings(args []string) (name, settings []string) {
	i := slices.IndexFunc(args, func(a string) bool { return strings.Contains(a, "=") || strings.EqualFold(a, "private") })
	if i < 0 {
		return args, nil
	}
	return args[:i], args[i:]
}

// findGame is the game called name: its ID, or its name or the start of
// either, in any case.
func (s *session) findGame(name string) (engine.Game, error) {
	fold := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, " ", "")) }
	want := fold(name)
	var found []engine.Game
	for _, g := range s.cfg.Games {
		in := g.Engine.Info()
		if want == in.ID || want == fold(in.Name) {
			return g.Engine, nil
		}
		if strings.HasPrefix(in.ID, want) || strings.HasPrefix(fold(in.Name), want) {
			found = append(found, g.Engine)
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	return nil, fmt.Errorf("There is no game called %q: games lists them.", name)
}

func (s *session) join(c command) ([]string, error) {
	code, err := oneArg(c, "join CODE")
	if err != nil {
		return nil, err
	}
	if isTableID(code) {
		return nil, s.cfg.Client.Join(code)
	}
	return nil, s.cfg.Client.JoinCode(code)
}

func (s *session) watch(c command) ([]string, error) {
	code, err := oneArg(c, "watch CODE")
	if err != nil {
		return nil, err
	}
	if isTableID(code) {
		return nil, s.cfg.Client.Watch(code)
	}
	return nil, s.cfg.Client.WatchCode(code)
}

// isTableID reports whether s is a table number ("t12") rather than an
// invite code.
func isTableID(s string) bool {
	if len(s) < 2 || (s[0] != 't' && s[0] != 'T') {
		return false
	}
	_, err := strconv.Atoi(s[1:])
	return err == nil
}

// oneArg is c's first argument, or an error that shows how to use c.
func oneArg(c command, use string) (string, error) {
	if len(c.args) == 0 {
		return "", fmt.Errorf("Type %s.", use)
	}
	return c.args[0], nil
}

// seatArg is c's first argument as a seat counted from 1, returned
// counted from 0.
func seatArg(c command, use string) (int, error) {
	a, err := oneArg(c, use)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(a), "seat"))
	if err != nil || n < 1 {
		return 0, fmt.Errorf("Seats are numbered from 1, not %q.", a)
	}
	return n - 1, nil
}

// levelArg is the bot level in c.args[i], "normal" when there is none.
func levelArg(c command, i int) string {
	if len(c.args) > i {
		return strings.ToLower(c.args[i])
	}
	return "normal"
}

func (s *session) bots(c command) ([]string, error) {
	u, err := s.table()
	if err != nil {
		return nil, err
	}
	filled := false
	for i, seat := range u.Seats {
		if seat.Empty {
			if err := s.cfg.Client.AddBot(i, levelArg(c, 0)); err != nil {
				return nil, err
			}
			filled = true
		}
	}
	if !filled {
		return nil, errors.New("There is no empty seat.")
	}
	return nil, nil
}

func (s *session) bot(c command) ([]string, error) {
	seat, err := seatArg(c, "bot SEAT [LEVEL]")
	if err != nil {
		return nil, err
	}
	return nil, s.cfg.Client.AddBot(seat, levelArg(c, 1))
}

func (s *session) unbot(c command) ([]string, error) {
	seat, err := seatArg(c, "unbot SEAT")
	if err != nil {
		return nil, err
	}
	return nil, s.cfg.Client.RemoveBot(seat)
}

func (s *session) kick(c command) ([]string, error) {
	seat, err := seatArg(c, "kick SEAT")
	if err != nil {
		return nil, err
	}
	return nil, s.cfg.Client.Kick(seat)
}

func (s *session) start(command) ([]string, error) {
	return nil, s.cfg.Client.Start()
}

func (s *session) moves(command) ([]string, error) {
	u, err := s.game()
	if err != nil {
		return nil, err
	}
	if len(u.Legal) == 0 {
		return nil, errNoMoves
	}
	return s.tell.moves(u), nil
}

func (s *session) move(c command) ([]string, error) {
	id, err := oneArg(c, "move ID")
	if err != nil {
		return nil, err
	}
	u, err := s.game()
	if err != nil {
		return nil, err
	}
	for _, a := range u.Legal {
		if moveID(a) == id {
			return s.playAction(a)
		}
	}
	if n, err := strconv.Atoi(id); err == nil {
		return s.moveByNumber(u, n)
	}
	return nil, fmt.Errorf("You have no move %q now: type moves.", id)
}

// moveID is a move's id in the protocol: its kind and arguments,
// "use(2,1)", the same for the same move in every update.
func moveID(a engine.Action) string { return a.String() }

// moveByWord plays the move a number or hot key names, or says the
// command is unknown.
func (s *session) moveByWord(c command) ([]string, error) {
	unknown := fmt.Errorf("There is no command %q: type help for the list.", c.name)
	u := s.cur
	if u == nil || u.View == nil || len(c.args) > 0 {
		return nil, unknown
	}
	if n, err := strconv.Atoi(c.name); err == nil {
		return s.moveByNumber(u, n)
	}
	keys := s.tell.keys(u)
	i := slices.Index(keys, c.word)
	if i < 0 {
		i = slices.IndexFunc(keys, func(k string) bool { return k != "" && strings.EqualFold(k, c.word) })
	}
	if i < 0 {
		return nil, unknown
	}
	return s.playAction(u.Legal[i])
}

// moveByNumber plays the n-th move (from 1) of u.
func (s *session) moveByNumber(u *rooms.TableUpdate, n int) ([]string, error) {
	if len(u.Legal) == 0 {
		return nil, errNoMoves
	}
	if n < 1 || n > len(u.Legal) {
		return nil, fmt.Errorf("Moves are numbered 1 to %d: type moves.", len(u.Legal))
	}
	return s.playAction(u.Legal[n-1])
}

// playAction plays a.
func (s *session) playAction(a engine.Action) ([]string, error) {
	return nil, s.cfg.Client.Act(a)
}

func (s *session) whoCmd(command) ([]string, error) {
	u, err := s.table()
	if err != nil {
		return nil, err
	}
	return []string{s.tell.who(u)}, nil
}

func (s *session) turnCmd(command) ([]string, error) {
	u, err := s.table()
	if err != nil {
		return nil, err
	}
	switch {
	case u.Outcome.Done:
		return []string{"The game is over."}, nil
	case u.Table.Status == rooms.Waiting:
		return []string{waitingLine(u)}, nil
	case len(u.Legal) > 0:
		return []string{s.tell.prompt(u)}, nil
	}
	return []string{s.tell.waitingFor(u)}, nil
}

func (s *session) clockCmd(c command) ([]string, error) {
	u, err := s.table()
	if err != nil {
		return nil, err
	}
	if len(c.args) > 0 {
		k, err := rooms.ParseClock(c.args[0])
		if err != nil {
			return nil, err
		}
		return nil, s.cfg.Client.SetClock(k)
	}
	line := "The turn clock is " + s.cfg.Client.DescribeClock(u.Clock) + "."
	if left := s.tell.timeLeft(u); left != "" {
		line += " " + left
	}
	return []string{line}, nil
}

func (s *session) last(command) ([]string, error) {
	u, err := s.table()
	if err != nil {
		return nil, err
	}
	if len(u.Log) == 0 {
		return []string{"Nothing has happened yet."}, nil
	}
	return []string{engine.ExpandSeats(u.Log[len(u.Log)-1].Text, nameOf(u))}, nil
}

func (s *session) log(c command) ([]string, error) {
	u, err := s.table()
	if err != nil {
		return nil, err
	}
	n := 10
	if len(c.args) > 0 {
		if n, err = strconv.Atoi(c.args[0]); err != nil || n < 1 {
			return nil, fmt.Errorf("log takes a number of events, not %q.", c.args[0])
		}
	}
	lines := u.Log[max(len(u.Log)-n, 0):]
	if len(lines) == 0 {
		return []string{"Nothing has happened yet."}, nil
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = engine.ExpandSeats(l.Text, nameOf(u))
	}
	return out, nil
}

func (s *session) why(c command) ([]string, error) {
	u, err := s.table()
	if err != nil {
		return nil, err
	}
	n := 1
	if len(c.args) > 0 {
		if n, err = strconv.Atoi(c.args[0]); err != nil || n < 1 {
			return nil, fmt.Errorf("why takes a number (1 is the newest), not %q.", c.args[0])
		}
	}
	items := ui.Explainable(s.refused, u.Log)
	switch {
	case len(items) == 0:
		return []string{"Nothing to explain yet: why quotes the rule behind a refusal, or behind an effect of the rules in the log."}, nil
	case n > len(items):
		return nil, fmt.Errorf("Only %s to explain: why %d is the oldest.", board.Count(len(items), "thing"), len(items))
	}
	it := items[n-1]
	what := engine.ExpandSeats(it.Text, nameOf(u))
	exp, err := engine.Explain(s.tell.rules[u.Table.Game], it.Rule)
	if err != nil {
		return []string{what, "The rules say nothing under " + string(it.Rule) + "."}, nil
	}
	return []string{what, exp.String()}, nil
}

func (s *session) say(c command) ([]string, error) {
	if c.rest == "" {
		return nil, errors.New("Type say and what to say.")
	}
	return nil, s.cfg.Client.Say(c.rest)
}

func (s *session) rematch(command) ([]string, error) {
	return nil, s.cfg.Client.Rematch()
}

func (s *session) autopass(c command) ([]string, error) {
	a, err := oneArg(c, "autopass on or autopass off")
	if err != nil {
		return nil, err
	}
	switch strings.ToLower(a) {
	case "on":
		return []string{"Auto-pass is on."}, s.cfg.Client.SetAutoPass(true)
	case "off":
		return []string{"Auto-pass is off."}, s.cfg.Client.SetAutoPass(false)
	}
	return nil, errors.New("Type autopass on or autopass off.")
}

func (s *session) set(c command) ([]string, error) {
	u, err := s.table()
	if err != nil {
		return nil, err
	}
	if len(c.args) == 0 {
		return nil, errors.New("Type set OPTION=VALUE; games lists the options.")
	}
	opts := engine.Options{}
	for k, v := range u.Options {
		opts[k] = v
	}
	for _, a := range c.args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			return nil, fmt.Errorf("Options are set as OPTION=VALUE, not %q.", a)
		}
		opts[k] = v
	}
	return nil, s.cfg.Client.SetOptions(opts)
}

func (s *session) handHost(c command) ([]string, error) {
	seat, err := seatArg(c, "host SEAT")
	if err != nil {
		return nil, err
	}
	return nil, s.cfg.Client.HandHost(seat)
}

func (s *session) endEarly(command) ([]string, error) {
	return nil, s.cfg.Client.EndEarly()
}

func (s *session) report(c command) ([]string, error) {
	seat, err := seatArg(c, "report SEAT REASON")
	if err != nil {
		return nil, err
	}
	reason := strings.Join(c.args[1:], " ")
	if err := s.cfg.Client.Report(seat, reason); err != nil {
		return nil, err
	}
	return []string{"The admins are told. Thank you."}, nil
}

func (s *session) rename(c command) ([]string, error) {
	if c.rest == "" {
		return nil, errors.New("Type name and your new name.")
	}
	n, err := s.cfg.Client.Rename(c.rest)
	if err != nil {
		return nil, err
	}
	return []string{"Your name is now " + n + "."}, nil
}

func (s *session) leave(command) ([]string, error) {
	if s.cur == nil {
		return nil, errNotAtTable
	}
	return nil, s.cfg.Client.Leave()
}

func (s *session) quit(command) ([]string, error) {
	if s.cfg.JSON {
		return nil, errQuit
	}
	return []string{"Goodbye."}, errQuit
}
