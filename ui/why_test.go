package ui

import (
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/rooms"
)

// TestWhyExplainsTheRule: W opens the rule behind the newest effect of
// the rules in the log, in the rules doc's words; W again the one before;
// esc goes back to the board. A refusal that cites a rule comes first and
// says on the status line that W explains it.
func TestWhyExplainsTheRule(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 100, 40)
	ts := atTable(t, d)
	g, ok := engine.FindGame(d.app.s.games, ts.u.Table.Game)
	if !ok {
		t.Fatal("no game")
	}
	explain := func(r engine.Rule) engine.Explanation {
		e, err := engine.Explain(g.Info().Rules, r)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	firstWords := func(e engine.Explanation) string { return strings.Join(strings.Fields(e.Text)[:4], " ") }

	ts.setUpdate(withUpdate(ts, func(u *rooms.TableUpdate) { u.Log = logLines("a choice") }))
	d.key("W")
	if s := stripANSI(d.screen()); strings.Contains(s, "WHY?") || !strings.Contains(s, "Nothing to explain yet") {
		t.Fatalf("W with nothing to explain:\n%s", s)
	}
	ts.setUpdate(withUpdate(ts, func(u *rooms.TableUpdate) {
		u.Log = append(logLines("an older effect", "a choice"), rooms.LogLine{Text: "the newest effect", Rule: engine.Ruling(2)}, rooms.LogLine{Text: "a later choice"})
		u.Log[0].Rule = engine.Ruling(1)
	}))
	if s := stripANSI(d.screen()); !strings.Contains(s, "W why?") {
		t.Fatalf("the key line does not offer W:\n%s", s)
	}
	d.key("W")
	s := stripANSI(d.screen())
	if !strings.Contains(s, "WHY? 1 of 2") || !strings.Contains(s, "the newest effect") || !strings.Contains(s, "Ruling 2") ||
		!strings.Contains(s, firstWords(explain(engine.Ruling(2)))) {
		t.Fatalf("W does not explain the newest effect by ruling 2:\n%s", s)
	}
	// A new line of the log leaves the pane where it is.
	ts.setUpdate(withUpdate(ts, func(u *rooms.TableUpdate) {
		u.Log = append(slices.Clone(u.Log), rooms.LogLine{Text: "a yet newer effect", Rule: engine.Ruling(3)})
	}))
	if s := stripANSI(d.screen()); !strings.Contains(s, "WHY? 2 of 3") || !strings.Contains(s, "the newest effect") {
		t.Fatalf("a new line of the log moved the pane:\n%s", s)
	}
	d.key("W")
	if s := stripANSI(d.screen()); !strings.Contains(s, "WHY? 3 of 3") || !strings.Contains(s, "an older effect") || !strings.Contains(s, "Ruling 1") ||
		!strings.Contains(s, firstWords(explain(engine.Ruling(1)))) {
		t.Fatalf("W again does not go to the effect before:\n%s", s)
	}
	d.key("esc")
	if s := stripANSI(d.screen()); strings.Contains(s, "WHY?") {
		t.Fatalf("esc did not close the pane:\n%s", s)
	}

	d.send(resultMsg{err: engine.Refuse(engine.Ruling(3), "Not like that")})
	if s := stripANSI(d.screen()); !strings.Contains(s, "Not like that (W: why?)") {
		t.Fatalf("the refusal does not offer W:\n%s", s)
	}
	d.key("W")
	if s := stripANSI(d.screen()); !strings.Contains(s, "WHY? 1 of 4") || !strings.Contains(s, "Not like that") || !strings.Contains(s, "Ruling 3") {
		t.Fatalf("W does not explain the refusal first:\n%s", s)
	}
	d.key("down")
	if s := stripANSI(d.screen()); strings.Contains(s, "WHY?") {
		t.Fatalf("another key did not close the pane:\n%s", s)
	}

	// A refusal wider than the screen is cut, and the offer of W is kept.
	long := "The Portal lets you in only with every component your Horror needs and Fortitude 0 or more after you enter"
	d.send(resultMsg{err: engine.Refuse(engine.Ruling(3), "%s", long)})
	if s := stripANSI(d.screen()); !strings.Contains(s, "The Portal lets you in only") || !strings.Contains(s, "… (W: why?)") {
		t.Fatalf("a long refusal lost its offer of W:\n%s", s)
	}
}
