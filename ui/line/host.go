package line

// The host's commands: bots, kicking, starting, options, handing the host
// on, ending a correspondence game early.

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"arcade/engine"
	"arcade/rooms"
)

// tableSettings are the settings of new and set that are the table's, not
// the game's options: whether it is rated, and a correspondence table's
// response window (nil: not given).
type tableSettings struct {
	rated  *bool
	window *time.Duration
}

// take reads the setting k=v when it is the table's (casual alone is
// rated=no); false when k is a game option.
func (ts *tableSettings) take(k, v string) (bool, error) {
	switch strings.ToLower(k) {
	case "casual":
		off := false
		ts.rated = &off
	case "rated":
		on, ok := map[string]bool{"yes": true, "true": true, "on": true, "no": false, "false": false, "off": false}[strings.ToLower(v)]
		if !ok {
			return true, fmt.Errorf("rated is yes or no, not %q.", v)
		}
		ts.rated = &on
	case "window":
		d, err := rooms.ParseReplyWindow(v)
		if err != nil {
			return true, err
		}
		ts.window = &d
	case "bots":
		return true, errors.New("Bots take their seats once the table is open: type bots [LEVEL] to fill every empty seat.")
	default:
		return false, nil
	}
	return true, nil
}

// apply sets what was given on the client's table.
func (ts tableSettings) apply(c *rooms.Client) error {
	if ts.window != nil {
		if err := c.SetReplyWindow(*ts.window); err != nil {
			return err
		}
	}
	if ts.rated != nil {
		return c.SetRated(*ts.rated)
	}
	return nil
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
	var settings tableSettings
	games := 0
	for _, a := range c.args {
		k, v, ok := strings.Cut(a, "=")
		if !ok && !strings.EqualFold(a, "casual") {
			return nil, fmt.Errorf("Options are set as OPTION=VALUE, not %q.", a)
		}
		table, err := settings.take(k, v)
		if err != nil {
			return nil, err
		}
		if table {
			continue
		}
		opts[k] = v
		games++
	}
	if settings.window != nil && !u.Clock.Correspondence() {
		return nil, rooms.ErrReplyWindow
	}
	if games > 0 {
		if err := s.cfg.Client.SetOptions(opts); err != nil {
			return nil, err
		}
	}
	return nil, settings.apply(s.cfg.Client)
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
