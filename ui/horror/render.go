package horror

import (
	"fmt"
	"strings"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
)

// Render implements board.Renderer: what the game asks over the board,
// the library on the left and the panel beside it.
func (b *Board) Render(view engine.View, ctx board.Context) string {
	v, ok := engine.ViewAs[hr.View](view)
	if !ok || ctx.Theme == nil || len(v.Cells) != v.Size*v.Size || v.Size < 1 {
		return "(no board)"
	}
	b.sync(v)
	p := b.palette(ctx.Theme)
	w, h := max(ctx.Width, 20), max(ctx.Height, 3)
	if b.want > 0 {
		h = min(h, b.want)
	}
	f := newFrame(w, h, v.Size)
	head, keys := b.head(v, ctx, w, f.head)
	cursor := b.cursor
	if v.Over {
		cursor = -1
	}
	lines := grid{v: v, p: p, g: f.g, cursor: cursor, name: func(s engine.Seat) string { return name(v, ctx, s) }}.lines()
	gw := f.g.gridWidth(v.Size)
	// A tall board has the Horror card and the players in tables under
	// the library, the rest beside it.
	wide := b.wideSections(v, ctx, p, w)
	sideH := h - len(head)
	if f.room() < wideFrom || len(wide) > h-len(head)-len(lines) {
		wide = nil
	} else {
		sideH = len(lines)
	}
	var side []string
	if f.panel >= 16 {
		side = b.panel(v, ctx, p, f.panel, sideH, keys, wide == nil)
	}
	out := head
	blank := strings.Repeat(" ", gw)
	for i := 0; i < max(len(lines), len(side)) && len(out) < h; i++ {
		row := blank
		if i < len(lines) {
			row = board.Clip(lines[i], w)
		}
		if i < len(side) {
			row += " " + board.Clip(side[i], f.panel)
		}
		out = append(out, row)
	}
	for _, l := range wide {
		out = append(out, board.Clip(l, w))
	}
	return strings.Join(out, "\n")
}

// head is the lines over the board, at most n: the round and what the
// game asks, with its keys when they fit; the keys that do not are
// returned for the panel.
func (b *Board) head(v *hr.View, ctx board.Context, w, n int) ([]string, []string) {
	th := ctx.Theme
	a := b.ask(v, ctx)
	style := th.Accent
	if myTurn(v) || v.Over {
		style = th.Good
	}
	prefix := fmt.Sprintf("Round %d · ", v.Round)
	if v.RoundLimit > 0 {
		prefix = fmt.Sprintf("Round %d of %d · ", v.Round, v.RoundLimit)
	}
	if v.Over {
		prefix = ""
	}
	p := b.palette(th)
	if len(a.keys) > 0 {
		// The sentence and its keys in one run, when they fit.
		run := prefix + style.Render(strings.TrimSuffix(a.head, "."))
		if all := wrapItems(append([]string{run}, styledKeys(a.keys, p)...), th.Faint.Render(" · "), w); len(all) <= n {
			return all, nil
		}
	}
	lines := wrapText(prefix+style.Render(a.head), w)
	if len(lines) > n && a.short != "" {
		return []string{style.Render(a.short)}, a.keys
	}
	if len(lines) > n {
		return []string{board.Clip(style.Render(a.head), w)}, a.keys
	}
	if keys := pack(a.keys, p, w); len(lines)+len(keys) <= n {
		return append(lines, keys...), nil
	}
	return lines, a.keys
}

// styledKeys draws "key what" items with the key in the key style.
func styledKeys(items []string, p *palette) []string {
	out := make([]string, len(items))
	for i, it := range items {
		k, rest, _ := strings.Cut(it, " ")
		out[i] = p.th.Key.Render(k) + " " + rest
	}
	return out
}
