package ui

import (
	"strings"

	"arcade/ui/board"
)

// fitScreen cuts a whole screen to at most w columns and exactly h lines.
// Unlike board.FitBlock it does not pad lines with spaces (the terminal bridge
// erases what a line leaves), and it returns s itself when it already fits,
// so a screen costs no second copy.
func fitScreen(s string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines, changed := fitRows(strings.Split(s, "\n"), w, h)
	if !changed {
		return s
	}
	return strings.Join(lines, "\n")
}

// fitRows is fitScreen for a screen's rows: cut to h rows of at most w
// columns, padded with empty rows to h. changed reports whether rows did
// not fit as they were.
func fitRows(rows []string, w, h int) (fitted []string, changed bool) {
	h = max(h, 0)
	changed = len(rows) != h
	if len(rows) > h {
		rows = rows[:h]
	}
	for i, l := range rows {
		if board.Width(l) > w {
			rows[i] = board.Truncate(l, w)
			changed = true
		}
	}
	for len(rows) < h {
		rows = append(rows, "")
	}
	return rows, changed
}

// wrap breaks plain text into lines of at most w columns (8 at least).
// Continuation lines keep the paragraph's indentation (plus two for list
// items), so wrapped help text stays readable.
func wrap(s string, w int) []string {
	w = max(w, 8)
	var out []string
	for _, para := range strings.Split(s, "\n") {
		trimmed := strings.TrimLeft(para, " ")
		hang := len(para) - len(trimmed)
		if hang > 0 || strings.HasPrefix(trimmed, "- ") {
			hang += 2
		}
		out = append(out, board.WrapHang(para, w, hang)...)
	}
	return out
}

// lastLines keeps the final n lines of a list, skipping back by offset.
func lastLines(lines []string, n, offset int) []string {
	end := len(lines) - offset
	if end < 0 {
		end = 0
	}
	start := end - n
	if start < 0 {
		start = 0
	}
	return lines[start:end]
}
