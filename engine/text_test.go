package engine

import "testing"

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th",
		13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestSeatTexts(t *testing.T) {
	for _, tc := range []struct {
		seats []Seat
		join  string
		win   string
	}{
		{[]Seat{1}, "{seat1}", "{seat1} wins with 9 points."},
		{[]Seat{0, 2}, "{seat0} and {seat2}", "{seat0} and {seat2} share the win with 9 points."},
		{[]Seat{0, 1, 3}, "{seat0}, {seat1} and {seat3}", "{seat0}, {seat1} and {seat3} share the win with 9 points."},
	} {
		if got := JoinSeats(tc.seats); got != tc.join {
			t.Errorf("JoinSeats(%v) = %q", tc.seats, got)
		}
		if got := WinText(tc.seats, 9, "point", "points"); got != tc.win {
			t.Errorf("WinText(%v) = %q", tc.seats, got)
		}
	}
	if WinText([]Seat{0}, 1, "point", "points") != "{seat0} wins with 1 point." || WinText([]Seat{0}, 1, "knowledge", "knowledge") != "{seat0} wins with 1 knowledge." || Plural(2, "x", "xs") != "xs" {
		t.Error("singular or plural wrong")
	}
}

func TestDecodeStrict(t *testing.T) {
	var v struct {
		A int `json:"a"`
	}
	if err := DecodeStrict([]byte(`{"a":1}`), &v); err != nil || v.A != 1 {
		t.Fatalf("good data: %v %v", v, err)
	}
	for _, bad := range []string{``, `{"a":1,"b":2}`, `{"a":1} {}`, `{"a":"x"}`, `{"a":1}]`} {
		if err := DecodeStrict([]byte(bad), &v); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}
