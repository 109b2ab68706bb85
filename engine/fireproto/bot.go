package fireproto

import (
	"context"

	"arcade/engine"
)

// Bot implements engine.BotMaker:
//
//   - "easy" plays by a fixed rule of thumb (easyBot);
//   - "normal" is a heuristic that knows the game (normalBot): the odds of
//     the bag, what is at stake, Buckets, the score race and the shelves
//     near their X;
//   - "hard" is a determinized Monte Carlo search (hardBot, a search.Bot)
//     that deals the bag's hidden order at random from the counts its view
//     shows (sampler) and plays each candidate move out to the game's end
//     with the normal bot, in the real rules with a discarding log, the
//     bots reading BotView.
//
// Any other level falls back to "easy". Every bot decides from its seat's
// View alone. Each call makes a new bot: a pointer, so that the table can
// compare bots.
func (Game) Bot(level string) engine.Bot {
	switch level {
	case "hard":
		return newHardBot(hardIterations, hardBudget)
	case "normal":
		return &normalBot{normalTuning}
	}
	return &easyBot{}
}

// easyBot is sensible but naive: it takes the Turn Order cards in a fixed
// order of liking, draws while the next space cannot burn it (a safe space
// and no fire on the card), then draws until it holds two books and
// scores; it douses a fire only to save two books or more.
type easyBot struct{}

// easyCards are the Turn Order cards the easy bot likes, best first.
var easyCards = [...]int{3, 2, 4, 1, 5}

// easyBooks is how many books the easy bot wants before it stops on a
// space that can burn it.
const easyBooks = 2

// Choose implements engine.Bot.
func (easyBot) Choose(_ context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if !ok {
		return legal[rng.Intn(len(legal))]
	}
	t := readTurn(v)
	switch v.Phase {
	case PhaseOrder:
		for _, n := range easyCards {
			if a, ok := engine.Pick(legal, KindOrder, n); ok {
				return a
			}
		}
	case PhaseFire:
		if t.card != nil && t.count() >= easyBooks {
			if a, ok := engine.Pick(legal, KindDouse); ok {
				return a
			}
		}
		if a, ok := engine.Pick(legal, KindBurn); ok {
			return a
		}
	case PhaseSearch:
		if t.card != nil && (t.free() || t.count() < easyBooks) {
			if a, ok := engine.Pick(legal, KindDraw); ok {
				return a
			}
		}
		if a, ok := engine.Pick(legal, KindScore); ok {
			return a
		}
		if a, ok := engine.Pick(legal, KindDraw); ok {
			return a
		}
	}
	return legal[0]
}

// turnView sums up the bot's own Turn Order card as its view shows it.
type turnView struct {
	card  *OrderCardView // nil if the bot holds none
	stake int            // what scoring now gives: the books' values and bravery
	books [numColours]int
	live  int // undoused fires on the card
	next  int // the index of the next space to fill (the draws so far)
}

// readTurn finds the bot's card in v and sums it up (a card that no game
// could show counts as none).
func readTurn(v *View) turnView {
	t := turnView{next: v.Drawn}
	for i := range v.Cards {
		c := &v.Cards[i]
		if c.Holder == v.You && c.Holder >= 0 && c.Number >= 1 && c.Number <= len(cardSpecs) &&
			len(c.Spaces) == numSpaces {
			t.card = c
		}
	}
	if t.card == nil {
		return t
	}
	t.stake = t.card.Bravery
	for _, sp := range t.card.Spaces {
		switch k := tokenOf(sp.Token); {
		case k == Fire && !sp.Doused:
			t.live++
		case k.Book() && int(k) < len(v.Tracks):
			t.books[k]++
			t.stake += v.Tracks[k].Value
		}
	}
	return t
}

// count is the number of books on the card.
func (t *turnView) count() int {
	n := 0
	for _, b := range t.books {
		n += b
	}
	return n
}

// free reports whether the next draw cannot end the turn: it goes to a
// safe space and no undoused fire is on the card yet.
func (t *turnView) free() bool {
	return t.card != nil && t.next < len(t.card.Spaces) && !t.card.Spaces[t.next].Risky && t.live == 0
}

// tokenOf reads a token name from a view ("fire", a colour key, ""): the
// inverse of Token.Name.
func tokenOf(name string) Token {
	switch name {
	case "fire":
		return Fire
	case "white":
		return White
	case "black":
		return Black
	case "yellow":
		return Yellow
	case "brown":
		return Brown
	case "green":
		return Green
	}
	return Empty
}
