package engine

import (
	"reflect"
	"testing"
)

func TestLog(t *testing.T) {
	var l Log
	l.Public("%s drew %d", SeatRef(1), 3)
	l.Private(2, "you drew the Axe")
	l.Add(Event{Text: "x", To: 0})
	want := []Event{{Text: "{seat1} drew 3", To: Everyone}, {Text: "you drew the Axe", To: 2}, {Text: "x", To: 0}}
	if got := l.Take(); !reflect.DeepEqual(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	if got := l.Take(); got != nil {
		t.Fatalf("a second Take returned %v", got)
	}
	l.Public("kept until Discard")
	l.Discard()
	l.Public("dropped")
	l.Private(0, "dropped")
	l.Add(Event{Text: "dropped"})
	if !l.Discarding() || l.Take() != nil {
		t.Fatal("a discarding log kept events")
	}
}
