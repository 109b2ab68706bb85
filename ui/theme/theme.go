// Package theme holds the lipgloss styles shared by every arcade screen and
// game board. A Theme adapts to the player's terminal: light or dark
// background, and colour on or off (without colour, meaning is carried by
// bold, reverse video and glyphs, never by colour alone).
package theme

import (
	"image/color"
	"sync"

	"charm.land/lipgloss/v2"
)

// Theme is a set of ready styles.
type Theme struct {
	Dark   bool
	Colour bool

	Title    lipgloss.Style // screen titles
	Heading  lipgloss.Style // pane headings
	Text     lipgloss.Style
	Faint    lipgloss.Style // secondary text
	Selected lipgloss.Style // the highlighted row of a list
	Key      lipgloss.Style // a key in a hint line
	Good     lipgloss.Style // success, your turn
	Bad      lipgloss.Style // errors, fire
	Warn     lipgloss.Style // countdowns, warnings
	Accent   lipgloss.Style // the active player, the invite code
	Pane     lipgloss.Style // a bordered pane
	// Colours by name for game boards ("purple", "yellow", "black", "white",
	// "teal", "red", "green", "brown", "blue", "orange").
	Palette map[string]color.Color
}

// shared holds one theme per (dark, colour), built on first use.
var shared [2][2]struct {
	once sync.Once
	t    *Theme
}

// For returns the shared theme for a dark or light background, with or
// without colour. Every session uses these few values: treat them as
// read-only.
func For(dark, colour bool) *Theme {
	s := &shared[b2i(dark)][b2i(colour)]
	s.once.Do(func() { s.t = New(dark, colour) })
	return s.t
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// New builds a theme for a dark or light background, with or without colour.
func New(dark, colour bool) *Theme {
	ld := lipgloss.LightDark(dark)
	t := &Theme{Dark: dark, Colour: colour}
	base := lipgloss.NewStyle()
	t.Text = base
	t.Title = base.Bold(true)
	t.Heading = base.Bold(true).Underline(true)
	t.Faint = base.Faint(true)
	t.Selected = base.Reverse(true)
	t.Key = base.Bold(true)
	t.Good = base.Bold(true)
	t.Bad = base.Bold(true)
	t.Warn = base.Bold(true)
	t.Accent = base.Bold(true)
	t.Pane = base.Border(lipgloss.NormalBorder())
	t.Palette = map[string]color.Color{}
	if !colour {
		return t
	}
	t.Title = t.Title.Foreground(ld(lipgloss.Color("#8a3b00"), lipgloss.Color("#ffb347")))
	t.Heading = base.Bold(true).Foreground(ld(lipgloss.Color("#1f4e8c"), lipgloss.Color("#8ab4f8")))
	t.Faint = base.Foreground(ld(lipgloss.Color("#6b6b6b"), lipgloss.Color("#8c8c8c")))
	t.Selected = base.Bold(true).Foreground(ld(lipgloss.Color("#ffffff"), lipgloss.Color("#000000"))).
		Background(ld(lipgloss.Color("#1f4e8c"), lipgloss.Color("#8ab4f8")))
	t.Key = base.Bold(true).Foreground(ld(lipgloss.Color("#1f4e8c"), lipgloss.Color("#8ab4f8")))
	t.Good = base.Bold(true).Foreground(ld(lipgloss.Color("#1b7a1b"), lipgloss.Color("#7ee787")))
	t.Bad = base.Bold(true).Foreground(ld(lipgloss.Color("#b3001b"), lipgloss.Color("#ff6b6b")))
	t.Warn = base.Bold(true).Foreground(ld(lipgloss.Color("#9a6700"), lipgloss.Color("#f2cc60")))
	t.Accent = base.Bold(true).Foreground(ld(lipgloss.Color("#8a3b00"), lipgloss.Color("#ffb347")))
	t.Pane = t.Pane.BorderForeground(ld(lipgloss.Color("#9a9a9a"), lipgloss.Color("#5c5c5c")))
	t.Palette = map[string]color.Color{
		"purple": ld(lipgloss.Color("#7b2fbe"), lipgloss.Color("#c792ea")),
		"yellow": ld(lipgloss.Color("#9a6700"), lipgloss.Color("#f2cc60")),
		"black":  ld(lipgloss.Color("#000000"), lipgloss.Color("#b0b0b0")),
		"white":  ld(lipgloss.Color("#5a5a5a"), lipgloss.Color("#ffffff")),
		"teal":   ld(lipgloss.Color("#00796b"), lipgloss.Color("#4dd0e1")),
		"red":    ld(lipgloss.Color("#b3001b"), lipgloss.Color("#ff6b6b")),
		"green":  ld(lipgloss.Color("#1b7a1b"), lipgloss.Color("#7ee787")),
		"brown":  ld(lipgloss.Color("#7a4a1b"), lipgloss.Color("#d2a26b")),
		"blue":   ld(lipgloss.Color("#1f4e8c"), lipgloss.Color("#8ab4f8")),
		"orange": ld(lipgloss.Color("#b35900"), lipgloss.Color("#ffb347")),
	}
	return t
}

// Paint colours s with the named palette colour (bold when colour is off
// only if bold is asked for).
func (t *Theme) Paint(name, s string, bold bool) string {
	st := lipgloss.NewStyle().Bold(bold)
	if c, ok := t.Palette[name]; ok {
		st = st.Foreground(c)
	}
	return st.Render(s)
}
