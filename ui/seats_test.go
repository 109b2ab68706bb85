package ui

import (
	"strings"
	"testing"
)

// TestHostSeatsBotsOfAnyLevelInAnySeat drives the seats panel: the host
// chooses the seat and the level, the cursor moves on to the next empty
// seat, a taken seat is refused with a reason, x removes a bot, and only
// the host may open the panel.
func TestHostSeatsBotsOfAnyLevelInAnySeat(t *testing.T) {
	hub := newHub(t)
	d := newDriver(t, hub, "anna", 80, 24)
	d.waitFor("THE ARCADE")
	if err := d.client.Create("firelibrary", 4, false, nil); err != nil {
		t.Fatal(err)
	}
	d.waitFor("WAITING FOR PLAYERS")
	d.key("B")
	s := d.waitFor("Bot level")
	if !strings.Contains(s, "› 2. empty") || !strings.Contains(s, "[normal]") {
		t.Fatalf("the panel should open on the first empty seat at level normal:\n%s", s)
	}
	d.key("j", "l", "enter") // seat 3, hard
	d.waitFor("3. Hard bot")
	if s := d.screen(); !strings.Contains(s, "› 4. empty") {
		t.Fatalf("the cursor should move on to seat 4:\n%s", s)
	}
	d.key("k", "enter") // seat 3 is taken now
	if s := d.screen(); !strings.Contains(s, "Seat 3 is not empty") {
		t.Fatalf("seating a bot on a taken seat should be refused with a reason:\n%s", s)
	}
	d.key("k", "h", "h", "enter") // seat 2, easy
	s = d.waitFor("2. Easy bot")
	if !strings.Contains(s, "› 4. empty") {
		t.Fatalf("the cursor should move on to the next empty seat, 4:\n%s", s)
	}
	d.key("k", "k", "k", "enter") // seat 1 is the host's
	d.waitFor("Seat 1 is not empty")
	d.key("j", "j", "x") // remove the hard bot in seat 3
	s = d.waitFor("3. empty")
	if !strings.Contains(s, "2. Easy bot") {
		t.Fatalf("x removed the wrong bot:\n%s", s)
	}
	d.key("z")
	if s := d.screen(); !strings.Contains(s, "does nothing here") {
		t.Fatalf("a stray key in the panel should explain itself:\n%s", s)
	}
	d.key("esc")
	if s := d.screen(); strings.Contains(s, "Bot level") {
		t.Fatalf("esc should close the panel:\n%s", s)
	}

	bob := newDriver(t, hub, "bob", 80, 24)
	bob.waitFor("THE ARCADE")
	if err := bob.client.Join(d.app.table.u.Table.ID); err != nil {
		t.Fatal(err)
	}
	bob.waitFor("WAITING")
	bob.key("B")
	if s := bob.screen(); !strings.Contains(s, "Only the host seats bots") || strings.Contains(s, "Bot level") {
		t.Fatalf("a guest opened the seats panel:\n%s", s)
	}

	d.waitFor("bob joined")
	d.key("B", "enter") // the last empty seat: the panel closes
	s = d.waitFor("Every seat is filled")
	if strings.Contains(s, "Bot level") {
		t.Fatalf("the panel should close once every seat is filled:\n%s", s)
	}
}

// TestHostGivesAnAwaySeatToABot: mid-game, the panel offers only the seat
// of the player who left; the bot plays for them until the host takes it
// out again.
func TestHostGivesAnAwaySeatToABot(t *testing.T) {
	hub := newHub(t)
	d := newDriver(t, hub, "anna", 80, 24)
	bob := newDriver(t, hub, "bob", 80, 24)
	d.waitFor("THE ARCADE")
	if err := d.client.Create("firelibrary", 2, false, nil); err != nil {
		t.Fatal(err)
	}
	d.waitFor("WAITING FOR PLAYERS")
	if err := bob.client.Join(d.app.table.u.Table.ID); err != nil {
		t.Fatal(err)
	}
	d.waitFor("bob joined")
	d.key("S")
	d.waitFor("YOUR TOOLS")
	if err := bob.client.Leave(); err != nil {
		t.Fatal(err)
	}
	d.waitFor("bot for a player who left")
	d.key("B")
	s := d.waitFor("Bot level")
	if !strings.Contains(s, "› 2. bob (away)") {
		t.Fatalf("the panel should open on the away player's seat:\n%s", s)
	}
	d.key("l", "enter")
	d.waitFor("Until bob comes back, a hard bot plays for them")
	d.key("B")
	d.waitFor("2. bob (away; a hard bot plays for them)")
	d.key("j", "x")
	d.waitFor("The bot stops playing for bob")
	d.key("k", "enter")
	d.waitFor("Seat 1 is not free")
}
