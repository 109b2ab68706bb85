package labyrinth

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
	g.RewardTaken, g.RewardTiles = false, 0
	g.Kept = 0
	if g.PassTo == g.Turn {
		g.Actions++
	}
	record(g, turnBegins{g.TurnNo, g.Turn, g.Actions})
}

// disturb reveals the next Disturbance card and strikes its tiles; the
// last card, Out of Time, loses the game.
func (g *state) disturb() {
	c := pop(&g.Disturb)
	if c < 0 {
		g.finish(outOfTime)
		return
	}
	g.LastDisturb = c
	record(g, disturbance{c})
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
		g.flipLit(i, true)
		return
	case t.token() || g.occupied(i):
		t.Rot = (t.Rot + 1) % 4
		record(g, struck{i, wyrmTurns})
		return
	case t.Kind == KindTerror:
		record(g, struck{i, wyrmWakes})
		g.placeTerror(i, true)
		return
	}
	t.Lit = false
	record(g, struck{i, wyrmDims})
}
