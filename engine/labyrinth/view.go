package labyrinth

import (
	"slices"

	"arcade/engine"
)

// Phases of a game (View.Phase).
const (
	PhaseSetup   = "setup"   // players choose the genres of their three starting Books
	PhaseActions = "actions" // the current player takes actions
	PhaseOver    = "over"
)

// View is everything a seat may see. Hands are open, so every seat sees
// every hand; hidden are only the lit sides of never-revealed dark tiles,
// the order of every deck and stack, and in setup the genres the other
// seats have chosen (ruling 14).
type View struct {
	You     engine.Seat `json:"you"`
	Players int         `json:"players"`
	Solo    bool        `json:"solo"`
	// Difficulty is the tile mix in use (the solo game always uses
	// "novice"); DoubleCurses and ExtraDisturbance echo the options.
	Difficulty       string `json:"difficulty"`
	DoubleCurses     bool   `json:"double_curses"`
	ExtraDisturbance int    `json:"extra_disturbance"`

	Phase string `json:"phase"` // PhaseSetup, PhaseActions or PhaseOver
	// Turn is the current player (in setup, while every seat chooses its
	// Books at once: the first player).
	Turn   engine.Seat `json:"turn"`
	TurnNo int         `json:"turn_no"` // 1 for the first turn after setup
	// ActionsLeft is the number of actions the current player may still
	// take this turn; SetupPicks, in setup, the starting Books the viewer
	// still chooses (0 for a spectator).
	ActionsLeft int `json:"actions_left"`
	SetupPicks  int `json:"setup_picks,omitempty"`
	// PassToken is the Pass-An-Action token.
	PassToken PassTokenView `json:"pass_token"`
	// RewardTaken: the current player has already drawn a card from a
	// Reward tile this turn; RewardTiles holds the tiles that gave one
	// this turn (bit t for tile t), which give none again this turn.
	RewardTaken bool   `json:"reward_taken"`
	RewardTiles uint32 `json:"reward_tiles,omitempty"`
	// PhaseText says in a few words what the game waits for ({seatN}
	// references inside).
	PhaseText string `json:"phase_text"`

	Tiles [NumTiles]TileView `json:"tiles"` // index row*5+col
	// Wyrm is the Bookwyrm's place on the Ring (0..11); WyrmAt its
	// junction and WyrmTiles the four tiles around it (NW, NE, SE, SW),
	// the tiles the next Disturbance card may strike.
	Wyrm      int      `json:"wyrm"`
	WyrmAt    Junction `json:"wyrm_at"`
	WyrmTiles [4]int   `json:"wyrm_tiles"`

	Seats []SeatView `json:"seats"`
	// Trolley is the solo game's Trolley (nil with 2+ players).
	Trolley *TrolleyView `json:"trolley,omitempty"`

	// Deck sizes: Books by genre, Reward cards, Terror and Shelf stacks,
	// and the discard piles.
	BookDeck      [NumGenres]int `json:"book_deck"`
	BookDiscard   [NumGenres]int `json:"book_discard"`
	RewardDeck    int            `json:"reward_deck"`
	RewardDiscard int            `json:"reward_discard"`
	TerrorStack   int            `json:"terror_stack"`
	ShelfStack    int            `json:"shelf_stack"`

	// TerrorsOnGrid is the number of Terror tokens on the grid (six lose).
	TerrorsOnGrid int `json:"terrors_on_grid"`
	// Filled marks the Shelf genres that have had a Terror returned (all
	// six win); Returned lists those Terrors in order.
	Filled   [NumGenres]bool `json:"filled"`
	Returned []ReturnedView  `json:"returned,omitempty"`

	// DisturbanceLeft is the number of Disturbance cards above Out of
	// Time; DoublesLeft how many of them are double curses.
	DisturbanceLeft int `json:"disturbance_left"`
	DoublesLeft     int `json:"doubles_left"`
	// LastDisturbance is the card revealed last (nil before the first).
	LastDisturbance *DisturbanceView `json:"last_disturbance,omitempty"`

	// Last lists the tiles the last move or disturbance changed.
	Last []int `json:"last,omitempty"`
	// Recent is the end of the public log.
	Recent []string `json:"recent,omitempty"`

	Over    bool   `json:"over"`
	Won     bool   `json:"won"`
	Summary string `json:"summary,omitempty"`
}

// Viewer implements engine.View: the seat this view belongs to.
func (v View) Viewer() engine.Seat { return v.You }

// PassTokenView is the Pass-An-Action token: free, or given to a seat who
// takes one more action on its next (or present) turn.
type PassTokenView struct {
	Free bool        `json:"free"`
	To   engine.Seat `json:"to"` // -1 when free
}

// TileView is one Floor tile. A dark tile that was never lit shows only
// Lit=false and Known=false; its Kind, Shape and Rot are empty/0 and Open
// all false. A dark tile that has been lit before is Known: everyone saw
// it, so its kind, shape and rotation are shown.
type TileView struct {
	Index int      `json:"index"`
	Name  string   `json:"name"` // "A1".."E5"
	Lit   bool     `json:"lit"`
	Known bool     `json:"known"` // lit now, or seen lit before
	Kind  TileKind `json:"kind,omitempty"`
	Shape Shape    `json:"shape,omitempty"`
	Rot   int      `json:"rot"` // clockwise quarter turns 0..3
	// Open is the open sides N, E, S, W (a closed side is a bookcase).
	// All false for an unknown dark tile.
	Open [4]bool `json:"open"`
	// Terror is the Terror token on the tile, Shelf the Shelf token's
	// genre (-1: none).
	Terror *TerrorView `json:"terror,omitempty"`
	Shelf  int         `json:"shelf"`
	// Meeples lists the seats whose meeples stand here; Trolley marks
	// the solo Trolley.
	Meeples []engine.Seat `json:"meeples,omitempty"`
	Trolley bool          `json:"trolley,omitempty"`
	// Wyrm is the tile's corner (NW, NE, SE, SW) as seen from the
	// Bookwyrm, -1 when the tile is not next to it.
	Wyrm int `json:"wyrm"`
}

// TerrorView is a Terror token and the symbols capturing it needs.
type TerrorView struct {
	ID      int     `json:"id"`
	Name    string  `json:"name"`
	Needs   Symbols `json:"needs"`   // count per genre symbol
	Letters string  `json:"letters"` // e.g. "TTFFAA"
}

// CardView is one card in a hand.
type CardView struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	// Type is "book", "item" (magical item) or "booster".
	Type  string `json:"type"`
	Genre int    `json:"genre"` // books and items; -1 for boosters
	// Symbols counts the card's symbols per genre (books and items);
	// Letters writes them ("QFA").
	Symbols Symbols `json:"symbols"`
	Letters string  `json:"letters,omitempty"`
	// Options are a booster's two effects.
	Options []Boost `json:"options,omitempty"`
}

// CapturedView is a captured Terror with the cards guarding it: one slot.
type CapturedView struct {
	Terror TerrorView `json:"terror"`
	Cards  []CardView `json:"cards"`
}

// HandView is an open hand: Cards and Captured Terrors; Slots counts the
// slots in use (each captured pile is one) against Limit.
type HandView struct {
	Cards    []CardView     `json:"cards"`
	Captured []CapturedView `json:"captured,omitempty"`
	Slots    int            `json:"slots"`
	Limit    int            `json:"limit"`
}

// SeatView is one player: the meeple's tile and the open hand; in setup
// how many starting Books the player has chosen, and, in the player's own
// view only, the genres chosen, in order (ruling 14: the others see them
// when the Books are dealt).
type SeatView struct {
	Seat   engine.Seat `json:"seat"`
	Tile   int         `json:"tile"`
	Hand   HandView    `json:"hand"`
	Chosen int         `json:"chosen,omitempty"`
	Picks  []int       `json:"picks,omitempty"`
}

// TrolleyView is the solo Trolley: its tile and its hand.
type TrolleyView struct {
	Tile int      `json:"tile"`
	Hand HandView `json:"hand"`
}

// ReturnedView is a Terror returned to a Shelf.
type ReturnedView struct {
	Terror TerrorView `json:"terror"`
	Shelf  int        `json:"shelf"` // genre
}

// DisturbanceView is a Disturbance card: the corners it strikes, as seen
// from the Bookwyrm (NW, NE, SE, SW), in the order they are resolved.
type DisturbanceView struct {
	Corners []int  `json:"corners"`
	Double  bool   `json:"double"`
	Text    string `json:"text"` // e.g. "NE" or "NE+SW (double)"
}

// View implements engine.State.
func (g *state) View(s engine.Seat) engine.View {
	var v View
	g.fillView(&v, s, nil)
	v.Last, v.Recent = slices.Clone(g.Last), slices.Clone(g.Recent)
	v.PhaseText = g.phaseText()
	return v
}

// BotView implements search.BotViewer: the hard bot's playouts hand their
// bots View(s) but for its PhaseText (no bot reads it), as a *View whose
// memory, and that of its slices, the next call reuses (Last and Recent
// are the state's own). TestBotViewIsView checks it against View.
func (g *state) BotView(s engine.Seat) engine.View {
	if g.bot == nil {
		g.bot = &viewBuf{cards: make([]CardView, 0, 32)}
	}
	b := g.bot
	b.terrors, b.seats, b.cards, b.captured = b.terrors[:0], b.seats[:0], b.cards[:0], b.captured[:0]
	g.fillView(&b.view, s, b)
	b.view.Last, b.view.Recent = g.Last, g.Recent
	return &b.view
}

// viewBuf is the memory BotView refills: a View, and arenas that its
// slices and pointers are cut from. A nil *viewBuf hands out fresh memory
// (View).
type viewBuf struct {
	view      View
	terrors   []TerrorView
	seats     []engine.Seat
	seatViews []SeatView
	cards     []CardView
	captured  []CapturedView
	returned  []ReturnedView
	trolley   TrolleyView
	disturb   DisturbanceView
}

// fillView writes into v everything seat s may see but the texts of
// View that BotView leaves out (PhaseText) and the copies it does not
// make (Last, Recent).
func (g *state) fillView(v *View, s engine.Seat, b *viewBuf) {
	*v = View{
		You: s, Players: g.Players, Solo: g.Players == 1, Difficulty: g.Difficulty,
		DoubleCurses: g.Doubles, ExtraDisturbance: g.Extra,
		Phase: g.Phase, Turn: g.Turn, TurnNo: g.TurnNo, ActionsLeft: g.Actions,
		PassToken: PassTokenView{Free: g.PassTo < 0, To: g.PassTo}, RewardTaken: g.RewardTaken, RewardTiles: g.RewardTiles,
		Wyrm: g.Wyrm, WyrmAt: Ring[g.Wyrm], WyrmTiles: Ring[g.Wyrm].Around(),
		RewardDeck: len(g.RewardDeck), RewardDiscard: len(g.RewardDiscard),
		TerrorStack: len(g.TerrorStack), ShelfStack: len(g.ShelfStack),
		TerrorsOnGrid: g.terrorsOnGrid(), Filled: g.Filled,
		DisturbanceLeft: len(g.Disturb), DoublesLeft: g.doublesLeft(),
		Over: g.Phase == PhaseOver, Won: g.Won, Summary: g.Summary,
	}
	if g.choosing(s) {
		v.SetupPicks = StartBooks - len(g.Chosen[s])
	}
	for i := range NumTiles {
		g.tileView(&v.Tiles[i], i, b)
	}
	if b != nil {
		v.Seats = b.seatViews[:0]
	}
	for seat, at := range g.Pos {
		if v.Tiles[at].Meeples == nil {
			v.Tiles[at].Meeples = b.seatsOn(g.Pos, at)
		}
		v.Seats = append(v.Seats, SeatView{Seat: engine.Seat(seat), Tile: at, Hand: b.handView(&g.Hands[seat])})
	}
	if g.Phase == PhaseSetup {
		g.choicesView(v, s, b)
	}
	if g.Players == 1 {
		v.Tiles[g.TrolleyAt].Trolley = true
		t := new(TrolleyView)
		if b != nil {
			t = &b.trolley
		}
		*t = TrolleyView{Tile: g.TrolleyAt, Hand: b.handView(&g.Trolley)}
		v.Trolley = t
	}
	for k, t := range v.WyrmTiles {
		v.Tiles[t].Wyrm = k
	}
	for gn := range NumGenres {
		v.BookDeck[gn] = len(g.BookDeck[gn])
		v.BookDiscard[gn] = len(g.BookDiscard[gn])
	}
	if b != nil && len(g.Returned) > 0 {
		v.Returned = b.returned[:0]
	}
	for _, r := range g.Returned {
		v.Returned = append(v.Returned, ReturnedView{Terror: terrorView(r.Terror), Shelf: int(r.Shelf)})
	}
	if g.LastDisturb >= 0 {
		d := new(DisturbanceView)
		if b != nil {
			d = &b.disturb
		}
		*d = disturbanceView(g.LastDisturb)
		if b == nil {
			d.Corners = slices.Clone(d.Corners) // the view's own
		}
		v.LastDisturbance = d
	}
	if b != nil {
		b.seatViews = v.Seats
		if len(g.Returned) > 0 {
			b.returned = v.Returned
		}
	}
}

// choicesView writes into v's seats how many starting Books each has
// chosen, and into seat s's own the genres it chose (the state's own
// slice for a buffer's view, whose bots change nothing).
func (g *state) choicesView(v *View, s engine.Seat, b *viewBuf) {
	for i := range v.Seats {
		v.Seats[i].Chosen = len(g.Chosen[i])
	}
	if s < 0 || int(s) >= len(g.Chosen) || len(g.Chosen[s]) == 0 {
		return
	}
	v.Seats[s].Picks = g.Chosen[s]
	if b == nil {
		v.Seats[s].Picks = slices.Clone(g.Chosen[s])
	}
}

// seatsOn lists the seats whose meeples stand on tile at.
func (b *viewBuf) seatsOn(pos []int, at int) []engine.Seat {
	var out []engine.Seat
	if b != nil {
		out = b.seats[len(b.seats):]
	}
	for s, p := range pos {
		if p == at {
			out = append(out, engine.Seat(s))
		}
	}
	if b != nil {
		b.seats = append(b.seats, out...)
		out = out[:len(out):len(out)]
	}
	return out
}

// tileView writes into tv what everyone sees of tile i.
func (g *state) tileView(tv *TileView, i int, b *viewBuf) {
	t := &g.Tiles[i]
	*tv = TileView{Index: i, Name: TileName(i), Lit: t.Lit, Known: t.Lit || t.Seen, Shelf: -1, Wyrm: -1}
	if tv.Known {
		tv.Kind, tv.Shape, tv.Rot = t.Kind, t.Shape, t.Rot
		if t.Lit {
			tv.Open = OpenSides(t.Shape, t.Rot)
		}
	}
	if t.Terror >= 0 {
		tv.Terror = b.terror(t.Terror)
	}
	if t.Shelf >= 0 {
		tv.Shelf = t.Shelf
	}
}

// terror describes Terror number t in the buffer's memory.
func (b *viewBuf) terror(t int) *TerrorView {
	if b == nil {
		return new(terrorView(t))
	}
	b.terrors = append(b.terrors, terrorView(t))
	return &b.terrors[len(b.terrors)-1]
}

// cardLetters and terrorLetters are the symbols of the cards and of the
// Terrors as letters (Symbols.Letters), written once.
var (
	cardLetters = func() (out [NumCards]string) {
		for id := range out {
			out[id] = CardSymbols(id).Letters()
		}
		return out
	}()
	terrorLetters = func() (out [NumTerrors]string) {
		for t := range out {
			out[t] = Terrors[t].Needs.Letters()
		}
		return out
	}()
)

// terrorView describes Terror number t.
func terrorView(t int) TerrorView {
	return TerrorView{ID: t, Name: Terrors[t].Name, Needs: Terrors[t].Needs, Letters: terrorLetters[t]}
}

// cardView describes card id.
func cardView(id int) CardView {
	c := CardView{ID: id, Name: CardName(id), Genre: -1}
	switch {
	case IsBook(id):
		c.Type, c.Genre = "book", int(Books[id].Genre)
	case IsItem(id):
		c.Type, c.Genre = "item", int(Rewards[id-FirstReward].Genre)
	default:
		c.Type = "booster"
		o := Rewards[id-FirstReward].Options
		c.Options = []Boost{o[0], o[1]}
	}
	c.Symbols = CardSymbols(id)
	c.Letters = cardLetters[id]
	return c
}

// cardViews describes cards in the buffer's memory (fresh, and never
// nil, with no buffer).
func (b *viewBuf) cardViews(ids []int) []CardView {
	if b == nil {
		out := make([]CardView, 0, len(ids))
		for _, id := range ids {
			out = append(out, cardView(id))
		}
		return out
	}
	start := len(b.cards)
	for _, id := range ids {
		b.cards = append(b.cards, cardViewOf[id])
	}
	return b.cards[start:len(b.cards):len(b.cards)]
}

// cardViewOf[id] is cardView(id), made once for BotView (whose bots do
// not change what they are handed).
var cardViewOf = func() (out [NumCards]CardView) {
	for id := range out {
		out[id] = cardView(id)
	}
	return out
}()

// handView describes an open hand.
func (b *viewBuf) handView(h *hand) HandView {
	hv := HandView{Cards: b.cardViews(h.Cards), Slots: h.slots(), Limit: HandLimit}
	if b != nil && len(h.Captured) > 0 {
		start := len(b.captured)
		for _, c := range h.Captured {
			b.captured = append(b.captured, CapturedView{Terror: terrorView(c.Terror), Cards: b.cardViews(c.Cards)})
		}
		hv.Captured = b.captured[start:len(b.captured):len(b.captured)]
		return hv
	}
	for _, c := range h.Captured {
		hv.Captured = append(hv.Captured, CapturedView{Terror: terrorView(c.Terror), Cards: b.cardViews(c.Cards)})
	}
	return hv
}

// disturbanceView describes Disturbance card c.
func disturbanceView(c int) DisturbanceView {
	corners := disturbCorners(c)
	d := DisturbanceView{Corners: corners, Double: len(corners) == 2}
	for i, k := range corners {
		if i > 0 {
			d.Text += "+"
		}
		d.Text += CornerNames[k]
	}
	if d.Double {
		d.Text += " (double)"
	}
	return d
}
