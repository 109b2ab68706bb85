package line

// The command table, running a command and answering it, and the two
// commands about the session itself: help and quit.

import (
	"errors"
	"fmt"
	"strings"

	"arcade/engine"
	"arcade/rooms"
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
		{"new", "GAME [seats=N] [private] [casual] [clock=CLOCK] [window=WINDOW] [OPTION=VALUE ...]", "opens a table and seats you as its host; casual: no rating moves; window: a correspondence table's time for answers out of turn (decision, 1h, 4h, 12h).", (*session).create},
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
		{"set", "OPTION=VALUE ...", "changes the table's options before the start (host): the game's, rated=yes|no and window=WINDOW.", (*session).set},
		{"host", "SEAT", "makes another present player the host (host).", (*session).handHost},
		{"end", "", "ends a correspondence game early once a player is overdue (host).", (*session).endEarly},
		{"report", "SEAT REASON", "tells the admins about a player at your table.", (*session).report},
		{"name", "NAME", "changes your name.", (*session).rename},
		{"leave", "", "leaves the table for the lobby; a game in progress keeps your seat, but one only you and bots have played ends.", (*session).leave},
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

func (s *session) quit(command) ([]string, error) {
	if s.cfg.JSON {
		return nil, errQuit
	}
	return []string{"Goodbye."}, errQuit
}
