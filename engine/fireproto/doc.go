// Package fireproto implements the prototype edition of Fire in the
// Library (its first, prototype rulebook) for the arcade: 2 to 5 players, five book
// colours on value tracks, Bucket tokens, and a race to 100 knowledge
// before a wing of the library collapses. Its data and rulings are
// the card data (data.go) and the package's rules.md.
//
// Hidden information: none. The bag is shown as counts, and the five
// books burned at setup are public (their trackers move). Every seat's
// View, and a spectator's, is the same apart from View.You, and every
// event is public.
//
// Rules cited. A refusal that applies a rule cites it (engine.Refuse),
// and so does every fact the rules make happen without a player choosing
// it (its Rule method): a ruling of rules.md or a phrase it holds once.
//
// Seat references. Every text the package produces (event log lines, rule
// errors, the outcome summary and the view's phase text) names players
// with the literal token {seatN}, N being the 0-based seat number; the UI
// replaces each with that player's name.
//
// Moves (engine.Action Kind, Args, suggested Key):
//
//	order [n]   1-5  take Turn Order card n (from round 2, least knowledge first)
//	draw        d    draw a token from the bag onto the leftmost empty space
//	score       s    score the books on your card plus bravery; needs a draw first
//	douse       b    spend a Bucket on the fire just drawn
//	burn        f    let a fire that ends your turn burn your books
//
// Only one seat acts at a time; there are no response windows.
package fireproto
