// Package labyrinth implements Library Labyrinth (Dissent Games, 2023) for
// the arcade: a cooperative game for 1 to 5 players who flip and rotate
// the Floor tiles of a 5 x 5 library, gather Book cards, capture the
// literary Terrors the Bookwyrm lets loose and return them to the Shelves
// of the six genres before the Disturbance deck runs out. It covers the
// four difficulty levels, the double curses, the extra Disturbance cards,
// every Reward card and the solo game with the Trolley, with the card and
// tile data and the rulings the rulebook's lost pictures called for
// (written in rules.md).
//
// Coordinates. Tile i is at row i/5 (0 north) and column i%5 (0 west),
// named "A1".."E5" (column letter, row number); the compass tile is C3
// (index 12). Sides are numbered N, E, S, W; rotations are clockwise
// quarter turns.
//
// Hidden information. Hands are open. Hidden are the lit sides of dark
// tiles never seen lit (kind, shape and orientation), the order of every
// deck and stack, and in setup the genres the other players chose for
// their starting Books, which every player chooses at once and which are
// dealt when all have chosen (choose.go, ruling 14); View, events and
// move descriptions never show them.
//
// Bots. Game.Bot gives three levels, all deciding from the seat's View
// and the legal moves only: "easy" (returns and captures when it can,
// otherwise a random sensible move), "normal" (a cooperative heuristic
// with route planning over flips and rotations; normal.go, nav.go) and
// "hard" (search.Bot over the normal bot's best few moves, with Sampler
// dealing the unseen tiles and decks at random and the normal bot as
// prior and playout).
//
// Rules cited. A refused move says why in a player's words and names the
// rule behind it, a phrase of rules.md or one of its rulings (refuse.go,
// refusemove.go, rulecite.go); the events the rules make happen (the
// Disturbance, a Terror appearing, the next turn, the game's end) name
// theirs too (facts.go).
//
// Seat references. Event texts name players as {seatN} (engine.SeatRef);
// move descriptions (Describe) say "player N" or "PN" instead.
package labyrinth
