package webhook

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestPayloadKeys(t *testing.T) {
	n := notice
	n.Deadline = time.Date(2026, 3, 2, 19, 0, 0, 0, time.FixedZone("CET", 3600))
	var got map[string]any
	if err := json.Unmarshal(n.payload(), &got); err != nil {
		t.Fatal(err)
	}
	sentence := "Ann, it is your move in Chess at table t-12 (code KQZX), by Mon 2 Mar 18:00 UTC."
	want := map[string]any{
		"text": sentence, "content": sentence, "message": sentence,
		"title": "Your move: Chess", "kind": "your-move", "player": "Ann",
		"game": "chess", "game_name": "Chess", "table": "t-12", "code": "KQZX",
		"deadline": "2026-03-02T18:00:00Z", "arcade": "v1",
		"allowed_mentions": map[string]any{"parse": []any{}},
	}
	if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
		t.Fatalf("keys %v, want %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
	for k, w := range want {
		g, _ := json.Marshal(got[k])
		wj, _ := json.Marshal(w)
		if string(g) != string(wj) {
			t.Errorf("%s = %s, want %s", k, g, wj)
		}
	}
}

func TestPayloadWithoutDeadline(t *testing.T) {
	if s := string(notice.payload()); strings.Contains(s, "deadline") {
		t.Fatalf("a notice without a deadline has one: %s", s)
	}
}

func TestWords(t *testing.T) {
	at := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	with := func(f func(*Notice)) Notice { n := notice; f(&n); return n }
	for _, c := range []struct {
		n           Notice
		title, text string
	}{
		{notice, "Your move: Chess", "Ann, it is your move in Chess at table t-12 (code KQZX)."},
		{with(func(n *Notice) { n.Kind = KindReminder; n.Deadline = at }), "Reminder: Chess",
			"Ann, your clock in Chess at table t-12 (code KQZX) runs out Mon 2 Mar 18:00 UTC."},
		{with(func(n *Notice) { n.Kind = KindReminder }), "Reminder: Chess",
			"Ann, your move in Chess at table t-12 (code KQZX) is still waiting."},
		{Notice{Kind: KindTest, Player: "Ann"}, "Arcade notification",
			"Test from the arcade: notifications for Ann arrive here."},
		{with(func(n *Notice) { n.Title = "Hi"; n.Text = "Go." }), "Hi", "Go."},
		{with(func(n *Notice) { n.Text = strings.Repeat("é", 2*maxText) }), "Your move: Chess",
			strings.Repeat("é", maxText-1) + "…"},
	} {
		title, text := c.n.words()
		if title != c.title || text != c.text {
			t.Errorf("%+v: words %q, %q; want %q, %q", c.n, title, text, c.title, c.text)
		}
	}
}
