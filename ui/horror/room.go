package horror

import (
	"fmt"
	"strconv"
	"strings"

	"arcade/engine"
	hr "arcade/engine/horror"
)

// The symbols of the rooms' contents; each is one cell, and none looks
// like another without colour.
const (
	symBook    = "▤"
	symDrawer  = "▭"
	symMirror  = "◇"
	symPicture = "▣"
	symMarker  = "●" // a search marker in the room
	symRoom    = "○" // a marker the room may still take before a ghost comes
	symGhost1  = "g"
	symGhost2  = "G"
	symMe      = "@"
)

// playerMark is seat s's mark on the board: @ for the viewer, else its
// number from 1.
func playerMark(v *hr.View, s engine.Seat) string {
	if s == v.You {
		return symMe
	}
	return strconv.Itoa(int(s) + 1)
}

// roomParts are the pieces a room is drawn from.
type roomParts struct {
	labels  []line // the grid reference, with the room's number when it fits
	kinds   []line // each kind of furniture as symbols ("▤▤", "▭")
	words   []line // each kind in words ("▤▤ bookcases")
	players line
	ghosts  line
	meter   line // markers against the threshold ("●●○○")
	filled  line // the markers alone ("●●")
	count   line // "2/4"
}

// parts gathers what cell c holds.
func parts(v *hr.View, p *palette, c int) roomParts {
	cv := v.Cells[c]
	ref := span{hr.CellName(c, v.Size), inkLabel}
	rp := roomParts{labels: []line{
		{ref, {fmt.Sprintf(" · room %d", cv.Room), inkFaint}},
		{ref, {fmt.Sprintf(" room %d", cv.Room), inkFaint}},
		{ref},
	}}
	add := func(n int, sym string, k ink, one, many string) {
		if n <= 0 {
			return
		}
		s := strings.Repeat(sym, n)
		rp.kinds = append(rp.kinds, line{{s, k}})
		rp.words = append(rp.words, line{{s, k}, {" " + engine.Plural(n, one, many), inkPlain}})
	}
	add(cv.Bookcases, symBook, inkBook, "bookcase", "bookcases")
	add(cv.Drawers, symDrawer, inkDrawer, "drawer", "drawers")
	add(b2i(cv.Mirror), symMirror, inkMirror, "mirror", "")
	add(b2i(cv.Picture), symPicture, inkPicture, "picture", "")
	for _, s := range cv.Players {
		k := inkMe
		if s != v.You {
			k = p.colour(v.Players[s].Colour)
		}
		rp.players = append(rp.players, span{playerMark(v, s), k})
	}
	rp.ghosts = ghostSpans(cv.Ghosts)
	if n := len(cv.Markers); n > 0 {
		k := inkMarker
		if n == v.Threshold-1 && ghostsToCome(v) {
			k = inkSummon
		}
		rp.filled = line{{strings.Repeat(symMarker, n), k}}
		rp.meter = append(rp.filled, span{strings.Repeat(symRoom, max(v.Threshold-n, 0)), inkFaint})
		rp.count = line{{fmt.Sprintf("%d/%d", n, v.Threshold), inkFaint}}
		if n > v.Threshold {
			rp.count = line{{fmt.Sprint(n), inkFaint}}
		}
	}
	return rp
}

// ghostSpans draws ghosts: g level 1, G level 2.
func ghostSpans(ids []int) line {
	var out line
	for _, g := range ids {
		sym := symGhost1
		if hr.GhostLevel(g) == 2 {
			sym = symGhost2
		}
		out = append(out, span{sym, inkGhost})
	}
	return out
}

// ghostsToCome reports whether a ghost is left to be summoned.
func ghostsToCome(v *hr.View) bool {
	left := v.GhostsToCome()
	return left[0]+left[1] > 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// spaced puts a space between the glyphs of l.
func spaced(l line) line {
	var out line
	for _, sp := range l {
		for _, r := range sp.s {
			if len(out) > 0 {
				out = append(out, span{" ", inkPlain})
			}
			out = append(out, span{string(r), sp.k})
		}
	}
	return out
}

// fitting is the first of the candidates no wider than w, else the last
// cut to w.
func fitting(w int, candidates ...line) line {
	for _, l := range candidates {
		if l.width() <= w {
			return l
		}
	}
	return candidates[len(candidates)-1].cut(w)
}

// wordsFrom is the room height from which the furniture is spelt out, a
// kind a line: the reference, three kinds, players, ghosts, markers.
const wordsFrom = 7

// roomLines draws the inside of cell c in rooms of size g: the
// reference, the furniture, the players and ghosts and the markers,
// merged on fewer lines as the room is smaller.
func roomLines(v *hr.View, p *palette, c int, g geom, name func(engine.Seat) string) []line {
	if c == v.Portal() {
		return portalLines(v, c, g)
	}
	rp := parts(v, p, c)
	w := g.w
	margin := w >= minRoomWidth(3)
	if margin {
		w--
	}
	label := fitting(w, rp.labels...)
	feats := fitting(w, join(" ", rp.kinds...), join("", rp.kinds...))
	players := fitting(w, spaced(rp.players), rp.players)
	ghosts := fitting(w, spaced(rp.ghosts), rp.ghosts)
	marks := fitting(w, join(" ", rp.meter, rp.count), rp.meter, rp.filled, rp.count)
	var out []line
	switch {
	case g.h <= 2:
		short := rp.labels[len(rp.labels)-1]
		compact := join("", rp.kinds...)
		out = []line{fitting(w, join(" ", short, compact), join("", short, compact)), fitting(w,
			join(" ", rp.players, rp.ghosts, rp.meter),
			join(" ", join("", rp.players, rp.ghosts), rp.meter),
			join("", rp.players, rp.ghosts, rp.meter),
			join("", rp.players, rp.ghosts, rp.filled),
			join("", rp.players, rp.ghosts, rp.count))}
	case g.h == 3:
		out = []line{fitting(w, join(" ", label, feats), join(" ", rp.labels[len(rp.labels)-1], feats)),
			fitting(w, join(" ", players, ghosts), join(" ", rp.players, rp.ghosts), join("", rp.players, rp.ghosts)), marks}
	case g.h < wordsFrom:
		out = []line{label, feats}
		if g.h >= 5 {
			out = append(out, players, ghosts, marks)
		} else {
			out = append(out, fitting(w, join(" ", players, ghosts), join(" ", rp.players, rp.ghosts), join("", rp.players, rp.ghosts)), marks)
		}
	default:
		return withMargin(roomLinesLarge(v, rp, c, w, g.h, name), margin)
	}
	return withMargin(dropEmpty(out), margin)
}

// roomLinesLarge spells a tall room out: the reference, each kind of
// furniture in words, the players by name when there are lines enough
// (else their marks), the ghosts, the markers; a blank line parts the
// furniture from the occupants when one is to spare.
func roomLinesLarge(v *hr.View, rp roomParts, c, w, h int, name func(engine.Seat) string) []line {
	top := []line{fitting(w-1, rp.labels...)}
	for _, l := range rp.words {
		top = append(top, fitting(w, l, l[:1]))
	}
	var occ []line
	if len(rp.players) > 0 {
		occ = append(occ, fitting(w, spaced(rp.players), rp.players))
	}
	if n := len(rp.ghosts); n > 0 {
		occ = append(occ, fitting(w, append(spaced(rp.ghosts), span{" " + engine.Plural(n, "ghost", "ghosts") + fmt.Sprintf(" -%d", v.GhostDamage(c)), inkPlain}),
			append(spaced(rp.ghosts), span{" " + engine.Plural(n, "ghost", "ghosts"), inkPlain}), spaced(rp.ghosts), rp.ghosts))
	}
	meter, count := rp.meter, rp.count
	if len(meter) == 0 {
		meter = line{{strings.Repeat(symRoom, v.Threshold), inkFaint}}
		count = line{{fmt.Sprintf("0/%d", v.Threshold), inkFaint}}
	}
	occ = append(occ, fitting(w, join(" ", meter, count, line{{"markers", inkFaint}}), join(" ", meter, count), meter))
	if len(rp.players) > 0 && len(top)+len(occ)+len(rp.players)-1 <= h {
		// A line for each player, named.
		named := make([]line, len(rp.players))
		for i, s := range v.Cells[c].Players {
			mark := rp.players[i]
			named[i] = line{mark, {" " + fitName(name(s), w-len([]rune(mark.s))-1), inkPlain}}
		}
		occ = append(named, occ[1:]...)
	}
	// The furniture from the top, the occupants from the bottom.
	for len(top)+len(occ) < h {
		top = append(top, nil)
	}
	return append(top, occ...)
}

// dropEmpty leaves out the empty lines after the first two (the room's
// reference and furniture keep their places).
func dropEmpty(ls []line) []line {
	var out []line
	for i, l := range ls {
		if len(l) > 0 || i < 2 {
			out = append(out, l)
		}
	}
	return out
}

// withMargin puts a margin of one cell before each line when margin is
// set.
func withMargin(ls []line, margin bool) []line {
	if margin {
		for i, l := range ls {
			if len(l) > 0 {
				ls[i] = append(line{{" ", inkPlain}}, l...)
			}
		}
	}
	return ls
}

// portalLines draws the Portal: its name and the ghosts in it, centred
// (the grid fills the rest).
func portalLines(v *hr.View, c int, g geom) []line {
	ghosts := ghostSpans(v.Cells[c].Ghosts)
	ghosts = fitting(g.w-2, spaced(ghosts), ghosts)
	out := []line{{{" PORTAL ", inkPortal}}}
	if g.w < 8 {
		out[0] = line{{"PORTAL", inkPortal}}
	}
	if len(ghosts) > 0 {
		ghosts = append(append(line{{" ", inkPortal}}, ghosts...), span{" ", inkPortal})
		out = append(out, ghosts)
	}
	top := max((g.h-len(out))/2, 0)
	if g.h <= 2 {
		top = 0
	}
	return append(make([]line, top), out...)
}
