package labyrinth

import (
	"fmt"

	"arcade/engine"
)

// endTurn runs the Disturbance and Bookwyrm phases and starts the next
// player's turn.
func (g *state) endTurn() {
	g.disturb()
	if g.Phase == PhaseOver {
		return
	}
	g.Wyrm = (g.Wyrm + 1) % len(Ring)
	if g.PassTo == g.Turn {
		g.PassTo = -1 // the token's action was this turn's
	}
	g.Turn = g.next(g.Turn)
	g.TurnNo++
	g.Actions = g.turnActions()
	g.RewardTaken = false
	if g.PassTo == g.Turn {
		g.Actions++
	}
	g.log("Turn %d: %s has %d actions.", g.TurnNo, engine.SeatRef(g.Turn), g.Actions)
}

// disturb reveals the next Disturbance card and strikes its tiles; the
// last card, Out of Time, loses the game.
func (g *state) disturb() {
	c := pop(&g.Disturb)
	if c < 0 {
		g.finish(false, fmt.Sprintf("Out of Time: the game is lost (%d of 6 shelves filled).", g.filled()))
		return
	}
	g.LastDisturb = c
	g.log("Disturbance: %s of the Bookwyrm.", disturbanceView(c).Text)
	around := Ring[g.Wyrm].Around()
	for _, k := range disturbCorners(c) {
		g.strike(around[k])
		if g.Phase == PhaseOver {
			break
		}
	}
}

// strike disturbs tile i (rulebook p.9): a dark tile flips lit; a tile
// with a token or a meeple turns clockwise (ruling C8.8: never dark under
// a player); an empty Terror tile takes a new Terror; any other empty
// tile flips dark.
func (g *state) strike(i int) {
	t := &g.Tiles[i]
	g.Last = append(g.Last, i)
	switch {
	case !t.Lit:
		g.flipLit(i, "The Bookwyrm flips")
		return
	case t.token() || g.occupied(i):
		t.Rot = (t.Rot + 1) % 4
		g.log("The Bookwyrm turns %s clockwise.", TileName(i))
		return
	case t.Kind == KindTerror:
		g.log("The Bookwyrm wakes the Terror tile %s.", TileName(i))
		g.placeTerror(i)
		return
	}
	t.Lit = false
	g.log("The Bookwyrm flips %s dark.", TileName(i))
}
