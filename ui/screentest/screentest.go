// Package screentest reads screens the way a player's terminal shows them,
// for the golden-screen tests of the ui packages.
package screentest

import (
	"io"
	"strings"

	"github.com/charmbracelet/x/vt"
)

// OnTerminal is what a w x h terminal shows of s, each line without its
// trailing spaces.
func OnTerminal(s string, w, h int) string {
	e := vt.NewEmulator(w, h)
	go func() { _, _ = io.Copy(io.Discard, e) }()
	_, _ = e.Write([]byte(strings.ReplaceAll(s, "\n", "\r\n")))
	var out []string
	for _, l := range strings.Split(e.String(), "\n") {
		out = append(out, strings.TrimRight(l, " "))
	}
	return strings.Join(out, "\n")
}

// BlankShare is the share of a w x h screen (text as OnTerminal gives it)
// that lies in blank areas: the cells whose 9 x 3 neighbourhood on the
// screen is all spaces.
func BlankShare(text string, w, h int) float64 {
	rows := strings.Split(text, "\n")
	at := func(x, y int) rune {
		if y < 0 || y >= len(rows) {
			return ' '
		}
		r := []rune(rows[y])
		if x < 0 || x >= len(r) {
			return ' '
		}
		return r[x]
	}
	blank := 0
	for y := range h {
		for x := range w {
			empty := true
			for dy := -1; dy <= 1 && empty; dy++ {
				for dx := -4; dx <= 4 && empty; dx++ {
					empty = at(x+dx, y+dy) == ' ' || x+dx < 0 || x+dx >= w || y+dy < 0 || y+dy >= h
				}
			}
			if empty {
				blank++
			}
		}
	}
	return float64(blank) / float64(w*h)
}
