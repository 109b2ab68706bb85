package line

// The host's commands: bots, kicking, starting, options, handing the host
// on, ending a correspondence game early.

import (
	"errors"
	"fmt"
	"strings"

	"arcade/engine"
)

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
