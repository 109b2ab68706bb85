package rooms

import (
	"fmt"
	"time"

	"arcade/engine"
)

// Table commands, by the name they travel under (cmdReq.Op) when a client
// at another node's table sends them to the table's owner.
const (
	opJoin       = "join"
	opWatch      = "watch"
	opLeave      = "leave" // Leave: back to the lobby
	opMoved      = "moved" // the client went to another table
	opClose      = "close" // the session ended
	opStart      = "start" // and the rest: the Client methods of the same name
	opAddBot     = "addbot"
	opRemoveBot  = "removebot"
	opKick       = "kick"
	opAct        = "act"
	opClock      = "clock"
	opAutoPass   = "autopass"
	opOptions    = "options"
	opHandHost   = "handhost"
	opSay        = "say"
	opReport     = "report"
	opRematch    = "rematch"
	opRename     = "rename"
	opAdminInfo  = "admininfo"  // the table as an admin sees it (TableInfo)
	opAdminClose = "adminclose" // an admin closes the table (Text: the reason; By, From.Node: who, where)
	opEndEarly   = "endearly"
	opRated      = "rated"
	opWindow     = "window"
)

// tableOp is a table command for client c, run on t's actor with the
// command's arguments in req.
type tableOp func(t *table, c member, req cmdReq) error

// tableOps are the commands that run on the client's table alone: one
// function each, which Client.onTable runs on the actor of a table here,
// and the table's owner runs for the stand-in of a client of another node
// (Hub.run) once the command has travelled there as a cmdReq.
var tableOps = map[string]tableOp{
	opLeave: func(t *table, c member, _ cmdReq) error { return t.leave(c, leaveLeft) },
	opMoved: func(t *table, c member, _ cmdReq) error { return t.leave(c, leaveMoved) },
	opStart: func(t *table, c member, _ cmdReq) error { return t.start(c) },
	opAddBot: func(t *table, c member, req cmdReq) error {
		return t.addBot(c, req.Seat, req.Level)
	},
	opRemoveBot: func(t *table, c member, req cmdReq) error { return t.removeBot(c, req.Seat) },
	opKick:      func(t *table, c member, req cmdReq) error { return t.kick(c, req.Seat) },
	opAct:       func(t *table, c member, req cmdReq) error { return t.act(c, req.Action) },
	opClock:     setClock,
	opAutoPass:  setAutoPass,
	opOptions:   setOptions,
	opHandHost:  handHost,
	opReport:    report,
	opEndEarly:  endEarly,
	opRated:     setRated,
	opWindow:    setReplyWindow,
}

// runOp runs req's command (tableOps) for m on t's actor.
func runOp(t *table, m member, req cmdReq) error {
	op, ok := tableOps[req.Op]
	if !ok {
		return fmt.Errorf("rooms: unknown command %q", req.Op)
	}
	f := func() error { return op(t, m, req) }
	if req.Op == opLeave || req.Op == opMoved {
		// Leaving never waits for the store: the seat stays the
		// player's until the table is saved.
		return t.call(f)
	}
	return t.callKept(f)
}

// setClock chooses the table's turn clock (host only, before the start).
func setClock(t *table, c member, req cmdReq) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	if t.status != Waiting {
		return ErrClockStarted
	}
	if req.Clock.Correspondence() && !t.clock.Correspondence() {
		for i := range t.seats {
			st := &t.seats[i]
			if st.id == "" || st.guest {
				continue
			}
			if err := t.hub.checkCorrespondenceCap(Player{ID: st.id}); err != nil {
				if st.client == c {
					return err
				}
				return fmt.Errorf("%s already holds seats at as many correspondence tables as this server allows.", t.name(i))
			}
		}
	}
	t.clock = req.Clock
	t.logf("Turn clock: %s.", t.cfg.DescribeClock(req.Clock))
	t.changed()
	return nil
}

// setAutoPass turns the client's auto-pass on or off.
func setAutoPass(t *table, c member, req cmdReq) error {
	s := t.seatOf(c)
	if s < 0 {
		return ErrSpectating
	}
	if err := t.kept(); err != nil {
		return err
	}
	t.seats[s].autoPass = req.On
	t.changed() // kept in the store with the seat, so that it outlives a restart
	return t.kept()
}

// setOptions changes the table's options (host only, before the start).
func setOptions(t *table, c member, req cmdReq) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	if t.status != Waiting {
		return fmt.Errorf("The options are chosen before the game starts.")
	}
	resolved, err := t.info.Resolve(req.Opts)
	if err == nil {
		err = checkSetup(t.game, len(t.seats), resolved)
	}
	if err != nil {
		return err
	}
	t.opts = resolved
	t.logf("%s changed the options.", t.name(t.host))
	t.changed()
	return nil
}

// handHost makes the player in a seat the host (host only).
func handHost(t *table, c member, req cmdReq) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	st := t.seatAt(engine.Seat(req.Seat))
	switch {
	case st == nil:
		return fmt.Errorf("There is no seat %d.", req.Seat+1)
	case st.client == nil:
		return fmt.Errorf("Only a player who is here can be the host.")
	case req.Seat == t.host:
		return fmt.Errorf("You are the host already.")
	}
	t.host = req.Seat
	t.logf("%s is now the host.", t.name(req.Seat))
	t.changed()
	return nil
}

// report tells the admins about the player in a seat, with a reason.
func report(t *table, c member, req cmdReq) error {
	s := t.seatAt(engine.Seat(req.Seat))
	by := c.Player()
	if s == nil || s.id == "" || s.id == by.ID {
		return ErrReportWhom // empty, a bot's own, or the reporter's
	}
	r := Report{At: time.Now().UTC(), Table: t.id, Game: t.info.ID, By: by.ID, ByName: by.Name,
		Who: s.id, WhoName: s.name, Reason: req.Text}
	return t.hub.addReport(r)
}
