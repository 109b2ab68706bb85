package firetower

import "math"

// farAway is the distance of a square that fire cannot reach a tower from
// (walled off by firebreaks).
const farAway = 255

// field is a distance map over the board: the cost, for fire, of getting
// from one square to another through squares without a firebreak. A step
// with the wind costs params.Along, any other step params.Step: the wind
// carries the fire its way every turn, the cards any way.
type field [Size * Size]uint8

// fill maps the cost of fire reaching corner from each square when the
// wind blows d. With visit, the squares are visited cheapest first as
// their cost becomes known, until visit returns false (the rest of the
// map is then unfinished).
func (f *field) fill(b *Board, corner Point, d Dir, p *params, n *paths, visit func(k, cost int) bool) {
	for i := range f {
		f[i] = farAway
	}
	start := int16(corner.Y*Size + corner.X)
	if b[start] == Break {
		return
	}
	f[start] = 0
	// Going out from the corner, the fire comes the other way.
	f.flood(b, []int16{start}, d.Opposite(), p, n, visit)
}

// fillFire maps the cost of fire reaching each square from the nearest
// fire when the wind blows d.
func (f *field) fillFire(b *Board, d Dir, p *params, n *paths) {
	var starts []int16
	for k, c := range b {
		f[k] = farAway
		if c.Burning() {
			f[k] = 0
			starts = append(starts, int16(k))
		}
	}
	f.flood(b, starts, d, p, n, nil)
}

// paths counts, for each square, the cheapest paths that reach it.
type paths [Size * Size]float64

// flood spreads the costs from the squares starts (cost 0) with a bucket
// queue: a step in direction cheap costs p.Along, others p.Step (both
// from 1 to 7). It counts the cheapest paths into n when n is not nil.
func (f *field) flood(b *Board, starts []int16, cheap Dir, p *params, n *paths, visit func(k, cost int) bool) {
	if n != nil {
		*n = paths{}
		for _, k := range starts {
			n[k] = 1
		}
	}
	var buckets [8][Size * Size]int16
	var counts [8]int
	along, step := int(p.Along), int(p.Step)
	counts[0] = copy(buckets[0][:], starts)
	left := len(starts)
	for d := 0; left > 0 && d < farAway; d++ {
		bk := d & 7
		for i := 0; i < counts[bk]; i++ {
			k := int(buckets[bk][i])
			if int(f[k]) != d {
				continue // reached more cheaply since
			}
			if visit != nil && !visit(k, d) {
				return
			}
			x, y := k%Size, k/Size
			for dir, o := range neighbours4 {
				nx, ny := x+o.X, y+o.Y
				if nx < 0 || nx >= Size || ny < 0 || ny >= Size {
					continue
				}
				j := ny*Size + nx
				if b[j] == Break {
					continue
				}
				nd := d + step
				if Dir(dir) == cheap {
					nd = d + along
				}
				if n != nil && nd == int(f[j]) {
					n[j] += n[k]
				}
				if nd < int(f[j]) {
					if n != nil {
						n[j] = n[k]
					}
					f[j] = uint8(nd)
					nb := nd & 7
					buckets[nb][counts[nb]] = int16(j)
					counts[nb]++
					left++
				}
			}
		}
		left -= counts[bk]
		counts[bk] = 0
	}
}

// params are the weights of the normal bot's judgement of a position.
// They are plain numbers so that bots stay comparable values.
type params struct {
	Own      float64 // weight of a defended tower's danger against an attacked one's
	Tau      float64 // distance scale of the danger (in squares)
	Along    float64 // cost of a step with the wind (1 to 7; Step is a square)
	Step     float64 // cost of any other step (1 to 7)
	Wind     float64 // squares the wind blowing at a tower is worth besides
	Bucket   float64 // squares an unused Bucket is worth to its tower
	Mass     float64 // squares each extra gem on the fire's front is worth
	Inside   float64 // squares fire inside a tower's area is worth
	UseCost  float64 // what spending the Bucket costs
	Discard  float64 // what discarding instead of playing costs
	Junk     float64 // a card whose best play gains less is worth discarding
	BurnGain float64 // the worth of a tower that burns
	// Heat weighs every burning square by how close it is to a tower
	// (exp(-distance/HeatTau), the distance in squares), not only the
	// nearest: it tells apart the moves that leave the nearest fire
	// where it is.
	Heat    float64
	HeatTau float64
	// BreakSpend is what playing or discarding a firebreak card is worth
	// when fire threatens its own tower (times the danger to the tower,
	// 1 when its corner is next to burn): a firebreak laid late seldom
	// stops a fire that is already close, and the cards drawn for it may
	// be water.
	BreakSpend float64
	// OwnTau, when not 0, is the distance scale of the danger to the
	// towers the judge's seat defends (Tau stays the attacked ones'): a
	// longer one heeds the fire coming at its own tower from farther.
	OwnTau float64
	// NextSpread rates each move of the turn (the action, the Ember's
	// landing, the Bucket at its end) after the next player's spread,
	// the wind's gem worst for the judge's seat: fire that is sure to
	// come before the seat moves again.
	NextSpread bool
}

// normalParams are the normal bot's weights.
var normalParams = params{
	Own: 1.5, Tau: 2.5, Along: 2, Step: 3, Wind: 1, Bucket: 0, Mass: 0,
	UseCost: 4, Discard: 0, Junk: 0.6, BurnGain: 1000,
}

// watch is one standing tower as a judge sees it, with its distance map
// for each wind (made when first needed).
type watch struct {
	tower  Tower
	side   float64 // > 0 attacked, < 0 defended
	bucket bool    // its owner still has the Bucket
	inside int     // gems in its area (only a Bucket puts them out)
	maps   [4]*towerMap
}

// towerMap is a tower's distance map for one wind, with the burning
// squares counted by distance.
type towerMap struct {
	f     field
	n     paths // cheapest paths from the corner
	hist  [farAway + 1]int16
	m     int     // the distance of the nearest fire on the judge's board
	total float64 // the cheapest paths from the corner to the nearest fire
	heat  float64 // the burning squares weighed by closeness (params.Heat)
}

// mapCache keeps the distance maps from the tower corners that the
// judges of one search have made. A map depends only on the firebreaks,
// the corner, the wind and the costs of a step, and
// the firebreaks change seldom, so that the many judges of a search's
// playouts make few of them.
type mapCache struct {
	keys [mapCacheSize]mapKey
	maps [mapCacheSize]*cornerMap
	next int // the slot the next new map takes (the oldest)
}

// mapCacheSize is how many maps a cache keeps.
const mapCacheSize = 16

// mapKey is what a corner map depends on.
type mapKey struct {
	breaks      squareSet
	corner      Point
	wind        Dir
	along, step float64 // the params the map is made with
}

// cornerMap is a tower's distance map with its cheapest paths.
type cornerMap struct {
	f field
	n paths
}

// get returns the map for key, made with build when the cache lacks it.
func (c *mapCache) get(key mapKey, build func(*cornerMap)) *cornerMap {
	for i, k := range c.keys {
		if k == key && c.maps[i] != nil {
			return c.maps[i]
		}
	}
	m := c.maps[c.next]
	if m == nil {
		m = &cornerMap{}
		c.maps[c.next] = m
	}
	build(m)
	c.keys[c.next] = key
	c.next = (c.next + 1) % mapCacheSize
	return m
}

// judge rates positions for one seat: positive is good for it. It is set
// up once per decision from a board (the view's) and then rates the
// effects of candidate moves on that board quickly.
type judge struct {
	maps  *mapCache // corner maps shared with other judges (nil: none)
	p     *params
	board Board
	wind  Dir
	w     []watch
	fire  [4]*fireMap // each square's distance from the nearest fire, by wind
	fixed float64     // the worth of the towers already burned
	// memo keeps danger's values by side (1: defended), inside, windAt,
	// bucket and m (0: not made yet) when they do not depend on the
	// front's breadth.
	memo [2][2][2][2][farAway]float64
	// spread: rate after the next player's spread (params.NextSpread,
	// in the steps of a turn before it); spreadBuf is rateAfterSpread's.
	spread    bool
	spreadBuf []Change
}

// fireMap is the distance from the nearest fire with the count of the
// cheapest paths.
type fireMap struct {
	f field
	n paths
}

// newJudge prepares a judge for the viewer of v on v's board.
func newJudge(v *View, p *params) *judge {
	j := &judge{p: p, board: v.Board, wind: v.Wind}
	defends := v.Defends()
	for _, s := range v.Seats {
		side := 1.0
		for _, t := range defends {
			if t == s.Tower {
				side = -p.Own
			}
		}
		if s.Burned {
			j.fixed += side * p.BurnGain
			continue
		}
		w := watch{tower: s.Tower, side: side, bucket: s.Bucket}
		for k, c := range j.board {
			if c == Fire && s.Tower.Contains(Point{k % Size, k / Size}) {
				w.inside++
			}
		}
		j.w = append(j.w, w)
	}
	return j
}

// towerMap is w's map for the wind d, made on first use.
func (j *judge) towerMap(w *watch, d Dir) *towerMap {
	if tm := w.maps[d]; tm != nil {
		return tm
	}
	tm := &towerMap{}
	corner := w.tower.Corner()
	if j.maps == nil {
		tm.f.fill(&j.board, corner, d, j.p, &tm.n, nil)
	} else {
		key := mapKey{corner: corner, wind: d, along: j.p.Along, step: j.p.Step}
		for k, c := range j.board {
			if c == Break {
				key.breaks.add(Point{k % Size, k / Size})
			}
		}
		m := j.maps.get(key, func(m *cornerMap) { m.f.fill(&j.board, corner, d, j.p, &m.n, nil) })
		tm.f, tm.n = m.f, m.n
	}
	for k, c := range j.board {
		if c.Burning() {
			tm.hist[tm.f[k]]++
		}
	}
	tm.m, _ = j.front(tm, 0)
	if j.p.Heat != 0 {
		for d, n := range tm.hist {
			if n != 0 {
				tm.heat += float64(n) * j.heatAt(d)
			}
		}
	}
	for k, c := range j.board {
		if c.Burning() && int(tm.f[k]) == tm.m {
			tm.total += tm.n[k]
		}
	}
	w.maps[d] = tm
	return tm
}

// fireMap is the distance from the fire for the wind d, made on first use.
func (j *judge) fireMap(d Dir) *fireMap {
	if j.fire[d] == nil {
		j.fire[d] = &fireMap{}
		j.fire[d].f.fillFire(&j.board, d, j.p, &j.fire[d].n)
	}
	return j.fire[d]
}

// base rates the board as it stands.
func (j *judge) base() float64 { return j.rate(nil, j.wind) }

// rate rates the board after changes (nil: none) with the wind blowing d
// (and then the next player's spread, when the judge looks that far).
func (j *judge) rate(changes []Change, d Dir) float64 {
	if j.spread {
		return j.rateAfterSpread(changes, d)
	}
	return j.rateNow(changes, d)
}

// rateAfterSpread is the rating after changes and then the spread that
// the wind blowing d may bring which is worst for the judge's seat (the
// changes alone when the wind can bring none).
func (j *judge) rateAfterSpread(changes []Change, d Dir) float64 {
	after := Position{Board: j.board}
	for _, ch := range changes {
		after.Board.Set(ch.At, ch.To)
	}
	j.spreadBuf = append(j.spreadBuf[:0], changes...)
	j.spreadBuf = append(j.spreadBuf, Change{})
	last := &j.spreadBuf[len(changes)]
	worst, found := 0.0, false
	for k, c := range after.Board {
		q := Point{k % Size, k / Size}
		if c != Empty || !after.canSpread(d, q) {
			continue
		}
		*last = Change{At: q, From: Empty, To: Fire}
		if r := j.rateNow(j.spreadBuf, d); !found || r < worst {
			worst, found = r, true
		}
	}
	if !found {
		return j.rateNow(changes, d)
	}
	return worst
}

// rateNow rates the board right after changes with the wind blowing d.
func (j *judge) rateNow(changes []Change, d Dir) float64 {
	th := d.Threatened()
	total := j.fixed
	walls := false
	for _, ch := range changes {
		if ch.From == Break || ch.To == Break {
			walls = true
		}
	}
	for i := range j.w {
		w := &j.w[i]
		tm := j.towerMap(w, d)
		var m, near int
		if walls && j.walled(tm, d, changes) {
			m, near = j.rebuilt(w, d, changes)
		} else {
			from := tm.m // no fire nearer, but what the changes light
			for _, ch := range changes {
				k := ch.At.Y*Size + ch.At.X
				delta := burnDelta(ch)
				tm.hist[tm.f[k]] += int16(delta)
				if delta > 0 {
					from = min(from, int(tm.f[k]))
				}
			}
			m, near = j.front(tm, from)
			for _, ch := range changes {
				k := ch.At.Y*Size + ch.At.X
				tm.hist[tm.f[k]] -= int16(burnDelta(ch))
			}
		}
		inside := w.inside
		heat := tm.heat
		for _, ch := range changes {
			if w.tower.Contains(ch.At) {
				inside += burnDelta(ch)
			}
			if delta := burnDelta(ch); delta != 0 && j.p.Heat != 0 {
				heat += float64(delta) * j.heatAt(int(tm.f[ch.At.Y*Size+ch.At.X]))
			}
		}
		total += w.side * (j.danger(w, m, near, inside > 0, w.tower == th[0] || w.tower == th[1]) + j.p.Heat*heat)
	}
	return total
}

// burnDelta is +1 when a change lights a square, -1 when it puts one out.
func burnDelta(ch Change) int {
	switch {
	case ch.To.Burning() && !ch.From.Burning():
		return 1
	case ch.From.Burning() && !ch.To.Burning():
		return -1
	}
	return 0
}

// walled reports whether changes that move firebreaks may change the
// distance of the fire nearest to the tower, so that its map must be
// made afresh: new firebreaks matter only if they may block every
// cheapest path from the fire to the corner, a removed one only if it may
// open a cheaper one. (The count of gems near the front may then be
// slightly off.)
func (j *judge) walled(tm *towerMap, d Dir, changes []Change) bool {
	fm := j.fireMap(d)
	fire := &fm.f
	least := int(min(j.p.Along, j.p.Step))
	blocked := 0.0
	for _, ch := range changes {
		k := ch.At.Y*Size + ch.At.X
		switch {
		case ch.To == Break && ch.From.Burning():
			return true // an Explosion: rare enough to map afresh
		case ch.To == Break:
			if int(tm.f[k])+int(fire[k]) == tm.m {
				blocked += tm.n[k] * fm.n[k]
				if blocked >= tm.total*(1-1e-9) {
					return true
				}
			}
		case ch.From == Break:
			nf, ng := farAway, farAway
			for _, o := range neighbours4 {
				if q := ch.At.Add(o); q.On() {
					nf = min(nf, int(tm.f[q.Y*Size+q.X]))
					ng = min(ng, int(fire[q.Y*Size+q.X]))
				}
			}
			if nf+ng+2*least < tm.m {
				return true
			}
		}
	}
	return false
}

// front reads the distance of the nearest fire and how many gems burn
// within two squares of it. No fire is nearer than from.
func (j *judge) front(tm *towerMap, from int) (m, near int) {
	m = farAway
	for d := from; d < len(tm.hist); d++ {
		if tm.hist[d] > 0 {
			m = d
			break
		}
	}
	if m == farAway {
		return m, 0
	}
	for d := m; d <= m+2*int(j.p.Step) && d < farAway; d++ {
		near += int(tm.hist[d])
	}
	return m, near
}

// rebuilt is front on the board after changes that move firebreaks: the
// distance map is made afresh, as far as the nearest fire and the gems
// within two squares of it.
func (j *judge) rebuilt(w *watch, d Dir, changes []Change) (m, near int) {
	b := j.board
	for _, ch := range changes {
		b.Set(ch.At, ch.To)
	}
	m, limit := farAway, farAway-1
	var f field
	f.fill(&b, w.tower.Corner(), d, j.p, nil, func(k, cost int) bool {
		if cost > limit {
			return false
		}
		if b[k].Burning() {
			if m == farAway {
				m, limit = cost, min(cost+2*int(j.p.Step), farAway-1)
			}
			near++
		}
		return true
	})
	if m == farAway {
		return m, 0
	}
	return m, near
}

// danger is how close a tower is to burning: BurnGain when its corner
// burns, otherwise falling off with the cost for the fire to reach it,
// lessened by the wind blowing at it and the breadth of the fire's front,
// and raised by its Bucket.
func (j *judge) danger(w *watch, m, near int, inside, windAt bool) float64 {
	p := j.p
	if m == 0 {
		return p.BurnGain
	}
	if m == farAway {
		return 0
	}
	own := w.side < 0
	var memo *float64
	if p.Mass == 0 {
		memo = &j.memo[b2i(own)][b2i(inside)][b2i(windAt)][b2i(w.bucket)][m]
		if *memo != 0 {
			return *memo
		}
	}
	tau := p.Tau
	if own && p.OwnTau != 0 {
		tau = p.OwnTau
	}
	d := float64(m) / p.Step
	if windAt {
		d -= p.Wind
	}
	if w.bucket && d <= 6 {
		d += p.Bucket
	}
	d -= p.Mass * float64(min(near-1, 5))
	if inside {
		d -= p.Inside
	}
	v := 100 * math.Exp(-max(d, 0)/tau)
	if memo != nil {
		*memo = v
	}
	return v
}

// ownDanger is the danger to the most threatened tower the viewer
// defends, from 0 to 1 (its corner about to burn), with the wind as it
// blows now.
func (j *judge) ownDanger() float64 {
	worst := 0.0
	for i := range j.w {
		w := &j.w[i]
		if w.side >= 0 {
			continue
		}
		tm := j.towerMap(w, j.wind)
		m, near := j.front(tm, 0)
		worst = max(worst, j.danger(w, m, near, w.inside > 0, false)/100)
	}
	return worst
}

// heatAt is the weight of a burning square at distance d (params.Heat).
func (j *judge) heatAt(d int) float64 {
	if d >= farAway {
		return 0
	}
	return math.Exp(-float64(d) / j.p.Step / j.p.HeatTau)
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
