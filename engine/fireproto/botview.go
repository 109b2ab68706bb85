package fireproto

import (
	"arcade/engine"
	"arcade/engine/search"
)

// botView holds the buffers of BotView: one View whose slices are made
// once per state and refilled in place.
type botView struct {
	view   View
	tracks [numColours]TrackView
	pl     [len(cardSpecs)]PlayerView
	cv     [len(cardSpecs)]OrderCardView
	spaces [len(cardSpecs)][numSpaces]SpaceView
	wait   [1]engine.Seat
	last   DrawView
}

// BotView implements search.BotViewer: the hard bot's playouts hand the
// bots View(s) without its texts (PhaseText and Summary, which no bot
// reads), as a *View that the next call overwrites. Everything else is
// View(s), which TestBotViewIsView checks.
func (g *state) BotView(s engine.Seat) engine.View {
	if g.bot == nil {
		g.bot = &botView{}
		g.bot.frame(g)
	}
	b := &g.bot.view
	b.You, b.Round, b.Phase, b.Active, b.Supply, b.Drawn = s, g.Round, g.Phase, g.Active, g.Supply, g.Drawn
	b.Picks = g.Picks
	b.Over = g.Phase == PhaseOver
	b.Waiting, b.Winners = g.bot.wait[:0], nil
	if b.Over {
		b.Winners = g.Track.Leaders()
	} else {
		g.bot.wait[0] = g.Active
		b.Waiting = g.bot.wait[:1]
	}
	b.Bag = BagView{Fires: g.Bag[Fire]}
	for c := range colours {
		t := &b.Tracks[c]
		t.Pos, t.Value, t.Collapsed = g.Pos[c], g.value(c), g.Pos[c] == len(t.Values)
		t.ToX, t.InBag, t.SetAside = len(t.Values)-g.Pos[c], g.Bag[c], g.Aside[c]
		b.Bag.Books += g.Bag[c]
	}
	b.Bag.Total = b.Bag.Books + b.Bag.Fires
	for i := range b.Players {
		p := &b.Players[i]
		p.Score, p.Buckets, p.Played, p.Card = g.Track.Scores[i], g.Seats[i].Buckets, g.Seats[i].Played, 0
	}
	for i := range b.Cards {
		c, cv := &g.Cards[i], &b.Cards[i]
		cv.Holder = c.Holder
		if c.Holder >= 0 {
			b.Players[c.Holder].Card = c.Number
		}
		for k, t := range c.Spaces {
			if name := t.Name(); cv.Spaces[k].Token != name { // no write barrier when unchanged
				cv.Spaces[k].Token = name
			}
			cv.Spaces[k].Doused = c.Doused[k]
		}
	}
	b.Last = nil
	if g.Last != Empty {
		g.bot.last = DrawView{Token: g.Last.Name(), By: g.LastBy}
		b.Last = &g.bot.last
	}
	return b
}

// attach makes bv g's BotView buffers, framed for g's shape (its players
// and Turn Order cards) unless bv already shows that shape.
func (bv *botView) attach(g *state) {
	if !bv.fits(g) {
		bv.frame(g)
	}
	g.bot = bv
}

// fits reports whether bv is framed for g's players and cards.
func (bv *botView) fits(g *state) bool {
	v := &bv.view
	if len(v.Players) != g.Players || len(v.Cards) != len(g.Cards) || v.Tracks == nil {
		return false
	}
	for i := range v.Cards {
		if v.Cards[i].Number != g.Cards[i].Number {
			return false
		}
	}
	return true
}

// frame fills in the parts of the bot view that never change in a game.
func (bv *botView) frame(g *state) {
	v := &bv.view
	v.Goal = goal
	v.Tracks = bv.tracks[:]
	for c := range colours {
		col := &colours[c]
		v.Tracks[c] = TrackView{Colour: col.Name, Key: col.Key, Books: col.Books, Values: col.Track}
	}
	v.Players = bv.pl[:g.Players]
	for i := range v.Players {
		v.Players[i].Seat = engine.Seat(i)
	}
	v.Cards = bv.cv[:len(g.Cards)]
	for i := range v.Cards {
		n := g.Cards[i].Number
		sp := bv.spaces[i][:]
		for k := range sp {
			sp[k].Risky = risky(n, k)
		}
		v.Cards[i] = OrderCardView{Number: n, Layout: layout(n), Bravery: bravery(n), Spaces: sp}
	}
}

var _ search.BotViewer = (*state)(nil)
