package ui

import (
	"slices"
	"strings"
	"testing"

	"arcade/engine/firelibrary"
	"arcade/engine/firetower"
	uifiretower "arcade/ui/firetower"
)

// formTo moves the new-table form's cursor to the line labelled label and
// presses keys there.
func formTo(t *testing.T, d *driver, label string, keys ...string) {
	t.Helper()
	f, ok := d.app.cur.(*createScreen)
	if !ok {
		t.Fatalf("not at the new-table form:\n%s", d.screen())
	}
	i := slices.IndexFunc(f.fields(), func(fl field) bool { return fl.label == label })
	if i < 0 {
		t.Fatalf("the form has no %q line:\n%s", label, d.screen())
	}
	for f.row != i {
		d.key("down")
	}
	d.key(keys...)
}

// formLine is the form's line for label, "" when it has none.
func formLine(d *driver, label string) string {
	for l := range strings.SplitSeq(stripANSI(d.screen()), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), label+" ") && strings.Contains(l, "‹") {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// TestFormOffersOnlyOptionsThatApply: the new-table form leaves out an
// option that means nothing with the seats and mode chosen (the solo level
// at a standard table, Fire Tower's teams but at four seats), offers it
// once it applies, and a table opened after it stopped applying gets its
// default, not the value chosen before; Mode cycles through the modes the
// seats allow.
func TestFormOffersOnlyOptionsThatApply(t *testing.T) {
	games := append([]Game{{Engine: firetower.Game{}, Board: uifiretower.NewBoard}}, testGames...)
	d := newDriverOf(t, newHubOf(t, games), games, "anna", 100, 40)
	d.waitFor("THE ARCADE")
	d.key("c")
	d.waitFor("NEW TABLE")
	if l := formLine(d, "Teams"); l == "" {
		t.Fatalf("a four-seat Fire Tower table does not offer teams:\n%s", d.screen())
	}
	formTo(t, d, "Seats", "left")
	if l := formLine(d, "Teams"); l != "" {
		t.Fatalf("a three-seat Fire Tower table offers %q", l)
	}
	formTo(t, d, "Game", "right")
	if l := formLine(d, "Game"); !strings.Contains(l, "Fire in the Library") {
		t.Fatalf("Game line: %q", l)
	}
	if l := formLine(d, "Solo challenge"); l != "" {
		t.Fatalf("a four-seat standard table offers %q", l)
	}
	formTo(t, d, "Seats", "left", "left", "left") // one seat: standard goes, for the first solo mode
	if l := formLine(d, "Mode"); !strings.Contains(l, "solo-robot") {
		t.Fatalf("Mode line at one seat: %q", l)
	}
	if s := d.screen(); strings.Contains(s, "Not allowed") || formLine(d, "Bots") != "" || formLine(d, "Rated") != "" {
		t.Fatalf("one seat: a refusal, bots or a rating offered:\n%s", s)
	}
	formTo(t, d, "Solo challenge", "right")
	if l := formLine(d, "Solo challenge"); !strings.Contains(l, "hard") {
		t.Fatalf("the solo level did not change: %q", l)
	}
	formTo(t, d, "Mode", "right", "right") // lone-librarian, then solo-robot again: standard is for 2 or more
	if l := formLine(d, "Mode"); !strings.Contains(l, "solo-robot") {
		t.Fatalf("Mode at one seat cycles through the solo modes only: %q", l)
	}
	formTo(t, d, "Seats", "right") // two seats: a solo mode goes, for the standard one
	if l := formLine(d, "Mode"); !strings.Contains(l, "standard") {
		t.Fatalf("Mode line at two seats: %q", l)
	}
	if l := formLine(d, "Solo challenge"); l != "" {
		t.Fatalf("a two-seat standard table still offers %q:\n%s", l, d.screen())
	}
	d.key("enter")
	d.waitFor("WAITING FOR PLAYERS")
	u := d.app.table.u
	if u.Options[firelibrary.OptMode] != firelibrary.ModeStandard || u.Options[firelibrary.OptChallenge] != firelibrary.ChallengeRulebook {
		t.Fatalf("the table's options: %v (the moot level must go back to rulebook)", u.Options)
	}
	if s := stripANSI(d.screen()); strings.Contains(s, "Solo challenge") {
		t.Fatalf("the waiting table lists the moot solo level:\n%s", s)
	}
}

// TestFormClockFollowsTheBots: the clock the host left alone is off while
// every other seat is a bot, whether the bots or the seats made it so, and
// relaxed again once a seat is left for a person; a clock the host chose
// stays.
func TestFormClockFollowsTheBots(t *testing.T) {
	d := newDriverOf(t, newHubOf(t, testGames), testGames, "anna", 100, 40)
	d.waitFor("THE ARCADE")
	d.key("c")
	d.waitFor("NEW TABLE")
	clock := func() string { return formLine(d, "Turn clock") }
	for _, step := range []struct{ label, key, want string }{
		{"Seats", "left", "relaxed"},  // 3 seats, no bot
		{"Bots", "right", "relaxed"},  // 1 bot of 3 seats
		{"Seats", "left", "off"},      // 2 seats: the other is the bot
		{"Seats", "right", "relaxed"}, // 3 seats: one for a person
		{"Seats", "left", "off"},
		{"Turn clock", "left", "7 days"},
		{"Seats", "right", "7 days"}, // chosen by the host: it stays
	} {
		formTo(t, d, step.label, step.key)
		if got := clock(); !strings.Contains(got, step.want) {
			t.Fatalf("after %s %s the clock reads %q, want %s:\n%s", step.label, step.key, got, step.want, d.screen())
		}
	}
}
