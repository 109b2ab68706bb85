package rooms

import (
	"fmt"

	"arcade/engine"
)

// Host controls before the start: change the options (a combination the
// rules forbid is refused when chosen, not at the start) and hand the host
// role on.

// checkSetup refuses options the game would refuse at the start with this
// many seats (a game is dealt with them and thrown away).
// A game that panics here is refused too, as it would close the table at
// the start: this runs on the caller's goroutine, not a table's.
func checkSetup(g engine.Game, seats int, opts engine.Options) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s cannot be set up with %d seats and these options.", g.Info().Name, seats)
		}
	}()
	_, err = g.New(seats, opts, 1)
	return err
}

// SetOptions changes the table's options (host only, before the start).
// Options the game refuses, alone or with this many seats, are refused with
// the game's reason and change nothing.
func (c *Client) SetOptions(opts engine.Options) error {
	return c.onTable(cmdReq{Op: opOptions, Opts: opts})
}

// HandHost makes the player in seat the host (host only): someone present.
func (c *Client) HandHost(seat int) error {
	return c.onTable(cmdReq{Op: opHandHost, Seat: seat})
}
