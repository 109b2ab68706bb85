package line

// The commands that play: the moves, a move by id, number or hot key,
// rematch and autopass.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"arcade/engine"
	"arcade/rooms"
)

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
