package horror

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"

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
// game asks, with its keys (and its keys for over the board only) when
// they fit; the keys that do not are returned for the panel.
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
	// The keys named only over the board first, then without them.
	for _, keys := range [][]string{append(slices.Clone(a.keys), a.more...), a.keys} {
		if lines := keyed(prefix, a.head, keys, style, p, w, n); lines != nil {
			return lines, nil
		}
	}
	lines := wrapText(prefix+style.Render(a.head), w)
	if len(lines) > n && a.short != "" {
		return []string{style.Render(a.short)}, a.keys
	}
	if len(lines) > n {
		return []string{board.Clip(style.Render(a.head), w)}, a.keys
	}
	return lines, a.keys
}

// keyed is the sentence and its keys over the board in at most n lines
// (in one run when they fit, else the keys under it), or nil when they
// do not fit.
func keyed(prefix, head string, keys []string, style lipgloss.Style, p *palette, w, n int) []string {
	if len(keys) > 0 {
		run := prefix + style.Render(strings.TrimSuffix(head, "."))
		if all := wrapItems(append([]string{run}, styledKeys(keys, p)...), p.th.Faint.Render(" · "), w); len(all) <= n {
			return all
		}
	}
	lines := wrapText(prefix+style.Render(head), w)
	if packed := pack(keys, p, w); len(lines)+len(packed) <= n {
		return append(lines, packed...)
	}
	return nil
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
