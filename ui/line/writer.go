package line

import (
	"encoding/json"
	"io"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// writer writes a session's lines. Text goes through Plain, so nothing
// but printable characters and newlines ever leaves it; JSON is encoded by
// encoding/json, which escapes every control character. Lines wait in
// pending until flush, which moves the cursor off a half-typed line first.
// After a failed write it writes nothing more and err says why.
type writer struct {
	w       io.Writer
	json    bool
	err     error
	pending strings.Builder
}

// say writes each of lines as one line of text (text mode only).
func (w *writer) say(lines ...string) {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(Plain(l))
		b.WriteByte('\n')
	}
	w.pending.WriteString(b.String())
}

// send writes v as one JSON line (JSON mode only).
func (w *writer) send(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(errorMsg{Type: "error", Error: "The server could not encode its message: " + err.Error()})
	}
	w.pending.Write(data)
	w.pending.WriteByte('\n')
}

// flush writes the pending lines, around ed's half-typed line.
func (w *writer) flush(ed *editor) {
	if w.pending.Len() == 0 {
		return
	}
	ed.interrupt(w)
	w.raw(w.pending.String())
	w.pending.Reset()
	ed.redraw(w)
}

// raw writes s as it is.
func (w *writer) raw(s string) {
	if w.err != nil || s == "" {
		return
	}
	_, w.err = io.WriteString(w.w, s)
}

// Plain is s as line mode writes it: styles dropped, tabs and line breaks
// made spaces, and every other control character (escape, bell, ...)
// removed, so that a line holds printable characters only.
func Plain(s string) string {
	s = ansi.Strip(s)
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case unicode.IsPrint(r) || r == ' ':
			return r
		}
		return -1
	}, s)
}
