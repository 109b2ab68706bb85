package line

// What commands share: the table they act on and their arguments.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

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
