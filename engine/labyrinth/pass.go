package labyrinth

import "fmt"

// Passing cards (rulebook p.7 and p.17): give one card, receive one, or
// swap one for one with a player on your tile; a Trolley Service card lets
// the partner stand anywhere. Captured Terrors pass only between the solo
// player and the Trolley. Passing costs an action, except between the solo
// player and the Trolley on one tile (ruling C8.12).

// partnerHand is the hand of pass partner p (the Trolley in solo).
func (g *state) partnerHand(p int) *hand {
	if g.solo() {
		return &g.Trolley
	}
	return &g.Hands[p]
}

// partnerTile is where pass partner p stands.
func (g *state) partnerTile(p int) int {
	if g.solo() {
		return g.TrolleyAt
	}
	return g.Pos[p]
}

// passFree reports whether a pass with this partner costs no action.
func (g *state) passFree(p PassSpec) bool { return g.solo() && p.Service < 0 }

// listPasses lists the legal passes of the current player.
func (g *state) listPasses(l *actionList) {
	mine := g.me()
	ts := booster(mine, TrolleyService)
	for p := range g.Players {
		if g.solo() {
			p = 1 // the Trolley
		} else if p == int(g.Turn) {
			continue
		}
		at := g.partnerTile(p)
		base := PassSpec{Tile: at, Partner: p, Give: -1, Receive: -1, Service: -1}
		if at != g.Pos[g.Turn] {
			if ts < 0 {
				continue
			}
			base.Service = ts
		}
		if !g.passFree(base) && g.Actions == 0 {
			continue
		}
		theirs := g.partnerHand(p)
		var gbuf, rbuf [HandLimit]int
		gives := g.passable(gbuf[:0], mine, base.Service)
		gets := g.passable(rbuf[:0], theirs, -1)
		room := mine.room()
		if base.Service >= 0 {
			room++
		}
		add := func(give, receive int) {
			if l.looking {
				l.add(base.Tile, base.Partner, give, receive, base.Service)
				return
			}
			a := l.reserve(5)
			a[0], a[1], a[2], a[3], a[4] = base.Tile, base.Partner, give, receive, base.Service
			l.commit(5)
		}
		if theirs.room() > 0 {
			for _, x := range gives {
				add(x, -1)
			}
		}
		for _, y := range gets {
			if room > 0 {
				add(-1, y)
			}
			for _, x := range gives {
				add(x, y)
			}
		}
	}
}

// passable appends to dst what may pass out of hand h: its cards (but the
// Trolley Service card paying for the pass) and, in solo, its captured
// Terrors.
func (g *state) passable(dst []int, h *hand, service int) []int {
	for _, id := range h.Cards {
		if id != service {
			dst = append(dst, id)
		}
	}
	if g.solo() {
		for _, c := range h.Captured {
			dst = append(dst, TerrorCard+c.Terror)
		}
	}
	return dst
}

// passLabel describes a pass (to the Trolley in the solo game).
func passLabel(p PassSpec, solo bool) string {
	who := "the Trolley"
	if !solo {
		who = fmt.Sprintf("P%d", p.Partner+1)
	}
	var s string
	switch {
	case p.Give >= 0 && p.Receive >= 0:
		s = fmt.Sprintf("Swap %s for %s's %s", shortName(p.Give), who, shortName(p.Receive))
	case p.Give >= 0:
		s = fmt.Sprintf("Give %s to %s", CardName(p.Give), who)
	default:
		s = fmt.Sprintf("Take %s from %s", CardName(p.Receive), who)
	}
	if p.Service >= 0 {
		s = "TS: " + s
	}
	return s
}
