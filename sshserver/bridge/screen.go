package bridge

import (
	"bytes"
	"hash/maphash"
	"strconv"
	"strings"
	"sync"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Terminal modes the bridge sets and resets itself (Bubble Tea's renderer,
// which would, is not used).
const (
	enterModes = ansi.SetModeBracketedPaste + ansi.HideCursor
	leaveModes = ansi.ResetModeBracketedPaste + ansi.ShowCursor + ansi.ResetStyle
	altOn      = ansi.SetModeAltScreen + ansi.EraseEntireScreen
	altOff     = ansi.ResetModeAltScreen
	syncOn     = "\x1b[?2026h" // synchronized output: terminals without it ignore it
	syncOff    = "\x1b[?2026l"
	eraseLine  = "\x1b[0m\x1b[K"
	resetStyle = "\x1b[0m"
	// pushTitle and popTitle save the terminal's window title on its
	// title stack and put it back (XTWINOPS 22 and 23; terminals without
	// a stack ignore them).
	pushTitle = "\x1b[22;0t"
	popTitle  = "\x1b[23;0t"
)

// lineSeed seeds the hashes of frame rows (a collision would leave one row
// stale until it changes again: with 64 bits, never in practice).
var lineSeed = maphash.MakeSeed()

// blankLine is the hash of an empty row.
var blankLine = maphash.String(lineSeed, "")

// bufs are frame buffers shared by every session: a session holds none
// while it is idle.
var bufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// screen draws frames as line diffs: after each change it compares the new
// frame with the last one line by line and rewrites only the lines that
// differ (cursor to the line, erase it, the line, reset). It
// holds the last frame's lines and nothing else: no cell buffers.
type screen struct {
	out     *stallWriter
	profile colorprofile.Profile

	// lines are the last frame's rows, as hashes of their text: a session
	// keeps 8 bytes a row, not the frame, whatever the window's size.
	lines   []uint64
	started bool // modes written
	alt     bool // alt screen on
	cursor  *tea.Cursor
	title   string
	titled  bool // the terminal's own title is saved (pushTitle)
	full    bool // next draw repaints every line
	whole   bool // the frame to write repaints every line (see screenPiece)
	bell    bool // next draw rings the bell
}

// write writes a frame from frame and gives its buffer back.
func (s *screen) write(buf *bytes.Buffer) error {
	defer func() {
		if buf.Cap() <= 64<<10 {
			buf.Reset()
			bufs.Put(buf)
		}
	}()
	piece := chunk
	if s.whole {
		s.whole = false
		piece = screenPiece
	}
	_, err := s.out.writeIn(buf.Bytes(), piece)
	return err
}

// frame composes what changed between the last frame and v, whose content
// is rows, as bytes for write, and takes it as the last frame.
func (s *screen) frame(v tea.View, rows []string) *bytes.Buffer {
	buf := bufs.Get().(*bytes.Buffer)
	buf.WriteString(syncOn)
	if !s.started {
		s.started = true
		buf.WriteString(enterModes)
		buf.WriteString(ansi.RequestBackgroundColor)
	}
	if v.AltScreen != s.alt {
		s.alt = v.AltScreen
		if s.alt {
			buf.WriteString(altOn)
		} else {
			buf.WriteString(altOff)
		}
		s.full = true
	}
	if s.bell {
		s.bell = false
		buf.WriteByte(ansi.BEL)
	}
	if v.WindowTitle != s.title {
		if !s.titled {
			// Keep the terminal's own title, for leave to put back.
			s.titled = true
			buf.WriteString(pushTitle)
		}
		s.title = v.WindowTitle
		buf.WriteString(ansi.SetWindowTitle(sanitizeTitle(s.title)))
	}
	if s.full {
		buf.WriteString(ansi.CursorHomePosition + ansi.EraseEntireScreen)
	}
	for i, l := range rows {
		l = strings.TrimRight(l, " ")
		h := maphash.String(lineSeed, l)
		if i < len(s.lines) {
			if !s.full && s.lines[i] == h {
				continue
			}
			s.lines[i] = h
		} else {
			s.lines = append(s.lines, h)
		}
		// Erase the line before writing it, not after: a line as wide as
		// the terminal leaves the cursor on its last column, and erasing
		// from there would take that column's character with it.
		toRow(buf, i)
		buf.WriteString(eraseLine)
		buf.WriteString(inProfile(l, h, s.profile))
		buf.WriteString(resetStyle)
	}
	for i := len(rows); i < len(s.lines) && !s.full; i++ {
		if s.lines[i] != blankLine {
			toRow(buf, i)
			buf.WriteString(eraseLine)
		}
	}
	s.whole = s.full
	s.full = false
	s.lines = s.lines[:len(rows)]
	s.placeCursor(buf, v.Cursor)
	buf.WriteString(syncOff)
	return buf
}

// toRow moves the cursor to the start of row i (from 0), as
// ansi.CursorPosition(1, i+1) would, without making a string for it.
func toRow(buf *bytes.Buffer, i int) {
	buf.WriteString("\x1b[")
	buf.Write(strconv.AppendInt(buf.AvailableBuffer(), int64(i+1), 10))
	buf.WriteString(";1H")
}

// placeCursor shows the cursor where the view asks, or hides it.
func (s *screen) placeCursor(buf *bytes.Buffer, c *tea.Cursor) {
	switch {
	case c != nil:
		buf.WriteString(ansi.CursorPosition(c.X+1, c.Y+1))
		if s.cursor == nil {
			buf.WriteString(ansi.ShowCursor)
		}
	case s.cursor != nil:
		buf.WriteString(ansi.HideCursor)
	}
	s.cursor = c
}

// leave resets what the bridge set, so the client's shell is usable again.
func (s *screen) leave() {
	if !s.started {
		return
	}
	out := leaveModes
	if s.alt {
		out += altOff
	}
	if s.titled {
		out += popTitle
	}
	_, _ = s.out.Write([]byte(out))
}

// sanitizeTitle keeps a window title printable.
func sanitizeTitle(t string) string {
	t = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return -1
		}
		return r
	}, t)
	if len(t) > 128 {
		t = t[:128]
	}
	return t
}

// converted holds lines converted to a colour profile lately, by the hash
// of the line (the one the screen keeps for its rows). Sessions share most
// of their lines (the lobby, a watched table), so a line is downsampled
// once, not once per session; keying by hash keeps no copy of the line.
var converted struct {
	sync.Mutex
	m map[convKey]string
}

type convKey struct {
	line    uint64 // maphash.String(lineSeed, line)
	profile colorprofile.Profile
}

// maxConverted bounds the cache: when full it starts again.
const maxConverted = 8192

// inProfile is line, whose hash is h, with its colours downsampled to
// profile.
func inProfile(line string, h uint64, profile colorprofile.Profile) string {
	if profile == colorprofile.TrueColor || strings.IndexByte(line, 0x1b) < 0 {
		return line
	}
	k := convKey{h, profile}
	converted.Lock()
	out, ok := converted.m[k]
	converted.Unlock()
	if ok {
		return out
	}
	var b strings.Builder
	w := colorprofile.Writer{Forward: &b, Profile: profile}
	_, _ = w.Write([]byte(line))
	out = b.String()
	converted.Lock()
	if converted.m == nil || len(converted.m) >= maxConverted {
		converted.m = make(map[convKey]string)
	}
	converted.m[k] = out
	converted.Unlock()
	return out
}
