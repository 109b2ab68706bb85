package firetower

import (
	"strings"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// Render implements board.Renderer: the board on the left, the players,
// the hand and what the cursor would do on the right; when the large
// board leaves room under it, the big layout (see bigLines).
func (b *Board) Render(view engine.View, ctx board.Context) string {
	vp, ok := engine.ViewAs[ft.View](view)
	if !ok || ctx.Theme == nil {
		return "(no board)"
	}
	v := *vp
	b.sync(v)
	t := b.current(v)
	pv := b.preview(v, t)
	g := grid{v: v, p: b.palette(ctx.Theme), marks: b.marksFor(v, t, pv), cursor: b.cursor, show: true}
	lines, bw, last := g.boardLines(ctx.Width, ctx.Height, b.last)
	b.last = last
	if bw == largeBoardWidth && len(lines) < ctx.Height {
		if out := b.bigLines(v, ctx, t, pv, lines, bw); out != nil {
			return strings.Join(out, "\n")
		}
	}
	pw := ctx.Width - bw - 2
	out := beside(lines, b.panel(v, ctx, t, pv, pw, ctx.Height), bw, pw, ctx.Height)
	return strings.Join(out, "\n")
}

// beside puts the board's lines (bw wide) and the panel's (cut to pw)
// side by side, at most h lines.
func beside(lines, side []string, bw, pw, h int) []string {
	n := min(max(len(lines), len(side)), h)
	out := make([]string, n)
	blank := strings.Repeat(" ", bw)
	for i := range n {
		left := blank
		if i < len(lines) {
			left = lines[i]
		}
		right := ""
		if i < len(side) {
			right = board.Truncate(side[i], pw)
		}
		out[i] = left + "  " + right
	}
	return out
}

// palette is the board's palette for th, with the cells drawn so far in
// th (a new theme starts them afresh).
func (b *Board) palette(th *theme.Theme) palette {
	if b.cells == nil || b.cellsTheme != th {
		b.cells, b.cellsTheme = cells{}, th
	}
	p := newPalette(th)
	p.cells = b.cells
	return p
}

// marksFor puts the targets, the Ember's lifted gem, the last move and the
// preview on the board.
func (b *Board) marksFor(v ft.View, t tool, pv preview) map[ft.Point]mark {
	m := map[ft.Point]mark{}
	for _, q := range v.Last {
		m[q] = markLast
	}
	for _, q := range targets(v, t) {
		m[q] = markTarget
	}
	if v.EmberFrom != nil {
		m[*v.EmberFrom] = markLifted
	}
	for _, q := range pv.cells {
		if pv.err != nil {
			m[q] = markBad
		} else {
			m[q] = markPattern
		}
	}
	if pv.err == nil {
		for _, ch := range pv.effect.Changes {
			switch {
			case ch.To == ft.Fire:
				m[ch.At] = markFire
			case ch.To == ft.Break:
				m[ch.At] = markBreak
			case ch.From == ft.Fire:
				m[ch.At] = markOut
			case ch.From == ft.Break:
				m[ch.At] = markClear
			}
		}
	}
	return m
}
