package main

import (
	"bytes"
	"sync"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// grid is a tiny terminal screen: the characters of each cell and a cursor,
// no colours. It understands what a renderer uses to draw: printing with
// autowrap, cursor moves (CUP, CUU/CUD/CUF/CUB, CHA, VPA, HPA, CNL/CPL, tabs,
// CR/LF/BS, save/restore), erasing (ED, EL, ECH), inserting and deleting
// (ICH, DCH, IL, DL, insert mode), repeat (REP), scroll regions and scrolling
// (DECSTBM, SU, SD, IND, RI, NEL), the alternate screen and reset. SGR and
// every other sequence, OSC/DCS/APC strings included, are skipped. Widths
// are wcwidth's, as in the x/vt emulator. So a word the renderer wrote in
// pieces (a cell diff skips the cells that did not change) reads whole here,
// as it would on a real terminal.
type grid struct {
	w, h  int
	cells []rune // w*h; wideTail marks the second cell of a wide character

	x, y        int
	wrapPending bool // the last column was just written: the next print wraps
	autowrap    bool
	insert      bool
	top, bottom int // scroll region, inclusive
	savedX      int
	savedY      int
	last        rune // last printed character, for REP

	// parser state
	state   int
	params  [16]int
	nparams int
	hasP    bool // the current parameter has digits
	private byte // '?', '>', '<' or '=' before the parameters, or 0
	inter   byte // last intermediate byte
	utf     [utf8.UTFMax]byte
	nutf    int

	row []byte // scratch for contains
}

// wideTail fills the cell to the right of a wide character.
const wideTail = -1

// Parser states.
const (
	stGround = iota
	stEsc
	stEscInter // ESC followed by an intermediate: one more byte ends it
	stCSI
	stString // OSC, DCS, SOS, PM, APC: skipped until BEL or ST
)

func newGrid(w, h int) *grid {
	g := &grid{w: w, h: h, cells: make([]rune, w*h), autowrap: true, bottom: h - 1}
	g.clear(0, w*h)
	return g
}

func (g *grid) clear(from, to int) {
	for i := from; i < to; i++ {
		g.cells[i] = ' '
	}
}

// Write feeds terminal output to the grid.
func (g *grid) Write(p []byte) {
	for _, b := range p {
		g.byte(b)
	}
}

func (g *grid) byte(b byte) {
	if g.nutf > 0 || (b >= 0x80 && g.state == stGround) {
		g.utf8Byte(b)
		return
	}
	switch g.state {
	case stGround:
		g.ground(b)
	case stEsc:
		g.esc(b)
	case stEscInter:
		g.state = stGround
	case stCSI:
		g.csiByte(b)
	case stString:
		switch b {
		case 0x07:
			g.state = stGround
		case 0x1b:
			g.state = stEsc // ESC \ ends it; anything else starts a new sequence
		}
	}
}

// utf8Byte collects the bytes of a multi-byte character.
func (g *grid) utf8Byte(b byte) {
	if g.nutf > 0 && b&0xc0 != 0x80 {
		g.nutf = 0 // broken sequence: drop it, take b afresh
		g.byte(b)
		return
	}
	g.utf[g.nutf] = b
	g.nutf++
	if utf8.FullRune(g.utf[:g.nutf]) || g.nutf == len(g.utf) {
		r, _ := utf8.DecodeRune(g.utf[:g.nutf])
		g.nutf = 0
		g.print(r)
	}
}

func (g *grid) ground(b byte) {
	switch {
	case b == 0x1b:
		g.state = stEsc
	case b >= 0x20 && b < 0x7f:
		g.print(rune(b))
	case b == '\r':
		g.x, g.wrapPending = 0, false
	case b == '\n' || b == 0x0b || b == 0x0c:
		g.index()
	case b == '\b':
		g.x, g.wrapPending = max(g.x-1, 0), false
	case b == '\t':
		g.tab(1)
	}
}

func (g *grid) esc(b byte) {
	g.state = stGround
	switch b {
	case '[':
		g.state, g.nparams, g.hasP, g.private, g.inter = stCSI, 0, false, 0, 0
		g.params[0] = 0
	case ']', 'P', 'X', '^', '_':
		g.state = stString
	case '(', ')', '*', '+', '-', '.', '/', '#', '%', ' ':
		g.state = stEscInter
	case '7':
		g.savedX, g.savedY = g.x, g.y
	case '8':
		g.x, g.y, g.wrapPending = g.savedX, g.savedY, false
	case 'D':
		g.index()
	case 'E':
		g.x = 0
		g.index()
	case 'M':
		g.reverseIndex()
	case 'c':
		*g = *newGrid(g.w, g.h)
	}
}

func (g *grid) csiByte(b byte) {
	switch {
	case b >= '0' && b <= '9':
		if g.nparams < len(g.params) {
			if !g.hasP {
				g.params[g.nparams] = 0
			}
			g.params[g.nparams] = min(g.params[g.nparams]*10+int(b-'0'), 1<<16)
			g.hasP = true
		}
	case b == ';' || b == ':':
		g.endParam()
	case b >= '<' && b <= '?':
		g.private = b
	case b >= 0x20 && b <= 0x2f:
		g.inter = b
	case b >= 0x40 && b <= 0x7e:
		g.endParam()
		g.state = stGround
		g.csi(b)
	case b == 0x1b:
		g.state = stEsc
	case b == 0x18 || b == 0x1a:
		g.state = stGround
	default:
		g.ground(b) // a control inside a sequence acts at once
	}
}

func (g *grid) endParam() {
	if g.nparams < len(g.params) {
		if !g.hasP {
			g.params[g.nparams] = 0
		}
		g.nparams++
		g.hasP = false
	}
}

// param is parameter i, or def when it is missing or zero.
func (g *grid) param(i, def int) int {
	if i < g.nparams && g.params[i] > 0 {
		return g.params[i]
	}
	return def
}

func (g *grid) csi(final byte) {
	if g.private != 0 || g.inter != 0 {
		if g.private == '?' && g.inter == 0 && (final == 'h' || final == 'l') {
			g.decMode(final == 'h')
		}
		return
	}
	n := g.param(0, 1)
	switch final {
	case 'A':
		g.moveY(-n)
	case 'B', 'e':
		g.moveY(n)
	case 'C', 'a':
		g.x, g.wrapPending = min(g.x+n, g.w-1), false
	case 'D':
		g.x, g.wrapPending = max(g.x-n, 0), false
	case 'E':
		g.moveY(n)
		g.x = 0
	case 'F':
		g.moveY(-n)
		g.x = 0
	case 'G', '`':
		g.x, g.wrapPending = min(n, g.w)-1, false
	case 'd':
		g.y, g.wrapPending = min(n, g.h)-1, false
	case 'H', 'f':
		g.y, g.x, g.wrapPending = min(n, g.h)-1, min(g.param(1, 1), g.w)-1, false
	case 'I':
		g.tab(n)
	case 'Z':
		g.tab(-n)
	case 'J':
		g.eraseDisplay(g.param(0, 0))
	case 'K':
		g.eraseLine(g.param(0, 0))
	case 'X':
		g.clear(g.at(g.x, g.y), g.at(min(g.x+n, g.w), g.y))
	case '@':
		g.insertCells(n)
	case 'P':
		g.deleteCells(n)
	case 'L':
		if g.y >= g.top && g.y <= g.bottom {
			g.scrollDown(g.y, g.bottom, n)
			g.x, g.wrapPending = 0, false
		}
	case 'M':
		if g.y >= g.top && g.y <= g.bottom {
			g.scrollUp(g.y, g.bottom, n)
			g.x, g.wrapPending = 0, false
		}
	case 'S':
		g.scrollUp(g.top, g.bottom, n)
	case 'T':
		if g.nparams <= 1 {
			g.scrollDown(g.top, g.bottom, n)
		}
	case 'b':
		for range min(n, g.w*g.h) {
			g.print(g.last)
		}
	case 'r':
		top, bottom := g.param(0, 1)-1, min(g.param(1, g.h), g.h)-1
		if top < bottom {
			g.top, g.bottom = top, bottom
			g.x, g.y, g.wrapPending = 0, 0, false
		}
	case 'h', 'l':
		if g.param(0, 0) == 4 {
			g.insert = final == 'h'
		}
	case 's':
		if g.nparams <= 1 && g.params[0] == 0 { // with margins it would be DECSLRM
			g.savedX, g.savedY = g.x, g.y
		}
	case 'u':
		g.x, g.y, g.wrapPending = g.savedX, g.savedY, false
	}
}

// decMode sets or resets the DEC private modes that change the screen.
func (g *grid) decMode(set bool) {
	for i := range g.nparams {
		switch g.params[i] {
		case 7:
			g.autowrap = set
		case 47, 1047, 1049:
			if set && g.params[i] == 1049 {
				g.savedX, g.savedY = g.x, g.y
			}
			g.clear(0, len(g.cells))
			if !set && g.params[i] == 1049 {
				g.x, g.y = g.savedX, g.savedY
			}
			g.wrapPending = false
		}
	}
}

func (g *grid) at(x, y int) int { return y*g.w + x }

// moveY moves the cursor up or down, stopping at the scroll region's edge
// when it starts inside it.
func (g *grid) moveY(d int) {
	lo, hi := 0, g.h-1
	if g.y >= g.top && g.y <= g.bottom {
		lo, hi = g.top, g.bottom
	}
	g.y, g.wrapPending = min(max(g.y+d, lo), hi), false
}

func (g *grid) tab(n int) {
	for ; n > 0; n-- {
		g.x = min((g.x/8+1)*8, g.w-1)
	}
	for ; n < 0; n++ {
		g.x = max((g.x-1)/8*8, 0)
	}
	g.wrapPending = false
}

// index is LF: down one line, scrolling at the bottom of the region.
func (g *grid) index() {
	switch {
	case g.y == g.bottom:
		g.scrollUp(g.top, g.bottom, 1)
	case g.y < g.h-1:
		g.y++
	}
	g.wrapPending = false
}

func (g *grid) reverseIndex() {
	switch {
	case g.y == g.top:
		g.scrollDown(g.top, g.bottom, 1)
	case g.y > 0:
		g.y--
	}
	g.wrapPending = false
}

// scrollUp moves lines top..bottom up by n, blanking the freed lines.
func (g *grid) scrollUp(top, bottom, n int) {
	n = min(n, bottom-top+1)
	copy(g.cells[g.at(0, top):g.at(0, bottom+1)], g.cells[g.at(0, top+n):g.at(0, bottom+1)])
	g.clear(g.at(0, bottom+1-n), g.at(0, bottom+1))
}

// scrollDown moves lines top..bottom down by n, blanking the freed lines.
func (g *grid) scrollDown(top, bottom, n int) {
	n = min(n, bottom-top+1)
	copy(g.cells[g.at(0, top+n):g.at(0, bottom+1)], g.cells[g.at(0, top):g.at(0, bottom+1-n)])
	g.clear(g.at(0, top), g.at(0, top+n))
}

func (g *grid) eraseDisplay(mode int) {
	switch mode {
	case 0:
		g.clear(g.at(g.x, g.y), len(g.cells))
	case 1:
		g.clear(0, g.at(g.x, g.y)+1)
	default:
		g.clear(0, len(g.cells))
	}
}

func (g *grid) eraseLine(mode int) {
	switch mode {
	case 0:
		g.clear(g.at(g.x, g.y), g.at(g.w, g.y))
	case 1:
		g.clear(g.at(0, g.y), g.at(g.x, g.y)+1)
	default:
		g.clear(g.at(0, g.y), g.at(g.w, g.y))
	}
}

func (g *grid) insertCells(n int) {
	line := g.cells[g.at(0, g.y):g.at(g.w, g.y)]
	n = min(n, g.w-g.x)
	copy(line[g.x+n:], line[g.x:g.w-n])
	for i := g.x; i < g.x+n; i++ {
		line[i] = ' '
	}
}

func (g *grid) deleteCells(n int) {
	line := g.cells[g.at(0, g.y):g.at(g.w, g.y)]
	n = min(n, g.w-g.x)
	copy(line[g.x:], line[g.x+n:])
	for i := g.w - n; i < g.w; i++ {
		line[i] = ' '
	}
}

// print writes one character at the cursor.
func (g *grid) print(r rune) {
	wd := runeWidth(r)
	if wd == 0 {
		return // combining marks and the like stay with the previous cell
	}
	if g.wrapPending && g.autowrap || wd == 2 && g.x == g.w-1 && g.autowrap {
		g.x, g.wrapPending = 0, false
		g.index()
	}
	if wd == 2 && g.x == g.w-1 {
		wd = 1 // no room and no wrap: it is cut
	}
	if g.insert {
		g.insertCells(wd)
	}
	i := g.at(g.x, g.y)
	if g.cells[i] == wideTail && g.x > 0 {
		g.cells[i-1] = ' ' // overwrote the right half of a wide character
	}
	if g.x+wd < g.w && g.cells[i+wd] == wideTail {
		g.cells[i+wd] = ' ' // overwrote the left half of one
	}
	g.cells[i] = r
	if wd == 2 {
		g.cells[i+1] = wideTail
	}
	g.last = r
	if g.x+wd >= g.w {
		g.x = g.w - 1
		g.wrapPending = g.autowrap
	} else {
		g.x += wd
		g.wrapPending = false
	}
}

// line returns row y as text (blank cells are spaces).
func (g *grid) line(y int) string {
	return string(g.appendLine(nil, y))
}

func (g *grid) appendLine(b []byte, y int) []byte {
	for _, r := range g.cells[g.at(0, y):g.at(g.w, y)] {
		if r != wideTail {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// find returns the first row and column (in bytes of that row's text) where
// s shows, or -1, -1. Text does not run on from one row to the next.
func (g *grid) find(s string) (row, col int) {
	for y := range g.h {
		g.row = g.appendLine(g.row[:0], y)
		if i := bytes.Index(g.row, []byte(s)); i >= 0 {
			return y, i
		}
	}
	return -1, -1
}

// contains reports whether s shows anywhere on the screen.
func (g *grid) contains(s string) bool {
	y, _ := g.find(s)
	return y >= 0
}

var widths sync.Map // rune → int, for runes outside ASCII

// runeWidth is a character's width in cells by wcwidth, as the x/vt
// emulator counts by default.
func runeWidth(r rune) int {
	if r < 0x7f {
		return 1
	}
	if w, ok := widths.Load(r); ok {
		return w.(int)
	}
	w := ansi.StringWidthWc(string(r))
	widths.Store(r, w)
	return w
}
