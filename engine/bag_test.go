package engine

import "testing"

func TestBagDrawIsFairAndCounts(t *testing.T) {
	r := NewRNG(5)
	got := make([]int, 3)
	for range 6000 {
		b := Bag{1, 0, 2}
		k := b.Draw(&r)
		got[k]++
		if b.Total() != 2 || b[k] < 0 {
			t.Fatalf("after drawing %d: %v", k, b)
		}
	}
	if got[1] != 0 || got[0] < 1700 || got[0] > 2300 || got[2] < 3700 || got[2] > 4300 {
		t.Fatalf("draws by kind %v, want about 2000/0/4000", got)
	}
}

func TestBagDrawPanicsWhenEmpty(t *testing.T) {
	for _, b := range []Bag{{0, 0}, {}, {2, -1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Draw on %v did not panic", b)
				}
			}()
			r := NewRNG(1)
			b.Draw(&r)
		}()
	}
}
