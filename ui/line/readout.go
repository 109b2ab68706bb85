package line

// The commands that read out the table: who, turn, clock, last, log, why.

import (
	"fmt"
	"strconv"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui"
	"arcade/ui/board"
)

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
