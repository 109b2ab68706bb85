package line

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// promptMoves is how many moves the turn prompt reads out; "moves" reads
// them all.
const promptMoves = 12

// plainTheme is the theme boards get: no colour (line mode strips styles
// anyway).
var plainTheme = theme.New(true, false)

// teller puts a table's updates in sentences. It keeps one board per
// table (boards give hot keys and words), made from the game's factory.
type teller struct {
	games map[string]board.Factory
	// rules are the games' rules docs (engine.Info.Rules), for why.
	rules   map[string]string
	tableID string
	board   board.Renderer
	// now is the clock the deadlines are read against (tests fix it).
	now func() time.Time
}

// boardFor is the board of u's table (nil when its game has none).
func (t *teller) boardFor(u *rooms.TableUpdate) board.Renderer {
	if t.tableID != u.Table.ID {
		t.tableID, t.board = u.Table.ID, nil
		if f := t.games[u.Table.Game]; f != nil {
			t.board = f()
		}
	}
	return t.board
}

// context is the board context of u.
func (t *teller) context(u *rooms.TableUpdate) board.Context {
	return board.Context{Width: 100, Height: 40, Theme: plainTheme, Names: names(u), You: u.You}
}

// update is what changed from prev to u, in sentences (prev nil: u is a
// table just arrived at).
func (t *teller) update(prev, u *rooms.TableUpdate) []string {
	if u.Closed {
		return []string{closedLine(u), "You are in the lobby: type tables to see the tables, or help."}
	}
	name := nameOf(u)
	var out []string
	if prev == nil {
		out = append(out, t.arrival(u)...)
	} else {
		out = append(out, tableChanges(prev, u)...)
	}
	events := newLog(prev, u)
	if prev == nil && len(events) > arrivalEvents {
		out = append(out, fmt.Sprintf("%d earlier events: type log to hear them.", len(events)-arrivalEvents))
		events = events[len(events)-arrivalEvents:]
	}
	for _, l := range events {
		out = append(out, engine.ExpandSeats(l.Text, name))
	}
	for _, c := range newChat(prev, u) {
		out = append(out, chatLine(c))
	}
	if u.Outcome.Done && (prev == nil || !prev.Outcome.Done) {
		out = append(out, t.result(u)...)
	}
	return append(out, t.turn(prev, u, len(newLog(prev, u)) > 0)...)
}

// arrivalEvents is how many of a table's log lines are read out on
// arriving there.
const arrivalEvents = 5

// arrival says where the player now is.
func (t *teller) arrival(u *rooms.TableUpdate) []string {
	where := fmt.Sprintf("table %s, %s", u.Table.ID, u.Table.GameName)
	if u.Table.Private {
		where = "private " + where
	}
	var first string
	if u.You == engine.Spectator {
		first = "You are watching " + where + "."
	} else {
		first = fmt.Sprintf("You sit in seat %d of %d at %s.", u.You+1, len(u.Seats), where)
	}
	if u.Code != "" {
		first += " Invite code " + spell(u.Code) + "."
	}
	out := []string{first, t.who(u)}
	if u.Table.Status == rooms.Waiting {
		out = append(out, waitingLine(u))
	}
	return out
}

// spell is an invite code as it is typed: its letters, which a screen
// reader reads one by one when they are apart ("A B C 2 3 4").
func spell(code string) string {
	return code + " (" + strings.Join(strings.Split(code, ""), " ") + ")"
}

// waitingLine says what the table waits for before its game starts.
func waitingLine(u *rooms.TableUpdate) string {
	taken := 0
	for _, s := range u.Seats {
		if !s.Empty {
			taken++
		}
	}
	line := fmt.Sprintf("Waiting for players: %d of %d seats taken.", taken, len(u.Seats))
	if taken == len(u.Seats) {
		line = fmt.Sprintf("Every seat is taken (%d of %d).", taken, len(u.Seats))
	}
	switch {
	case u.Tournament != "":
		var away []string
		for _, s := range u.Seats {
			if !s.Empty && !s.Bot && !s.Connected {
				away = append(away, s.Name)
			}
		}
		line = rooms.TournamentWaits
		if len(away) > 0 {
			line = "Waiting for " + engine.JoinAnd(away) + ". " + line
		}
	case u.Host && taken < len(u.Seats):
		line += " You are the host: type bots to fill the empty seats with bots, or share the invite code; then start."
	case u.Host:
		line += " You are the host: type start to begin."
	case u.You != engine.Spectator:
		line += " The host starts the game."
	}
	return line
}

// closedLine says why the player is no longer at the table.
func closedLine(u *rooms.TableUpdate) string {
	if u.Notice != "" {
		return u.Notice
	}
	return "You left the table."
}

// tableChanges say what the table's log does not: a rematch to take, a
// notice from the arcade.
func tableChanges(prev, u *rooms.TableUpdate) []string {
	var out []string
	if u.Rematch != "" && prev.Rematch == "" && u.You != engine.Spectator {
		out = append(out, "A rematch is open: type rematch to take your seat there.")
	}
	if u.ServerNotice != "" && u.ServerNotice != prev.ServerNotice {
		out = append(out, "Notice from the arcade: "+u.ServerNotice)
	}
	return out
}

// chatLine is one line of chat.
func chatLine(c rooms.ChatLine) string {
	who := c.From
	if c.Spectator {
		who += " (watching)"
	}
	return who + " says: " + c.Text
}

// seatWho is who holds a seat, in words.
func seatWho(s rooms.SeatInfo) string {
	switch {
	case s.Empty:
		return "empty"
	case s.Bot && s.StandIn:
		return fmt.Sprintf("%s, a %s bot plays for them", s.Name, s.BotLevel)
	case s.Bot:
		return fmt.Sprintf("a %s bot", s.BotLevel)
	}
	w := s.Name
	switch {
	case !s.Connected:
		w += ", away"
	case s.Idle:
		w += ", idle"
	}
	if s.Overdue {
		w += ", overdue"
	}
	return w
}

// seatWord is "seat N", counted from 1.
func seatWord(s engine.Seat) string { return "seat " + strconv.Itoa(int(s)+1) }

// who says who sits where.
func (t *teller) who(u *rooms.TableUpdate) string {
	parts := make([]string, len(u.Seats))
	for i, s := range u.Seats {
		w := seatWho(s)
		if engine.Seat(i) == u.You {
			w += " (you)"
		}
		if !s.Empty && !s.Bot && s.Name == u.Table.Host {
			w += ", host"
		}
		parts[i] = fmt.Sprintf("Seat %d: %s", i+1, w)
	}
	line := strings.Join(parts, ". ") + "."
	if len(u.Watchers) > 0 {
		line += " Watching: " + strings.Join(u.Watchers, ", ") + "."
	}
	return line
}

// turn is the prompt when the player's moves changed or something
// happened, or says whom the table waits for when that changed.
func (t *teller) turn(prev, u *rooms.TableUpdate, happened bool) []string {
	if len(u.Legal) > 0 {
		if !happened && prev != nil && len(prev.Legal) > 0 && sameMoves(prev.Legal, u.Legal) && prev.Deadline.Equal(u.Deadline) {
			return nil
		}
		return []string{t.prompt(u)}
	}
	if u.Table.Status != rooms.Playing || u.Outcome.Done {
		return nil
	}
	if prev != nil && len(prev.Legal) == 0 && slices.Equal(prev.Pending, u.Pending) {
		return nil
	}
	return []string{t.waitingFor(u)}
}

// prompt reads out the player's moves, the first promptMoves of them.
func (t *teller) prompt(u *rooms.TableUpdate) string {
	moves := t.moves(u)
	line := "Your turn."
	if !u.Deadline.IsZero() {
		line = "Your answer."
	}
	line += " " + board.Count(len(moves), "move") + ": "
	shown := moves[:min(len(moves), promptMoves)]
	line += strings.Join(shown, ", ")
	if rest := len(moves) - len(shown); rest > 0 {
		line += fmt.Sprintf("; and %d more: type moves.", rest)
	} else {
		line += "."
	}
	if left := t.timeLeft(u); left != "" {
		line += " " + left
	}
	return line
}

// waitingFor says whom the game waits for.
func (t *teller) waitingFor(u *rooms.TableUpdate) string {
	name := nameOf(u)
	who := make([]string, len(u.Pending))
	for i, s := range u.Pending {
		who[i] = name(s)
	}
	if len(who) == 0 {
		return "Waiting."
	}
	return "Waiting for " + engine.JoinAnd(who) + "."
}

// moves are the player's moves in words, numbered from 1, with their hot
// keys.
func (t *teller) moves(u *rooms.TableUpdate) []string {
	keys := t.keys(u)
	name := nameOf(u)
	out := make([]string, len(u.Legal))
	for i, a := range u.Legal {
		out[i] = fmt.Sprintf("%d %s", i+1, engine.ExpandSeats(engine.Describe(u.View, a), name))
		if keys[i] != "" {
			out[i] += " (key " + keys[i] + ")"
		}
	}
	return out
}

// keys are the hot keys of the player's moves ("" for none): the board's,
// where it gives one that is not a number (numbers choose by place).
func (t *teller) keys(u *rooms.TableUpdate) []string {
	out := make([]string, len(u.Legal))
	mk, ok := t.boardFor(u).(board.MoveKeyer)
	if !ok || u.View == nil {
		return out
	}
	binds := mk.MoveKeys(u.View, u.Legal)
	for i := range out {
		if i < len(binds) {
			out[i] = hotKey(binds[i])
		}
	}
	return out
}

// hotKey is a binding's key as a player types it, "" when it has none a
// line can hold or it is a number.
func hotKey(b key.Binding) string {
	ks := b.Keys()
	if len(ks) == 0 {
		return ""
	}
	k := ks[0]
	if _, err := strconv.Atoi(k); err == nil || len([]rune(k)) != 1 || k == " " {
		return ""
	}
	return k
}

// timeLeft says how long the player has to answer, "" without a clock.
func (t *teller) timeLeft(u *rooms.TableUpdate) string {
	d := u.Deadline
	if d.IsZero() {
		d = u.TurnDeadline
	}
	if d.IsZero() {
		return ""
	}
	return "Time left: " + durationWords(d.Sub(t.clock())) + "."
}

// clock is the time now.
func (t *teller) clock() time.Time {
	if t.now != nil {
		return t.now()
	}
	return time.Now()
}

// durationWords is a time left in words: "2 minutes 5 seconds".
func durationWords(d time.Duration) string {
	d = max(d.Round(time.Second), 0)
	switch {
	case d >= 48*time.Hour:
		return board.Count(int(d/(24*time.Hour)), "day")
	case d >= 2*time.Hour:
		return board.Count(int(d/time.Hour), "hour")
	case d >= time.Minute && d%time.Minute == 0:
		return board.Count(int(d/time.Minute), "minute")
	case d >= time.Minute:
		return board.Count(int(d/time.Minute), "minute") + " " + board.Count(int(d%time.Minute/time.Second), "second")
	}
	return board.Count(int(d/time.Second), "second")
}

// result says how the game ended: the ranking and the game's summary.
func (t *teller) result(u *rooms.TableUpdate) []string {
	name := nameOf(u)
	var r board.Ranking
	if rk, ok := t.boardFor(u).(board.Ranker); ok && u.View != nil {
		r = rk.Ranking(u.View, u.Outcome, t.context(u))
	} else {
		r = board.Ranking{Places: board.ByScore(u.Outcome, func(n int) string { return board.Count(n, "point") })}
	}
	out := []string{"The game is over."}
	out = append(out, r.Head...)
	for _, p := range r.Places {
		l := fmt.Sprintf("%s: %s, %s", engine.Ordinal(p.Place), name(p.Seat), p.Score)
		if p.Note != "" {
			l += ", " + p.Note
		}
		if p.Won {
			l += ", won"
		}
		out = append(out, l+".")
	}
	out = append(out, r.Foot...)
	if u.Outcome.Summary != "" {
		out = append(out, engine.ExpandSeats(u.Outcome.Summary, name))
	}
	if u.You != engine.Spectator && u.Rematch == "" {
		out = append(out, "Type rematch to ask everyone for a rematch, or leave.")
	}
	return out
}
