package horror

import "testing"

// TestKindOf: kindOf finds every kind of move at its place in moveKinds,
// and nothing else.
func TestKindOf(t *testing.T) {
	for k, kind := range moveKinds {
		if got, ok := kindOf(kind); !ok || got != moveKind(k) {
			t.Errorf("kindOf(%q) = %d, %v; want %d", kind, got, ok, k)
		}
	}
	for _, kind := range []string{"", "Move", "moves", "nothing"} {
		if _, ok := kindOf(kind); ok {
			t.Errorf("kindOf(%q) finds a kind", kind)
		}
	}
}
