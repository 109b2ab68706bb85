// Package firelibrary implements Fire in the Library (Weird Giraffe Games,
// 2019 retail edition) for the arcade: the base multiplayer game for 2 to 6
// players, with the card data and rulings of shared/rules/DATA.md section A.
//
// Seat references. Every text the package produces (event log lines, rule
// errors, the outcome summary and the view's phase description) names
// players with the literal token {seatN}, N being the 0-based seat number:
// "{seat0} drew a Fire token". The UI replaces each token with that
// player's name. Texts for a single seat ("You took Axe from the deck") are
// engine.Private events addressed to that seat.
//
// Moves (engine.Action Kind, Args, suggested Key):
//
//	draw             d    draw a token from the bag (active player)
//	stop             s    escape and score; needs at least one draw first
//	order [n]        1-6  take Turn Order card n (step 1, from round 2)
//	tool [i]         1-4  take market tool i (0-2), or 3: the deck's top
//	swap [i]         1-9  step 3: discard hand tool i, draw a new one
//	keep             k    step 3: keep your tools
//
// Step 3 is a simultaneous decision: Pending (and Responding, for the
// table's timers) lists every seat still to decide, and the swaps happen
// together once the last seat has decided.
//
// Tools are dealt, held hidden, gained and swapped, and their texts and
// timing windows are shown, but they cannot be played yet: the state keeps
// a Phase field so tool windows can be added as new phases.
package firelibrary
