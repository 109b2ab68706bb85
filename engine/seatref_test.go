package engine

import "testing"

func TestExpandSeats(t *testing.T) {
	names := []string{"anna", "bob"}
	name := func(s Seat) string {
		if int(s) < len(names) {
			return names[s]
		}
		return "?"
	}
	got := ExpandSeats(SeatRef(1)+" passes the bag to "+SeatRef(0)+"; {seat9} {seatx}", name)
	want := "bob passes the bag to anna; ? {seatx}"
	if got != want {
		t.Fatalf("got %q want %q", got, want)
	}
}
