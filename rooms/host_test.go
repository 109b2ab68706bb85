package rooms

import (
	"errors"
	"strings"
	"testing"

	"arcade/engine"
)

// pickyGame refuses to be dealt for three seats with reask on, as Fire
// Tower refuses Teams for three.
type pickyGame struct{ toyGame }

func (g pickyGame) New(n int, opts engine.Options, seed uint64) (engine.State, error) {
	if n == 3 && opts.Bool("reask") {
		return nil, engine.Illegal("Reask needs 2 or 4 players.")
	}
	return g.toyGame.New(n, opts, seed)
}

// TestHostControlsBeforeTheStart: a combination the rules forbid is refused
// when chosen (creating the table, or changing its options), not at the
// start; the host changes options and hands the role on before the start.
func TestHostControlsBeforeTheStart(t *testing.T) {
	picky := pickyGame{toyGame{id: "picky-test"}}
	h := testHub(t, Config{Games: append([]engine.Game{picky}, toyGames...)})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	if err := a.Create("picky-test", 3, false, engine.Options{"reask": "true"}); err == nil || !strings.Contains(err.Error(), "Reask needs") {
		t.Fatalf("a forbidden setup was created: %v", err)
	}
	must(t, a.Create("picky-test", 3, false, nil))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	if err := a.SetOptions(engine.Options{"reask": "true"}); err == nil {
		t.Fatal("a forbidden option was taken")
	}
	if err := b.SetOptions(engine.Options{"target": "3"}); !errors.Is(err, ErrNotHost) {
		t.Fatalf("a guest changed the options: %v", err)
	}
	must(t, a.SetOptions(engine.Options{"target": "3"}))
	a.table("options changed", func(u *TableUpdate) bool { return u.Options["target"] == "3" })
	if err := a.HandHost(2); err == nil {
		t.Fatal("the host role went to an empty seat")
	}
	must(t, a.HandHost(1))
	u := b.table("bob hosts", func(u *TableUpdate) bool { return u.Host })
	if !hasLine(u.Log, "bob is now the host.") {
		t.Fatalf("log: %q", u.Log)
	}
	if err := a.Start(); !errors.Is(err, ErrNotHost) {
		t.Fatalf("the old host started the game: %v", err)
	}
}
