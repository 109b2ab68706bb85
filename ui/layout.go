package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"arcade/ui/board"
)

// fitBlock cuts s to at most w columns and h lines, padding every line to w
// so that blocks joined side by side stay aligned.
func fitBlock(s string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		n := board.Width(l)
		if n > w {
			l = ansi.Truncate(l, w, "…")
			n = board.Width(l)
		}
		if n < w {
			l += strings.Repeat(" ", w-n)
		}
		lines[i] = l
	}
	for len(lines) < h {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return strings.Join(lines, "\n")
}

// fitScreen cuts a whole screen to at most w columns and exactly h lines.
// Unlike fitBlock it does not pad lines with spaces (the terminal bridge
// erases what a line leaves), and it returns s itself when it already fits,
// so a screen costs no second copy.
func fitScreen(s string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	changed := len(lines) != h
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if board.Width(l) > w {
			lines[i] = ansi.Truncate(l, w, "…")
			changed = true
		}
	}
	if !changed {
		return s
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// padRight pads a styled line with spaces to width w.
func padRight(s string, w int) string {
	if n := board.Width(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// wrap breaks plain text into lines of at most w columns.
func wrap(s string, w int) []string {
	if w < 8 {
		w = 8
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		// Continuation lines keep the paragraph's indentation (plus two
		// for list items), so wrapped help text stays readable.
		trimmed := strings.TrimLeft(para, " ")
		indent := len(para) - len(trimmed)
		hang := indent
		if indent > 0 || strings.HasPrefix(trimmed, "- ") {
			hang += 2
		}
		if hang >= w/2 {
			hang = 0
		}
		lines := strings.Split(ansi.Wrap(para, w, ""), "\n")
		if len(lines) > 1 && hang > 0 {
			rest := strings.Join(lines[1:], " ")
			lines = append(lines[:1], strings.Split(ansi.Wrap(rest, w-hang, ""), "\n")...)
			for i := 1; i < len(lines); i++ {
				lines[i] = strings.Repeat(" ", hang) + lines[i]
			}
		}
		out = append(out, lines...)
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
