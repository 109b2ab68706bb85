package engine

import "testing"

// TestOptionApplies checks when an option means anything (a team variant
// at four players, a solo level in a solo mode), how that reads, and that
// Applicable puts a moot option back to its default and leaves the rest.
func TestOptionApplies(t *testing.T) {
	in := Info{Name: "Toy", MinPlayers: 1, MaxPlayers: 5, Options: []OptionSpec{
		{Key: "mode", Name: "Mode", Kind: Choice, Choices: []string{"duel", "solo", "robot"}, Default: "duel"},
		{Key: "teams", Name: "Teams", Kind: Bool, Default: "false", MinPlayers: 4, MaxPlayers: 4},
		{Key: "level", Name: "Level", Kind: Choice, Choices: []string{"easy", "hard"}, Default: "easy",
			When: &OptionWhen{Key: "mode", Values: []string{"solo", "robot"}}},
		{Key: "mix", Name: "Mix", Kind: Choice, Choices: []string{"a", "b"}, Default: "a", MinPlayers: 2},
	}}
	mode, teams, level, mix := in.Options[0], in.Options[1], in.Options[2], in.Options[3]
	cases := []struct {
		spec    OptionSpec
		players int
		opts    Options
		want    bool
	}{
		{mode, 1, nil, true},
		{teams, 4, nil, true},
		{teams, 3, nil, false},
		{teams, 5, nil, false},
		{level, 1, Options{"mode": "solo"}, true},
		{level, 3, Options{"mode": "robot"}, true},
		{level, 1, Options{"mode": "duel"}, false},
		{level, 1, nil, false},
		{mix, 1, nil, false},
		{mix, 5, nil, true},
	}
	for _, c := range cases {
		if got := c.spec.Applies(c.players, c.opts); got != c.want {
			t.Errorf("%s.Applies(%d, %v) = %v, want %v", c.spec.Key, c.players, c.opts, got, c.want)
		}
	}
	for spec, want := range map[*OptionSpec]string{
		&mode:  "",
		&teams: "4 players only",
		&level: "only with Mode solo or robot",
		&mix:   "for 2 or more players",
	} {
		if got := spec.Scope(in); got != want {
			t.Errorf("%s.Scope = %q, want %q", spec.Key, got, want)
		}
	}
	got := in.Applicable(3, Options{"mode": "duel", "teams": "true", "level": "hard", "mix": "b"})
	want := Options{"mode": "duel", "teams": "false", "level": "easy", "mix": "b"}
	if len(got) != len(want) {
		t.Fatalf("Applicable = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("Applicable[%s] = %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
	if got := in.Applicable(1, Options{"mode": "solo", "level": "hard"}); got["level"] != "hard" {
		t.Errorf("Applicable dropped a level that applies: %v", got)
	}
}
