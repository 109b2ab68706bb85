package rooms

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"arcade/engine"
)

// patience bounds every wait for an event; tests never assert on how long
// something took, only that it happens before this generous limit.
const patience = 15 * time.Second

// testHub makes a hub with fast bots and lobby, closed when the test ends.
// It offers the toy games unless cfg names its own.
func testHub(t *testing.T, cfg Config) *Hub {
	t.Helper()
	if cfg.Games == nil {
		cfg.Games = toyGames
	}
	if cfg.BotDelay == 0 {
		cfg.BotDelay = time.Millisecond
	}
	if cfg.LobbyEvery == 0 {
		cfg.LobbyEvery = 2 * time.Millisecond
	}
	logf := cfg.Logf
	cfg.Logf = func(format string, args ...any) {
		t.Logf(format, args...)
		if logf != nil {
			logf(format, args...)
		}
	}
	if cfg.Infof == nil {
		cfg.Infof = t.Logf
	}
	h := NewHub(cfg)
	t.Cleanup(h.Close)
	return h
}

// probe wraps a client and remembers the latest update of each kind.
type probe struct {
	*Client
	t     testing.TB
	lobby *LobbyUpdate
	tu    *TableUpdate
}

func connect(t testing.TB, h *Hub, name string) *probe {
	return &probe{Client: h.Connect(Player{ID: "key:" + name, Name: name}), t: t}
}

func (p *probe) drain() {
	l, u := p.Take()
	if l != nil {
		p.lobby = l
	}
	if u != nil {
		p.tu = u
	}
}

// until waits until cond holds on the latest updates.
func (p *probe) until(what string, cond func() bool) {
	p.t.Helper()
	p.within(patience, what, cond)
}

// within waits up to limit until cond holds on the latest updates.
func (p *probe) within(limit time.Duration, what string, cond func() bool) {
	p.t.Helper()
	timeout := time.After(limit)
	for {
		p.drain()
		if cond() {
			return
		}
		select {
		case <-p.Notify():
		case <-timeout:
			p.t.Fatalf("%s: waited %v for %s; last table update %s", p.Player().Name, limit, what, show(p.tu))
		}
	}
}

// table waits for a table update that satisfies ok and returns it.
func (p *probe) table(what string, ok func(u *TableUpdate) bool) *TableUpdate {
	p.t.Helper()
	p.until(what, func() bool { return p.tu != nil && ok(p.tu) })
	return p.tu
}

// lobbyWhere waits for a lobby update that satisfies ok.
func (p *probe) lobbyWhere(what string, ok func(l *LobbyUpdate) bool) *LobbyUpdate {
	p.t.Helper()
	p.until(what, func() bool { return p.lobby != nil && ok(p.lobby) })
	return p.lobby
}

// seated waits until the client is at a table (not closed).
func (p *probe) seated() *TableUpdate {
	p.t.Helper()
	return p.table("at a table", func(u *TableUpdate) bool { return !u.Closed })
}

// closedWith waits for the last update with the given notice.
func (p *probe) closedWith(notice string) *TableUpdate {
	p.t.Helper()
	return p.table("closed: "+notice, func(u *TableUpdate) bool { return u.Closed && u.Notice == notice })
}

func show(u *TableUpdate) string {
	if u == nil {
		return "<none>"
	}
	return fmt.Sprintf("status=%s you=%d pending=%v view=%+v closed=%v notice=%q v%d",
		u.Table.Status, u.You, u.Pending, u.View, u.Closed, u.Notice, u.Version)
}

func view(t testing.TB, u *TableUpdate) toyView {
	t.Helper()
	v, ok := u.View.(toyView)
	if !ok {
		t.Fatalf("view is %T, want toyView", u.View)
	}
	return v
}

// toGo is the toy's words for adding n in u's view.
func toGo(t testing.TB, u *TableUpdate, n int) string {
	v := view(t, u)
	return fmt.Sprintf("Add %d (%d to go)", n, v.Target-v.Count-n)
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// inspect runs f on the table's actor (the only safe way to read its state).
func inspect(t *testing.T, h *Hub, id string, f func(tb *table)) {
	t.Helper()
	tb := h.tableByID(id)
	if tb == nil {
		t.Fatalf("table %s is gone", id)
	}
	must(t, tb.call(func() error { f(tb); return nil }))
}

// movesOf returns the table's applied moves.
func movesOf(t *testing.T, h *Hub, id string) []move {
	t.Helper()
	var ms []move
	inspect(t, h, id, func(tb *table) { ms = slices.Clone(tb.moves) })
	return ms
}

// startToy opens a table of game with the given players (the first is
// host), seats them all and starts it.
func startToy(t testing.TB, game string, opts engine.Options, ps ...*probe) string {
	t.Helper()
	must(t, ps[0].Create(game, len(ps), false, opts))
	id := ps[0].seated().Table.ID
	for _, p := range ps[1:] {
		must(t, p.Join(id))
	}
	must(t, ps[0].Start())
	for _, p := range ps {
		p.table("game started", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	}
	return id
}

// startAgainstBot opens a toy game with no end in sight for p against an
// easy bot in seat 2, starts it and returns the table's ID.
func startAgainstBot(t *testing.T, p *probe) string {
	t.Helper()
	must(t, p.Create(toyID, 2, false, engine.Options{"target": "1000000"}))
	id := p.seated().Table.ID
	must(t, p.AddBot(1, "easy"))
	must(t, p.Start())
	return id
}

func hasLine(lines []LogLine, sub string) bool {
	return slices.ContainsFunc(lines, func(l LogLine) bool { return strings.Contains(l.Text, sub) })
}

// joinLog is a log's lines, one a line.
func joinLog(lines []LogLine) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}
