package line

import (
	"slices"

	"arcade/engine"
	"arcade/rooms"
)

// added is how many items at the end of now are new since was: now is
// was with items dropped from its front (a capped log) and items added at
// its end. When nothing of was is left in now, all of now is new.
func added[T comparable](was, now []T) int {
	for k := min(len(was), len(now)); k > 0; k-- {
		if slices.Equal(was[len(was)-k:], now[:k]) {
			return len(now) - k
		}
	}
	return len(now)
}

// newLog is the log lines of u new since prev (nil: every line).
func newLog(prev, u *rooms.TableUpdate) []string {
	if prev == nil {
		return u.Log
	}
	return u.Log[len(u.Log)-added(prev.Log, u.Log):]
}

// newChat is the chat lines of u new since prev (nil: every line).
func newChat(prev, u *rooms.TableUpdate) []rooms.ChatLine {
	if prev == nil {
		return u.Chat
	}
	return u.Chat[len(u.Chat)-added(prev.Chat, u.Chat):]
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
