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
// Tools are dealt, held hidden, gained and swapped, and their texts and
// timing windows are shown, but they cannot be played yet: the state keeps
// a Phase field so tool windows can be added as new phases.
package firelibrary
