package engine

import (
	"fmt"
	"reflect"
	"testing"
)

// drew is a test fact: a seat drew some cards.
type drew struct {
	Seat Seat
	N    int
}

func (f drew) Words() string { return fmt.Sprintf("%s drew %d", SeatRef(f.Seat), f.N) }

func TestLog(t *testing.T) {
	var l Log
	Tell(&l, Everyone, drew{1, 3})
	Tell(&l, 2, drew{2, 1})
	l.Add(Event{Fact: drew{0, 2}, To: 0})
	want := []Event{{Fact: drew{1, 3}, To: Everyone}, {Fact: drew{2, 1}, To: 2}, {Fact: drew{0, 2}, To: 0}}
	got := l.Take()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	if w := got[0].Text(); w != "{seat1} drew 3" {
		t.Fatalf("words %q", w)
	}
	if got := l.Take(); got != nil {
		t.Fatalf("a second Take returned %v", got)
	}
	Tell(&l, Everyone, drew{0, 9})
	l.Discard()
	Tell(&l, Everyone, drew{0, 1})
	Tell(&l, 0, drew{0, 1})
	l.Add(Event{Fact: drew{0, 1}})
	if !l.Discarding() || l.Take() != nil {
		t.Fatal("a discarding log kept events")
	}
}
