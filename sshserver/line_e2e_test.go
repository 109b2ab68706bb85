package sshserver_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
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
			select {
			case <-p.l.Done():
			case <-time.After(waitLong):
				t.Fatal("the session did not end after quit")
			}
			checkNoEscapes(t, id, p.l.Raw())
		})
	}
}
