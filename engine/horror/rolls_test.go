package horror

import (
	"fmt"
	"slices"
	"testing"
)

// TestRollTexts: the rolls kept once built say what the rolls said when
// they were built for every move, with the same dice.
func TestRollTexts(t *testing.T) {
	for a := 1; a <= 6; a++ {
		if got, want := pictureRolls[a-1], fmt.Sprintf("picture: %d gives Fortitude +%d", a, (a+1)/2); got != want {
			t.Errorf("picture %d: %q, want %q", a, got, want)
		}
		if got := diceOf(a, 0); !slices.Equal(got, []int{a}) || cap(got) != 1 {
			t.Errorf("diceOf(%d, 0) = %v (cap %d)", a, got, cap(got))
		}
		for b := 1; b <= 6; b++ {
			col := screen[b-1][a-1]
			want := fmt.Sprintf("bookcase: yellow %d, white %d: %s %s", a, b, colourNames[col], colourKinds[col])
			if got := bookcaseRolls[a-1][b-1]; got != want {
				t.Errorf("bookcase %d %d: %q, want %q", a, b, got, want)
			}
			if got := diceOf(a, b); !slices.Equal(got, []int{a, b}) || cap(got) != 2 {
				t.Errorf("diceOf(%d, %d) = %v (cap %d)", a, b, got, cap(got))
			}
			for lv := 1; lv <= 3; lv++ {
				verdict := "loses to"
				if a+b >= 6 {
					verdict = "beats"
				}
				want := fmt.Sprintf("attack: %d+%d=%d %s the level %d ghost (6+)", a, b, a+b, verdict, lv)
				if got := attackText(a, b, lv); got != want {
					t.Errorf("attack %d %d level %d: %q, want %q", a, b, lv, got, want)
				}
			}
		}
	}
}
