package line

// The commands about people: saying something, reporting a player, one's
// own name.

import (
	"errors"
	"strings"
)

func (s *session) say(c command) ([]string, error) {
	if c.rest == "" {
		return nil, errors.New("Type say and what to say.")
	}
	return nil, s.cfg.Client.Say(c.rest)
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
