package rooms

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"arcade/engine"
)

func TestCreateJoinStartAct(t *testing.T) {
	h := testHub(t, Config{})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, a.Create(toyID, 2, false, engine.Options{"target": "1000000"}))
	ua := a.seated()
	if ua.You != 0 || !ua.Host || len(ua.Code) != CodeLen || ua.View != nil || ua.Table.Status != Waiting {
		t.Fatalf("host's first update: %s host=%v code=%q", show(ua), ua.Host, ua.Code)
	}
	if !ua.Seats[1].Empty || ua.Seats[0].Name != "anna" || !ua.Seats[0].Connected {
		t.Fatalf("seats: %+v", ua.Seats)
	}
	id := ua.Table.ID

	if err := b.Start(); !errors.Is(err, ErrNotAtTable) {
		t.Fatalf("Start from the lobby: %v", err)
	}
	must(t, b.Join(id))
	ub := b.seated()
	if ub.You != 1 || ub.Host || ub.Code != ua.Code {
		t.Fatalf("joiner's update: %s host=%v code=%q", show(ub), ub.Host, ub.Code)
	}
	a.table("bob seated", func(u *TableUpdate) bool { return u.Seats[1].Name == "bob" && u.Table.Taken == 2 })
	if err := b.Start(); !errors.Is(err, ErrNotHost) {
		t.Fatalf("Start by a guest at the table: %v", err)
	}
	must(t, a.Start())

	ua = a.table("playing", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	ub = b.table("playing", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	va, vb := view(t, ua), view(t, ub)
	if va.Seat != 0 || va.Secret/100 != 1 || vb.Seat != 1 || vb.Secret/100 != 2 {
		t.Fatalf("views: %+v / %+v", va, vb)
	}
	if !slices.Equal(ua.Pending, []engine.Seat{0}) || len(ua.Legal) != 2 || len(ub.Legal) != 0 {
		t.Fatalf("pending %v, legal %v / %v", ua.Pending, ua.Legal, ub.Legal)
	}
	// The words of the moves come from the update's view; the toy has
	// words for the adding moves only (engine.Describe's fallback for the
	// others is the action's String).
	if got, want := engine.Describe(ua.View, ua.Legal[0]), toGo(t, ua, 1); got != want {
		t.Fatalf("the words of the first move: %q, want %q", got, want)
	}
	stale := ua

	if err := b.Act(addOne); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("out of turn: %v", err)
	}
	must(t, a.Act(addTwo))
	ub = b.table("count 2", func(u *TableUpdate) bool { return u.View != nil && view(t, u).Count == 2 })
	// An update is a plain value: once the table has moved on, an old one
	// still says the words of its own moves.
	if got, want := engine.Describe(stale.View, stale.Legal[1]), toGo(t, stale, 2); got != want {
		t.Fatalf("an old update's words: %q, want %q", got, want)
	}
	if got, want := engine.Describe(ub.View, ub.Legal[1]), toGo(t, ub, 2); got != want || view(t, ub).Count != 2 {
		t.Fatalf("bob's words: %q, want %q", got, want)
	}
	if !slices.Equal(ub.Pending, []engine.Seat{1}) || len(ub.Legal) != 2 {
		t.Fatalf("after a's move: pending %v legal %v", ub.Pending, ub.Legal)
	}
	if !hasLine(ub.Log, "seat 0 adds 2") || hasLine(ub.Log, "your secret") {
		t.Fatalf("bob's log shows the wrong lines: %q", ub.Log)
	}
	ua = a.table("count 2", func(u *TableUpdate) bool { return view(t, u).Count == 2 })
	if !hasLine(ua.Log, fmt.Sprintf("your secret is %d", va.Secret)) {
		t.Fatalf("anna's log lacks her private line: %q", ua.Log)
	}
	if ms := movesOf(t, h, id); len(ms) != 1 || ms[0].Seat != 0 || !ms[0].Action.Same(addTwo) {
		t.Fatalf("moves: %+v", ms)
	}
	inspect(t, h, id, func(tb *table) {
		if tb.seed == 0 || tb.state == nil {
			t.Errorf("seed %d, state %v", tb.seed, tb.state)
		}
	})
}

func TestIllegalActionChangesNothing(t *testing.T) {
	h := testHub(t, Config{})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "1000000"}, a, b)
	before := a.tu.Version

	err := a.Act(engine.Action{Kind: "add", Args: []int{7}})
	var re *engine.RuleError
	if !errors.As(err, &re) || !strings.Contains(re.Msg, "cannot add(7)") {
		t.Fatalf("illegal action: %v (%T)", err, err)
	}
	if ms := movesOf(t, h, id); len(ms) != 0 {
		t.Fatalf("an illegal action was recorded: %+v", ms)
	}
	inspect(t, h, id, func(tb *table) {
		if c := tb.state.(*toyState).Count; c != 0 || tb.version != before {
			t.Errorf("count %d, version %d (was %d)", c, tb.version, before)
		}
	})
	if err := b.Act(addOne); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("b out of turn: %v", err)
	}
	s := connect(t, h, "sam")
	must(t, s.Watch(id))
	if u := s.seated(); u.You != engine.Spectator || u.Code != "" || u.Legal != nil || view(t, u).Secret != -1 {
		t.Fatalf("spectator update: %s code=%q", show(u), u.Code)
	}
	if err := s.Act(addOne); !errors.Is(err, ErrSpectating) {
		t.Fatalf("spectator acts: %v", err)
	}
	if err := connect(t, h, "lee").Act(addOne); !errors.Is(err, ErrNotAtTable) {
		t.Fatalf("lobby client acts: %v", err)
	}
}

func TestPrivateTableAndCodes(t *testing.T) {
	h := testHub(t, Config{})
	a, b, c, d := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cleo"), connect(t, h, "dan")
	must(t, a.Create(toyID, 3, true, nil))
	ua := a.seated()
	code, id := ua.Code, ua.Table.ID
	if !ua.Table.Private || len(code) != CodeLen || strings.ContainsAny(code, "O0I1") {
		t.Fatalf("private table: %+v code %q", ua.Table, code)
	}

	// A public table makes the lobby change; the private one never shows.
	must(t, c.Create(toyID, 2, false, nil))
	pub := c.seated().Table.ID
	l := b.lobbyWhere("public table listed", func(l *LobbyUpdate) bool { return len(l.Tables) > 0 })
	if len(l.Tables) != 1 || l.Tables[0].ID != pub || len(h.Lobby().Tables) != 1 {
		t.Fatalf("lobby lists %+v", l.Tables)
	}

	if err := b.Join(id); !errors.Is(err, ErrPrivate) {
		t.Fatalf("join private by ID: %v", err)
	}
	if err := b.Watch(id); !errors.Is(err, ErrPrivate) {
		t.Fatalf("watch private by ID: %v", err)
	}
	if err := b.JoinCode("zz"); !errors.Is(err, ErrBadCode) {
		t.Fatalf("malformed code: %v", err)
	}
	unknown := "K7MQ2X"
	if unknown == code {
		unknown = "K7MQ2Y"
	}
	err := b.JoinCode(strings.ToLower(unknown))
	if !errors.Is(err, ErrUnknownCode) || !strings.Contains(err.Error(), "No table has the code "+unknown+".") {
		t.Fatalf("unknown code: %v", err)
	}

	typed := " " + strings.ToLower(code[:3]) + "-" + strings.ToLower(code[3:]) + " "
	must(t, b.JoinCode(typed))
	if ub := b.seated(); ub.You != 1 || ub.Code != code {
		t.Fatalf("joined by code: %s code %q", show(ub), ub.Code)
	}
	must(t, d.WatchCode(code))
	if ud := d.seated(); ud.You != engine.Spectator || ud.Code != "" {
		t.Fatalf("watching by code: %s code %q", show(ud), ud.Code)
	}
	// A spectator who came with the code may take a free seat.
	must(t, d.Join(id))
	if ud := d.table("seated", func(u *TableUpdate) bool { return u.You == 2 }); ud.Code != code {
		t.Fatalf("spectator to seat: %s", show(ud))
	}
}

func TestNormalizeCode(t *testing.T) {
	for in, want := range map[string]string{
		"k7mq2x": "K7MQ2X", "K7M-Q2X": "K7MQ2X", " k7m q2x ": "K7MQ2X", "k-7-m-q-2-x": "K7MQ2X",
		"K7MQ2": "", "K7MQ2XX": "", "K0MQ2X": "", "K7MQ2\x1b": "", "": "",
	} {
		got, ok := NormalizeCode(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizeCode(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	seen := map[string]bool{}
	for range 1000 {
		c := randomCode()
		if n, ok := NormalizeCode(c); !ok || n != c {
			t.Fatalf("random code %q does not normalize to itself", c)
		}
		seen[c] = true
	}
	if len(seen) < 990 {
		t.Fatalf("only %d distinct codes in 1000", len(seen))
	}
}

func TestFullAndStartedTables(t *testing.T) {
	h := testHub(t, Config{MaxSpectators: 1})
	a, b, c := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cleo")
	must(t, a.Create(toyID, 2, false, nil))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	if err := c.Join(id); !errors.Is(err, ErrTableFull) || !strings.Contains(err.Error(), "watch") {
		t.Fatalf("full table: %v", err)
	}
	must(t, c.Watch(id))
	c.seated()
	if err := connect(t, h, "dan").Watch(id); !errors.Is(err, ErrSpectatorsFull) {
		t.Fatalf("spectator cap: %v", err)
	}
	must(t, b.Leave())
	b.closedWith(NoticeLeft)
	if b.lobby == nil {
		t.Fatalf("no lobby after Leave")
	}
	must(t, b.Join(id))
	must(t, a.Start())
	e := connect(t, h, "eve")
	if err := e.Join(id); !errors.Is(err, ErrStarted) {
		t.Fatalf("started table: %v", err)
	}
	if err := a.Join("t999"); !errors.Is(err, ErrNoTable) {
		t.Fatalf("unknown table: %v", err)
	}
}

func TestStartAndBotErrors(t *testing.T) {
	h := testHub(t, Config{})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, a.Create(toyID, 3, false, nil))
	id := a.seated().Table.ID
	if err := a.Start(); err == nil || !strings.Contains(err.Error(), "Seat 2 is empty") {
		t.Fatalf("start with empty seats: %v", err)
	}
	if err := a.AddBot(1, "insane"); err == nil {
		t.Fatal("unknown bot level accepted")
	}
	if err := a.AddBot(7, "easy"); err == nil {
		t.Fatal("bot in seat 8 of 3 accepted")
	}
	if err := a.AddBot(0, "easy"); err == nil {
		t.Fatal("bot on the host's own seat accepted")
	}
	must(t, b.Join(id))
	if err := b.AddBot(2, "easy"); !errors.Is(err, ErrNotHost) {
		t.Fatalf("non-host AddBot: %v", err)
	}
	must(t, a.AddBot(2, "Hard"))
	u := a.table("bot seated", func(u *TableUpdate) bool { return u.Seats[2].Bot })
	if u.Seats[2].BotLevel != "hard" || u.Seats[2].Name != "Hard bot" || u.Table.Taken != 3 {
		t.Fatalf("bot seat: %+v", u.Seats[2])
	}
	must(t, a.RemoveBot(2))
	a.table("bot gone", func(u *TableUpdate) bool { return u.Seats[2].Empty })
	must(t, a.AddBot(2, "easy"))
	if err := a.Create("no-such-game", 2, false, nil); err == nil {
		t.Fatal("unknown game accepted")
	}
	if err := a.Create(toyID, 9, false, nil); err == nil || !strings.Contains(err.Error(), "1 to 4") {
		t.Fatalf("too many seats: %v", err)
	}
	var re *engine.RuleError
	if err := a.Create(toyID, 2, false, engine.Options{"target": "7"}); !errors.As(err, &re) {
		t.Fatalf("bad option: %v", err)
	}
	must(t, a.Start())
	a.table("playing", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	if err := a.RemoveBot(2); err == nil {
		t.Fatal("a bot that plays its own seat left mid-game")
	}
}

// A client that never takes its updates must not slow the table down, and
// its inbox holds only the latest update.
func TestStuckClientNeverBlocksTable(t *testing.T) {
	h := testHub(t, Config{})
	a, b, stuck, stuckSpec := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "stuck"), connect(t, h, "gazer")
	must(t, a.Create(toyID, 3, false, nil))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	must(t, stuck.Join(id))
	must(t, stuckSpec.Watch(id))

	const n = 3000
	done := make(chan error, 1)
	go func() {
		for i := range n {
			if _, err := b.Rename(fmt.Sprintf("b%d", i)); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	select {
	case err := <-done:
		must(t, err)
	case <-time.After(patience * 4):
		t.Fatal("the table stalled behind a client that does not read")
	}
	last := a.table("last rename", func(u *TableUpdate) bool { return u.Seats[1].Name == fmt.Sprintf("b%d", n-1) })

	for _, p := range []*probe{stuck, stuckSpec} {
		l, u := p.Take()
		if l != nil || u == nil || u.Version != last.Version || u.Seats[1].Name != last.Seats[1].Name {
			t.Fatalf("%s's inbox: lobby %v, update %s (want version %d)", p.Player().Name, l, show(u), last.Version)
		}
		if l, u := p.Take(); l != nil || u != nil {
			t.Fatalf("second Take was not empty: %v %v", l, u)
		}
	}
}

func TestInboxCoalesces(t *testing.T) {
	c := newClient(nil, Player{Name: "x"})
	l1, l2 := &LobbyUpdate{Online: 1}, &LobbyUpdate{Online: 2}
	c.putLobby(l1)
	c.putLobby(l2)
	tb := &table{}
	c.table = tb
	c.putTable(tb, &TableUpdate{Version: 1})
	c.putTable(tb, &TableUpdate{Version: 2})
	c.putTable(&table{}, &TableUpdate{Version: 3}) // not this client's table
	if len(c.Notify()) != 1 {
		t.Fatalf("notify holds %d signals", len(c.Notify()))
	}
	<-c.Notify()
	l, u := c.Take()
	if l != l2 || u == nil || u.Version != 2 {
		t.Fatalf("Take: %v %v", l, u)
	}
	if l, u := c.Take(); l != nil || u != nil {
		t.Fatal("slots not cleared")
	}
}

func TestLobbyGoesOnlyToLobbyClients(t *testing.T) {
	h := testHub(t, Config{})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, b.Create(toyID, 3, false, nil))
	b.seated()
	l := a.lobbyWhere("bob's table", func(l *LobbyUpdate) bool { return len(l.Tables) == 1 && l.Online == 2 })
	if s := l.Tables[0]; s.Host != "bob" || s.Seats != 3 || s.Taken != 1 || s.Status != Waiting || s.GameName != "Toy "+toyID {
		t.Fatalf("summary: %+v", s)
	}
	c := connect(t, h, "cleo")
	must(t, c.Create(toyID, 2, false, nil))
	c.seated()
	a.lobbyWhere("two tables", func(l *LobbyUpdate) bool { return len(l.Tables) == 2 && l.Online == 3 })
	// Broadcasts reach every lobby client in one pass: bob, at a table,
	// got none of them.
	if l, _ := b.Take(); l != nil {
		t.Fatalf("a client at a table got a lobby update: %+v", l)
	}
	if st := h.Stats(); st.Online != 3 || st.Tables != 2 || st.Playing != 0 {
		t.Fatalf("stats %+v", st)
	}
	c.Close()
	a.lobbyWhere("cleo gone", func(l *LobbyUpdate) bool { return len(l.Tables) == 1 && l.Online == 2 })
}

func TestReconnectEvictsAndRestoresSeat(t *testing.T) {
	h := testHub(t, Config{AwayGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "1000000"}, a, b)
	secret := view(t, a.tu).Secret
	must(t, a.Act(addOne))

	a2 := connect(t, h, "anna")
	a.closedWith(NoticeReplaced)
	select {
	case <-a.Done():
	case <-time.After(patience):
		t.Fatal("evicted client's Done not closed")
	}
	if err := a.Act(addOne); !errors.Is(err, ErrClosed) {
		t.Fatalf("evicted client acts: %v", err)
	}
	u := a2.seated()
	if u.You != 0 || view(t, u).Secret != secret || view(t, u).Count != 1 || !u.Host {
		t.Fatalf("new session: %s host %v", show(u), u.Host)
	}
	if st := h.Stats(); st.Online != 2 {
		t.Fatalf("online %d after a reconnect", st.Online)
	}
	a.Close() // closing the evicted client must not touch the new one
	must(t, b.Act(addOne))
	a2.table("count 2", func(u *TableUpdate) bool { return view(t, u).Count == 2 })

	// Dropping out keeps the seat; connecting again puts the player back.
	a2.Close()
	b.table("anna away", func(u *TableUpdate) bool { return !u.Seats[0].Connected && !u.Seats[0].Empty })
	a3 := connect(t, h, "anna")
	if u := a3.seated(); u.You != 0 || view(t, u).Secret != secret {
		t.Fatalf("resumed session: %s", show(u))
	}
	b.table("anna back", func(u *TableUpdate) bool { return u.Seats[0].Connected })

	// Leaving on purpose: no automatic resume, but Join gives the seat back.
	must(t, a3.Leave())
	a3.closedWith(NoticeLeft)
	a4 := connect(t, h, "anna")
	if l, u := a4.Take(); l == nil || u != nil {
		t.Fatalf("after Leave, a new session should start in the lobby: %v %v", l, show(u))
	}
	must(t, a4.Join(id))
	if u := a4.seated(); u.You != 0 || view(t, u).Secret != secret {
		t.Fatalf("rejoined: %s", show(u))
	}

	// Guests never take over anyone's seat.
	g := &probe{Client: h.Connect(Player{Name: "anna"}), t: t}
	if p := g.Player(); !p.Guest || !strings.HasPrefix(p.ID, "guest:") {
		t.Fatalf("guest player: %+v", p)
	}
	if err := g.Join(id); !errors.Is(err, ErrStarted) {
		t.Fatalf("guest joins a started table: %v", err)
	}
}

func TestLeaveBeforeStartAndHostHandoff(t *testing.T) {
	h := testHub(t, Config{})
	a, b, c, d, e := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cleo"), connect(t, h, "dan"), connect(t, h, "eve")
	must(t, a.Create(toyID, 3, false, nil))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	must(t, c.Join(id))
	must(t, e.Watch(id))
	must(t, a.Leave())
	a.closedWith(NoticeLeft)
	ub := b.table("bob hosts", func(u *TableUpdate) bool { return u.Host })
	if !ub.Seats[0].Empty || ub.Table.Host != "bob" || !hasLine(ub.Log, "bob is now the host") {
		t.Fatalf("after the host left: %+v %q", ub.Seats, ub.Log)
	}
	must(t, d.Join(id))
	if u := d.seated(); u.You != 0 {
		t.Fatalf("new player took seat %d, want the lowest free (0)", u.You)
	}
	if err := c.Kick(0); !errors.Is(err, ErrNotHost) {
		t.Fatalf("non-host kick: %v", err)
	}
	must(t, b.Kick(0))
	d.closedWith(NoticeKicked)
	must(t, b.Leave())
	c.table("cleo hosts", func(u *TableUpdate) bool { return u.Host })
	must(t, c.Leave())
	e.closedWith(NoticeNoHumans)
	if h.tableByID(id) != nil || len(h.Lobby().Tables) != 0 {
		t.Fatal("a table without players is still open")
	}
}

func TestLeaveDuringPlayAndBotStandIn(t *testing.T) {
	h := testHub(t, Config{AwayGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "1000000"}, a, b)
	must(t, b.Leave())
	b.closedWith(NoticeLeft)
	a.table("bob away", func(u *TableUpdate) bool { return !u.Seats[1].Connected && !u.Seats[1].Empty })
	must(t, a.Act(addOne))
	a.table("bob's turn", func(u *TableUpdate) bool { return slices.Equal(u.Pending, []engine.Seat{1}) })
	if err := a.AddBot(0, "easy"); err == nil {
		t.Fatal("bot on a present player's seat")
	}
	must(t, a.AddBot(1, "easy"))
	u := a.table("bot moved", func(u *TableUpdate) bool {
		return slices.Equal(u.Pending, []engine.Seat{0}) && view(t, u).Count > 1
	})
	if !u.Seats[1].Bot || u.Seats[1].Name != "bob" {
		t.Fatalf("stand-in seat: %+v", u.Seats[1])
	}
	ms := movesOf(t, h, id)
	if len(ms) != 2 || ms[1].Seat != 1 || ms[1].Action.Kind != "add" {
		t.Fatalf("moves %+v", ms)
	}
	must(t, b.Join(id))
	ub := b.seated()
	if ub.You != 1 || ub.Seats[1].Bot || !ub.Seats[1].Connected {
		t.Fatalf("bob back: %s %+v", show(ub), ub.Seats[1])
	}
}

// playToEnd plays seat p's turns with its first legal action until the game
// is over; bots and timeouts play the rest.
func playToEnd(t *testing.T, p *probe) *TableUpdate {
	t.Helper()
	for {
		// The latest update is the table's state at its version, and only
		// this seat can clear its own pending move.
		u := p.table("my turn or the end", func(u *TableUpdate) bool { return u.Outcome.Done || len(u.Legal) > 0 })
		if u.Outcome.Done {
			if u.Table.Status != Finished {
				t.Fatalf("outcome done but status %s", u.Table.Status)
			}
			return u
		}
		must(t, p.Act(u.Legal[0]))
		p.until("my move applied", func() bool { return p.tu.Version > u.Version })
	}
}

func TestBotsPlayToTheEnd(t *testing.T) {
	resetSpy()
	records := make(chan engine.Record, 1)
	h := testHub(t, Config{OnFinish: func(_ string, r engine.Record) { records <- r }})
	a := connect(t, h, "anna")
	must(t, a.Create(toyBotsID, 4, false, engine.Options{"target": "50", "window": "true"}))
	id := a.seated().Table.ID
	for i, lvl := range []string{"easy", "normal", "hard"} {
		must(t, a.AddBot(i+1, lvl))
	}
	must(t, a.Start())
	a.table("playing", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	end := playToEnd(t, a)
	if !end.Outcome.Done || !hasLine(end.Log, "The game is over.") {
		t.Fatalf("log: %q", end.Log)
	}
	spy.Lock()
	defer spy.Unlock()
	if len(spy.bad) > 0 {
		t.Fatalf("bots were given %v instead of a toyView", spy.bad)
	}
	if len(spy.views) == 0 {
		t.Fatal("no bot ever moved")
	}
	for _, v := range spy.views {
		if v.Seat < 1 || v.Seat > 3 || v.Secret != end.Outcome.Scores[v.Seat] || !slices.Contains(v.Pending, v.Seat) {
			t.Fatalf("a bot got the view %+v (secrets %v)", v, end.Outcome.Scores)
		}
	}
	// The finished game's record replays to the same outcome.
	select {
	case rec := <-records:
		if _, err := engine.Replay(toyBotGame{toyGame{id: toyBotsID}}, rec); err != nil {
			t.Fatalf("the table's record does not replay: %v", err)
		}
		if len(rec.Moves) == 0 || rec.Game != toyBotsID || rec.Players != 4 {
			t.Fatalf("record %+v", rec)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no record of the finished game")
	}
	// The finished table stays until everyone leaves.
	if h.tableByID(id) == nil {
		t.Fatal("finished table closed while anna watches")
	}
	must(t, a.Leave())
	if h.tableByID(id) != nil {
		t.Fatal("finished table still open after everyone left")
	}
}

func TestRandomBotFallback(t *testing.T) {
	h := testHub(t, Config{})
	a := connect(t, h, "anna")
	must(t, a.Create(toyID, 2, false, engine.Options{"target": "10"}))
	a.seated()
	must(t, a.AddBot(1, "normal"))
	must(t, a.Start())
	a.table("playing", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	playToEnd(t, a)
}

func TestResponseWindowOpensWithDeadline(t *testing.T) {
	h := testHub(t, Config{ResponseWindow: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	startToy(t, toyID, engine.Options{"target": "1000000", "window": "true"}, a, b)
	must(t, a.Act(addOne))
	u := b.table("window", func(u *TableUpdate) bool { return slices.Equal(u.Pending, []engine.Seat{1}) })
	if u.Deadline.IsZero() || !u.Deadline.After(time.Now()) || len(u.Legal) != 2 {
		t.Fatalf("window update: deadline %v legal %v", u.Deadline, u.Legal)
	}
	must(t, b.Act(okAct))
	u = b.table("window over", func(u *TableUpdate) bool { return view(t, u).Turn == 1 && len(view(t, u).Answering) == 0 })
	if !u.Deadline.IsZero() {
		t.Fatalf("deadline %v after the window closed", u.Deadline)
	}
}

// TestReaskedSeatGetsFreshCountdown: answering never stretches the
// others' time, but a seat asked again (the game opened a new window for
// it, even in the same move as its answer) gets a whole new countdown.
func TestReaskedSeatGetsFreshCountdown(t *testing.T) {
	h := testHub(t, Config{ResponseWindow: time.Hour})
	a, b, c, d := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cleo"), connect(t, h, "dan")
	startToy(t, toyID, engine.Options{"target": "1000000", "window": "true", "reask": "true"}, a, b, c, d)
	must(t, a.Act(addOne))
	first := c.table("window for bob, cleo and dan", func(u *TableUpdate) bool { return len(u.Pending) == 3 }).Deadline
	if first.IsZero() {
		t.Fatal("the window has no deadline")
	}
	time.Sleep(5 * time.Millisecond)
	must(t, b.Act(okAct))
	u := c.table("bob answered", func(u *TableUpdate) bool { return len(u.Pending) == 2 })
	if !u.Deadline.Equal(first) {
		t.Fatalf("bob's answer moved the others' deadline from %v to %v", first, u.Deadline)
	}
	time.Sleep(5 * time.Millisecond)
	// cleo bumps: bob and cleo herself are asked again (dan still is).
	must(t, c.Act(bump))
	u = c.table("bob and cleo asked again", func(u *TableUpdate) bool { return len(u.Pending) == 3 })
	if !u.Deadline.After(first) {
		t.Fatalf("seats asked again kept the old deadline %v", u.Deadline)
	}
	second := u.Deadline
	time.Sleep(5 * time.Millisecond)
	// cleo bumps again: only she is asked again, in the same move as her
	// answer; she still gets a fresh countdown.
	must(t, c.Act(bump))
	u = c.table("cleo asked again", func(u *TableUpdate) bool { return u.Deadline.After(second) })
	if !slices.Contains(u.Pending, 2) {
		t.Fatalf("cleo is not asked again: pending %v", u.Pending)
	}
}

func TestResponseWindowTimeout(t *testing.T) {
	h := testHub(t, Config{ResponseWindow: 20 * time.Millisecond})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "1000000", "window": "true"}, a, b)
	must(t, a.Act(addOne))
	u := b.table("timed out to bob's turn", func(u *TableUpdate) bool {
		return view(t, u).Turn == 1 && len(view(t, u).Answering) == 0
	})
	if !u.Deadline.IsZero() {
		t.Fatalf("deadline %v after timeout", u.Deadline)
	}
	ms := movesOf(t, h, id)
	if len(ms) != 2 || ms[1].Seat != 1 || !ms[1].Action.Same(okAct) {
		t.Fatalf("moves %+v", ms)
	}
}

// TestRefusedTimeoutIsReported: an engine that refuses its own timeout
// move has a bug; the table says so in its log and to Config.Logf, then
// plays the seat's first legal move so that the game goes on.
func TestRefusedTimeoutIsReported(t *testing.T) {
	bugs := make(chan string, 10)
	h := testHub(t, Config{ResponseWindow: 20 * time.Millisecond, Logf: func(format string, args ...any) {
		select {
		case bugs <- fmt.Sprintf(format, args...):
		default:
		}
	}})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyNapID, engine.Options{"target": "1000000", "window": "true"}, a, b)
	must(t, a.Act(addOne))
	u := b.table("timed out to bob's turn", func(u *TableUpdate) bool {
		return view(t, u).Turn == 1 && len(view(t, u).Answering) == 0
	})
	if !hasLine(u.Log, "The game refused the move it chose for bob (a bug in the game); the table plays their first legal move instead.") {
		t.Fatalf("log: %q", u.Log)
	}
	ms := movesOf(t, h, id)
	if len(ms) != 2 || ms[1].Seat != 1 || !ms[1].Action.Same(okAct) {
		t.Fatalf("moves %+v", ms)
	}
	select {
	case bug := <-bugs:
		if !strings.Contains(bug, "engine bug") || !strings.Contains(bug, "nap") || !strings.Contains(bug, toyNapID) {
			t.Fatalf("logged %q", bug)
		}
	case <-time.After(patience):
		t.Fatal("the refused timeout was not logged")
	}
}

func TestAwaySeatsAreTimedOut(t *testing.T) {
	h := testHub(t, Config{ResponseWindow: time.Hour, AwayGrace: 20 * time.Millisecond})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "1000000", "window": "true"}, a, b)
	b.Close()
	a.table("bob away", func(u *TableUpdate) bool { return !u.Seats[1].Connected })
	must(t, a.Act(addOne))
	// bob's answer is timed out at once (he is away), then his turn after
	// the grace; his move opens a window for anna.
	a.table("anna answers bob's move", func(u *TableUpdate) bool {
		return view(t, u).Count == 2 && slices.Equal(u.Pending, []engine.Seat{0})
	})
	ms := movesOf(t, h, id)
	want := []move{{Seat: 0, Action: addOne}, {Seat: 1, Action: okAct}, {Seat: 1, Action: addOne}}
	if len(ms) != len(want) {
		t.Fatalf("moves %+v", ms)
	}
	for i := range want {
		if ms[i].Seat != want[i].Seat || !ms[i].Action.Same(want[i].Action) {
			t.Fatalf("moves %+v, want %+v", ms, want)
		}
	}
}

func TestEmptyGameClosesAfterGrace(t *testing.T) {
	h := testHub(t, Config{EmptyGrace: 20 * time.Millisecond, AwayGrace: time.Hour})
	a, b, w := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "will")
	id := startToy(t, toyID, nil, a, b)
	must(t, w.Watch(id)) // a spectator keeps it open
	w.seated()
	a.Close()
	b.Close()
	w.table("both away", func(u *TableUpdate) bool { return !u.Seats[0].Connected && !u.Seats[1].Connected })
	must(t, w.Leave())
	deadline := time.Now().Add(patience)
	for h.tableByID(id) != nil {
		if time.Now().After(deadline) {
			t.Fatal("a game nobody watches never closed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	// The dropped player is not resumed into a closed table.
	if l, u := connect(t, h, "anna").Take(); l == nil || u != nil {
		t.Fatalf("connect after the table closed: %v %s", l, show(u))
	}
}

func TestDuplicateNamesAtTable(t *testing.T) {
	h := testHub(t, Config{})
	a := connect(t, h, "anna")
	b := &probe{Client: h.Connect(Player{ID: "key:other", Name: "Anna"}), t: t}
	must(t, a.Create(toyID, 3, false, nil))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	u := b.table("two annas", func(u *TableUpdate) bool { return !u.Seats[1].Empty })
	// The second Anna arrived while the first was online: she is told apart
	// at once (see TestNamesThatImpersonate).
	if u.Seats[0].Name != "anna" || u.Seats[1].Name != "Anna 2" {
		t.Fatalf("names %q %q", u.Seats[0].Name, u.Seats[1].Name)
	}
	name, err := b.Rename("  \x1b[31mbo\u202eb\x07 ")
	must(t, err)
	if name != "bob" || b.Player().Name != "bob" {
		t.Fatalf("renamed to %q", name)
	}
	a.table("renamed", func(u *TableUpdate) bool { return u.Seats[1].Name == "bob" })
	if p := h.Connect(Player{ID: "key:x", Name: "\x1b]0;pwned\x07evil\r\n"}).Player(); p.Name != "evil" {
		t.Fatalf("Connect kept the name %q", p.Name)
	}
}

func TestOneTablePerClient(t *testing.T) {
	h := testHub(t, Config{})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, a.Create(toyID, 2, false, nil))
	first := a.seated().Table.ID
	must(t, b.Create(toyID, 2, false, nil))
	second := b.seated().Table.ID
	must(t, a.Join(second))
	if u := a.seated(); u.Table.ID != second || u.You != 1 {
		t.Fatalf("moved: %s", show(u))
	}
	if h.tableByID(first) != nil {
		t.Fatal("the table anna left alone is still open")
	}
	// A refused join keeps the client where it was.
	c := connect(t, h, "cleo")
	must(t, c.Create(toyID, 1, false, nil))
	third := c.seated().Table.ID
	if err := c.Join(second); !errors.Is(err, ErrTableFull) {
		t.Fatalf("join full: %v", err)
	}
	inspect(t, h, third, func(tb *table) {
		if tb.seatOf(c.Client) != 0 {
			t.Error("a refused join took cleo off her table")
		}
	})
}

func TestMaxTables(t *testing.T) {
	h := testHub(t, Config{MaxTables: 2})
	for i := range 2 {
		must(t, connect(t, h, fmt.Sprint("p", i)).Create(toyID, 2, false, nil))
	}
	if err := connect(t, h, "late").Create(toyID, 2, false, nil); !errors.Is(err, ErrTooManyTables) {
		t.Fatalf("third table: %v", err)
	}
}

func TestPanickingGameClosesOnlyItsTable(t *testing.T) {
	h := testHub(t, Config{})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	startToy(t, toyID, nil, a, b)
	if err := a.Act(engine.Action{Kind: "boom"}); !errors.Is(err, ErrInternal) {
		t.Fatalf("panicking move: %v", err)
	}
	a.closedWith(NoticeInternal)
	b.closedWith(NoticeInternal)
	if h.Stats().Tables != 0 {
		t.Fatal("the broken table is still open")
	}
	must(t, a.Create(toyID, 1, false, nil)) // the hub still works
}

func TestHubCloseStopsEverything(t *testing.T) {
	base := runtime.NumGoroutine()
	h := NewHub(Config{Games: toyGames, BotDelay: time.Millisecond, AwayGrace: time.Millisecond, LobbyEvery: time.Millisecond})
	var watchers []*probe
	for i := range 5 {
		host, spec := connect(t, h, fmt.Sprint("host", i)), connect(t, h, fmt.Sprint("spec", i))
		must(t, host.Create(toyBotsID, 3, false, engine.Options{"target": "1000000", "window": "true"}))
		id := host.seated().Table.ID
		must(t, host.AddBot(1, "easy"))
		must(t, host.AddBot(2, "hard"))
		must(t, host.Start())
		must(t, spec.Watch(id))
		if i%2 == 0 {
			must(t, host.Leave()) // away: the table times host's turns out and bots keep playing
		}
		watchers = append(watchers, spec)
	}
	lobby := connect(t, h, "idle")
	h.Close()
	h.Close()
	for _, w := range watchers {
		w.closedWith(NoticeShutdown)
		<-w.Done()
	}
	<-lobby.Done()
	if err := lobby.Create(toyID, 1, false, nil); !errors.Is(err, ErrClosed) {
		t.Fatalf("Create after Close: %v", err)
	}
	late := h.Connect(Player{ID: "key:late"})
	<-late.Done()
	deadline := time.Now().Add(patience)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left, %d before:\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Many idle sessions in the lobby all see the same, final lobby.
func TestManyIdleLobbyClients(t *testing.T) {
	h := testHub(t, Config{})
	const n = 2000
	ps := make([]*probe, n)
	for i := range ps {
		ps[i] = connect(t, h, fmt.Sprint("idle", i))
	}
	must(t, ps[0].Create(toyID, 2, false, nil))
	for _, p := range ps[1:] {
		p.lobbyWhere("everyone online", func(l *LobbyUpdate) bool { return l.Online == n && len(l.Tables) == 1 })
	}
}

func TestHostAwayMidGamePassesHost(t *testing.T) {
	h := testHub(t, Config{AwayGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	startToy(t, toyID, engine.Options{"target": "1000000"}, a, b)
	a.Close()
	u := b.table("bob hosts", func(u *TableUpdate) bool { return u.Host })
	if u.Seats[0].Connected || u.Seats[0].Empty {
		t.Fatalf("anna's seat: %+v", u.Seats[0])
	}
	must(t, b.AddBot(0, "easy"))
	b.table("the bot played anna's turn", func(u *TableUpdate) bool { return view(t, u).Count > 0 && len(u.Legal) > 0 })
	// anna comes back and takes her seat over from the bot.
	a2 := connect(t, h, "anna")
	if u := a2.seated(); u.You != 0 || u.Seats[0].Bot || u.Host {
		t.Fatalf("anna back: %s host=%v seat=%+v", show(u), u.Host, u.Seats[0])
	}
}

// Random concurrent use from many sessions: run with -race, it finds data
// races and lock-order deadlocks; the game rules do not matter here.
func TestConcurrentChaos(t *testing.T) {
	h := testHub(t, Config{ResponseWindow: 5 * time.Millisecond, AwayGrace: 5 * time.Millisecond, EmptyGrace: 5 * time.Millisecond})
	const players, rounds = 24, 300
	var acts atomic.Int64
	done := make(chan struct{})
	for i := range players {
		go func() {
			defer func() { done <- struct{}{} }()
			rng := engine.NewRNG(uint64(i) + 1)
			c := h.Connect(Player{ID: fmt.Sprint("key:", i%16), Name: fmt.Sprint("p", i)})
			var u *TableUpdate
			for range rounds {
				if _, nu := c.Take(); nu != nil {
					u = nu
				}
				var id string
				if l := h.Lobby(); len(l.Tables) > 0 {
					id = l.Tables[rng.Intn(len(l.Tables))].ID
				}
				switch rng.Intn(12) {
				case 0:
					_ = c.Create(toyBotsID, 1+rng.Intn(3), rng.Intn(4) == 0, engine.Options{"window": "true", "target": "50"})
				case 1, 2:
					_ = c.Join(id)
				case 3:
					_ = c.Watch(id)
				case 4:
					_ = c.Leave()
				case 5:
					_ = c.AddBot(rng.Intn(3), "easy")
				case 6:
					_ = c.Start()
				case 7:
					_, _ = c.Rename(fmt.Sprint("r", rng.Intn(5)))
				case 8:
					c.Close()
					c = h.Connect(Player{ID: fmt.Sprint("key:", i%16), Name: fmt.Sprint("p", i)})
				default:
					if u != nil && len(u.Legal) > 0 {
						if c.Act(u.Legal[rng.Intn(len(u.Legal))]) == nil {
							acts.Add(1)
						}
					}
				}
			}
		}()
	}
	for range players {
		select {
		case <-done:
		case <-time.After(4 * patience):
			t.Fatal("chaos run stalled (deadlock?)")
		}
	}
	t.Logf("%d moves by humans; %+v", acts.Load(), h.Stats())
}

func TestHubOffersOnlyItsGames(t *testing.T) {
	h := testHub(t, Config{Games: []engine.Game{toyGame{id: toyID}}})
	a := connect(t, h, "anna")
	if err := a.Create(toyBotsID, 2, false, nil); err == nil || !strings.Contains(err.Error(), "no game called") {
		t.Fatalf("a game the hub does not offer: %v", err)
	}
	must(t, a.Create(toyID, 2, false, nil))
	defer func() {
		if recover() == nil {
			t.Fatal("two games with one ID were accepted")
		}
	}()
	NewHub(Config{Games: []engine.Game{toyGame{id: toyID}, toyBotGame{toyGame{id: toyID}}}})
}

// TestPartsOwnLocks: the hub's parts with locks of their own answer while
// the hub's lock is held (the lobby being built, say).
func TestPartsOwnLocks(t *testing.T) {
	h := testHub(t, Config{})
	a := connect(t, h, "anna")
	h.mu.Lock()
	defer h.mu.Unlock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = a.SetQuiet(true)
		_ = a.Quiet()
		_ = h.addReport(Report{Table: "t", By: "key:anna", Who: "key:bob"})
		_ = h.Reports()
		_ = h.takeStandIns(func(*standIn) bool { return true })
		h.OnKick(func(Kick) int { return 0 })
		h.nodes.put(&nodeSeen{state: nodeState{Node: "b", Players: []Player{{ID: "key:bob", Name: "bob"}}}})
		if got := h.Elsewhere(); len(got) != 1 {
			t.Errorf("Elsewhere: %v, want bob on node b", got)
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a part of the hub waited for the hub's lock")
	}
}
