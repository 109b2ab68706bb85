package line

import (
	"bytes"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/rooms"
)

// TestWhyQuotesTheRule: why quotes the rule behind the last refusal that
// cited one, then (why N) behind the log's effects of the rules, newest
// first, with the rules doc's own words; a refusal says that why explains
// it.
func TestWhyQuotesTheRule(t *testing.T) {
	g := everyGame[0].Engine
	doc := g.Info().Rules
	var out bytes.Buffer
	s := newSession(Config{Games: everyGame, Out: &out})
	s.cur = &rooms.TableUpdate{
		Table: rooms.TableSummary{Game: g.Info().ID},
		Log: []rooms.LogLine{{Text: "an older effect", Rule: engine.Ruling(1)}, {Text: "a choice"},
			{Text: "the newest effect", Rule: engine.Ruling(2)}},
	}
	run := func(line string) string {
		out.Reset()
		c, err := parse(line, false)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.exec(c); err != nil {
			t.Fatal(err)
		}
		s.out.flush(&s.ed)
		return out.String()
	}
	rule := func(n int) string {
		e, err := engine.Explain(doc, engine.Ruling(n))
		if err != nil {
			t.Fatal(err)
		}
		return e.String()
	}
	if got := run("why"); !strings.Contains(got, "the newest effect") || !strings.Contains(got, rule(2)) {
		t.Errorf("why = %q, want the newest effect and %q", got, rule(2))
	}
	if got := run("why 2"); !strings.Contains(got, "an older effect") || !strings.Contains(got, rule(1)) {
		t.Errorf("why 2 = %q, want the older effect and %q", got, rule(1))
	}
	if got := run("why 3"); !strings.Contains(got, "Only 2 things to explain: why 2 is the oldest.") {
		t.Errorf("why 3 = %q", got)
	}
	if got := s.refusal(engine.Refuse(engine.Ruling(3), "Not like that.")); got != "Not like that. (why: the rule)" {
		t.Errorf("a refusal that cites a rule says %q", got)
	}
	if got := run("why"); !strings.Contains(got, "Not like that.") || !strings.Contains(got, rule(3)) {
		t.Errorf("why after a refusal = %q, want it and %q", got, rule(3))
	}
}
