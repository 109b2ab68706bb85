package labyrinth

import (
	"fmt"
	"strings"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
)

// Render implements board.Renderer: a status line, the library on the
// left and the panel (decks, hands, the tile under the cursor) beside it.
func (b *Board) Render(view engine.View, ctx board.Context) string {
	vp, ok := engine.ViewAs[lab.View](view)
	if !ok || ctx.Theme == nil {
		return "(no board)"
	}
	v := *vp
	b.names = ctx.Names
	b.sync(v)
	if b.pal == nil || b.pal.th != ctx.Theme {
		b.pal = newPalette(ctx.Theme)
	}
	p := b.pal
	if ctx.Width >= largeFrom {
		if lines := b.largeLines(v, ctx, p); len(lines) <= ctx.Height-largeSpare {
			return strings.Join(lines, "\n")
		}
	}
	w, h := max(ctx.Width, 20), max(ctx.Height, 3)
	g := pickGeom(w, h)
	var out []string
	gridH := h
	status := b.status(v, ctx, p, w)
	if h > lab.Size*g.h {
		out = append(out, board.Truncate(status, w))
		gridH--
		status = ""
	}
	out = append(out, b.gridAndPanel(v, ctx, b.newGrid(v, ctx, g), w, gridH, status)...)
	return strings.Join(out, "\n")
}

// newGrid is the library drawn with tiles of size g, the cursor on it
// until the game is over.
func (b *Board) newGrid(v lab.View, ctx board.Context, g geom) grid {
	cursor := b.cursor
	if v.Over {
		cursor = -1
	}
	gr := grid{v: v, p: b.pal, g: g, cursor: cursor, last: map[int]bool{}, name: ctx.Name}
	for _, i := range v.Last {
		gr.last[i] = true
	}
	return gr
}

// gridAndPanel draws the library in at most h lines of w cells with the
// panel beside it when there is room (status heads the panel when it is
// not ""); beside large tiles the panel's legend is the longest that
// fits.
func (b *Board) gridAndPanel(v lab.View, ctx board.Context, gr grid, w, h int, status string) []string {
	lines := gr.lines(h)
	gw := gr.g.gridWidth()
	pw := w - gw - 1
	var side []string
	if pw >= 12 {
		legends := []string{legend, legendShort}
		if gr.g.h >= largeRows {
			legends = append([]string{legendLong}, legends...)
		}
		side = b.panel(v, ctx, gr.p, pw, len(lines), status, legends)
	}
	for i, row := range lines {
		if gw > w {
			row = board.Truncate(row, w)
		}
		if i < len(side) {
			row += " " + board.Truncate(side[i], pw)
		}
		lines[i] = row
	}
	return lines
}

// status is the line over the board: whose turn, actions and the
// Pass-An-Action token, Terrors on the grid, filled Shelves and the
// Disturbance cards left; the summary once the game is over.
func (b *Board) status(v lab.View, ctx board.Context, p *palette, w int) string {
	th := ctx.Theme
	if v.Over {
		sum := engine.ExpandSeats(v.Summary, ctx.Name)
		if v.Won {
			return th.Good.Render("Won! ") + sum
		}
		return th.Bad.Render("Lost. ") + sum
	}
	var parts []string
	who := ctx.Name(v.Turn)
	if v.Turn == v.You {
		who = "you"
	}
	switch v.Phase {
	case lab.PhaseSetup:
		parts = append(parts, setupHead(v, ctx))
	default:
		head := fmt.Sprintf("Turn %d, %s: %d %s", v.TurnNo, who, v.ActionsLeft, engine.Plural(v.ActionsLeft, "action", "actions"))
		if myTurn(v) {
			head = th.Good.Render(head)
		} else {
			head = th.Accent.Render(head)
		}
		parts = append(parts, head)
	}
	terrors := fmt.Sprintf("Terrors %d/6", v.TerrorsOnGrid)
	if v.TerrorsOnGrid >= 4 {
		terrors = p.paint(inkWarn, terrors)
	}
	var done []string
	for g, f := range v.Filled {
		if f {
			done = append(done, p.paint(symInk(g), lab.SymbolLetters[g]))
		}
	}
	shelves := fmt.Sprintf("Shelves %d/6", len(done))
	if len(done) > 0 {
		shelves += " " + strings.Join(done, "")
	}
	parts = append(parts, terrors, shelves)
	dist := fmt.Sprintf("Disturb %d", v.DisturbanceLeft)
	if v.DisturbanceLeft <= 3 {
		dist = p.paint(inkWarn, dist)
	}
	parts = append(parts, dist)
	if v.Players > 1 && v.PassToken.Free {
		parts = append(parts, "token free")
	} else if v.Players > 1 {
		parts = append(parts, "token: "+ctx.Name(v.PassToken.To))
	}
	if d := v.LastDisturbance; d != nil && v.Phase == lab.PhaseActions {
		parts = append(parts, "last curse "+d.Text)
	}
	for len(parts) > 1 && board.Width(strings.Join(parts, " · ")) > w {
		parts = parts[:len(parts)-1]
	}
	return strings.Join(parts, " · ")
}

// setupHead heads the status line while every player chooses starting
// Books at once: how many the viewer still chooses, or whom the table
// waits for (what the others chose stays hidden until all have chosen).
func setupHead(v lab.View, ctx board.Context) string {
	th := ctx.Theme
	if myTurn(v) {
		more := ""
		if v.SetupPicks < lab.StartBooks {
			more = " more"
		}
		head := fmt.Sprintf("Setup: you pick %d%s starting %s", v.SetupPicks, more, engine.Plural(v.SetupPicks, "book", "books"))
		return th.Good.Render(head) + " (keys 1-6)"
	}
	var waiting []string
	for _, s := range v.Seats {
		if s.Chosen < lab.StartBooks {
			waiting = append(waiting, ctx.Name(s.Seat))
		}
	}
	head := "Setup: waiting for " + strings.Join(waiting, ", ") + " to choose books"
	if v.You >= 0 {
		head = "Setup: your books are chosen; waiting for " + strings.Join(waiting, ", ")
	}
	return th.Accent.Render(head)
}
