package rooms

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// Client is one session's handle on the hub. Its methods are safe to call
// from the session's goroutines; each waits for the table's answer (tables
// answer at once: they never wait for a session).
//
// A client is at one table at most. Joining, watching or creating another
// table first takes the new place, then leaves the old one, so a refused
// join leaves the client where it was.
type Client struct {
	presence
	cid  uint64 // numbers the client on its hub (cluster messages name it)
	fold string // its name's fold while in the hub's byFold, under the hub's mu
	// arrived is when the client connected, in Unix nanoseconds (a
	// cluster resumes a seat elsewhere for a short while after).
	arrived int64
	notify  chan struct{}
	done    chan struct{}
	wake    atomic.Pointer[func()] // see OnWake

	// Under mu, with the presence:
	remote *remoteAt // the table of another node it sits at (remoteseat.go), when table is nil
	// moving is the table of another node the client is moving to (its
	// id pendingAny: any table of its owner): its updates are taken
	// already. Nil when none.
	moving   *nodeTableRef
	placed   bool // has been at a table since it connected (waitsForSeat)
	lobby    *LobbyUpdate
	tableUpd *TableUpdate
}

func newClient(h *Hub, p Player) *Client {
	c := &Client{presence: presence{hub: h, player: p}, arrived: time.Now().UnixNano(), notify: make(chan struct{}, 1), done: make(chan struct{})}
	if h != nil {
		c.cid = h.nextCID.Add(1)
	}
	return c
}

// OnWake sets a function called, without ever waiting for it, whenever
// Notify fires or Done closes: a session can then deliver updates from a
// goroutine that exists only while there is something to deliver, instead
// of one that waits on Notify for the session's whole life. wake must not
// block.
func (c *Client) OnWake(wake func()) {
	c.wake.Store(&wake)
}

// wakeUp calls the OnWake function, if any.
func (c *Client) wakeUp() {
	if f := c.wake.Load(); f != nil {
		(*f)()
	}
}

// finish closes Done and wakes the session.
func (c *Client) finish() {
	close(c.done)
	c.wakeUp()
}

// Done is closed when the client can no longer be used: after Close, when a
// newer connection of the same player replaced it, or when the hub shut
// down. The last TableUpdate (Closed, with a Notice) is in the inbox.
func (c *Client) Done() <-chan struct{} { return c.done }

// markClosed flips the client to closed once and returns where it sat
// (nil: nowhere); ok is false if it was closed already.
func (c *Client) markClosed() (at seatAt, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok = c.closeLocked(); !ok {
		return nil, false
	}
	return c.seatLocked(), true
}

// onTable runs req's command (tableOps) on the client's current table's
// actor, or sends req to the table's owner when another node owns it.
func (c *Client) onTable(req cmdReq) error {
	_, at, err := c.seat()
	if err != nil {
		return err
	}
	if at == nil {
		return ErrNotAtTable
	}
	return at.command(c, req)
}

// Rename changes the display name (cleaned with CleanName) and returns it.
// A name whose words mix look-alike alphabets (ErrNameMixed), or that
// passes for an admin's (ErrNameReserved, unless the player is one), for
// one the key lists keep for another key (ErrNameListed), for another
// online player's (ErrNameTaken) or for one another key chose
// (ErrNameOwned) is refused. A keyed player's new name is kept for their
// key (Player.OwnsName) when the lists keep it for them or the store
// keeps it.
func (c *Client) Rename(name string) (string, error) {
	n := CleanName(name)
	listed, err := c.hub.renameFree(c, n)
	if err != nil {
		return "", err
	}
	p := c.Player()
	own := listed || c.hub.store != nil && !p.Guest && nameFold(n) != ""
	if c.hub.store != nil && !p.Guest {
		// Kept before it is shown; a key the store did not record yet (see
		// knownName) is recorded now that its player chose a name.
		err := c.hub.store.SetName(p.ID, n, nameFold(n))
		if errors.Is(err, store.ErrNotFound) {
			if _, err = c.hub.store.SeePlayer(p.ID, n, time.Now().UTC()); err == nil {
				err = c.hub.store.SetName(p.ID, n, nameFold(n))
			}
		}
		if err != nil {
			c.hub.storeFailed("set name", err)
			return "", ErrNameUnsaved
		}
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return "", ErrClosed
	}
	c.player.Name, c.player.OwnsName = n, own
	at := c.seatLocked()
	c.mu.Unlock()
	if at != nil {
		at.rename(c, n)
	}
	c.hub.renamed(c, n) // the name shows in People
	return n, nil
}

// Create opens a table and seats the client at seat 0 as its host. It fails
// for an unknown game, a seat count outside the game's range, options the
// game refuses (an *engine.RuleError), ErrTooManyTables, ErrHostLimit (the
// player or their address hosts too many open tables) or ErrCreateRate
// (they open tables too fast).
func (c *Client) Create(game string, seats int, private bool, opts engine.Options) error {
	g, ok := c.hub.games[game]
	if !ok {
		return fmt.Errorf("There is no game called %q.", game)
	}
	info := g.Info()
	if seats < info.MinPlayers || seats > info.MaxPlayers {
		return fmt.Errorf("%s takes %d to %d players, not %d.", info.Name, info.MinPlayers, info.MaxPlayers, seats)
	}
	resolved, err := info.Resolve(opts)
	if err == nil {
		err = checkSetup(g, seats, resolved) // refused now, not at the start
	}
	if err != nil {
		return err
	}
	c.op.Lock()
	defer c.op.Unlock()
	p, was, err := c.seat()
	if err != nil {
		return err
	}
	t, err := c.hub.newTable(g, info, seats, private, resolved, c, p)
	if err != nil {
		return err
	}
	if err := t.call(func() error { return t.hostArrives(c) }); err != nil {
		return err
	}
	c.hub.claim(t)
	c.leaveSeat(was, t.id)
	return nil
}

// Join takes a free seat at a table (or the client's own seat back). It
// fails with ErrNoTable, ErrPrivate (private tables are joined by code),
// ErrTableFull or ErrStarted (for both, Watch still works).
func (c *Client) Join(tableID string) error {
	if r, ok := c.hub.remoteByID(tableID); ok {
		return c.enterRemote(r, cmdReq{Op: opJoin})
	}
	return c.enter(c.hub.tableByID(tableID), ErrNoTable, func(t *table, p Player) error {
		return t.join(c, p, false, false)
	})
}

// JoinCode joins the private (or public) table with this invite code, typed
// in any case, with spaces or dashes. A malformed code gives ErrBadCode; a
// code no table has gives an error that wraps ErrUnknownCode and names it.
func (c *Client) JoinCode(code string) error {
	if err := c.guessing(); err != nil {
		return err
	}
	if r, ok := c.hub.remoteByCode(code); ok {
		return c.enterRemote(r, cmdReq{Op: opJoin, ByCode: true})
	}
	return c.enter(c.byCode(code), codeError(code), func(t *table, p Player) error {
		return t.join(c, p, true, false)
	})
}

// Watch follows a table as a spectator (not private tables: WatchCode).
func (c *Client) Watch(tableID string) error {
	if r, ok := c.hub.remoteByID(tableID); ok {
		return c.enterRemote(r, cmdReq{Op: opWatch})
	}
	return c.enter(c.hub.tableByID(tableID), ErrNoTable, func(t *table, p Player) error {
		return t.watch(c, false)
	})
}

// WatchCode follows the table with this invite code as a spectator.
func (c *Client) WatchCode(code string) error {
	if err := c.guessing(); err != nil {
		return err
	}
	if r, ok := c.hub.remoteByCode(code); ok {
		return c.enterRemote(r, cmdReq{Op: opWatch, ByCode: true})
	}
	return c.enter(c.byCode(code), codeError(code), func(t *table, p Player) error {
		return t.watch(c, true)
	})
}

// enter moves the client to t (nil: fail with missing) by running do on t's
// actor, then leaves the previous table.
func (c *Client) enter(t *table, missing error, do func(t *table, p Player) error) error {
	c.op.Lock()
	defer c.op.Unlock()
	p, was, err := c.seat()
	if err != nil {
		return err
	}
	if t == nil {
		return missing
	}
	if err := t.callKept(func() error { return do(t, p) }); err != nil {
		return err
	}
	c.leaveSeat(was, t.id)
	return nil
}

// Leave leaves the current table and returns to the lobby. Before the game
// starts the seat is freed; during or after the game it stays the player's
// ("away") and Join gives it back. A table no other human ever sat at
// closes as soon as nobody is left at it, though. The client gets a last
// TableUpdate with Closed set, then a LobbyUpdate.
func (c *Client) Leave() error {
	c.op.Lock()
	defer c.op.Unlock()
	return c.onTable(cmdReq{Op: opLeave})
}

// Start begins the game (host only, every seat filled).
func (c *Client) Start() error {
	return c.onTable(cmdReq{Op: opStart})
}

// AddBot puts a bot of the given level ("easy", "normal", "hard") in a seat
// (0-based): an empty seat before the game, or the seat of a player who is
// away during it, so the others can finish. Host only. The player gets the
// seat back from the bot by joining again.
func (c *Client) AddBot(seat int, level string) error {
	return c.onTable(cmdReq{Op: opAddBot, Seat: seat, Level: level})
}

// RemoveBot takes a bot out of a seat (host only): before the game the seat
// becomes empty; during it, only a bot standing in for an away player can
// go, and the seat is the player's again.
func (c *Client) RemoveBot(seat int) error {
	return c.onTable(cmdReq{Op: opRemoveBot, Seat: seat})
}

// Kick frees the seat of another player before the game starts (host only).
// The player gets a Closed update and may join again.
func (c *Client) Kick(seat int) error {
	return c.onTable(cmdReq{Op: opKick, Seat: seat})
}

// Act plays an action for the client's seat. It fails with ErrNotYourTurn
// when the seat is not pending, and passes the engine's *engine.RuleError
// through unchanged for an illegal move (the state does not change).
func (c *Client) Act(a engine.Action) error {
	return c.onTable(cmdReq{Op: opAct, Action: a})
}

// Close ends the client's session. At a table, a seat of a game in progress
// stays the player's ("away"): a later Connect with the same ID puts the
// player back in it, unless the table closed because nobody was left and no
// other human ever sat there. Close is idempotent.
func (c *Client) Close() {
	c.end(nil)
}

// end closes the client as its session ended, with a last update (nil:
// none) after it left its table.
func (c *Client) end(final *TableUpdate) {
	at, ok := c.markClosed()
	if !ok {
		return
	}
	c.hub.forget(c)
	if at != nil {
		at.quit(c, leaveDisconnect)
	}
	if final != nil {
		c.putFinal(final)
	}
	c.finish()
}

// evict closes the client because by (the same player) connected again: by
// takes its place at its table. It reports whether by was seated.
func (c *Client) evict(by *Client) bool {
	at, ok := c.markClosed()
	if !ok {
		return false
	}
	placed := at != nil && at.handTo(c, by)
	c.putFinal(&TableUpdate{You: engine.Spectator, Closed: true, Notice: NoticeReplaced})
	c.finish()
	return placed
}

// shutdown closes the client when the hub stops.
func (c *Client) shutdown() {
	if _, ok := c.markClosed(); ok {
		c.putFinal(&TableUpdate{You: engine.Spectator, Closed: true, Notice: NoticeShutdown})
		c.finish()
	}
}
