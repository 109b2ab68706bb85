package line

// What commands share: the table they act on and their arguments.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"arcade/engine"
	"arcade/rooms"
)

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

// stayInGame refuses command c when it would take the player from a game
// in progress at another table than to (an invite code or table number;
// "" for a table c opens): the full-screen interface asks before it
// leaves one, line mode wants leave typed first.
func (s *session) stayInGame(c command, to string) error {
	u := s.cur
	if u == nil || u.You == engine.Spectator || u.Table.Status != rooms.Playing {
		return nil
	}
	if to != "" && (strings.EqualFold(to, u.Code) || strings.EqualFold(to, u.Table.ID)) {
		return nil
	}
	return fmt.Errorf("You are playing %s at table %s: type leave first, then %s.", u.Table.GameName, u.Table.ID,
		strings.Join(append([]string{c.name}, c.args...), " "))
}

// game is the table the session is at once its game has started.
func (s *session) game() (*rooms.TableUpdate, error) {
	u, err := s.table()
	if err == nil && u.View == nil {
		err = errNoGame
	}
	return u, err
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
