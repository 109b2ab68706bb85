package board

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// The text kit: every screen wraps, pads and cuts styled text with these,
// so that one rule decides how the arcade breaks a line. They measure with
// Width and leave the work to ansi where it is needed; a text that already
// fits costs a width count and no copy. A width under one cell has room
// for nothing: Wrap gives no lines; Truncate, Clip, Cut, Fit and FitBlock
// an empty text (the pads never cut).

// Wrap breaks styled text into lines of at most w cells, between words
// where it can and inside a word longer than a line (ansi.Wrap); every
// newline in s starts a line.
func Wrap(s string, w int) []string {
	if w < 1 {
		return nil
	}
	if !hasControl(s) && Width(s) <= w {
		return []string{s}
	}
	return strings.Split(ansi.Wrap(s, w, ""), "\n")
}

// hasControl reports whether s holds an ASCII control character other
// than the escapes of styles: a newline, or one that ansi.Wrap counts as
// a cell where Width does not (a tab, DEL).
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != 0x1b) || c == 0x7f {
			return true
		}
	}
	return false
}

// WrapHang wraps styled text like Wrap, the lines after the first indented
// by hang columns (and wrapped to w-hang). A hang of half the width or more
// would leave too little room: the lines are then not indented.
func WrapHang(s string, w, hang int) []string {
	lines := Wrap(s, w)
	if len(lines) < 2 || hang <= 0 || hang >= w/2 {
		return lines
	}
	return Hang(append(lines[:1], Wrap(strings.Join(lines[1:], " "), w-hang)...), hang)
}

// Hang indents every line after the first by hang columns, in place.
func Hang(lines []string, hang int) []string {
	if hang <= 0 {
		return lines
	}
	indent := strings.Repeat(" ", hang)
	for i := 1; i < len(lines); i++ {
		lines[i] = indent + lines[i]
	}
	return lines
}

// Pack lays items out on lines of w columns, sep between two on a line,
// breaking lines between items, never inside one: an item wider than w
// gets a line of its own. No items, no lines.
func Pack(items []string, sep string, w int) []string {
	var lines []string
	line, lineW, sepW := "", 0, Width(sep)
	for _, it := range items {
		itW := Width(it)
		switch {
		case line == "":
			line, lineW = it, itW
		case lineW+sepW+itW <= w:
			line, lineW = line+sep+it, lineW+sepW+itW
		default:
			lines = append(lines, line)
			line, lineW = it, itW
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// WrapItems packs items like Pack and breaks a line wider than w (an item
// too wide for any line) with wrap.
func WrapItems(items []string, sep string, w int, wrap func(s string, w int) []string) []string {
	var out []string
	for _, l := range Pack(items, sep, w) {
		if Width(l) <= w {
			out = append(out, l)
		} else {
			out = append(out, wrap(l, w)...)
		}
	}
	return out
}

// PadRight pads styled text with spaces on the right to w cells.
func PadRight(s string, w int) string {
	if n := Width(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// PadLeft pads styled text with spaces on the left to w cells.
func PadLeft(s string, w int) string {
	if n := Width(s); n < w {
		return strings.Repeat(" ", w-n) + s
	}
	return s
}

// Truncate shortens styled text to at most w cells, ending it with "…"
// in the style of the cut text when it had to cut (ansi.Truncate).
func Truncate(s string, w int) string {
	if w < 1 {
		return ""
	}
	if Width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// Sentences shortens text to at most w cells by whole sentences: the
// longest run of its first sentences that fits ("Game over: Anna reached
// 106 knowledge." of a line that goes on "Anna wins with 106 knowledge."),
// so that a cut never leaves half a number; a first sentence wider than
// w is cut like Truncate.
func Sentences(s string, w int) string {
	if Width(s) <= w {
		return s
	}
	best := ""
	for i := strings.Index(s, ". "); i >= 0; {
		if Width(s[:i+1]) > w {
			break
		}
		best = s[:i+1]
		next := strings.Index(s[i+2:], ". ")
		if next < 0 {
			break
		}
		i += 2 + next
	}
	if best == "" {
		return Truncate(s, w)
	}
	return best
}

// Clip shortens styled text to at most w cells like Truncate, but the "…"
// comes after the text's own escape sequences, unstyled.
func Clip(s string, w int) string {
	if w < 1 {
		return ""
	}
	if Width(s) <= w {
		return s
	}
	if w == 1 {
		return "…"
	}
	return ansi.Truncate(s, w-1, "") + "…"
}

// Cut shortens styled text to at most w cells without a mark, for a cut
// that drops only blank columns or that the screen shows otherwise. A line
// whose overflow is plain trailing spaces is cut without parsing it.
func Cut(s string, w int) string {
	if w < 1 {
		return ""
	}
	n := Width(s)
	if n <= w {
		return s
	}
	if t := strings.TrimRight(s, " "); n-(len(s)-len(t)) <= w {
		return s[:len(s)-(n-w)]
	}
	return ansi.Truncate(s, w, "")
}

// Fit makes styled text exactly w cells: cut with "…" like Truncate, or
// padded with spaces.
func Fit(s string, w int) string {
	if w < 1 {
		return ""
	}
	n := Width(s)
	if n > w {
		s = ansi.Truncate(s, w, "…")
		n = Width(s)
	}
	if n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// FitBlock cuts a block of styled lines to h lines and fits every line to
// w cells (Fit), adding blank lines up to h, so that blocks joined side by
// side stay aligned.
func FitBlock(s string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := Lines(s, h)
	for i, l := range lines {
		lines[i] = Fit(l, w)
	}
	return strings.Join(lines, "\n")
}

// Lines splits a block into exactly h lines: its first h, then empty ones.
func Lines(s string, h int) []string {
	lines := strings.Split(s, "\n")
	lines = lines[:min(len(lines), max(h, 0))]
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines
}

// Reflow wraps plain text written with hard line breaks (a rules doc) to
// width w: the lines of a paragraph run together and wrap again, while
// blank lines, headings (a line in capitals, or one over an underline of =
// or -) and underlines keep their own lines (cut to w). An indented
// paragraph runs together the lines at its indent (or two further in)
// until one ends a sentence or a clause (. : ; ! ? or a closing bracket),
// and wraps two further in. A table's row (a line with columns: two
// spaces inside) keeps its line, runs together with the lines under it
// indented to its second column, and wraps there. A list item ("1. ",
// "- ", indented or not) starts a paragraph of its own, with the lines
// under it indented to its text, and wraps under its text.
func Reflow(text string, w int) []string {
	lines := strings.Split(text, "\n")
	underline := func(s string) bool { return s != "" && strings.Trim(s, "=-") == "" }
	var out []string
	var p reflowPara
	flush := func() {
		out = append(out, p.wrap(w)...)
		p = reflowPara{}
	}
	for i, l := range lines {
		l = strings.TrimRight(l, " ")
		text := strings.TrimLeft(l, " ")
		indent := len(l) - len(text)
		cell := strings.Index(text, "  ") // a row's columns part here
		switch m := itemMark(l); {
		case m > 0:
			flush()
			p = reflowPara{lines: []string{l}, at: m, hang: m, always: true}
		case l == "" || l[0] == '\t' || underline(l) || (indent == 0 && capitals(l)) || (i+1 < len(lines) && underline(lines[i+1])):
			flush()
			out = append(out, Clip(l, w))
		case indent > 0 && cell < 0 && p.goesOn(indent):
			p.lines = append(p.lines, text)
			if p.row {
				p.hang = p.at // the row's second column goes on here
			}
		case cell >= 0:
			flush()
			col := indent + cell + len(text[cell:]) - len(strings.TrimLeft(text[cell:], " "))
			p = reflowPara{lines: []string{l}, at: col, hang: indent + 2, always: true, row: true}
		case indent > 0:
			flush()
			p = reflowPara{lines: []string{l}, at: indent, hang: indent + 2}
		default:
			if p.at > 0 {
				flush() // a line at the margin ends an item, a row or an indented paragraph
			}
			p.lines = append(p.lines, text)
		}
	}
	flush()
	return out
}

// reflowPara is a paragraph Reflow runs together: its lines (the first
// with its indent), the indent its lines go on at (an item's text, a
// row's second column, an indented paragraph's indent; 0 at the margin),
// the hang it wraps with, whether a line at its indent goes on with it
// whatever the line before ends with (an item, a row), and whether it is
// a table's row.
type reflowPara struct {
	lines       []string
	at, hang    int
	always, row bool
}

// goesOn reports whether a line indented by indent goes on with the
// paragraph: at its indent (an indented paragraph's lines may also be at
// its hang), after a line that does not end a clause unless always.
func (p *reflowPara) goesOn(indent int) bool {
	if p.at == 0 || (indent != p.at && (p.always || indent != p.hang)) {
		return false
	}
	return p.always || !endsClause(p.lines[len(p.lines)-1])
}

// wrap wraps the paragraph to w, its later lines hung by its hang, or,
// where that is half of w or more, two in from its first line.
func (p *reflowPara) wrap(w int) []string {
	if len(p.lines) == 0 {
		return nil
	}
	hang := p.hang
	if hang >= w/2 {
		hang = len(p.lines[0]) - len(strings.TrimLeft(p.lines[0], " ")) + 2
	}
	return WrapHang(strings.Join(p.lines, " "), w, hang)
}

// endsClause reports whether a line ends a sentence or a clause, so that
// an indented line under it starts anew.
func endsClause(l string) bool {
	return l != "" && strings.ContainsRune(".:;!?)", rune(l[len(l)-1]))
}

// capitals reports whether a line is a heading in capitals: two letters
// at least, none of them lower case.
func capitals(l string) bool {
	letters := 0
	for _, r := range l {
		switch {
		case unicode.IsLower(r):
			return false
		case unicode.IsLetter(r):
			letters++
		}
	}
	return letters >= 2
}

// itemMark is the width of a list item's mark, its indent and the space
// after it included ("1. " is 3, "  - " is 4), or 0 for a line that is not
// a list item.
func itemMark(l string) int {
	rest := strings.TrimLeft(l, " ")
	n := len(l) - len(rest)
	digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
	switch {
	case digits > 0 && strings.HasPrefix(rest[digits:], ". "):
		n += digits + 2
	case strings.HasPrefix(rest, "- "):
		n += 2
	default:
		return 0
	}
	if len(l) == n || l[n] == ' ' {
		return 0
	}
	return n
}

// Count is n of unit in words: "1 move", "3 moves".
func Count(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}
