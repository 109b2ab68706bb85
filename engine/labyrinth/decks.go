package labyrinth

// Decks and discard piles. A deck that runs out is refilled by shuffling
// its discard pile (rulebook FAQ); the Terror and Shelf stacks are never
// refilled (ruling C8.9).

// bookSupply is the number of Books of genre gn that can still be taken.
func (g *state) bookSupply(gn int) int { return len(g.BookDeck[gn]) + len(g.BookDiscard[gn]) }

// rewardSupply is the number of Reward cards that can still be drawn.
func (g *state) rewardSupply() int { return len(g.RewardDeck) + len(g.RewardDiscard) }

// drawBook takes the top Book of genre gn (-1 if there is none).
func (g *state) drawBook(gn int) int {
	if len(g.BookDeck[gn]) == 0 {
		g.BookDeck[gn], g.BookDiscard[gn] = g.BookDiscard[gn], nil
		g.shuffle(g.BookDeck[gn])
	}
	return pop(&g.BookDeck[gn])
}

// drawReward takes the top Reward card (-1 if there is none).
func (g *state) drawReward() int {
	if len(g.RewardDeck) == 0 {
		g.RewardDeck, g.RewardDiscard = g.RewardDiscard, nil
		g.shuffle(g.RewardDeck)
	}
	return pop(&g.RewardDeck)
}

// discard puts a card on its discard pile.
func (g *state) discard(id int) {
	if IsBook(id) {
		gn := Books[id].Genre
		g.BookDiscard[gn] = append(g.BookDiscard[gn], id)
		return
	}
	g.RewardDiscard = append(g.RewardDiscard, id)
}

// pop takes the last element of a pile (-1 if it is empty).
func pop(pile *[]int) int {
	n := len(*pile)
	if n == 0 {
		return -1
	}
	x := (*pile)[n-1]
	*pile = (*pile)[:n-1]
	return x
}
