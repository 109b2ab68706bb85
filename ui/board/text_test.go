package board

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

var (
	red  = lipgloss.NewStyle().Foreground(lipgloss.Color("#ff0000"))
	bold = lipgloss.NewStyle().Bold(true)
)

// fits fails t when a line is wider than w cells.
func fits(t *testing.T, what string, lines []string, w int) {
	t.Helper()
	for _, l := range lines {
		if Width(l) > w {
			t.Errorf("%s: %q is %d cells, wider than %d", what, l, Width(l), w)
		}
	}
}

// TestWrap breaks between words, inside a word only when it is longer
// than a line, counts wide runes as two cells and keeps styles whole.
func TestWrap(t *testing.T) {
	for _, c := range []struct {
		s    string
		w    int
		want []string
	}{
		{"fire tower", 20, []string{"fire tower"}},
		{"fire tower wind", 10, []string{"fire tower", "wind"}},
		{"firebreaks", 4, []string{"fire", "brea", "ks"}},
		{"漢字 漢字", 5, []string{"漢字", "漢字"}},
		{"漢字漢字", 5, []string{"漢字", "漢字"}},
		{"one\ntwo", 20, []string{"one", "two"}},
		{"", 5, []string{""}},
		{"fire", 0, nil},
		{"fire", -3, nil},
	} {
		got := Wrap(c.s, c.w)
		if !slices.Equal(got, c.want) {
			t.Errorf("Wrap(%q, %d) = %q, want %q", c.s, c.w, got, c.want)
		}
	}
	styled := red.Render("fire") + " " + bold.Render("tower wind")
	got := Wrap(styled, 10)
	fits(t, "styled", got, 10)
	if plain := ansi.Strip(strings.Join(got, "|")); plain != "fire tower|wind" {
		t.Errorf("Wrap(styled) reads %q", plain)
	}
	if !strings.HasPrefix(got[0], red.Render("fire")) {
		t.Errorf("Wrap(styled) lost the style: %q", got[0])
	}
}

// FuzzWrap: Wrap breaks lines as ansi.Wrap does, its shortcut for text
// that fits included.
func FuzzWrap(f *testing.F) {
	for _, s := range []string{"fire tower", "  lead and trail  ", "a-b-c", "tab\tx", "00000000\v00", "0000\x7f000000", "漢字 x", red.Render("fire") + " x", "one\ntwo"} {
		f.Add(s, 10)
	}
	f.Fuzz(func(t *testing.T, s string, w int) {
		if w < 1 || w > 200 || !utf8.ValidString(s) {
			t.Skip("no room, or not UTF-8 (which ansi.Wrap rewrites)")
		}
		if got, want := Wrap(s, w), strings.Split(ansi.Wrap(s, w, ""), "\n"); !slices.Equal(got, want) {
			t.Errorf("Wrap(%q, %d) = %q, ansi.Wrap gives %q", s, w, got, want)
		}
	})
}

// TestWrapHang indents the lines after the first, and not when the hang
// would leave too little room.
func TestWrapHang(t *testing.T) {
	for _, c := range []struct {
		s       string
		w, hang int
		want    []string
	}{
		{"[a] put a gem on the fire", 12, 4, []string{"[a] put a", "    gem on", "    the fire"}},
		{"[a] put a gem", 20, 4, []string{"[a] put a gem"}},
		{"[a] put a gem on the fire", 12, 6, []string{"[a] put a", "gem on the", "fire"}},
		{"[a] put a gem", 8, 0, []string{"[a] put", "a gem"}},
		{"[a] put", 0, 2, nil},
	} {
		got := WrapHang(c.s, c.w, c.hang)
		if !slices.Equal(got, c.want) {
			t.Errorf("WrapHang(%q, %d, %d) = %q, want %q", c.s, c.w, c.hang, got, c.want)
		}
	}
	fits(t, "wide", WrapHang("火 火 火 火 火 火 火 火", 7, 2), 7)
}

// TestHang indents all lines but the first.
func TestHang(t *testing.T) {
	got := Hang([]string{"a", "b", "c"}, 2)
	if want := []string{"a", "  b", "  c"}; !slices.Equal(got, want) {
		t.Errorf("Hang = %q, want %q", got, want)
	}
	if got := Hang([]string{"a", "b"}, -1); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Hang with a negative hang = %q", got)
	}
}

// TestPack breaks between items only; an item wider than a line gets a
// line of its own.
func TestPack(t *testing.T) {
	items := []string{"fire", red.Render("tower"), "firebreaks", "漢字"}
	got := Pack(items, " · ", 12)
	want := []string{"fire · " + red.Render("tower"), "firebreaks", "漢字"}
	if !slices.Equal(got, want) {
		t.Errorf("Pack = %q, want %q", got, want)
	}
	if got := Pack([]string{"ab", "cd"}, " · ", 6); !slices.Equal(got, []string{"ab", "cd"}) {
		t.Errorf("Pack does not count the separator: %q", got)
	}
	if got := Pack(nil, " ", 10); got != nil {
		t.Errorf("Pack(nil) = %q", got)
	}
	if got := Pack([]string{"a", "b"}, " ", 0); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Pack at width 0 = %q", got)
	}
}

// TestWrapItems wraps only the lines Pack could not fit, with the wrap
// it is given.
func TestWrapItems(t *testing.T) {
	hang := func(s string, w int) []string { return WrapHang(s, w, 2) }
	got := WrapItems([]string{"a", "b", "the longest item"}, " ", 8, hang)
	want := []string{"a b", "the", "  longes", "  t item"}
	if !slices.Equal(got, want) {
		t.Errorf("WrapItems = %q, want %q", got, want)
	}
}

// TestPad pads by cells, never cuts.
func TestPad(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{PadRight("ab", 4), "ab  "},
		{PadLeft("ab", 4), "  ab"},
		{PadRight("漢", 4), "漢  "},
		{PadLeft(red.Render("ab"), 3), " " + red.Render("ab")},
		{PadRight("abcdef", 3), "abcdef"},
		{PadLeft("ab", -1), "ab"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestTruncate cuts by cells and marks the cut: Truncate in the text's
// style, Clip after it.
func TestTruncate(t *testing.T) {
	for _, c := range []struct {
		s       string
		w       int
		trunc   string
		clipped string
	}{
		{"Fire Tower", 20, "Fire Tower", "Fire Tower"},
		{"Fire Tower", 10, "Fire Tower", "Fire Tower"},
		{"Fire Tower", 6, "Fire …", "Fire …"},
		{"漢字漢字", 5, "漢字…", "漢字…"},
		{"Fire", 1, "…", "…"},
		{"Fire", 0, "", ""},
		{"Fire", -2, "", ""},
		{red.Render("Fire Tower"), 6, "\x1b[38;2;255;0;0mFire …\x1b[m", "\x1b[38;2;255;0;0mFire \x1b[m…"},
	} {
		if got := Truncate(c.s, c.w); got != c.trunc {
			t.Errorf("Truncate(%q, %d) = %q, want %q", c.s, c.w, got, c.trunc)
		}
		if got := Clip(c.s, c.w); got != c.clipped {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.w, got, c.clipped)
		}
	}
}

// TestCut cuts without a mark, byte for byte as ansi.Truncate does, its
// shortcut for trailing blanks included.
func TestCut(t *testing.T) {
	for _, s := range []string{
		"board      ", red.Render("board") + "     ", "board " + red.Render(" ") + "   ",
		"漢字      ", "boardwide", red.Render("board wide"), "", "   ",
	} {
		for w := -1; w <= 12; w++ {
			want := ansi.Truncate(s, w, "")
			if w < 1 {
				want = ""
			}
			if got := Cut(s, w); got != want {
				t.Errorf("Cut(%q, %d) = %q, want %q", s, w, got, want)
			}
		}
	}
}

// TestFitBlock cuts and pads a block to exactly w by h.
func TestFitBlock(t *testing.T) {
	got := FitBlock("Fire Tower\n漢\nx\ny", 6, 3)
	if want := "Fire …\n漢    \nx     "; got != want {
		t.Errorf("FitBlock = %q, want %q", got, want)
	}
	if got := FitBlock("a", 3, 2); got != "a  \n   " {
		t.Errorf("FitBlock short = %q", got)
	}
	if FitBlock("a", 0, 2) != "" || FitBlock("a", 2, -1) != "" {
		t.Error("FitBlock without room is not empty")
	}
}

// TestFit makes a line exactly w cells.
func TestFit(t *testing.T) {
	for _, c := range []struct {
		s    string
		w    int
		want string
	}{
		{"Fire", 6, "Fire  "},
		{"Fire Tower", 6, "Fire …"},
		{"漢字漢字", 5, "漢字…"},
		{"漢字漢字", 4, "漢… "},
		{red.Render("ab"), 3, red.Render("ab") + " "},
		{"Fire", 0, ""},
	} {
		if got := Fit(c.s, c.w); got != c.want {
			t.Errorf("Fit(%q, %d) = %q, want %q", c.s, c.w, got, c.want)
		}
	}
}

// TestLines cuts or extends a block to exactly h lines.
func TestLines(t *testing.T) {
	for _, c := range []struct {
		s    string
		h    int
		want []string
	}{
		{"a\nb\nc", 2, []string{"a", "b"}},
		{"a", 3, []string{"a", "", ""}},
		{"a", 0, []string{}},
		{"a", -1, []string{}},
	} {
		if got := Lines(c.s, c.h); !slices.Equal(got, c.want) {
			t.Errorf("Lines(%q, %d) = %q, want %q", c.s, c.h, got, c.want)
		}
	}
}

// TestReflow: a paragraph's hard breaks go; headings, underlines, blank and
// indented lines stay, an indented line too wide wrapping under its indent.
func TestReflow(t *testing.T) {
	text := "TITLE\n=====\n\nA fire is spreading through\nthe Great Library.\n  Geography  values 1 2 3 4 5 6 7\n\nDraw to save."
	got := Reflow(text, 20)
	want := []string{"TITLE", "=====", "", "A fire is spreading", "through the Great", "Library.", "  Geography  values", "    1 2 3 4 5 6 7", "", "Draw to save."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("Reflow:\n got %q\nwant %q", got, want)
	}
}

// TestReflowHeadingsAndLists: a heading in capitals keeps its line, and a
// list item runs together with the lines under it and wraps under its
// text, indented or not; a line at the margin after it is a paragraph. An
// indented paragraph runs together until a line ends a clause; a table's
// rows keep their lines, and run together with the lines under their
// second column.
func TestReflowHeadingsAndLists(t *testing.T) {
	text := "A TURN\n1. Actions: take up to\n   three actions.\n2. Disturbance: a card\n   strikes.\n     dark  flip it\nThen the Bookwyrm\nmoves.\n 1. Bust test. Any fire\n    burns.\n- a dash item\n  going on"
	got := Reflow(text, 20)
	want := []string{"A TURN", "1. Actions: take up", "   to three actions.", "2. Disturbance: a", "   card strikes.", "     dark  flip it",
		"Then the Bookwyrm", "moves.", " 1. Bust test. Any", "    fire burns.", "- a dash item going", "  on"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("Reflow:\n got %q\nwant %q", got, want)
	}
	text = "  Draw (d): take a token.\n    A fire on a risky\n    space starts Fire\n    Spreading.\n    Knowledge: the value.\n    Bravery: the number.\n  1st  S  R2\n  2nd  S  S"
	got = Reflow(text, 30)
	want = []string{"  Draw (d): take a token.", "    A fire on a risky space", "      starts Fire Spreading.", "    Knowledge: the value.", "    Bravery: the number.",
		"  1st  S  R2", "  2nd  S  S"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("Reflow:\n got %q\nwant %q", got, want)
	}
	text = "Move      as far as you like\n          along lit tiles.\nTake      a card.\n  Score: gain each book plus your\n    card's bravery."
	got = Reflow(text, 24)
	want = []string{"Move      as far as you", "          like along lit", "          tiles.", "Take      a card.", "  Score: gain each book", "    plus your card's", "    bravery."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("Reflow:\n got %q\nwant %q", got, want)
	}
}

// TestSentences drops whole sentences from the end rather than cut one
// in the middle of a number, and truncates a first sentence too wide.
func TestSentences(t *testing.T) {
	const over = "Game over: Bot reached 106 knowledge in round 7. Bot wins with 106 points."
	for _, c := range []struct {
		s    string
		w    int
		want string
	}{
		{over, 80, over},
		{over, 73, "Game over: Bot reached 106 knowledge in round 7."},
		{over, 48, "Game over: Bot reached 106 knowledge in round 7."},
		{over, 47, "Game over: Bot reached 106 knowledge in round …"},
		{"One. Two. Three.", 10, "One. Two."},
		{"One. Two. Three.", 3, "On…"},
	} {
		if got := Sentences(c.s, c.w); got != c.want {
			t.Errorf("Sentences(%q, %d) = %q, want %q", c.s, c.w, got, c.want)
		}
	}
}
