package ui

import (
	"testing"

	"arcade/engine"
)

// TestOptionWord: a switch reads yes or no, as the new-table form shows
// it; a choice reads as its value.
func TestOptionWord(t *testing.T) {
	sw := engine.OptionSpec{Key: "teams", Kind: engine.Bool}
	ch := engine.OptionSpec{Key: "deck", Kind: engine.Choice, Choices: []string{"standard", "short"}}
	for _, c := range []struct {
		o       engine.OptionSpec
		v, want string
	}{{sw, "true", "yes"}, {sw, "false", "no"}, {ch, "short", "short"}, {ch, "true", "true"}} {
		if got := optionWord(c.o, c.v); got != c.want {
			t.Errorf("optionWord(%s, %q) = %q, want %q", c.o.Key, c.v, got, c.want)
		}
	}
}

// TestStrayKeyAtAWaitingTable: a key that means nothing at a waiting table
// says what the table waits for and who ends the wait with which key: the
// host's empty seats (B, S), a full table (S), or the host.
func TestStrayKeyAtAWaitingTable(t *testing.T) {
	hub := newHub(t)
	anna := newDriver(t, hub, "anna", 100, 30)
	anna.waitFor("THE ARCADE")
	if err := anna.client.Create("firelibrary", 2, false, nil); err != nil {
		t.Fatal(err)
	}
	anna.waitFor("waiting 1/2")
	anna.key("z")
	anna.waitFor("Waiting for players: B seats bots; then S starts.")
	bob := newDriver(t, hub, "bob", 100, 30)
	bob.waitFor("THE ARCADE")
	if err := bob.client.Join(anna.app.table.u.Table.ID); err != nil {
		t.Fatal(err)
	}
	bob.waitFor("WAITING")
	anna.waitFor("waiting 2/2")
	bob.key("z")
	bob.waitFor("Every seat is filled: the host starts the game.")
	anna.key("z")
	anna.waitFor("Every seat is filled: S starts the game.")
}
