package firelibrary

import (
	"slices"

	"arcade/engine"
)

// Response windows. When a window opens, every seat that may answer gets
// Wait set; each plays a tool (committed face down: the card leaves the
// hand into Play, but the hand size others see does not change) or
// passes. When the last one has answered, the played tools resolve: the
// player with the lowest score (ties: who reached it first) uses theirs
// and every other played tool goes back to its owner's hand.
//
// Who is asked depends only on public facts (how many tools each player
// holds, who is active), never on which tools they hold, so a window
// tells nobody what anyone holds.

// axeInGame reports whether the Axe is in the deck (not with 1-3 players).
func (g *state) axeInGame() bool { return !g.Var.NoTools && g.Players > 3 }

// openAmulet is the start of step 1 from round 2: every player holding a
// tool may play an Amulet before the first card is chosen.
func (g *state) openAmulet() {
	open := false
	for s := range g.Seats {
		p := &g.Seats[s]
		p.Wait = !g.Var.NoTools && len(p.Hand) > 0
		open = open || p.Wait
	}
	if !open {
		g.chooseCards()
		return
	}
	g.Phase = PhaseAmulet
	g.Active = -1
}

// openSpread is Fire Spreading: before anything burns, the active player
// (if they hold a tool) and, where the Axe is in the game, every other
// player holding a tool may answer. In the No Tool variant every player,
// the active one included, may call Burn! (ruling 34).
func (g *state) openSpread() {
	open := false
	for s := range g.Seats {
		p := &g.Seats[s]
		switch {
		case g.Var.NoTools:
			p.Wait = true
		case engine.Seat(s) == g.Active:
			p.Wait = len(p.Hand) > 0
		default:
			p.Wait = g.axeInGame() && len(p.Hand) > 0
		}
		open = open || p.Wait
	}
	if !open {
		g.spread(-1)
		return
	}
	g.Phase = PhaseSpread
	if g.Var.NoTools {
		emit(g, burnCalls)
	}
}

// answer records a seat's answer to the open window: play (the Play
// arguments: card, tool, choices) or nil for a pass.
func (g *state) answer(s engine.Seat, play []int) {
	p := &g.Seats[s]
	if play != nil {
		p.Hand = slices.DeleteFunc(p.Hand, func(c int) bool { return c == play[0] })
		p.Play = play
		tell(g, s, answered{play[1]})
	} else {
		tell(g, s, answered{-1})
	}
	g.answered(s)
}

// answered marks that seat s has answered the open window, and resolves
// the window once nobody is left to answer.
func (g *state) answered(s engine.Seat) {
	g.Seats[s].Wait = false
	if len(g.answering()) == 0 {
		g.resolveWindow()
	}
}

// resolveWindow resolves the answers of a closed window.
func (g *state) resolveWindow() {
	winner := engine.Seat(-1)
	for _, s := range g.scoreOrder() {
		if s != robotSeat && g.Seats[s].Play != nil {
			winner = s
			break
		}
	}
	for s := range g.Seats {
		p := &g.Seats[s]
		if p.Play == nil || engine.Seat(s) == winner {
			continue
		}
		emit(g, playReturned{Seat: engine.Seat(s), Winner: winner, Tool: p.Play[1]})
		p.Hand = append(p.Hand, p.Play[0])
		p.Play = nil
	}
	if winner < 0 {
		if g.Phase == PhaseAmulet {
			g.chooseCards()
		} else {
			g.spread(-1)
		}
		return
	}
	play := g.Seats[winner].Play
	g.Seats[winner].Play = nil
	g.useTool(winner, play[0], play[1], play[2:])
}

// burn is the No Tool variant's Burn!: seat s calls it and scores a point
// (ruling 34); the fire spreads once every player has called it or
// passed.
func (g *state) burn(s engine.Seat) {
	g.addScore(s, 1)
	emit(g, burnCalled{Seat: s, Score: g.Seats[s].Score})
	g.answered(s)
}
