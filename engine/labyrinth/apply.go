package labyrinth

import (
	"fmt"
	"strings"

	"arcade/engine"
)

// Apply implements engine.State. The action is checked against the legal
// actions of its kind first, so a refused action changes nothing.
func (g *state) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	if g.Phase == PhaseOver {
		return nil, engine.Illegal("The game is over.")
	}
	if !g.mayAct(s) || !g.isLegal(s, a) {
		return nil, g.notLegal(s, a)
	}
	g.Last = g.Last[:0] // reused: View and the saved form copy it
	switch {
	case g.Phase == PhaseSetup:
		g.choose(s, a.Args[0])
		return g.take(), nil
	case s != g.Turn:
		g.applyOffTurn(s, a)
		return g.take(), nil
	}
	switch a.Kind {
	case KindFlip:
		g.doFlip(a.Args)
	case KindRotate:
		g.doRotate(a.Args[0], a.Args[1])
	case KindTake:
		g.doTake(a.Args)
	case KindMove:
		m, _ := DecodeMove(a.Args)
		g.doMove(m)
	case KindPass:
		g.doPass(PassSpec{a.Args[0], a.Args[1], a.Args[2], a.Args[3], a.Args[4]})
	case KindDiscard:
		g.doDiscard(a.Args[0])
	case KindTime:
		g.me().remove(a.Args[0])
		g.discard(a.Args[0])
		g.Actions++
		id := a.Args[0]
		record(g, playedTime{s, id})
	case KindPassAction:
		g.Actions--
		g.PassTo = g.next(s)
		record(g, passedAction{s, g.PassTo})
	case KindEnd:
		g.endTurn()
		return g.take(), nil
	}
	if g.Phase == PhaseActions && g.Actions == 0 && booster(g.me(), TimeMachine) < 0 {
		g.endTurn()
	}
	return g.take(), nil
}

// applyOffTurn plays a discard or a keep of seat s out of turn (ruling
// 15). Neither touches the turn: its player's actions, the decks but the
// discard pile and everyone else's hands stay as they were.
func (g *state) applyOffTurn(s engine.Seat, a engine.Action) {
	switch a.Kind {
	case KindDiscard:
		id := a.Args[0]
		g.Hands[s].remove(id)
		g.discard(id)
		record(g, discarded{Seat: s, Card: id, OffTurn: true})
	case KindKeep:
		g.Kept |= 1 << s
	}
}

// take hands the move's events over to the log and takes them back from
// it: one allocation for them all.
func (g *state) take() []engine.Event {
	if len(g.Last) == 0 {
		g.Last = nil
	}
	if len(g.said) > 0 {
		g.events.Add(g.said...)
		clear(g.said)
		g.said = g.said[:0]
	}
	return g.events.Take()
}

// Actions a turn brings. The solo game has three too (rulebook p.17: "You
// still have three actions per turn"; the "one extra action" of p.6 is
// the move-and-ride action). soloActions is kept apart so that a table
// rule giving solo players four is a one-line change.
const (
	baseActions = 3
	soloActions = 3
)

// turnActions is the number of actions a turn brings, before the
// Pass-An-Action token.
func (g *state) turnActions() int {
	if g.solo() {
		return soloActions
	}
	return baseActions
}

// doFlip flips a dark tile lit, spending a Useful Map if one is named.
func (g *state) doFlip(args []int) {
	g.Actions--
	if len(args) > 1 {
		g.me().remove(args[1])
		g.discard(args[1])
		record(g, usedOne(g.Turn, args[1], UsefulMap))
	}
	g.flipLit(args[0], false)
}

// doRotate turns a tile a quarter turn with whatever stands on it.
func (g *state) doRotate(i, turn int) {
	g.Actions--
	t := &g.Tiles[i]
	t.Rot = (t.Rot + turn + 4) % 4
	g.Last = append(g.Last[:0], i)
	record(g, rotated{g.Turn, i, turn < 0})
}

// doTake takes one Book, or two with a Library Card.
func (g *state) doTake(args []int) {
	g.Actions--
	h := g.me()
	var gs [3]int
	genres := append(gs[:0], args[0])
	for i := 1; i+1 < len(args); i += 2 { // Library Cards, each with its genre
		h.remove(args[i])
		g.discard(args[i])
		genres = append(genres, args[i+1])
		record(g, usedOne(g.Turn, args[i], LibraryCard))
	}
	for _, gn := range genres {
		id := g.drawBook(gn)
		h.Cards = append(h.Cards, id)
		record(g, tookBook{g.Turn, id, gn})
	}
}

// doPass moves cards between the player and a partner.
func (g *state) doPass(p PassSpec) {
	if !g.passFree(p) {
		g.Actions--
	}
	mine, theirs := g.me(), g.partnerHand(p.Partner)
	if p.Service >= 0 {
		mine.remove(p.Service)
		g.discard(p.Service)
		record(g, usedOne(g.Turn, p.Service, TrolleyService))
	}
	if p.Give >= 0 {
		moveSlot(mine, theirs, p.Give)
		record(g, passed{Seat: g.Turn, Card: p.Give, Partner: engine.Seat(p.Partner), Solo: g.solo()})
	}
	if p.Receive >= 0 {
		moveSlot(theirs, mine, p.Receive)
		record(g, passed{Seat: g.Turn, Card: p.Receive, Partner: engine.Seat(p.Partner), Solo: g.solo(), Took: true})
	}
}

// moveSlot moves a card, or a captured pile (TerrorCard+number), from one
// hand to another.
func moveSlot(from, to *hand, id int) {
	if id >= TerrorCard {
		i := from.captured(id - TerrorCard)
		to.Captured = append(to.Captured, from.Captured[i])
		from.Captured = append(from.Captured[:i:i], from.Captured[i+1:]...)
		return
	}
	from.remove(id)
	to.Cards = append(to.Cards, id)
}

// doDiscard discards a card from the player's hand or the Trolley's.
func (g *state) doDiscard(id int) {
	trolley := !g.me().remove(id)
	if trolley {
		g.Trolley.remove(id)
	}
	g.discard(id)
	record(g, discarded{Seat: g.Turn, Card: id, Trolley: trolley})
}

// finish ends the game the way end says.
func (g *state) finish(end ending) {
	over := gameOver{end, g.filled()}
	g.Phase, g.Won, g.Summary, g.Actions = PhaseOver, end == librarySaved, over.Words(), 0
	record(g, over)
}

// phaseText says what the game waits for.
func (g *state) phaseText() string {
	switch g.Phase {
	case PhaseSetup:
		var who []string
		for _, s := range g.choosers() {
			who = append(who, engine.SeatRef(s))
		}
		return "Everyone chooses three starting Books, hidden until all have chosen: waiting for " + strings.Join(who, ", ")
	case PhaseActions:
		return fmt.Sprintf("%s: %d %s left", engine.SeatRef(g.Turn), g.Actions, engine.Plural(g.Actions, "action", "actions"))
	}
	return "Game over. " + g.Summary
}
