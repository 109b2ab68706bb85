package engine

import (
	"errors"
	"strings"
	"testing"
)

const sampleDoc = `A GAME
======
A short game for testing.

YOUR TURN
---------
Part 1, the wind spreads the blaze. Put one gem on an empty square that
is just downwind of a fire gem. You choose the square; the step is
skipped only when there is none.

VARIANTS (table options)
------------------------
A wind change made by a card takes effect from the next turn.

WIN AND LOSS
You all win at once when the deck runs out. Steps: 1. roll; 2. draw.
The Library does not burn in step 3. Then it rests.
You lose "at the 12th turn." Then the game ends.

RULINGS
-------
From the data sheet:
 1. The rulebook: "Choose one empty space". Wind
    step: the square must be empty.
 2. The rulebook is silent on ties.

 3. A third ruling
    on two lines.
`

func TestExplainRuling(t *testing.T) {
	for n, want := range map[int]string{
		1: `The rulebook: "Choose one empty space". Wind step: the square must be empty.`,
		2: "The rulebook is silent on ties.",
		3: "A third ruling on two lines.",
	} {
		got, err := Explain(sampleDoc, Ruling(n))
		if err != nil || got.Text != want || got.Title != "Ruling "+string(rune('0'+n)) {
			t.Errorf("ruling %d = %+v, %v; want %q", n, got, err, want)
		}
	}
	if _, err := Explain(sampleDoc, Ruling(4)); err == nil {
		t.Error("ruling 4 explained, the doc has three")
	}
}

func TestExplainPhrase(t *testing.T) {
	for _, c := range []struct {
		rule  Rule
		title string
		text  string
	}{
		{"is just downwind", "Your turn", "Put one gem on an empty square that is just downwind of a fire gem."},
		{"skipped only", "Your turn", "You choose the square; the step is skipped only when there is none."},
		{"takes effect from", "Variants (table options)", "A wind change made by a card takes effect from the next turn."},
		{"at the 12th", "Win and loss", `You lose "at the 12th turn."`},
		{"short game", "A game", "A short game for testing."},
		{"2. draw", "Win and loss", "Steps: 1. roll; 2. draw."},
		{"not burn", "Win and loss", "The Library does not burn in step 3."},
	} {
		got, err := Explain(sampleDoc, c.rule)
		if err != nil || got.Title != c.title || got.Text != c.text {
			t.Errorf("Explain(%q) = %+v, %v; want %q: %q", c.rule, got, err, c.title, c.text)
		}
	}
	for _, bad := range []Rule{"", "   ", "nowhere in the doc", "the"} {
		if got, err := Explain(sampleDoc, bad); err == nil {
			t.Errorf("Explain(%q) = %+v, want an error", bad, got)
		}
	}
}

func TestRefuseCarriesItsRule(t *testing.T) {
	err := Refuse(Ruling(2), "No %s here", "ties")
	var re *RuleError
	if !errors.As(err, &re) || re.Rule != Ruling(2) || re.Msg != "No ties here" {
		t.Fatalf("Refuse = %#v", err)
	}
	if !strings.Contains(err.Error(), "No ties") {
		t.Errorf("Error() = %q", err.Error())
	}
}
