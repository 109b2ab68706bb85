package sshserver_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"arcade/engine"
	"arcade/engine/horror"
	"arcade/rooms"
	"arcade/sshserver"
	"arcade/sshserver/sshtest"
	"arcade/ui"
	uihorror "arcade/ui/horror"
)

// knifeGame is Horror in the Library dealt for the test: setup done
// (both players in the same room), the active player holding a Knife and
// the other a Protection against stabbing, so that the test depends
// neither on luck nor on the engine's dealing code.
type knifeGame struct{ horror.Game }

// Card ids in the engine's data: the first Knife and the Protection
// against stabbing.
const (
	knifeCard      = 14
	protectionCard = 4
)

// New implements engine.Game: a game set up and then dealt the two cards
// (through the saved state, which Restore checks).
func (g knifeGame) New(players int, opts engine.Options, seed uint64) (engine.State, error) {
	st, err := g.Game.New(players, opts, seed)
	if err != nil {
		return nil, err
	}
	for !slices.Contains([]string{"turn"}, string(st.View(engine.Spectator).(horror.View).Phase)) {
		s := st.Pending()[0]
		a := st.Legal(s)[0] // the first colours, and everyone starts in the first room
		if _, err := st.Apply(s, a); err != nil {
			return nil, err
		}
	}
	data, err := st.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	active := int(m["active"].(float64))
	take := func(deck string, card int) {
		var out []any
		for _, c := range m[deck].([]any) {
			if int(c.(float64)) != card {
				out = append(out, c)
			}
		}
		m[deck] = out
	}
	take("curses", knifeCard)
	take("blessings", protectionCard)
	seats := m["seats"].([]any)
	seats[active].(map[string]any)["cards"] = []any{knifeCard}
	seats[1-active].(map[string]any)["cards"] = []any{protectionCard}
	if data, err = json.Marshal(m); err != nil {
		return nil, err
	}
	return g.Game.Restore(data)
}

// TestHorrorKnifeAndProtectionOverSSH: in a two-player game over real
// SSH clients, one player stabs the other with a Knife from their
// terminal; the victim's own terminal shows the attack with its
// countdown, and they answer with their Protection against stabbing;
// both screens show that the Knife did no harm.
func TestHorrorKnifeAndProtectionOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game over SSH")
	}
	games := []ui.Game{{Engine: knifeGame{}, Board: uihorror.NewBoard}}
	srv := sshtest.StartHub(t, rooms.Config{Games: ui.Engines(games), BotDelay: time.Millisecond,
		ResponseWindow: time.Minute}, func(c *sshserver.Config) { c.Games = games })
	ann := sshtest.Dial(t, srv.Addr, "ann", sshtest.Options{Key: sshtest.NewKey(t), Cols: 100, Rows: 36})
	ben := sshtest.Dial(t, srv.Addr, "ben", sshtest.Options{Key: sshtest.NewKey(t), Cols: 120, Rows: 40})
	for _, p := range []*sshtest.Term{ann, ben} {
		expect(t, p, sshtest.LobbyMarker)
	}
	// ann: c, Seats 4 -> 2, private.
	send(t, ann, "c")
	expect(t, ann, "Horror in the Library")
	send(t, ann, "j", "h", "h", "j", "l", "\r")
	expect(t, ann, "Invite code:")
	code := inviteRE.FindStringSubmatch(ann.Screen())[1]
	send(t, ben, "i", code+"\r")
	expect(t, ann, "waiting 2/2")
	send(t, ann, "S")

	// Whoever moves first holds the Knife.
	players := map[string]*sshtest.Term{"ann": ann, "ben": ben}
	var attacker, victim string
	if err := ann.WaitUntil("a first turn", func(s string) bool {
		return strings.Contains(s, "Your turn: 3 actions left") || strings.Contains(s, "ben's turn: 3 actions left")
	}, waitLong); err != nil {
		t.Fatal(err)
	}
	attacker, victim = "ben", "ann"
	if strings.Contains(ann.Screen(), "Your turn: 3 actions left") {
		attacker, victim = "ann", "ben"
	}
	a, v := players[attacker], players[victim]
	expect(t, a, "Cards: Knife")
	expect(t, v, "Cards: Protection against stabbing")
	if strings.Contains(a.Screen(), "Protection against stabbing") || strings.Contains(v.Screen(), "Knife") {
		t.Fatalf("a player sees the other's card:\n%s\n%s", a.Screen(), v.Screen())
	}
	act(t, a, offered(t, a, "Play Knife on player"))

	// The victim answers from their own terminal, within the countdown.
	expect(t, v, "attacks you with a Knife")
	expect(t, v, "y play your Protection")
	expect(t, v, "⏱ ")
	expect(t, a, "to answer")
	if k := offered(t, v, "Play Protection against stabbing"); k != "y" {
		t.Fatalf("the Protection's key is %q, not y", k)
	}
	act(t, v, "y")
	for _, p := range []*sshtest.Term{a, v} {
		if err := p.WaitUntil("the Protection in the log", func(s string) bool {
			return strings.Contains(logText(s), "Protection against stabbing: the Knife does them no harm")
		}, waitLong); err != nil {
			t.Fatal(err)
		}
	}
	expect(t, a, "Your turn: 3 actions left")
	if strings.Contains(v.Screen(), "Cards: Protection") || strings.Contains(a.Screen(), "Cards: Knife") {
		t.Fatalf("the cards were not played:\n%s\n%s", a.Screen(), v.Screen())
	}
}

// horrorMoves lists the keys and labels offered under YOUR MOVE, past the
// line that counts the moves made on the board.
func horrorMoves(screen string) (keys, labels []string) {
	_, pane, _ := strings.Cut(screen, "YOUR MOVE")
	for _, line := range strings.Split(pane, "\n") {
		if m := moveRE.FindStringSubmatch(line); m != nil {
			keys = append(keys, m[1])
			labels = append(labels, strings.TrimSpace(m[2]))
		}
	}
	return keys, labels
}

// offered waits until p's move pane offers a move whose label starts with
// prefix, and returns its key.
func offered(t *testing.T, p *sshtest.Term, prefix string) string {
	t.Helper()
	key := ""
	if err := p.WaitUntil("the move "+prefix, func(s string) bool {
		keys, labels := horrorMoves(s)
		if i := slices.IndexFunc(labels, func(l string) bool { return strings.HasPrefix(l, prefix) }); i >= 0 {
			key = keys[i]
		}
		return key != ""
	}, waitLong); err != nil {
		t.Fatal(err)
	}
	return key
}
