package line

// The lobby's commands: the games and tables, opening, joining, watching
// and leaving one.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"arcade/engine"
	"arcade/rooms"
)

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
			l += fmt.Sprintf(" Option %s (%s): %s; default %s", o.Key, vals, o.Name, o.Default)
			if sc := o.Scope(in); sc != "" {
				l += "; " + sc
			}
			l += "."
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
	return fmt.Sprintf("%s: %s, %s, %d of %d seats taken, host %s, clock %s.", t.ID, t.GameName, t.Status, t.Taken, t.Seats, t.Host, t.Clock.Words())
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
	if err := s.stayInGame(c, ""); err != nil {
		return nil, err
	}
	in := g.Info()
	seats, private, clock := min(max(2, in.MinPlayers), in.MaxPlayers), false, rooms.Clock("")
	opts := engine.Options{}
	var table tableSettings
	for _, a := range settings {
		k, v, _ := strings.Cut(a, "=")
		taken, err := table.take(k, v)
		if err != nil {
			return nil, err
		}
		if taken {
			continue
		}
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
	if table.window != nil && !clock.Correspondence() {
		return nil, rooms.ErrReplyWindow
	}
	if err := s.cfg.Client.Create(in.ID, seats, private, opts); err != nil {
		return nil, err
	}
	if clock != "" {
		if err := s.cfg.Client.SetClock(clock); err != nil {
			return nil, err
		}
	}
	return nil, table.apply(s.cfg.Client)
}

// splitSettings splits new's words into the game's name and the settings
// after it (the first word with "=", "private" or "casual" starts them).
func splitSettings(args []string) (name, settings []string) {
	i := slices.IndexFunc(args, func(a string) bool {
		return strings.Contains(a, "=") || strings.EqualFold(a, "private") || strings.EqualFold(a, "casual")
	})
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
	if err == nil {
		err = s.stayInGame(c, code)
	}
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
	if err == nil {
		err = s.stayInGame(c, code)
	}
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

func (s *session) leave(command) ([]string, error) {
	if s.cur == nil {
		return nil, errNotAtTable
	}
	return nil, s.cfg.Client.Leave()
}
