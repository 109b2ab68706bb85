package line

import (
	"slices"

	"arcade/engine"
	"arcade/rooms"
)

// newLog is the log lines of u new since prev (nil: every line).
func newLog(prev, u *rooms.TableUpdate) []rooms.LogLine {
	if prev == nil {
		return u.Log
	}
	return u.Log[len(u.Log)-rooms.NewSince(prev.Log, u.Log):]
}

// newChat is the chat lines of u new since prev (nil: every line).
func newChat(prev, u *rooms.TableUpdate) []rooms.ChatLine {
	if prev == nil {
		return u.Chat
	}
	return u.Chat[len(u.Chat)-rooms.NewSince(prev.Chat, u.Chat):]
}

// sameMoves reports whether two lists hold the same moves in order.
func sameMoves(a, b []engine.Action) bool {
	return slices.EqualFunc(a, b, engine.Action.Same)
}

// nameOf names the seats of u: a player's name, "seat N" for an empty
// seat.
func nameOf(u *rooms.TableUpdate) func(engine.Seat) string {
	return func(s engine.Seat) string {
		if int(s) >= 0 && int(s) < len(u.Seats) && u.Seats[s].Name != "" {
			return u.Seats[s].Name
		}
		return seatWord(s)
	}
}

// names are the display names by seat of u (board.Context.Names).
func names(u *rooms.TableUpdate) []string {
	out := make([]string, len(u.Seats))
	name := nameOf(u)
	for i := range out {
		out[i] = name(engine.Seat(i))
	}
	return out
}
