package horror

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// geom is the size of a room's inside in cells.
type geom struct{ w, h int }

var (
	small = geom{8, 2}
	large = geom{12, 3}
)

// gridWidth and gridHeight are the library's size with its walls.
func (g geom) gridWidth(n int) int  { return n*(g.w+1) + 1 }
func (g geom) gridHeight(n int) int { return n*(g.h+1) + 1 }

// pickGeom is the largest room size whose library of n x n rooms fits
// height lines and leaves a panel of 30 columns beside it.
func pickGeom(width, height, n int) geom {
	if large.gridWidth(n)+31 <= width && large.gridHeight(n) <= height {
		return large
	}
	return small
}

// Render implements board.Renderer: a status line, the library on the
// left and the panel beside it.
func (b *Board) Render(view engine.View, ctx board.Context) string {
	v, ok := engine.ViewAs[hr.View](view)
	if !ok || ctx.Theme == nil || len(v.Cells) != v.Size*v.Size || v.Size < 1 {
		return "(no board)"
	}
	b.sync(v)
	w, h := max(ctx.Width, 20), max(ctx.Height, 3)
	out := []string{board.Clip(b.status(v, ctx), w)}
	g := pickGeom(w, h-1, v.Size)
	cursor := b.cursor // shown whenever the game runs: the panel describes its room
	if v.Over {
		cursor = -1
	}
	grid := drawGrid(v, ctx.Theme, g, cursor)
	gw := g.gridWidth(v.Size)
	pw := w - gw - 1
	var side []string
	if pw >= 16 {
		side = b.panel(v, ctx, pw)
	}
	for i, row := range grid {
		if len(out) >= h {
			break
		}
		row = board.Clip(row, w)
		if i < len(side) {
			row += " " + board.Clip(side[i], pw)
		}
		out = append(out, row)
	}
	return strings.Join(out, "\n")
}

// status is the line over the board: the round, whose turn and what is
// asked, or the end of the game.
func (b *Board) status(v *hr.View, ctx board.Context) string {
	th := ctx.Theme
	if v.Over {
		return th.Good.Render("Game over. ") + engine.ExpandSeats(v.Summary, ctx.Name)
	}
	round := fmt.Sprintf("Round %d", v.Round)
	if v.RoundLimit > 0 {
		round += fmt.Sprintf("/%d", v.RoundLimit)
	}
	who := name(v, ctx, v.Active)
	var head string
	switch v.Phase {
	case hr.PhaseColours:
		head = who + ": choose the colours your Horror needs"
	case hr.PhaseStart:
		head = who + ": choose a starting room"
		if myTurn(v) {
			head += " (cursor, then m)"
		}
	case hr.PhaseTurn:
		head = fmt.Sprintf("%s: %d %s left", who, v.Actions, engine.Plural(v.Actions, "action", "actions"))
		var fx []string
		if v.LockPicks {
			fx = append(fx, "Lock Picks")
		}
		if v.FreeMirror {
			fx = append(fx, "Free Travel")
		}
		if len(fx) > 0 {
			head += " (" + strings.Join(fx, ", ") + ")"
		}
	case hr.PhaseGhost:
		head = who + ": drive the beaten ghost to a room"
		if myTurn(v) {
			head += " (cursor, then m)"
		}
	case hr.PhaseRespond:
		weapon := hr.CardName(v.Weapon)
		if v.Victim == v.You {
			head = fmt.Sprintf("%s attacks you with a %s! y: Protection, n: take it", ctx.Name(v.Active), weapon)
		} else {
			head = fmt.Sprintf("%s attacks %s with a %s: waiting for an answer", name(v, ctx, v.Active), name(v, ctx, v.Victim), weapon)
		}
	case hr.PhaseLoot:
		head = fmt.Sprintf("%s may take a card from %s", who, name(v, ctx, v.Victim))
	}
	if myTurn(v) {
		head = th.Good.Render(head)
	} else {
		head = th.Accent.Render(head)
	}
	return round + " · " + head
}

// drawGrid draws the library: walls, passages and rooms.
func drawGrid(v *hr.View, th *theme.Theme, g geom, cursor int) []string {
	n := v.Size
	var out []string
	mid := (g.h - 1) / 2
	for r := 0; r <= n; r++ {
		var line strings.Builder
		for c := range n {
			line.WriteString("+")
			kind := hr.Wall
			if r > 0 && r < n {
				kind = passage(v.Cells[(r-1)*n+c].Doors[hr.South], v.Cells[r*n+c].Doors[hr.North])
			}
			line.WriteString(hwall(kind, g.w, th))
		}
		line.WriteString("+")
		out = append(out, line.String())
		if r == n {
			break
		}
		for i := range g.h {
			var line strings.Builder
			for c := 0; c <= n; c++ {
				kind := hr.Wall
				if c > 0 && c < n {
					kind = passage(v.Cells[r*n+c-1].Doors[hr.East], v.Cells[r*n+c].Doors[hr.West])
				}
				if i != mid {
					kind = hr.Wall
				}
				line.WriteString(vwall(kind, th))
				if c < n {
					line.WriteString(roomLine(v, th, g, r*n+c, i, r*n+c == cursor))
				}
			}
			out = append(out, line.String())
		}
	}
	return out
}

// passage is the way between two facing sides: Wall, Open or Closed.
func passage(a, b int) int {
	switch {
	case a == hr.Wall || b == hr.Wall:
		return hr.Wall
	case a == hr.Closed || b == hr.Closed:
		return hr.Closed
	}
	return hr.Open
}

// hwall is a horizontal wall segment w wide with its passage.
func hwall(kind, w int, th *theme.Theme) string {
	side := (w - 4) / 2
	switch kind {
	case hr.Open:
		return strings.Repeat("-", side) + strings.Repeat(" ", w-2*side) + strings.Repeat("-", side)
	case hr.Closed:
		return strings.Repeat("-", side) + th.Warn.Render(strings.Repeat("=", w-2*side)) + strings.Repeat("-", side)
	}
	return strings.Repeat("-", w)
}

// vwall is a vertical wall cell with its passage.
func vwall(kind int, th *theme.Theme) string {
	switch kind {
	case hr.Open:
		return " "
	case hr.Closed:
		return th.Warn.Render("=")
	}
	return "|"
}

// roomLine is line i of the inside of cell c.
func roomLine(v *hr.View, th *theme.Theme, g geom, c, i int, cursor bool) string {
	cv := v.Cells[c]
	var text string
	switch {
	case i == 0 && cv.Room == 0:
		text = " PORTAL"
	case i == 0:
		feats := strings.Repeat("b", cv.Bookcases) + strings.Repeat("d", cv.Drawers)
		if cv.Mirror {
			feats += "M"
		}
		if cv.Picture {
			feats += "P"
		}
		text = fmt.Sprintf(" %2d %s", cv.Room, feats)
		if len(text) > g.w {
			text = fmt.Sprintf(" %2d%s", cv.Room, feats)
		}
	case i == 1:
		text = " " + who(v, cv.Players) + ghosts(cv.Ghosts)
		if g.h == 2 && len(cv.Markers) > 0 {
			m := fmt.Sprintf("m%d", len(cv.Markers))
			text = pad(text, g.w-len(m)) + m
		}
	case i == 2 && len(cv.Markers) > 0:
		text = fmt.Sprintf(" m%d/%d", len(cv.Markers), v.Threshold)
	}
	if cursor && i == 0 {
		text = ">" + strings.TrimPrefix(text, " ")
	}
	text = pad(ansi.Truncate(text, g.w, ""), g.w)
	switch {
	case cursor:
		return th.Selected.Render(text)
	case cv.Room == 0:
		return th.Accent.Render(text)
	case len(cv.Ghosts) > 0:
		return th.Bad.Render(text)
	}
	return text
}

// who lists the players in a room: seat numbers from 1, @ for the viewer.
func who(v *hr.View, seats []engine.Seat) string {
	var b strings.Builder
	for _, s := range seats {
		if s == v.You {
			b.WriteString("@")
		} else {
			fmt.Fprintf(&b, "%d", int(s)+1)
		}
	}
	if b.Len() > 0 {
		b.WriteString(" ")
	}
	return b.String()
}

// ghosts lists ghosts: g level 1, G level 2.
func ghosts(ids []int) string {
	var b strings.Builder
	for _, id := range ids {
		if hr.GhostLevel(id) == 1 {
			b.WriteString("g")
		} else {
			b.WriteString("G")
		}
	}
	return b.String()
}

// pad pads s with spaces to n cells.
func pad(s string, n int) string {
	if w := lipgloss.Width(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}
