package labyrinth

import (
	"fmt"

	"arcade/engine"
)

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

// passSpecs lists the legal passes of the current player.
func (g *state) passSpecs() []PassSpec {
	var partners []int
	if g.solo() {
		partners = []int{1}
	} else {
		for p := range g.Players {
			if p != int(g.Turn) {
				partners = append(partners, p)
			}
		}
	}
	mine := g.me()
	ts := booster(mine, TrolleyService)
	var out []PassSpec
	for _, p := range partners {
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
		gives := g.passable(mine, base.Service)
		gets := g.passable(theirs, -1)
		room := mine.room()
		if base.Service >= 0 {
			room++
		}
		for _, x := range gives {
			if theirs.room() > 0 {
				s := base
				s.Give = x
				out = append(out, s)
			}
		}
		for _, y := range gets {
			if room > 0 {
				s := base
				s.Receive = y
				out = append(out, s)
			}
			for _, x := range gives {
				s := base
				s.Give, s.Receive = x, y
				out = append(out, s)
			}
		}
	}
	return out
}

// passable lists what may pass out of hand h: its cards (but the Trolley
// Service card paying for the pass) and, in solo, its captured Terrors.
func (g *state) passable(h *hand, service int) []int {
	var out []int
	for _, id := range h.Cards {
		if id != service {
			out = append(out, id)
		}
	}
	if g.solo() {
		for _, c := range h.Captured {
			out = append(out, TerrorCard+c.Terror)
		}
	}
	return out
}

// passActions lists the legal passes as actions.
func (g *state) passActions() []engine.Action {
	var out []engine.Action
	for _, p := range g.passSpecs() {
		out = append(out, engine.Action{Kind: KindPass, Args: p.Args()})
	}
	return out
}

// passLabel describes a pass.
func (g *state) passLabel(p PassSpec) string {
	who := "the Trolley"
	if !g.solo() {
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
