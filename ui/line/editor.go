package line

import (
	"unicode"
	"unicode/utf8"
)

// Control bytes the editor reads.
const (
	keyInterrupt = 0x03 // ctrl+c
	keyEOF       = 0x04 // ctrl+d
	keyBackspace = 0x08
	keyKill      = 0x15 // ctrl+u: clear the line
	keyEscape    = 0x1b
	keyDelete    = 0x7f
)

// inputLine is one line the client sent.
type inputLine struct {
	text string
	// tooLong: the line was over MaxLine bytes and is dropped whole;
	// interrupt: ctrl+c, or ctrl+d on an empty line (with echo).
	tooLong, interrupt bool
}

// editor turns the bytes a client sends into lines. With echo (the client
// has a terminal that sends each key as it is typed) it echoes what is
// typed and handles backspace, ctrl+u, ctrl+c and ctrl+d, the way a
// terminal's own line editing would; without, the client sends whole
// lines. Either way escape sequences (arrow keys) and other control bytes
// are dropped, and only printable characters are echoed.
type editor struct {
	echo bool
	line []byte
	// partial holds the first bytes of a character not complete yet.
	partial []byte
	tooLong bool
	// esc is where an escape sequence is: 0 none, 1 after ESC, 2 inside
	// a CSI or SS3 sequence (until its final byte).
	esc int
	// afterCR: the last byte was a carriage return (a following newline
	// belongs to it).
	afterCR bool
}

// feed takes bytes from the client and returns the lines they complete,
// echoing to out.
func (e *editor) feed(p []byte, out *writer) []inputLine {
	var lines []inputLine
	for _, b := range p {
		cr := e.afterCR
		e.afterCR = b == '\r'
		switch {
		case e.esc > 0:
			e.skipEscape(b)
		case b == '\n' && cr:
		case b == '\r' || b == '\n':
			lines = append(lines, e.finish(out))
		case b == keyEscape:
			e.esc = 1
		case e.echo && b == keyInterrupt:
			lines = append(lines, inputLine{interrupt: true})
		case e.echo && b == keyEOF && len(e.line) == 0:
			lines = append(lines, inputLine{interrupt: true})
		case e.echo && (b == keyBackspace || b == keyDelete):
			e.backspace(out)
		case e.echo && b == keyKill:
			e.kill(out)
		case b < 0x20 || b == keyDelete:
		default:
			e.add(b, out)
		}
	}
	return lines
}

// skipEscape drops one byte of an escape sequence.
func (e *editor) skipEscape(b byte) {
	switch {
	case e.esc == 1 && (b == '[' || b == 'O'):
		e.esc = 2
	case e.esc == 2 && (b < 0x40 || b > 0x7e):
	default:
		e.esc = 0
	}
}

// add takes one byte of a printable character.
func (e *editor) add(b byte, out *writer) {
	e.partial = append(e.partial, b)
	if !utf8.FullRune(e.partial) && len(e.partial) < utf8.UTFMax {
		return
	}
	r, size := utf8.DecodeRune(e.partial)
	ch := e.partial[:size]
	e.partial = e.partial[:0]
	if r == utf8.RuneError || !unicode.IsPrint(r) {
		return
	}
	if len(e.line)+len(ch) > MaxLine {
		e.tooLong = true
		return
	}
	e.line = append(e.line, ch...)
	if e.echo {
		out.raw(string(ch))
	}
}

// backspace deletes the last character.
func (e *editor) backspace(out *writer) {
	if len(e.line) == 0 {
		return
	}
	_, size := utf8.DecodeLastRune(e.line)
	e.line = e.line[:len(e.line)-size]
	out.raw("\b \b")
}

// kill clears the line.
func (e *editor) kill(out *writer) {
	if len(e.line) == 0 {
		return
	}
	e.line = e.line[:0]
	out.raw("\n")
}

// finish ends the line being typed.
func (e *editor) finish(out *writer) inputLine {
	l := inputLine{text: string(e.line), tooLong: e.tooLong}
	e.line, e.partial, e.tooLong = e.line[:0], e.partial[:0], false
	if e.echo {
		out.raw("\n")
	}
	return l
}

// interrupt moves the cursor off a half-typed line before the session
// prints something (with echo).
func (e *editor) interrupt(out *writer) {
	if e.echo && len(e.line) > 0 {
		out.raw("\n")
	}
}

// redraw prints the half-typed line again after the session printed
// something (with echo).
func (e *editor) redraw(out *writer) {
	if e.echo && len(e.line) > 0 {
		out.raw(string(e.line))
	}
}
