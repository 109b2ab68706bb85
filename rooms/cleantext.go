package rooms

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of a display name.
const (
	// MaxNameRunes caps a name's length in runes.
	MaxNameRunes = 16
	// MaxNameWidth caps a name's width in terminal columns (wide CJK and
	// emoji count two).
	MaxNameWidth = 24
	// maxMarks caps the combining marks stacked on one character.
	maxMarks = 2
)

// CleanName makes a display name safe to show on other players' terminals:
// control characters and escape sequences stripped, whitespace collapsed,
// length capped. An empty result becomes "guest".
//
// In detail: ANSI escape sequences (CSI, OSC, DCS and the other string
// sequences, in their 7-bit ESC and 8-bit C1 forms) are removed whole; then
// C0 and C1 controls, DEL, invalid UTF-8, format characters (bidi overrides
// and isolates, zero-width spaces and joiners outside emoji sequences, soft
// hyphens), default
// ignorable fillers and unassigned or private-use code points are dropped;
// braces become parentheses (names cannot forge "{seatN}" references);
// runs of whitespace become one space, trimmed at both ends; at most two
// combining marks stay on a character; the result is cut to MaxNameRunes
// runes and MaxNameWidth columns. CleanName(CleanName(s)) == CleanName(s).
func CleanName(s string) string {
	if name := cleanText(s, MaxNameRunes, MaxNameWidth); name != "" {
		return name
	}
	return "guest"
}

// CleanText makes a line of text that one player (or an admin) wrote safe
// to show on other terminals, the way CleanName does, cut to maxRunes
// runes (and as many columns); it may be "".
func CleanText(s string, maxRunes int) string {
	return cleanText(s, maxRunes, maxRunes)
}

// cleanText is CleanName's filter with the caps given.
func cleanText(s string, maxRunes, maxWidth int) string {
	var b strings.Builder
	runes, width, marks := 0, 0, 0
	space := false // a space is owed before the next kept rune
	for i := 0; i < len(s); {
		if n := escapeLen(s[i:]); n > 0 {
			i += n
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r == utf8.RuneError && size <= 1 {
			continue
		}
		if unicode.IsSpace(r) || r == '\u2800' {
			space = b.Len() > 0
			continue
		}
		if joiner(r) {
			// An emoji's zero-width joiner and presentation selector stay
			// inside an emoji sequence (👩‍💻, ❤️) and go anywhere else.
			last, _ := utf8.DecodeLastRuneInString(b.String())
			next, _ := utf8.DecodeRuneInString(s[i:])
			if !space && pictographic(last) && (r == '\uFE0F' || pictographic(next)) && runes+1 <= maxRunes {
				b.WriteRune(r)
				runes++
			}
			continue
		}
		if !keepRune(r) {
			continue
		}
		r = unbrace(r)
		mark := unicode.In(r, unicode.Mn, unicode.Me)
		if mark && b.Len() == 0 {
			continue
		}
		w := runeWidth(r)
		extraRunes, extraWidth := 1, w
		if space {
			extraRunes, extraWidth = 2, w+1
		}
		if runes+extraRunes > maxRunes || width+extraWidth > maxWidth {
			break
		}
		if space {
			b.WriteByte(' ')
			space, marks = false, 0
			runes++
			width++
		}
		if mark {
			if marks >= maxMarks {
				continue
			}
			marks++
		} else {
			marks = 0
		}
		b.WriteRune(r)
		runes++
		width += w
	}
	return strings.TrimRight(b.String(), "\u200d") // a joiner left by the cap joins nothing
}

// joiner reports whether r is the zero-width joiner or the emoji
// presentation selector, which emoji sequences are made with.
func joiner(r rune) bool { return r == '\u200d' || r == '\uFE0F' }

// pictographic reports whether r is an emoji (or a joiner or selector
// inside an emoji sequence): the Unicode blocks of pictographs, symbols
// and dingbats.
func pictographic(r rune) bool {
	return joiner(r) || r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || r >= 0x2300 && r <= 0x23FF
}

// unbrace turns braces into parentheses, so that no name can contain the
// "{seatN}" references that the UI expands in log lines (engine.SeatRef).
func unbrace(r rune) rune {
	switch r {
	case '{':
		return '('
	case '}':
		return ')'
	}
	return r
}

// keepRune reports whether a non-space rune may appear in a name.
func keepRune(r rune) bool {
	if !unicode.IsGraphic(r) { // drops Cc, Cf (bidi, zero-width), Co, Cn, Zl, Zp
		return false
	}
	return !unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) &&
		!unicode.Is(unicode.Variation_Selector, r)
}

// escapeLen returns the length in bytes of the terminal escape sequence at
// the start of s, or 0 when s does not start with one. An unterminated
// sequence runs to the end of s.
func escapeLen(s string) int {
	if s == "" {
		return 0
	}
	if s[0] == 0x1b {
		if len(s) == 1 {
			return 1
		}
		c := s[1]
		switch {
		case c == '[':
			return 2 + csiLen(s[2:])
		case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
			return 2 + stringLen(s[2:])
		case c >= 0x20 && c <= 0x2f: // ESC intermediates final, e.g. ESC ( B
			n := 2
			for n < len(s) && s[n] >= 0x20 && s[n] <= 0x2f {
				n++
			}
			if n < len(s) && s[n] >= 0x30 && s[n] <= 0x7e {
				n++
			}
			return n
		case c >= 0x30 && c <= 0x7e:
			return 2
		}
		return 1
	}
	// 8-bit C1 introducers, UTF-8 encoded (U+0080..U+009F are 0xC2 0x80..0x9F).
	if len(s) >= 2 && s[0] == 0xc2 {
		switch s[1] {
		case 0x9b: // CSI
			return 2 + csiLen(s[2:])
		case 0x9d, 0x90, 0x98, 0x9e, 0x9f: // OSC, DCS, SOS, PM, APC
			return 2 + stringLen(s[2:])
		}
	}
	return 0
}

// csiLen is the length of a CSI body: parameter and intermediate bytes, then
// one final byte.
func csiLen(s string) int {
	n := 0
	for n < len(s) && s[n] >= 0x20 && s[n] <= 0x3f {
		n++
	}
	if n < len(s) && s[n] >= 0x40 && s[n] <= 0x7e {
		n++
	}
	return n
}

// stringLen is the length of an OSC/DCS-style body with its terminator: BEL,
// ESC \ or the C1 string terminator U+009C.
func stringLen(s string) int {
	for n := 0; n < len(s); n++ {
		switch {
		case s[n] == 0x07:
			return n + 1
		case s[n] == 0x1b:
			if n+1 < len(s) && s[n+1] == '\\' {
				return n + 2
			}
			return n + 1
		case s[n] == 0xc2 && n+1 < len(s) && s[n+1] == 0x9c:
			return n + 2
		}
	}
	return len(s)
}

// runeWidth estimates the columns a rune takes: 0 for combining marks, 2 for
// East Asian wide characters and most emoji, 1 otherwise. It errs on the
// wide side, which only shortens a name.
func runeWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me):
		return 0
	case r >= 0x1100 && r <= 0x115f,
		r >= 0x2e80 && r <= 0xa4cf,
		r >= 0xac00 && r <= 0xd7a3,
		r >= 0xf900 && r <= 0xfaff,
		r >= 0xfe30 && r <= 0xfe4f,
		r >= 0xff00 && r <= 0xff60,
		r >= 0xffe0 && r <= 0xffe6,
		r >= 0x2600 && r <= 0x27bf,
		r >= 0x1f000 && r <= 0x1faff,
		r >= 0x20000 && r <= 0x3fffd:
		return 2
	}
	return 1
}
