package sshserver_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"arcade/engine/firelibrary"
	"arcade/engine/fireproto"
	"arcade/engine/firetower"
	"arcade/engine/horror"
	"arcade/engine/labyrinth"
	"arcade/rooms"
	"arcade/sshserver"
	"arcade/sshserver/sshtest"
	"arcade/ui"
	uifirelibrary "arcade/ui/firelibrary"
	uifireproto "arcade/ui/fireproto"
	uifiretower "arcade/ui/firetower"
	uihorror "arcade/ui/horror"
	uilabyrinth "arcade/ui/labyrinth"
)

// everyGame is every game the arcade serves, as cmd/arcade wires them.
var everyGame = []ui.Game{
	{Engine: firelibrary.Game{}, Board: uifirelibrary.NewBoard},
	{Engine: fireproto.Game{}, Board: uifireproto.NewBoard},
	{Engine: firetower.Game{}, Board: uifiretower.NewBoard},
	{Engine: horror.Game{}, Board: uihorror.NewBoard},
	{Engine: labyrinth.Game{}, Board: uilabyrinth.NewBoard},
}

// startEveryGame is a test server with every game, quick bots and short
// windows, each game dealt from seed.
func startEveryGame(t *testing.T, seed uint64) *sshtest.Server {
	t.Helper()
	hubCfg := rooms.Config{
		Games: ui.Engines(everyGame), BotDelay: time.Millisecond, ResponseWindow: 2 * time.Second,
		Seed: func() uint64 { return seed },
	}
	return sshtest.StartHub(t, hubCfg, func(c *sshserver.Config) { c.Games = everyGame })
}

// msg is one message of the JSON protocol, as a bot reads it.
type msg struct {
	Type     string `json:"type"`
	Protocol int    `json:"protocol"`
	Error    string `json:"error"`
	Cmd      string `json:"cmd"`
	YourTurn bool   `json:"your_turn"`
	Version  uint64 `json:"version"`
	You      int    `json:"you"`
	Status   string `json:"status"`
	Code     string `json:"code"`
	Moves    []struct {
		ID   string `json:"id"`
		Text string `json:"text"`
	} `json:"moves"`
	View    json.RawMessage `json:"view"`
	Events  []string        `json:"events"`
	Lines   []string        `json:"lines"`
	Outcome *struct {
		Done    bool  `json:"done"`
		Winners []int `json:"winners"`
	} `json:"outcome"`
}

// jsonPlayer is a program speaking the protocol over SSH.
type jsonPlayer struct {
	t    *testing.T
	l    *sshtest.Lines
	last string // the last line read
}

// openJSON starts `ssh host play --json` as user and reads its hello.
func openJSON(t *testing.T, addr, user string) *jsonPlayer {
	t.Helper()
	l, err := sshtest.OpenLines(addr, user, sshtest.LineOptions{Key: sshtest.NewKey(t), Command: "play --json"})
	if err != nil {
		t.Fatalf("play --json: %v", err)
	}
	t.Cleanup(func() { _ = l.Close() })
	p := &jsonPlayer{t: t, l: l}
	if m := p.next(); m.Type != "hello" || m.Protocol != 1 {
		t.Fatalf("the first message is %+v, not a hello of protocol 1", m)
	}
	return p
}

// next reads the next message; every line must be one JSON object.
func (p *jsonPlayer) next() msg {
	p.t.Helper()
	line, err := p.l.Next(waitLong)
	if err != nil {
		p.t.Fatalf("reading the protocol: %v; the last line: %.3000s", err, p.last)
	}
	p.last = line
	var m msg
	dec := json.NewDecoder(strings.NewReader(line))
	if err := dec.Decode(&m); err != nil || dec.More() {
		p.t.Fatalf("the server wrote a line that is not one JSON object (%v): %q", err, line)
	}
	return m
}

// send writes one command.
func (p *jsonPlayer) send(cmd string) {
	p.t.Helper()
	if err := p.l.Send(cmd); err != nil {
		p.t.Fatalf("send %s: %v", cmd, err)
	}
}

// await reads messages until one of type typ and returns it; an error
// message fails the test, but for a move (played from an update a newer
// one replaced).
func (p *jsonPlayer) await(typ string) msg {
	p.t.Helper()
	for {
		m := p.next()
		if m.Type == "error" && m.Cmd != "move" {
			p.t.Fatalf("the server refused %s: %s", m.Cmd, m.Error)
		}
		if m.Type == typ {
			return m
		}
	}
}

// playOut plays random legal moves, one for each table message that
// offers some, until the game is over, and returns the last table message
// and how many moves it played. After a refusal it plays again from the
// newest update, a moment later (a newer update may be on its way, or it
// sent too fast).
func (p *jsonPlayer) playOut(rng *rand.Rand, limit time.Duration) (msg, int) {
	p.t.Helper()
	deadline := time.Now().Add(limit)
	played := 0
	var last msg
	for time.Now().Before(deadline) {
		m := p.next()
		switch m.Type {
		case "table":
			last = m
		case "error":
			time.Sleep(50 * time.Millisecond)
			m = last
		default:
			continue
		}
		if m.Outcome != nil && m.Outcome.Done {
			return m, played
		}
		if m.YourTurn && len(m.Moves) > 0 {
			mv := m.Moves[rng.IntN(len(m.Moves))]
			id, _ := json.Marshal(mv.ID)
			p.send(`{"cmd":"move","id":` + string(id) + `}`)
			played++
		}
	}
	p.t.Fatalf("the game did not end within %v; last update: %+v", limit, last)
	return last, played
}

// checkNoEscapes fails if the session's output holds an escape byte
// (ESC, which starts CSI and OSC sequences, the C1 CSI and OSC, or BEL).
func checkNoEscapes(t *testing.T, who string, raw []byte) {
	t.Helper()
	for _, bad := range []string{"\x1b", "\x07", "\u009b", "\u009d"} {
		if i := bytes.Index(raw, []byte(bad)); i >= 0 {
			t.Fatalf("%s's output holds %q at byte %d: %q", who, bad, i, raw[max(i-40, 0):min(i+40, len(raw))])
		}
	}
}

// TestPlayJSONEveryGame: a program speaking the JSON protocol over SSH
// plays a whole game of every game against the arcade's bots: it opens a
// table, seats bots, starts, and plays legal moves by id until the game
// is over. Every line it reads is one JSON object, none holds an escape
// byte, and its view is its own seat's.
func TestPlayJSONEveryGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startEveryGame(t, 7)
	for i, g := range everyGame {
		id := g.Engine.Info().ID
		t.Run(id, func(t *testing.T) {
			p := openJSON(t, srv.Addr, "bot"+id)
			p.send(`{"cmd":"new","args":["` + id + `","seats=2"],"ref":1}`)
			if m := p.await("table"); m.You != 0 || m.Status != "waiting" || m.Code == "" {
				t.Fatalf("new: the table message is %+v", m)
			}
			// Bad commands get one sentence each and change nothing.
			for _, bad := range []string{"start", `{"cmd":"move","id":"nonsense(9)"}`, `{"cmd":"bots","bogus":1}`, "xyzzy", "new nosuchgame"} {
				p.send(bad)
				if m := p.next(); m.Type != "error" || m.Error == "" || strings.Count(m.Error, ". ") > 1 {
					t.Fatalf("%s: got %+v, want one sentence of error", bad, m)
				}
			}
			p.send(`{"cmd":"who","ref":7}`)
			if m := p.await("reply"); len(m.Lines) != 1 || !strings.Contains(m.Lines[0], "Seat 2: empty") {
				t.Fatalf("who after refused commands: %+v", m)
			}
			p.send(`{"cmd":"bots","args":["easy"]}`)
			p.await("ok")
			p.send("start")
			p.await("ok")
			end, played := p.playOut(rand.New(rand.NewPCG(uint64(i), 1)), 3*time.Minute)
			t.Logf("%s: played %d moves; the game ended: %s", id, played, strings.Join(end.Events, " / "))
			var view struct {
				You int `json:"you"`
			}
			if err := json.Unmarshal(end.View, &view); err != nil || view.You != 0 {
				t.Errorf("the last view is not seat 0's (%v): %.200s", err, end.View)
			}
			p.send("quit")
			p.await("ok")
			p.await("bye")
			select {
			case <-p.l.Done():
			case <-time.After(waitLong):
				t.Fatal("the session did not end after quit")
			}
			checkNoEscapes(t, id, p.l.Raw())
		})
	}
}

// promptRE finds line mode's turn prompt and its count of moves.
var promptRE = regexp.MustCompile(`^Your (?:turn|answer)\. (\d+) moves?: `)

// linePerson is a person typing commands in line mode: at each prompt
// they type a move's number.
type linePerson struct {
	t    *testing.T
	l    *sshtest.Lines
	rng  *rand.Rand
	seen []string
	// quiet is when a line last came; after a while with none, the
	// person asks whose turn it is (a prompt may have been refused).
	quiet time.Time
	over  bool
}

// openLine starts a line session as user, the way opts says.
func openLine(t *testing.T, addr, user string, opts sshtest.LineOptions, seed uint64) *linePerson {
	t.Helper()
	if opts.Key == nil {
		opts.Key = sshtest.NewKey(t)
	}
	l, err := sshtest.OpenLines(addr, user, opts)
	if err != nil {
		t.Fatalf("line mode for %s: %v", user, err)
	}
	t.Cleanup(func() { _ = l.Close() })
	p := &linePerson{t: t, l: l, rng: rand.New(rand.NewPCG(seed, 2)), quiet: time.Now()}
	p.waitFor("Welcome to the arcade")
	return p
}

// waitFor reads lines until one holds substr.
func (p *linePerson) waitFor(substr string) string {
	p.t.Helper()
	line, err := p.l.WaitFor(substr, waitLong)
	if err != nil {
		p.t.Fatal(err)
	}
	return line
}

// send types a command and enter.
func (p *linePerson) send(cmd string) {
	p.t.Helper()
	if err := p.l.Send(cmd); err != nil {
		p.t.Fatalf("typing %s: %v", cmd, err)
	}
}

// command types cmd and reads until a line holds want ("" for the first
// line answering it); a fast game may have spent the session's command
// budget, so a refusal for too many commands is waited out and the
// command typed again.
func (p *linePerson) command(cmd, want string) {
	p.t.Helper()
	deadline := time.Now().Add(waitLong)
	p.send(cmd)
	for time.Now().Before(deadline) {
		line, err := p.l.Next(time.Until(deadline))
		if err != nil {
			break
		}
		switch {
		case strings.Contains(line, "Too many commands at once"):
			time.Sleep(100 * time.Millisecond)
			p.send(cmd)
		case want == "" || strings.Contains(line, want):
			return
		}
	}
	p.t.Fatalf("no answer holding %q to %s", want, cmd)
}

// step reads what came (waiting up to wait for the first line) and, at a
// prompt, types a random move's number. It reports whether anything came.
func (p *linePerson) step(wait time.Duration) bool {
	p.t.Helper()
	line, err := p.l.Next(wait)
	if err != nil {
		if time.Since(p.quiet) > 2*time.Second && !p.over {
			p.send("turn")
			p.quiet = time.Now()
		}
		return false
	}
	p.quiet = time.Now()
	p.seen = append(p.seen, line)
	if strings.HasPrefix(line, "The game is over.") {
		p.over = true
	}
	if m := promptRE.FindStringSubmatch(line); m != nil && !p.over {
		n, _ := strconv.Atoi(m[1])
		p.send(strconv.Itoa(1 + p.rng.IntN(n)))
	}
	return true
}

// playOut plays until the game is over.
func (p *linePerson) playOut(limit time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(limit)
	for !p.over {
		if time.Now().After(deadline) {
			p.t.Fatalf("the game did not end within %v; the last lines:\n%s", limit, strings.Join(p.seen[max(len(p.seen)-30, 0):], "\n"))
		}
		p.step(time.Second)
	}
}

// lineWays are the ways a person asks for line mode: the line command
// with a terminal, a terminal called dumb, and ARCADE_UI=line.
var lineWays = []sshtest.LineOptions{
	{Command: "line", Term: "xterm-256color"},
	{Term: "dumb"},
	{Term: "xterm-256color", Env: map[string]string{"ARCADE_UI": "line"}},
}

// TestLineModeEveryGame: a person in line mode, asking for it each of the
// three ways, plays a whole game of every game against the arcade's bots
// by typing commands, and from connect to quit the server writes no
// escape byte.
func TestLineModeEveryGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startEveryGame(t, 11)
	for i, g := range everyGame {
		id := g.Engine.Info().ID
		t.Run(id, func(t *testing.T) {
			p := openLine(t, srv.Addr, "ann"+id[:4], lineWays[i%len(lineWays)], uint64(i))
			// Arrow keys, a bell and a colour typed into the line are
			// dropped, never echoed.
			if err := p.l.Type("\x1b[A\x1b[Dwh\x07o\x1b[31m\r"); err != nil {
				t.Fatal(err)
			}
			p.waitFor("You are not at a table")
			p.send("new " + g.Engine.Info().Name + " seats=2")
			p.waitFor("You sit in seat 1 of 2")
			p.send("bots easy")
			p.waitFor("bot takes seat 2")
			p.send("start")
			p.waitFor("started the game.")
			p.playOut(3 * time.Minute)
			t.Logf("%s: %d lines; the last: %s", id, len(p.seen), strings.Join(p.seen[max(len(p.seen)-4, 0):], " / "))
			p.command("look", "")
			p.command("quit", "Goodbye.")
			select {
			case <-p.l.Done():
			case <-time.After(waitLong):
				t.Fatal("the session did not end after quit")
			}
			checkNoEscapes(t, id, p.l.Raw())
		})
	}
}

// TestLineJSONAndFullScreenAtOneTable: a person in the full-screen
// interface, a person in line mode and a program speaking JSON play one
// game of Fire in the Library together to its end.
func TestLineJSONAndFullScreenAtOneTable(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game over SSH")
	}
	srv := startEveryGame(t, 5)
	anna := sshtest.Dial(t, srv.Addr, "anna", sshtest.Options{Key: sshtest.NewKey(t), Cols: 120, Rows: 40})
	if err := anna.WaitFor(sshtest.LobbyMarker, waitLong); err != nil {
		t.Fatal(err)
	}
	// anna opens a three-seat table of the first game: c, Seats 4 -> 3.
	send(t, anna, "c")
	if err := anna.WaitFor("NEW TABLE", waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, anna, "j", "h", "\r")
	if err := anna.WaitFor("Invite code:", waitLong); err != nil {
		t.Fatal(err)
	}
	code := inviteRE.FindStringSubmatch(anna.Screen())[1]
	bob := openLine(t, srv.Addr, "bob", sshtest.LineOptions{Command: "line " + code, Term: "dumb"}, 1)
	bob.waitFor("You sit in seat 2 of 3")
	cy := openJSON(t, srv.Addr, "cy")
	cy.send(`{"cmd":"join","args":["` + strings.ToLower(code) + `"]}`)
	cy.await("table")
	if err := anna.WaitFor("waiting 3/3", waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, anna, "S")
	bob.waitFor("started the game.")

	rng := rand.New(rand.NewPCG(3, 3))
	drawn := map[string]int{}
	cyOver := false
	for step := 0; !(bob.over && cyOver && strings.Contains(anna.Screen(), "GAME OVER")); step++ {
		if step > 20000 {
			t.Fatalf("the game did not end; anna's screen:\n%s", anna.Screen())
		}
		moved := playOneMove(t, map[string]*sshtest.Term{"anna": anna}, drawn, func(_ string, keys, _ []string) string {
			return keys[rng.IntN(len(keys))]
		})
		for bob.step(time.Millisecond) {
		}
		for !cyOver {
			line, err := cy.l.Next(time.Millisecond)
			if err != nil {
				break
			}
			cyOver = cy.act(line, rng)
		}
		if !moved {
			time.Sleep(10 * time.Millisecond)
		}
	}
	checkNoEscapes(t, "bob", bob.l.Raw())
}

// act reads one line of the protocol and plays a random move when it
// offers some; it reports whether the game is over.
func (p *jsonPlayer) act(line string, rng *rand.Rand) bool {
	p.t.Helper()
	var m msg
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		p.t.Fatalf("not JSON: %q", line)
	}
	if m.Type != "table" {
		return false
	}
	if m.Outcome != nil && m.Outcome.Done {
		return true
	}
	if m.YourTurn {
		id, _ := json.Marshal(m.Moves[rng.IntN(len(m.Moves))].ID)
		p.send(`{"cmd":"move","id":` + string(id) + `}`)
	}
	return false
}

// TestLineFloodIsBounded: a program that sends a flood of commands at
// once gets most of them refused, one sentence each, and its session goes
// on: a moment later its commands are taken again. Quit is never refused:
// at the end of another flood it ends the session.
func TestLineFloodIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("over SSH")
	}
	srv := startEveryGame(t, 1)
	p := openJSON(t, srv.Addr, "flood")
	p.await("lobby")
	if err := p.l.Type(strings.Repeat("games\n", 300)); err != nil {
		t.Fatal(err)
	}
	replies, refused := 0, 0
	for replies+refused < 300 {
		switch m := p.next(); {
		case m.Type == "reply":
			replies++
		case m.Type == "error" && strings.HasPrefix(m.Error, "Too many commands"):
			refused++
		}
	}
	if refused == 0 || replies < 50 {
		t.Fatalf("of 300 commands at once %d were answered and %d refused", replies, refused)
	}
	time.Sleep(600 * time.Millisecond)
	p.send(`{"cmd":"who","ref":1}`)
	if m := p.next(); m.Type != "error" || !strings.Contains(m.Error, "not at a table") {
		t.Fatalf("after the flood: %+v", m)
	}
	if err := p.l.Type(strings.Repeat("games\n", 300) + "quit\n"); err != nil {
		t.Fatal(err)
	}
	for m := p.next(); m.Type != "bye"; m = p.next() {
		if m.Type == "error" && m.Cmd == "quit" {
			t.Fatalf("quit after a flood: %s", m.Error)
		}
	}
	select {
	case <-p.l.Done():
	case <-time.After(waitLong):
		t.Fatal("the session did not end after quit")
	}
}

// TestLineKickSaysWhy: an admin's kick ends a line session with the same
// sentence a full-screen player reads.
func TestLineKickSaysWhy(t *testing.T) {
	if testing.Short() {
		t.Skip("over SSH")
	}
	boss := sshtest.NewKey(t)
	srv := startAdmin(t, t.TempDir(), boss)
	p := openLine(t, srv.Addr, "troll", sshtest.LineOptions{Command: "line", Term: "xterm"}, 1)
	if out, err := sshtest.Exec(srv.Addr, "boss", boss, "admin kick troll spamming"); err != nil {
		t.Fatalf("admin kick: %v %q", err, out)
	}
	p.waitFor("Your session was ended: kicked by an admin: spamming.")
}

// TestLineTableSettings: line mode opens and changes a table with every
// setting the new-table form has (casual, a correspondence response
// window), and a setting it cannot take changes nothing.
func TestLineTableSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("over SSH")
	}
	srv := startEveryGame(t, 5)
	p := openLine(t, srv.Addr, "anna", sshtest.LineOptions{Command: "line", Term: "xterm"}, 1)
	p.command("new firetower seats=2 bots=1", "type bots [LEVEL] to fill every empty seat")
	p.command("new firetower seats=2 window=4h", "response window is a decision's time")
	p.command("new firetower seats=2 casual clock=3days window=4h", "You sit in seat 1 of 2")
	p.waitFor("Answers out of turn may take 4 hours")
	p.waitFor("The game will be casual")
	p.command("set window=2h", "Response windows are decision, 1h, 4h and 12h, not \"2h\".")
	p.command("set rated=maybe", "rated is yes or no")
	p.command("set rated=yes window=decision", "Answers out of turn may take as long as a decision")
	p.waitFor("The game will be rated if every seat is a keyed player's")
}
