package line

import (
	"strings"
	"testing"

	"arcade/rooms"
)

// TestWaitingLineSaysWhatIsMissing: a waiting table tells its host what
// is missing, empty seats or only the start, and does not call a full
// table one waiting for players.
func TestWaitingLineSaysWhatIsMissing(t *testing.T) {
	u := &rooms.TableUpdate{Host: true, Seats: []rooms.SeatInfo{{Name: "anna"}, {Empty: true}}}
	if l := waitingLine(u); !strings.HasPrefix(l, "Waiting for players: 1 of 2 seats taken.") || !strings.Contains(l, "type bots") {
		t.Errorf("one seat empty: %q", l)
	}
	u.Seats[1] = rooms.SeatInfo{Name: "Normal bot", Bot: true, BotLevel: "normal"}
	if l := waitingLine(u); l != "Every seat is taken (2 of 2). You are the host: type start to begin." {
		t.Errorf("every seat taken: %q", l)
	}
	u = &rooms.TableUpdate{Tournament: "B8BS9B", Seats: []rooms.SeatInfo{{Name: "anna", Connected: true}, {Name: "bob"}}}
	if l := waitingLine(u); !strings.HasPrefix(l, "Waiting for bob. A tournament game: it starts by itself") {
		t.Errorf("a tournament's table, bob away: %q", l)
	}
}
