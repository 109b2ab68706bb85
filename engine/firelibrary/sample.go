package firelibrary

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
)

// Sampler implements search.Sampler: Sample rebuilds a whole game from one
// seat's View, as a player at the table could imagine it. The hard bot
// searches on such games; it never sees the true state.
//
// What a View shows is copied exactly: the Library, the bag's counts, the
// supply, the Turn Order cards and their tokens, the market, the played
// tools on the table, the scores and their order on the track, the Robot,
// the turn in progress and the viewer's own tools.
//
// What it hides is dealt at random from the tool cards the viewer has not
// seen (the game's tool deck minus the viewer's hand, the market and the
// tools on the table): the other players' hands (as many as their hand
// sizes), the discard pile (as many as it holds) and the deck, in random
// order. The bag is counts only; the order of its draws comes from the
// imagined game's own random generator, seeded from rng.
//
// Facts a View cannot tell are guessed plausibly:
//   - the discard pile's contents: the tools played face up went there,
//     but the View does not list them (a player would have to remember
//     the log), so they are dealt like the deck;
//   - which copy of a tool a visible card is (it only matters for the
//     sections the Robot burns when it flips that card later): a random
//     copy;
//   - the Robot's last flipped tool is put in the discard pile if one of
//     its copies can go there;
//   - an open window's answers: the other players who have already
//     answered are taken to have passed, and in step 3 the players who
//     have decided to have kept their tools (both are secret).
type Sampler struct{}

// Sample implements search.Sampler. view is a View (or *View) of seat; a
// finished game has nothing to sample.
func (Sampler) Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error) {
	g, err := sample(view, seat, rng)
	if err != nil {
		return nil, err
	}
	if err := g.validate(); err != nil {
		return nil, fmt.Errorf("firelibrary: the view does not make a game: %w", err)
	}
	return g, nil
}

// sample is Sample without the final check of the game's invariants
// (TestSamplerAgreesWithView checks them): the hard bot samples hundreds
// of times a move from views of real games.
func sample(view engine.View, seat engine.Seat, rng *engine.RNG) (*state, error) {
	v, err := engine.SeatView[View](ID, view, seat)
	if err != nil {
		return nil, err
	}
	return rebuild(*v, rng)
}

// tokenKinds maps the names in a View back to tokens.
var tokenKinds = map[string]Token{"": Empty, "white": White, "yellow": Yellow, "black": Black,
	"purple": Purple, "fire": Fire, "teal": Tech}

// toolIndex maps tool names to tools (0-12).
var toolIndex = func() map[string]int {
	m := map[string]int{}
	for i, t := range tools {
		m[t.Name] = i
	}
	return m
}()

func parseTokens(names []string) ([]Token, error) {
	out := make([]Token, 0, len(names))
	for _, n := range names {
		t, ok := tokenKinds[n]
		if !ok || t == Empty {
			return nil, fmt.Errorf("unknown token %q", n)
		}
		out = append(out, t)
	}
	return out, nil
}

// parseVariantText reads the Fire and Tech options back from the View's
// variant line (variant.describe), and the challenge level.
func parseVariantText(v View) (variant, error) {
	out := variant{Mode: v.Mode, NoTools: v.NoTools, Fire: FireNormal}
	for part := range strings.SplitSeq(v.Variant, ", ") {
		switch part {
		case variantNames[FireWild]:
			out.Fire = FireWild
		case variantNames[FireInferno]:
			out.Fire = FireInferno
		case "Technology Books":
			out.Tech = true
		default:
			for c, name := range challengeNames {
				if part == name {
					out.Challenge = c
				}
			}
		}
	}
	if out.describe() != v.Variant {
		return out, fmt.Errorf("unknown variant %q", v.Variant)
	}
	return out, nil
}

// rebuild makes a state that agrees with everything v shows, dealing the
// hidden tool cards at random (see Sampler).
func rebuild(v View, rng *engine.RNG) (*state, error) {
	players := len(v.Players)
	if v.Phase == PhaseOver || v.Over {
		return nil, errors.New("firelibrary: the game is over")
	}
	vr, err := parseVariantText(v)
	if err != nil {
		return nil, err
	}
	if _, err := parseVariant(players, engine.Options{OptMode: vr.Mode}); err != nil || players < 1 || players > 6 {
		return nil, fmt.Errorf("firelibrary: %d players in mode %q", players, vr.Mode)
	}
	if len(v.Sections) != numSections {
		return nil, errors.New("firelibrary: the view has no Library")
	}
	g := &state{
		Players: players, Var: vr, RNG: engine.NewRNG(rng.Uint64()), Round: v.Round, Phase: v.Phase,
		Active: v.Active, Supply: v.Supply, Collapsed: -1, Summary: v.Summary, Drawn: v.Drawn,
		ToolWhy: v.ToolWhy, Last: Empty, LastBy: -1, Table: []tableTool{}, Market: []int{},
		Used: append([]int{}, v.Used...), Picks: []engine.Seat{}, Spread: v.SpreadThisRound,
		BurnedBest: v.BurnedBest, Turn: freshTurn(), Bag: make(engine.Bag, numKinds),
	}
	for i, sv := range v.Sections {
		if sv.Name != sections[i].Name {
			return nil, fmt.Errorf("firelibrary: unknown section %q", sv.Name)
		}
		g.Burned[i] = sections[i].Books - sv.Cards
		g.Bag[i] = sv.InBag
		if sv.Collapsed {
			g.Collapsed = i
		}
	}
	g.Bag[Fire], g.Bag[Tech] = v.Bag.Fires, v.Bag.Tech
	if v.Last != nil {
		g.Last, g.LastBy = tokenKinds[v.Last.Token], v.Last.By
	}

	// The score track: arrivals in the order the track shows.
	g.Seats = make([]seatState, players)
	if v.Robot != nil {
		g.Robot = &robotState{Score: v.Robot.Score, Played: v.Robot.Played, Flip: -1}
		if g.Robot.Tokens, err = parseTokens(v.Robot.Tokens); err != nil {
			return nil, err
		}
	}
	if len(v.Track) != players+btoi(v.Robot != nil) {
		return nil, errors.New("firelibrary: the score track does not match the players")
	}
	for i, s := range v.Track {
		switch {
		case s == robotSeat && g.Robot != nil:
			g.Robot.Arrived = i
		case s >= 0 && int(s) < players:
			g.Seats[s].Arrived = i
		default:
			return nil, fmt.Errorf("firelibrary: seat %d on the score track", s)
		}
	}
	g.Clock = len(v.Track)
	window := v.Phase == PhaseAmulet || v.Phase == PhaseSpread
	for s, pv := range v.Players {
		p := &g.Seats[s]
		p.Score, p.Played, p.Swap, p.Hand = pv.Score, pv.Played, swapKeep, []int{}
		p.Wait = window && pv.Deciding
		if v.Phase == PhaseSwap && pv.Deciding {
			p.Swap = swapUndecided
		}
	}

	// The Turn Order cards and the turn in progress.
	for _, cv := range v.Cards {
		c := orderCard{Number: cv.Number, Holder: cv.Holder}
		if cv.Robot {
			c.Holder = robotSeat
		}
		if len(cv.Spaces) != numSpaces {
			return nil, errors.New("firelibrary: a Turn Order card without its spaces")
		}
		for i, sp := range cv.Spaces {
			t, ok := tokenKinds[sp.Token]
			if !ok {
				return nil, fmt.Errorf("firelibrary: unknown token %q", sp.Token)
			}
			c.Spaces[i] = t
			if sp.Spreading {
				g.Turn.Trigger = i
			}
		}
		g.Cards = append(g.Cards, c)
	}
	g.Turn.Gloves, g.Turn.Placed, g.Turn.Bravery = v.Gloves, v.Placed, v.Bravery
	if g.Turn.Drawing, err = parseTokens(v.Drawing); err != nil {
		return nil, err
	}
	if g.Turn.Saved, err = parseTokens(v.Saved); err != nil {
		return nil, err
	}
	if v.Phase == PhaseOrder {
		for _, s := range g.scoreOrder() {
			if g.cardOf(s) == nil {
				g.Picks = append(g.Picks, s)
			}
		}
	}

	// Tool cards: the visible ones first, then the rest dealt at random.
	if err := g.dealTools(v, rng); err != nil {
		return nil, err
	}
	return g, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dealTools gives every tool card a place: the cards v shows (the viewer's
// hand, the market, the table) get a copy of their tool picked at random;
// the others are shuffled and dealt to the other hands, the discard pile
// and the deck.
func (g *state) dealTools(v View, rng *engine.RNG) error {
	unseen := toolDeck(g.Players)
	rng.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	take := func(name string) (int, error) {
		tl, ok := toolIndex[name]
		i := slices.IndexFunc(unseen, func(c int) bool { return c/copiesPerTool == tl })
		if !ok || i < 0 {
			return -1, fmt.Errorf("firelibrary: no %s left to see", name)
		}
		c := unseen[i]
		unseen = slices.Delete(unseen, i, i+1)
		return c, nil
	}
	var err error
	for _, t := range v.Market {
		c, err := take(t.Name)
		if err != nil {
			return err
		}
		g.Market = append(g.Market, c)
	}
	for _, tv := range v.Table {
		tt := tableTool{Owner: tv.Owner, Until: tv.Until, Uses: tv.Uses}
		if tt.Card, err = take(tv.Name); err != nil {
			return err
		}
		if tt.Tokens, err = parseTokens(tv.Tokens); err != nil {
			return err
		}
		if tv.Source {
			g.Turn.From = tt.Card
		}
		g.Table = append(g.Table, tt)
	}
	if v.You >= 0 && int(v.You) < g.Players {
		for _, t := range v.Hand {
			c, err := take(t.Name)
			if err != nil {
				return err
			}
			g.Seats[v.You].Hand = append(g.Seats[v.You].Hand, c)
		}
	}
	deal := func(n int) ([]int, error) {
		if n < 0 || n > len(unseen) {
			return nil, errors.New("firelibrary: the tool cards do not add up")
		}
		out := append([]int{}, unseen[:n]...)
		unseen = unseen[n:]
		return out, nil
	}
	for s, pv := range v.Players {
		if engine.Seat(s) == v.You {
			continue
		}
		if g.Seats[s].Hand, err = deal(pv.HandSize); err != nil {
			return err
		}
	}
	if g.Discard, err = deal(v.Discard); err != nil {
		return err
	}
	if g.Deck, err = deal(v.Deck); err != nil {
		return err
	}
	if len(unseen) > 0 {
		return errors.New("firelibrary: the tool cards do not add up")
	}
	if v.Robot != nil && v.Robot.Flip != "" {
		return g.placeFlip(v.Robot.Flip)
	}
	return nil
}

// placeFlip makes the Robot's last flip a card of the named tool, in the
// discard pile if one can be swapped there from the deck or the other
// hands.
func (g *state) placeFlip(name string) error {
	tl, ok := toolIndex[name]
	if !ok {
		return fmt.Errorf("firelibrary: unknown tool %q", name)
	}
	is := func(c int) bool { return c/copiesPerTool == tl }
	if i := slices.IndexFunc(g.Discard, is); i >= 0 {
		g.Robot.Flip = g.Discard[i]
		return nil
	}
	if len(g.Discard) > 0 {
		if i := slices.IndexFunc(g.Deck, is); i >= 0 {
			g.Deck[i], g.Discard[0] = g.Discard[0], g.Deck[i]
			g.Robot.Flip = g.Discard[0]
			return nil
		}
	}
	var all []int
	all = append(all, g.Deck...)
	all = append(all, g.Market...)
	for _, p := range g.Seats {
		all = append(all, p.Hand...)
	}
	for _, tt := range g.Table {
		all = append(all, tt.Card)
	}
	if i := slices.IndexFunc(all, is); i >= 0 {
		g.Robot.Flip = all[i]
		return nil
	}
	return fmt.Errorf("firelibrary: no %s for the Robot's flip", name)
}
