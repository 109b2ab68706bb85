package labyrinth

import (
	"cmp"
	"context"
	"slices"

	"arcade/engine"
)

// normalBot is the cooperative heuristic. It reads its view only. It
// returns a Terror whenever it can and captures one whenever it can;
// otherwise it heads for its target (a Shelf for a Terror it holds, or a
// Terror its hand can capture), rotates tiles that open the way, gathers
// the symbols the easiest Terror on the grid still needs, passes cards to
// the teammate who needs them, explores by flipping dark tiles (warily
// when Terrors crowd the grid; eagerly when a Terror it holds has no
// Shelf yet), and ends its turn when nothing helps. Flips and rotations
// count what they save the teammates' ways too. It leaves alone Terrors
// that would fill no Shelf it still needs (unless six threaten), and in
// the solo game keeps the Trolley with it (move and ride) as a second
// hand.
type normalBot struct{}

// Choose implements engine.Bot.
func (b normalBot) Choose(_ context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	if a, ok := keepOutOfTurn(legal); ok {
		return a
	}
	v, ok := engine.ViewAs[View](view)
	if !ok {
		return legal[0]
	}
	return b.best(v, legal, 1)[0]
}

// best lists up to n legal moves, best rated first (of moves rated the
// same, the one listed first).
func (normalBot) best(v *View, legal []engine.Action, n int) []engine.Action {
	j := newJudge(v)
	if n == 1 { // the top move alone: no need to sort them all
		top, score := 0, j.rate(legal[0])
		for i := 1; i < len(legal); i++ {
			if s := j.rate(legal[i]); cmp.Compare(s, score) > 0 {
				top, score = i, s
			}
		}
		return legal[top : top+1 : top+1]
	}
	type rated struct {
		a     engine.Action
		score float64
	}
	rs := make([]rated, len(legal))
	for i, a := range legal {
		rs[i] = rated{a, j.rate(a)}
	}
	slices.SortStableFunc(rs, func(x, y rated) int { return cmp.Compare(y.score, x.score) })
	var out []engine.Action
	for _, r := range rs[:min(n, len(rs))] {
		out = append(out, r.a)
	}
	return out
}

// gapPlan converts the actions on the way to a Terror into missing
// symbols, choosing which Terror to gather for.
const gapPlan = 3.0

// genreFreq[g][s] is the share of genre g's Books that show symbol s.
var genreFreq = func() [NumGenres][NumGenres]float64 {
	var out [NumGenres][NumGenres]float64
	var n [NumGenres]float64
	for _, b := range Books {
		n[b.Genre]++
		for s, c := range b.Symbols {
			if c > 0 {
				out[b.Genre][s]++
			}
		}
	}
	for g := range out {
		for s := range out[g] {
			out[g][s] /= n[g]
		}
	}
	return out
}()

// judge holds what the normal bot works out once per decision.
type judge struct {
	v       *View
	me      SeatView
	at      int
	have    Symbols           // the symbols of my Books and items
	deficit Symbols           // what my gathering target still needs
	targets []int             // tiles I want to reach
	weight  float64           // what an action saved on the way is worth
	nav     navGrid           // the library for route planning
	planNow float64           // actions my way to the targets takes now
	tgt     targetSet         // the targets as a set
	to      [NumTiles]float64 // the costs to the nearest target (toTargets)
	passes  int               // Secret Passage cards I hold
	pTerror float64           // chance that an unknown dark tile is a Terror tile
	pShelf  float64           // chance that an unknown dark tile is a Shelf tile
	// stranded counts the captured Terrors I hold with no Shelf for them
	// on the grid: finding one is worth exploring for.
	stranded int
	claimed  []bool // genres held Terrors need (claimedGenres), lazily
	open     []int  // unfilled genres whose Shelf is on the grid
	// partners caches the judges of the other seats (passing, rotating).
	partners map[int]*judge
}

// newJudge studies the view.
func newJudge(v *View) *judge {
	j := &judge{v: v}
	if v.You < 0 || int(v.You) >= len(v.Seats) {
		return j
	}
	j.me = v.Seats[v.You]
	j.at = j.me.Tile
	j.have = handSymbols(j.me.Hand.Cards)
	if t := v.Trolley; t != nil && t.Tile == j.at {
		// Riding together, the Trolley's cards capture too.
		for g, n := range handSymbols(t.Hand.Cards) {
			j.have[g] += n
		}
	}
	for _, c := range j.me.Hand.Cards {
		if slices.Contains(c.Options, SecretPassage) {
			j.passes++
		}
	}
	shelfAt := map[int]int{}
	for i := range v.Tiles {
		t := &v.Tiles[i]
		if t.Shelf >= 0 && !v.Filled[t.Shelf] {
			shelfAt[t.Shelf] = i
			j.open = append(j.open, t.Shelf)
		}
	}
	// Targets: Shelves for the Terrors I hold, Terrors I can capture.
	for _, c := range j.capturedAll() {
		n := len(j.targets)
		for s, i := range shelfAt {
			if c.Needs[s] > 0 {
				j.targets = append(j.targets, i)
			}
		}
		if len(j.targets) == n {
			j.stranded++
		}
	}
	j.weight = 15 // no Terror to return: captures and gathering
	if len(j.targets) > 0 {
		j.weight = 50
	}
	j.nav = navOf(v)
	best, bestGap := -1, 1e9
	for i := range v.Tiles {
		t := &v.Tiles[i]
		if t.Terror == nil || (!j.useful(*t.Terror) && v.TerrorsOnGrid < 4) {
			continue
		}
		if j.have.Covers(t.Terror.Needs) {
			j.targets = append(j.targets, i)
			continue
		}
		gap := 0.0
		for s, n := range t.Terror.Needs {
			gap += float64(max(0, n-j.have[s]))
		}
		if gap+1/gapPlan >= bestGap {
			continue // the way there takes an action at least: not better, so not planned
		}
		if gap += min(j.nav.plan(j.at, i), 10) / gapPlan; gap < bestGap {
			best, bestGap = i, gap
		}
	}
	if best >= 0 {
		for s, n := range v.Tiles[best].Terror.Needs {
			j.deficit[s] = max(0, n-j.have[s])
		}
		if len(j.targets) == 0 {
			j.targets = append(j.targets, best)
		}
	}
	j.tgt = setOf(j.targets)
	j.to = j.nav.toTargets(&j.tgt)
	j.planNow = j.nav.planWith(j.at, &j.tgt, &j.to)
	m := mixes[v.Difficulty]
	j.pTerror = unknownShare(v, KindTerror, m.terror)
	j.pShelf = unknownShare(v, KindShelf, m.shelf)
	return j
}

// useful reports whether a Terror on the grid can still fill a Shelf: it
// shows the symbol of a genre whose Shelf is not filled nor claimed by a
// captured Terror that can fill no other.
func (j *judge) useful(t TerrorView) bool {
	for g, n := range t.Needs {
		if n > 0 && !j.v.Filled[g] && !j.isClaimed(g) {
			return true
		}
	}
	return false
}

// isClaimed reports whether a Terror I hold needs genre g as its only
// unfilled one (claimedGenres, worked out once).
func (j *judge) isClaimed(g int) bool {
	if j.claimed == nil {
		j.claimed = j.claimedGenres()
	}
	return j.claimed[g]
}

// claimedGenres marks the unfilled genres that a Terror I hold (solo: or
// the Trolley) can fill and no other genre.
func (j *judge) claimedGenres() []bool {
	out := make([]bool, NumGenres)
	for _, c := range j.capturedAll() {
		only := -1
		for g, n := range c.Needs {
			if n > 0 && !j.v.Filled[g] {
				if only >= 0 {
					only = -2
					break
				}
				only = g
			}
		}
		if only >= 0 {
			out[only] = true
		}
	}
	return out
}

// capturedAll lists the Terrors I hold (solo: the Trolley's too).
func (j *judge) capturedAll() []TerrorView {
	var out []TerrorView
	for _, c := range j.me.Hand.Captured {
		out = append(out, c.Terror)
	}
	if j.v.Trolley != nil {
		for _, c := range j.v.Trolley.Hand.Captured {
			out = append(out, c.Terror)
		}
	}
	return out
}

// handSymbols sums the capturing symbols of cards.
func handSymbols(cards []CardView) Symbols {
	var s Symbols
	for _, c := range cards {
		for g, n := range c.Symbols {
			s[g] += n
		}
	}
	return s
}

// unknownShare is the share of tiles of this kind (total in the mix)
// among the tiles never seen.
func unknownShare(v *View, kind TileKind, total int) float64 {
	unknown := 0
	for i := range v.Tiles {
		t := &v.Tiles[i]
		if !t.Known {
			unknown++
		} else if t.Kind == kind {
			total--
		}
	}
	if unknown == 0 {
		return 0
	}
	return float64(max(total, 0)) / float64(unknown)
}

// manhattan is the grid distance between two tiles.
func manhattan(a, b int) int {
	dr, dc := a/Size-b/Size, a%Size-b%Size
	return max(dr, -dr) + max(dc, -dc)
}

// usefulness rates a card for a hand with this deficit.
func usefulness(c CardView, deficit Symbols) float64 {
	u := 0.0
	for s, n := range c.Symbols {
		u += 20 * float64(min(n, deficit[s]))
	}
	if c.Type == "booster" {
		u += 8
	}
	return u
}

// rate scores one legal action.
func (j *judge) rate(a engine.Action) float64 {
	v := j.v
	switch a.Kind {
	case KindGenre:
		return j.rateGenre(a.Args[0])
	case KindMove:
		m, _ := DecodeMove(a.Args)
		return j.rateMove(m)
	case KindFlip:
		return j.rateFlip(a.Args)
	case KindRotate:
		return j.rateRotate(a.Args[0], a.Args[1])
	case KindTake:
		if j.room() <= 1 && len(a.Args) == 1 && len(j.me.Hand.Captured) > 0 {
			return 2
		}
		s := j.rateTake(a.Args[0])
		if len(a.Args) == 3 {
			s += j.rateTake(a.Args[2]) - 20
		}
		return s
	case KindPass:
		return j.ratePass(PassSpec{a.Args[0], a.Args[1], a.Args[2], a.Args[3], a.Args[4]})
	case KindDiscard:
		c := cardView(a.Args[0])
		if j.room() == 0 && c.Type == "book" && usefulness(c, j.deficit) == 0 {
			return 4
		}
		return -100
	case KindTime:
		if v.ActionsLeft == 0 {
			return 15
		}
		return -100
	case KindPassAction:
		return -50
	}
	return 0
}

// rateGenre picks starting Books: the symbols the team has least of,
// not a genre it chose already, and, since the others' choices are
// hidden, by a convention every bot can keep: seat s prefers genres 3s,
// 3s+1 and 3s+2 (round the six), so that bots do not all choose alike.
func (j *judge) rateGenre(gn int) float64 {
	var team Symbols
	for _, s := range j.v.Seats {
		t := handSymbols(s.Hand.Cards)
		for g := range team {
			team[g] += t[g]
		}
	}
	mine := float64(engine.Count(j.me.Picks, gn))
	turn := 0.0
	if (gn-StartBooks*int(j.v.You)%NumGenres+NumGenres)%NumGenres < StartBooks {
		turn = 4
	}
	return -float64(team[gn])*3 - (float64(j.have[gn])+mine)*5 - mine*3 + turn + float64(j.v.BookDeck[gn])/4
}

// rateMove scores a move.
func (j *judge) rateMove(m MoveSpec) float64 {
	s := j.rateMoveBody(m)
	if m.Piece == PieceRide {
		s += 3 // the Trolley keeps up: its hand rides along for free
	}
	return s
}

// rateMoveBody scores a move but for the ride bonus.
func (j *judge) rateMoveBody(m MoveSpec) float64 {
	spent := float64(len(m.Passages))*15 + 15*b2f(m.Ladder >= 0) + 10*b2f(m.Copier >= 0)
	switch m.Bonus {
	case BonusReturn:
		return 1000 - spent - j.crowding(m)
	case BonusCapture:
		s := 600 - 5*float64(len(m.Cards)) - spent
		t := j.v.Tiles[m.Tile].Terror
		if t != nil {
			for _, g := range j.open {
				if t.Needs[g] > 0 {
					s += 60
					break
				}
			}
		}
		if t != nil && !j.useful(*t) {
			// It fills no Shelf: worth its cards only against six Terrors.
			return 40*float64(j.v.TerrorsOnGrid) - 140 - spent
		}
		return s + 30*float64(j.v.TerrorsOnGrid)
	}
	from := j.at
	if m.Piece == PieceTrolley && j.v.Trolley != nil {
		from = j.v.Trolley.Tile
		if len(j.v.Trolley.Hand.Captured) == 0 {
			return -10
		}
	}
	s := j.weight*(j.planNow-j.nav.planWith(m.Tile, &j.tgt, &j.to)) - spent - 5
	if m.Piece == PieceTrolley {
		s = -10
	}
	if len(j.targets) == 0 {
		s = 5*float64(j.darkAround(m.Tile)-j.darkAround(from)) - spent
	}
	if m.Bonus == BonusReward {
		s += 10
	}
	return s
}

// crowding is what a return costs the other Terrors I hold: filling a
// Shelf that another of them needs as its only one, while this Terror
// could fill another, strands that one.
func (j *judge) crowding(m MoveSpec) float64 {
	g := j.v.Tiles[m.Tile].Shelf
	if g < 0 || m.Terror < 0 {
		return 0
	}
	options := 0
	for k, n := range Terrors[m.Terror].Needs {
		if n > 0 && !j.v.Filled[k] {
			options++
		}
	}
	if j.isClaimed(g) && options > 1 {
		return 300
	}
	return 0
}

// darkAround counts the dark tiles next to tile i.
func (j *judge) darkAround(i int) int {
	n := 0
	for d := range 4 {
		if k := Neighbour(i, d); k >= 0 && !j.v.Tiles[k].Lit {
			n++
		}
	}
	return n
}

// rateFlip scores a flip: exploring finds Shelves and opens paths, but
// may wake a Terror.
func (j *judge) rateFlip(args []int) float64 {
	v := j.v
	i := args[0]
	t := v.Tiles[i]
	p, shelf := j.pTerror, j.pShelf
	if t.Known {
		p, shelf = b2f(t.Kind == KindTerror), b2f(t.Kind == KindShelf)
	}
	if v.TerrorStack == 0 {
		p = 0
	}
	risk := p * 12 * float64(v.TerrorsOnGrid)
	if v.TerrorsOnGrid >= 5 {
		risk = p * 2000
	}
	s := 20 - risk
	if len(j.open) < 6-countTrue(v.Filled[:]) && v.ShelfStack > 0 {
		s += (30 + 40*float64(j.stranded)) * shelf
	}
	n := j.nav
	n[i].lit = true
	if p == 1 {
		n[i].block = true
	}
	s += teamShare * j.teamGain(i, &n)
	if len(j.targets) > 0 {
		s += j.weight * (j.planNow - n.plan(j.at, j.targets...))
	}
	if len(args) > 1 {
		s -= 25
	}
	return s
}

// countTrue counts true values.
func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// b2f is 1 for true.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// rateRotate scores a rotation by the actions it saves on my way and,
// less, on the ways of the other seats.
func (j *judge) rateRotate(i, turn int) float64 {
	n := j.nav
	old := n[i].open
	for d := range 4 {
		n[i].open[d] = old[(d-turn+4)%4]
	}
	s := teamShare*j.teamGain(i, &n) - 5
	if len(j.targets) > 0 {
		s += j.weight * (j.planNow - n.plan(j.at, j.targets...))
	}
	return s
}

// teamShare weighs what a rotation saves the other seats against what
// it saves me.
const teamShare = 0.5

// rateTake scores taking a Book of genre gn.
func (j *judge) rateTake(gn int) float64 {
	s := 0.0
	for sym, d := range j.deficit {
		if d > 0 {
			s += 40 * genreFreq[gn][sym]
		}
	}
	if j.room() <= 1 {
		s -= 10
	}
	return s
}

// ratePass scores passing cards by what they are worth to each side.
func (j *judge) ratePass(p PassSpec) float64 {
	v := j.v
	if v.Solo {
		return j.rateSoloPass(p)
	}
	var need Symbols
	if pj := j.partner(p.Partner); pj != nil {
		need = pj.deficit
	}
	s := -12.0
	if p.Service >= 0 {
		s -= 15
	}
	if p.Give >= 0 {
		c := cardView(p.Give)
		s += usefulness(c, need) - usefulness(c, j.deficit)
	}
	if p.Receive >= 0 {
		c := cardView(p.Receive)
		s += usefulness(c, j.deficit) - usefulness(c, need)
	}
	return s
}

// partner is the judge of seat p as it would see its own turn (nil for
// no such seat), cached.
func (j *judge) partner(p int) *judge {
	if p < 0 || p >= len(j.v.Seats) || p == int(j.v.You) {
		return nil
	}
	if pj, ok := j.partners[p]; ok {
		return pj
	}
	if j.partners == nil {
		j.partners = map[int]*judge{}
	}
	w := *j.v
	w.You = engine.Seat(p)
	pj := newJudge(&w)
	j.partners[p] = pj
	return pj
}

// teamGain is what a change of tile i (the library then being n) saves
// the other seats on their ways, in actions weighted by what each saves.
// Only seats whose way may pass tile i are planned again.
func (j *judge) teamGain(i int, n *navGrid) float64 {
	g := 0.0
	for p := range j.v.Seats {
		if pj := j.partner(p); pj != nil && pj.onWay(i) {
			g += pj.weight * (pj.planNow - n.plan(pj.at, pj.targets...))
		}
	}
	return g
}

// onWay reports whether tile i lies near the straight way from my tile to
// one of my targets (a detour of at most two steps).
func (j *judge) onWay(i int) bool {
	for _, t := range j.targets {
		if manhattan(j.at, i)+manhattan(i, t)-manhattan(j.at, t) <= 2 {
			return true
		}
	}
	return false
}

// room is the free slots of my hand and, in solo with the Trolley on my
// tile, of the Trolley's (a free pass away).
func (j *judge) room() int {
	r := HandLimit - j.me.Hand.Slots
	if t := j.v.Trolley; t != nil && t.Tile == j.at {
		r += HandLimit - t.Hand.Slots
	}
	return r
}

// rateSoloPass: free passes with the Trolley. Give it Terrors, and the
// least useful card when the hand is full; take back only what helps.
func (j *judge) rateSoloPass(p PassSpec) float64 {
	s := 0.0
	if p.Service >= 0 {
		s -= 40
	}
	room := HandLimit - j.me.Hand.Slots
	switch {
	case p.Give >= 0 && p.Receive >= 0:
		return -100
	case p.Give >= 0:
		if p.Give >= TerrorCard {
			return s + 20 // the Trolley carries Terrors, the hand keeps room
		}
		if room > 0 {
			return -100
		}
		// The Trolley is an overflow hand: the least useful card goes.
		return s + 5 - usefulness(cardView(p.Give), j.deficit)/10
	default:
		if room < 2 || p.Receive >= TerrorCard {
			return -100
		}
		return s + usefulness(cardView(p.Receive), j.deficit) - 10
	}
}
