package fireproto

import (
	"errors"
	"fmt"
	"slices"

	"arcade/engine"
)

// sampler implements search.Sampler. The prototype hides nothing but the
// order of the tokens in the bag, and the view shows the bag's counts: a
// state rebuilt from the view with a fresh random generator draws from the
// bag exactly as the real game would, in an order guessed at random.
//
// bot, when set, is the one set of BotView buffers that every state it
// deals shares, so that a playout does not make its own: one search's
// playouts run one after another, and a playout's bots are done with a
// view before the next one is made (search.BotViewer).
type sampler struct{ bot *botView }

// Sample implements search.Sampler: it rebuilds the whole state from view
// alone (never from the true state), seeding the bag's draws from rng.
// The imagined game discards its events, and its bots read BotView.
func (smp sampler) Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error) {
	v, err := engine.SeatView[View](ID, view, seat)
	if err != nil {
		return nil, err
	}
	g, err := fromView(v, engine.NewRNG(rng.Uint64()))
	if err != nil {
		return nil, err
	}
	g.log.Discard()
	if smp.bot != nil {
		smp.bot.attach(g)
	}
	return g, nil
}

// fromView rebuilds a state that shows v, with r as its random generator.
// The knowledge track's arrival order is not in the view: it only orders
// tied players before they are shuffled, so seat order stands in for it.
func fromView(v *View, r engine.RNG) (*state, error) {
	players := len(v.Players)
	if players < 2 || players > 5 || len(v.Tracks) != numColours || len(v.Cards) != len(cardNumbers(players)) {
		return nil, errors.New("fireproto: a view of the wrong shape")
	}
	g := &state{
		Players: players, RNG: r, Round: v.Round, Phase: v.Phase, Active: v.Active,
		Bag: make(engine.Bag, numKinds), Supply: v.Supply, Seats: make([]seatState, players),
		Track: engine.NewScoreTrack(players), Picks: slices.Clone(v.Picks), Drawn: v.Drawn,
		Last: Empty, LastBy: -1, Collapsed: -1, Summary: v.Summary,
	}
	if g.Picks == nil {
		g.Picks = []engine.Seat{}
	}
	for c, t := range v.Tracks {
		if t.Key != colours[c].Key {
			return nil, fmt.Errorf("fireproto: shelf %d is %q", c, t.Key)
		}
		g.Pos[c], g.Aside[c], g.Bag[c] = t.Pos, t.SetAside, t.InBag
		if t.Collapsed {
			g.Collapsed = c
		}
	}
	g.Bag[Fire] = v.Bag.Fires
	for s, p := range v.Players {
		if p.Seat != engine.Seat(s) {
			return nil, errors.New("fireproto: players out of order")
		}
		g.Seats[s] = seatState{Buckets: p.Buckets, Played: p.Played}
		g.Track.Scores[s] = p.Score
	}
	for _, cv := range v.Cards {
		if len(cv.Spaces) != numSpaces {
			return nil, fmt.Errorf("fireproto: card %d with %d spaces", cv.Number, len(cv.Spaces))
		}
		c := orderCard{Number: cv.Number, Holder: cv.Holder}
		for i, sp := range cv.Spaces {
			c.Spaces[i] = tokenOf(sp.Token)
			if c.Spaces[i] == Empty && sp.Token != "" {
				return nil, fmt.Errorf("fireproto: unknown token %q", sp.Token)
			}
			c.Doused[i] = sp.Doused
		}
		g.Cards = append(g.Cards, c)
	}
	if v.Last != nil {
		g.Last, g.LastBy = tokenOf(v.Last.Token), v.Last.By
	}
	if err := g.validate(); err != nil {
		return nil, fmt.Errorf("fireproto: the view does not make a valid state: %w", err)
	}
	return g, nil
}
