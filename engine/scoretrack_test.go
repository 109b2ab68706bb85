package engine

import (
	"slices"
	"testing"
)

func TestScoreTrackArrivals(t *testing.T) {
	tr := NewScoreTrack(4)
	if err := tr.Check(4); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tr.Ascending(), []Seat{0, 1, 2, 3}) {
		t.Fatalf("unscored order %v", tr.Ascending())
	}
	tr.Add(3, 5)
	tr.Add(1, 5)
	tr.Add(2, 0) // no move, no arrival
	tr.Add(0, -2)
	if !slices.Equal(tr.Scores, []int{0, 5, 0, 5}) {
		t.Fatalf("scores %v", tr.Scores)
	}
	if !slices.Equal(tr.Ascending(), []Seat{0, 2, 3, 1}) {
		t.Fatalf("order %v", tr.Ascending())
	}
	tiers := tr.Tiers()
	if len(tiers) != 2 || !slices.Equal(tiers[0], []Seat{0, 2}) || !slices.Equal(tiers[1], []Seat{3, 1}) {
		t.Fatalf("tiers %v", tiers)
	}
	if !slices.Equal(tr.Leaders(), []Seat{1, 3}) {
		t.Fatalf("leaders %v", tr.Leaders())
	}
	tr.Add(0, 7)
	if !slices.Equal(tr.Leaders(), []Seat{0}) || len(tr.Tiers()) != 3 {
		t.Fatalf("leaders %v tiers %v", tr.Leaders(), tr.Tiers())
	}
	if err := tr.Check(4); err != nil {
		t.Fatal(err)
	}
}

func TestScoreTrackCheckFindsDamage(t *testing.T) {
	for name, damage := range map[string]func(*ScoreTrack){
		"seats":    func(tr *ScoreTrack) { tr.Scores = tr.Scores[:2] },
		"negative": func(tr *ScoreTrack) { tr.Scores[1] = -1 },
		"same":     func(tr *ScoreTrack) { tr.Arrived[2] = tr.Arrived[0] },
		"future":   func(tr *ScoreTrack) { tr.Arrived[2] = tr.Clock },
	} {
		tr := NewScoreTrack(3)
		tr.Add(1, 4)
		damage(&tr)
		if tr.Check(3) == nil {
			t.Errorf("%s: damage not found", name)
		}
	}
}
