package line

import (
	"strings"
	"testing"

	"arcade/engine"
	"arcade/rooms"
)

// TestNoCommandLeavesAGameUnasked: at a game in progress, new, join and
// watch another table are refused with what to type instead, as the
// full-screen interface asks before it leaves one; the table's own code
// or number, a spectator, or a table still waiting are let through.
func TestNoCommandLeavesAGameUnasked(t *testing.T) {
	u := &rooms.TableUpdate{You: 0, Code: "K7MQ2X",
		Table: rooms.TableSummary{ID: "t3", GameName: "Fire Tower", Status: rooms.Playing}}
	s := &session{cfg: Config{Games: everyGame}, cur: u}
	for _, cmd := range []string{"new fireproto seats=2", "join ABCDEF", "join t9", "watch t9"} {
		c := parseText(cmd)
		h, _ := find(c.name)
		_, err := h.run(s, c)
		if err == nil || !strings.Contains(err.Error(), "playing Fire Tower at table t3: type leave first, then "+cmd+".") {
			t.Errorf("%s at a game in progress: %v", cmd, err)
		}
	}
	for _, cmd := range []string{"join k7mq2x", "join T3", "watch t3"} {
		if err := s.stayInGame(parseText(cmd), parseText(cmd).args[0]); err != nil {
			t.Errorf("%s at that very table was refused: %v", cmd, err)
		}
	}
	for _, other := range []rooms.TableUpdate{
		{You: engine.Spectator, Table: rooms.TableSummary{ID: "t3", Status: rooms.Playing}},
		{You: 0, Table: rooms.TableSummary{ID: "t3", Status: rooms.Waiting}},
		{You: 0, Table: rooms.TableSummary{ID: "t3", Status: rooms.Finished}},
	} {
		s.cur = &other
		if err := s.stayInGame(parseText("join t9"), "t9"); err != nil {
			t.Errorf("join t9 (seat %d, %s) was refused: %v", other.You, other.Table.Status, err)
		}
	}
}
