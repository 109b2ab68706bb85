package board

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Width is the number of terminal cells a styled line takes (escape
// sequences take none), as lipgloss.Width and ansi.StringWidth count it.
// Those segment every line into grapheme clusters, which is most of the CPU
// a screen costs; Width counts directly when every character is one it
// knows to be one cell wide (ASCII, Latin, general punctuation, arrows, box
// drawing, blocks, geometric shapes, ⌂ ✓ ✗: what the arcade draws), and asks
// ansi.StringWidth otherwise.
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			k := escapeLen(s[i:])
			if k == 0 {
				return ansi.StringWidth(s)
			}
			i += k
		case c >= 0x20 && c < 0x7f:
			n++
			i++
		case c < 0x80:
			return ansi.StringWidth(s) // other control characters
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !oneCell(r) {
				return ansi.StringWidth(s)
			}
			n++
			i += size
		}
	}
	return n
}

// TrimmedWidth is the width of s without its trailing blanks, plain or
// styled: the column after its last visible character, as
// Width(strings.TrimRight(ansi.Strip(s), " ")) counts it in UTF-8 text,
// without copying s.
func TrimmedWidth(s string) int {
	for {
		s = strings.TrimRight(s, " ")
		k := csiSuffix(s)
		if k == 0 {
			break
		}
		s = s[:len(s)-k]
	}
	if i := strings.LastIndexByte(s, 0x1b); i >= 0 {
		if k := escapeLen(s[i:]); k == 0 || i+k == len(s) {
			// The last sequence is one Width leaves to ansi, or it ends
			// the text (an OSC sequence): so does TrimmedWidth.
			return Width(strings.TrimRight(ansi.Strip(s), " "))
		}
	}
	return Width(s)
}

// csiSuffix is the length of the CSI sequence (a style, say) that ends s,
// or 0 when s does not end with one.
func csiSuffix(s string) int {
	i := strings.LastIndexByte(s, 0x1b)
	if i < 0 || i+1 >= len(s) || s[i+1] != '[' || escapeLen(s[i:]) != len(s)-i {
		return 0
	}
	return len(s) - i
}

// oneCell reports whether r is known to take exactly one cell on its own
// and not to join the characters around it.
func oneCell(r rune) bool {
	switch {
	case r >= 0xa1 && r <= 0x2ff:
		return r != 0xad // soft hyphen
	case r >= 0x2010 && r <= 0x2027, r >= 0x2030 && r <= 0x205e:
		return true // punctuation, bullets, ellipsis
	case r >= 0x2190 && r <= 0x21ff:
		return true // arrows
	case r >= 0x2500 && r <= 0x25fa:
		return true // box drawing, blocks, geometric shapes (not the emoji squares)
	case r == 0x2302, r == 0x2713, r == 0x2717:
		return true // ⌂ ✓ ✗
	}
	return false
}

// escapeLen is the length of the well-formed CSI or OSC sequence at the
// start of s, or 0 for anything else (which Width leaves to ansi).
func escapeLen(s string) int {
	if len(s) < 2 {
		return 0
	}
	switch s[1] {
	case '[':
		i := 2
		for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f {
			i++ // parameters
		}
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++ // intermediates
		}
		if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
			return i + 1
		}
	case ']':
		for i := 2; i < len(s); i++ {
			switch c := s[i]; {
			case c == 0x07:
				return i + 1
			case c == 0x1b:
				if i+1 < len(s) && s[i+1] == '\\' {
					return i + 2
				}
				return 0
			case c < 0x20 || c >= 0x7f:
				return 0
			}
		}
	}
	return 0
}

// Columns joins blocks side by side, line by line. Each block must already
// be exactly its width on every line (fitted, as the table screen's blocks
// are); a block with fewer lines is padded with blanks of its width.
func Columns(blocks ...string) string {
	split := make([][]string, len(blocks))
	widths := make([]int, len(blocks))
	rows := 0
	for i, b := range blocks {
		split[i] = strings.Split(b, "\n")
		widths[i] = Width(split[i][0])
		rows = max(rows, len(split[i]))
	}
	var sb strings.Builder
	sb.Grow(len(blocks) * rows * 16)
	for r := 0; r < rows; r++ {
		if r > 0 {
			sb.WriteByte('\n')
		}
		for i, lines := range split {
			if r < len(lines) {
				sb.WriteString(lines[r])
			} else {
				sb.WriteString(strings.Repeat(" ", widths[i]))
			}
		}
	}
	return sb.String()
}
