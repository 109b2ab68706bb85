package labyrinth

// Action kinds. Every action aimed at a Floor tile carries the tile's index
// (row*5+col, 0..24) in Args[0]: flip, rotate, move and pass (the
// partner's tile). Card arguments are card IDs (see Books, Rewards:
// books 0..59, Reward cards 60..74; a captured Terror passed in the solo
// game is TerrorCard+its number). An unused optional card is -1.
const (
	// KindGenre (setup): Args [genre 0..5]. Choose a starting Book of
	// that genre; every player chooses three, all at once, hidden from
	// the others until everyone has chosen, when the Books are dealt
	// (ruling 14). Keys "1".."6".
	KindGenre = "genre"
	// KindFlip: Args [tile] or [tile, map]. Flip a dark tile adjacent to
	// your meeple to its lit side; with map (a Useful Map card, used up)
	// any dark tile. Costs an action. No hot key (the board's cursor: f).
	KindFlip = "flip"
	// KindRotate: Args [tile, turn]. Rotate your own tile or an adjacent
	// lit tile a quarter turn: turn 1 clockwise, -1 anticlockwise.
	// Costs an action. No hot key (the board's cursor: r and R).
	KindRotate = "rotate"
	// KindTake: Args [genre], [genre, card, genre2] or [genre, card,
	// genre2, card2, genre3]. Take the top Book of genre; with each card
	// (a Library Card, used up) also the top Book of the genre after it. Costs an action. A plain take has the genre's key "1".."6";
	// the board's t offers every take.
	KindTake = "take"
	// KindMove: Args [tile, piece, bonus, ladder, copier, copied, n,
	// passage1..passageN, extra...]. Move to tile along lit open paths.
	//   piece: 0 your meeple, 1 the Trolley alone, 2 both (move and
	//   ride; solo, both starting on one tile).
	//   bonus: 0 none, 1 capture the Terror on tile, 2 return a Terror
	//   to the Shelf on tile, 3 draw a Reward card (Reward tile).
	//   ladder: a Library Ladder card used to pass Terror and Shelf
	//   tokens on the way, or -1.
	//   copier, copied: a Photocopier card and the Book whose symbols
	//   count twice for the capture, or -1, -1.
	//   n, passage1..N: the number of Secret Passage cards used (one per
	//   bookcase crossed) and their IDs, ascending.
	//   extra: for a capture the IDs of the cards used, ascending (from
	//   your hand, and in a ride the Trolley's); for a return the number
	//   of the captured Terror returned. Nothing otherwise.
	// Costs an action. No hot key (the board's cursor: m).
	KindMove = "move"
	// KindPass: Args [tile, partner, give, receive, service]. Pass cards
	// with the partner on tile: give a card of yours, receive one of
	// theirs, or both (a swap); -1 for none. partner is a seat, or 1 for
	// the Trolley in the solo game (where a captured Terror may be
	// passed as TerrorCard+number). service: a Trolley Service card (used
	// up) that allows the partner to stand on another tile, or -1. Costs
	// an action, except between you and the Trolley. No hot key (the
	// board's cursor: g).
	KindPass = "pass"
	// KindDiscard: Args [card]. Discard a card from your hand (solo: or
	// the Trolley's) for free. Captured Terrors cannot be discarded.
	// No hot key (the board's x asks which card). A player whose hand is
	// full may also discard out of turn (ruling 15; see KindKeep).
	KindDiscard = "discard"
	// KindKeep: no Args. Out of turn only: keep your full hand and close
	// your discard window for the rest of this turn (Timeout's move for
	// a seat in the window). Free; never offered on your own turn.
	KindKeep = "keep"
	// KindTime: Args [card]. Play a Time Machine card: one more action
	// this turn. Free. No hot key (the board's b).
	KindTime = "time"
	// KindPassAction: no Args. Give one of your remaining actions to the
	// next player with the Pass-An-Action token (2+ players). Key "p".
	KindPassAction = "pass_action"
	// KindEnd: no Args. End your actions; the Disturbance and Bookwyrm
	// phases follow. Key "e".
	KindEnd = "end"
)

// Move pieces (Args[1] of KindMove).
const (
	PieceMeeple  = 0
	PieceTrolley = 1
	PieceRide    = 2
)

// Move bonuses (Args[2] of KindMove).
const (
	BonusNone    = 0
	BonusCapture = 1
	BonusReturn  = 2
	BonusReward  = 3
)

// Positions in a move's Args.
const (
	moveTile = iota
	movePiece
	moveBonus
	moveLadder
	moveCopier
	moveCopied
	movePassages
)

// MoveSpec is a move action's arguments, decoded.
type MoveSpec struct {
	Tile, Piece, Bonus int
	Ladder             int   // -1: none
	Copier, Copied     int   // -1: none
	Passages           []int // Secret Passage cards
	Cards              []int // capture: the cards used
	Terror             int   // return: the Terror returned (-1 otherwise)
}

// Args encodes the move as Action.Args.
func (m MoveSpec) Args() []int { return m.appendArgs(nil) }

// appendArgs appends the move's Args to dst.
func (m *MoveSpec) appendArgs(dst []int) []int {
	dst = append(dst, m.Tile, m.Piece, m.Bonus, m.Ladder, m.Copier, m.Copied, len(m.Passages))
	dst = append(dst, m.Passages...)
	switch m.Bonus {
	case BonusCapture:
		dst = append(dst, m.Cards...)
	case BonusReturn:
		dst = append(dst, m.Terror)
	}
	return dst
}

// DecodeMove reads a move action's Args (false if malformed).
func DecodeMove(args []int) (MoveSpec, bool) {
	if len(args) <= movePassages {
		return MoveSpec{}, false
	}
	m := MoveSpec{Tile: args[moveTile], Piece: args[movePiece], Bonus: args[moveBonus], Ladder: args[moveLadder],
		Copier: args[moveCopier], Copied: args[moveCopied], Terror: -1}
	n := args[movePassages]
	rest := args[movePassages+1:]
	if n < 0 || n > len(rest) {
		return MoveSpec{}, false
	}
	m.Passages, rest = rest[:n], rest[n:]
	switch m.Bonus {
	case BonusCapture:
		m.Cards = rest
	case BonusReturn:
		if len(rest) != 1 {
			return MoveSpec{}, false
		}
		m.Terror = rest[0]
	default:
		if len(rest) != 0 {
			return MoveSpec{}, false
		}
	}
	return m, true
}

// PassSpec is a pass action's arguments, decoded: Args [tile, partner,
// give, receive, service].
type PassSpec struct {
	Tile, Partner, Give, Receive, Service int
}

// Args encodes the pass as Action.Args.
func (p PassSpec) Args() []int {
	return []int{p.Tile, p.Partner, p.Give, p.Receive, p.Service}
}
