// Package firetower implements Fire Tower (Runaway Parade Games, 2018) for
// the arcade: 2 to 4 players on a 16 x 16 forest, each defending the corner
// square of their fire tower while the wind and the cards spread the blaze.
// It covers every card of the base game (with the Ember of the later
// printing as a deck option), the Firestorm, eliminations with growing hand
// sizes, and the four-player team variant, with the board data and rulings
// the rulebook's lost pictures called for (written in rules.md).
//
// Coordinates. A square is a Point{X, Y}: X is the column from the west
// (0..15, shown as A..P), Y the row from the north (0..15, shown as 1..16).
//
// Placement rules live on Position, the public part of a game (the board,
// the tower areas in play, the wind), so that the rules code, the view's
// previews (View.Check) and the bots share one implementation.
//
// Rules cited. A refusal (engine.RuleError.Rule) and every automatic
// effect (a fact's Rule) name the rule of rules.md behind them: a ruling
// by number, or a phrase of the rules (cite.go lists them).
//
// Seat references. Every text the package produces names players with the
// token {seatN} (engine.SeatRef); the UI replaces it with the player's name.
package firetower
