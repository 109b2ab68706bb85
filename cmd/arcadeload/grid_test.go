package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/vt"
)

// vtScreen is the x/vt emulator's view of out.
func vtScreen(w, h int, out []byte) []string {
	e := vt.NewEmulator(w, h)
	// The emulator answers queries into a pipe that must be read. Its Close
	// races with that read (x/vt v0.1.0), so the reader is left blocked.
	go func() { _, _ = io.Copy(io.Discard, e) }()
	_, _ = e.Write(out)
	lines := strings.Split(e.String(), "\n")
	var s []string
	for y := range h {
		l := ""
		if y < len(lines) {
			l = strings.TrimRight(lines[y], " \r")
		}
		s = append(s, l)
	}
	return s
}

// gridScreen is the grid's view of out, fed chunk bytes at a time.
func gridScreen(w, h int, out []byte, chunk int) []string {
	g := newGrid(w, h)
	for len(out) > 0 {
		n := min(chunk, len(out))
		g.Write(out[:n])
		out = out[n:]
	}
	var s []string
	for y := range h {
		s = append(s, strings.TrimRight(g.line(y), " "))
	}
	return s
}

func sameScreen(t *testing.T, name string, w, h int, out []byte) {
	t.Helper()
	want := vtScreen(w, h, out)
	for _, chunk := range []int{1, 7, len(out) + 1} {
		got := gridScreen(w, h, out, chunk)
		for y := range h {
			if got[y] != want[y] {
				t.Errorf("%s (chunks of %d): row %d\n got %q\nwant %q", name, chunk, y, got[y], want[y])
			}
		}
	}
}

// TestGridMatchesVT checks the grid against the x/vt emulator on the
// sequences renderers use.
func TestGridMatchesVT(t *testing.T) {
	base := "\x1b[?1049h\x1b[H\x1b[2J" +
		"\x1b[1;1Hthe quick brown fox\x1b[2;1H\x1b[38;2;1:2:3mjumps\x1b[m over\x1b[3;1Hthe lazy dog"
	cases := map[string]string{
		"print, CUP, EL":  base + "\x1b[1;5H\x1b[Kslow\x1b[3;9H\x1b[1K",
		"cell diff":       base + "\x1b[1;5Hs\x1b[2Cw\x1b[3Cred\x1b[2;7H\x1b[3Xund",
		"moves":           base + "\x1b[3;1H\x1b[2Aa\x1b[Bb\x1b[3Dc\x1b[10Gd\x1b[3de\x1b[2`f\x1b[Eg\x1b[Fh\r\ti\bj",
		"rep, ich, dch":   base + "\x1b[1;1Hx\x1b[4b\x1b[2;3H\x1b[2@\x1b[3;2H\x1b[3P",
		"scroll region":   base + "\x1b[2;4r\x1b[4;1H\nnew\x1b[2;1H\x1bMtop\x1b[r\x1b[3;1H\x1b[L\x1b[1;1H\x1b[M\x1b[2S\x1b[T",
		"scroll screen":   base + "\x1b[24;1Hlast\nafter\x1bDx\ry",
		"autowrap":        "\x1b[1;75H0123456789abc\x1b[2;80HZ\r\nq\x1b[?7l\x1b[4;78Hwxyz\x1b[?7h",
		"wide characters": "\x1b[1;1H›▸·漢字 ok\x1b[2;77H字x\x1b[3;1H漢字\x1b[3;2Hz",
		"strings":         "\x1b]0;title\x07ab\x1b]11;?\x1b\\cd\x1bP+q\x1b\\ef\x1b_apc\x1b\\gh\x1b(Bij\x1b[>4;1mkl\x1b[?2026h\x1b[?2026l",
		"save, erase":     base + "\x1b7\x1b[3;3H\x1b[1J\x1b8z\x1b[2;2H\x1b[J",
		"line diff":       base + "\x1b[2;1Hjumps high\x1b[m\x1b[K\x1b[3;1Hthe\x1b[m\x1b[K\x1b[4;1H\x1b[2K",
		"clear screen":    base + "\x1b[2J\x1b[Hfresh\x1b[?1049lgone\x1b[?1049h\x1b[Hback",
	}
	for name, s := range cases {
		sameScreen(t, name, 80, 24, []byte(s))
	}
}

// TestGridBeyondVT checks what the grid does like xterm where the x/vt
// emulator differs or does nothing: insert mode, NEL, CSI s/u, a wide
// character that ends in the last column.
func TestGridBeyondVT(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"abcdef\x1b[1;3H\x1b[4hXY\x1b[4lZ", "abXYZdef"},
		{"\x1b[24;1Hlast\x1bEnext", "next"},
		{"\x1b[2;3H\x1b[s\x1b[1;1H\x1b[u!", "  !"},
		{"\x1b[24;79H字x", "x"},
	} {
		g := newGrid(80, 24)
		g.Write([]byte(c.in))
		if y, _ := g.find(c.want); y < 0 || strings.TrimRight(g.line(y), " ") != c.want {
			t.Errorf("%q: no row reads %q:\n%s", c.in, c.want, strings.Join(gridScreen(80, 24, []byte(c.in), 100), "\n"))
		}
	}
}

// lobbyish is a small model whose view changes the way the lobby does when
// a table opens: a row appears between similar ones.
type lobbyish struct{ rows []string }

type setRows []string

func (m *lobbyish) Init() tea.Cmd { return nil }

func (m *lobbyish) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if r, ok := msg.(setRows); ok {
		m.rows = r
	}
	return m, nil
}

func (m *lobbyish) View() tea.View {
	var b strings.Builder
	b.WriteString("\x1b[1mTHE ARCADE\x1b[m · board games over SSH        l00001 · 12 online\n\n")
	for i, r := range m.rows {
		fmt.Fprintf(&b, " %-20s \x1b[38;5;%dm%s\x1b[m\n", fmt.Sprint("game ", i), 100+i, r)
	}
	v := tea.NewView(b.String())
	v.AltScreen = true
	return v
}

// TestGridReadsBubbleTea checks the grid against x/vt on what Bubble Tea's
// own cell-diff renderer writes when rows change, and that the name the
// fan-out looks for reads whole.
func TestGridReadsBubbleTea(t *testing.T) {
	pr, pw := io.Pipe()
	chunks := make(chan []byte)
	go func() {
		defer close(chunks)
		buf := make([]byte, 64<<10)
		for {
			n, err := pr.Read(buf)
			if n > 0 {
				chunks <- bytes.Clone(buf[:n])
			}
			if err != nil {
				return
			}
		}
	}()
	m := &lobbyish{rows: []string{"Fire Tower   1/4 waiting  tbl001", "Fire Tower   2/4 waiting  tbl002"}}
	p := tea.NewProgram(m, tea.WithOutput(pw), tea.WithInput(nil), tea.WithWindowSize(80, 24),
		tea.WithEnvironment([]string{"TERM=xterm-256color"}), tea.WithColorProfile(colorprofile.ANSI256),
		tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() {
		_, err := p.Run()
		pw.Close()
		done <- err
	}()
	// Each change must reach the output before the next, or the renderer
	// would draw only the last one: take a write after each.
	var stream []byte
	next := func() {
		select {
		case c := <-chunks:
			stream = append(stream, c...)
		case <-time.After(5 * time.Second):
			t.Fatal("no frame from the program")
		}
	}
	next()
	for _, rows := range [][]string{
		{"Fire Tower   1/4 waiting  tbl001", "Fire Towel   2/4 waiting  opener", "Fire Tower   2/4 waiting  tbl002"},
		{"Fire Tower   1/4 waiting  tbl001", "Fire Tower   2/4 waiting  tbl002"},
		{"Fire Tower   1/4 waiting  tbl001", "Fire Tower   2/4 waiting  tbl002", "Fire Tower   3/4 waiting  opener"},
	} {
		p.Send(setRows(rows))
		next()
	}
	p.Quit()
	for range chunks { // what the program writes as it ends: not compared
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// The server's emulated PTY turns every LF into CR LF.
	stream = bytes.ReplaceAll(stream, []byte("\n"), []byte("\r\n"))
	sameScreen(t, "bubble tea", 80, 24, stream)
	g := newGrid(80, 24)
	g.Write(stream)
	if !g.contains("3/4 waiting  opener") {
		t.Errorf("the grid does not read the last row whole:\n%s", strings.Join(gridScreen(80, 24, stream, len(stream)), "\n"))
	}
}
