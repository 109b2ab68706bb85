package rooms

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"arcade/rooms/store"
)

func TestCleanName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"anna", "anna"},
		{"  anna   lee  ", "anna lee"},
		{"", "guest"},
		{"   \t\n ", "guest"},
		{"\x1b[31mred\x1b[0m", "red"},
		{"\x1b[2J\x1b[Hwipe", "wipe"},
		{"\x1b]0;title\x07name", "name"},
		{"\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"\x1bPdcs payload\x1b\\ok", "ok"},
		{"\x1b(Bok", "ok"},
		{"\x1bcreset", "reset"},
		{"\u009b31mc1\u009b0m", "c1"},
		{"\u009d0;t\u009cname", "name"},
		{"a\x00b\x07c\x7fd\u0085e", "abcd e"}, // NEL is whitespace
		{"bell\a", "bell"},
		{"line\r\nbreak", "line break"},
		{"bi\u202edi\u202c", "bidi"},
		{"iso\u2066late\u2069", "isolate"},
		{"z\u200bw\u200cj\u200d\ufeffs", "zwjs"},
		{"soft\u00adhyphen", "softhyphen"},
		{"\u3164\u3164", "guest"},
		{"a\u2028b", "a b"},
		{"ab\xffcd", "abcd"},
		{"\u0301\u0301x", "x"},
		{"e\u0301\u0302\u0303\u0304", "e\u0301\u0302"},
		{"abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnop"},
		{"abcdefghijklmno  pqrstuvwxyz", "abcdefghijklmno"},
		{"漢字漢字漢字漢字漢字漢字漢字漢字", "漢字漢字漢字漢字漢字漢字"},
		{"Zoë", "Zoë"},
		{"\x1b[31", "guest"},
		{"{seat1}", "(seat1)"},
		{"ann 👩\u200d💻", "ann 👩\u200d💻"}, // an emoji sequence keeps its joiner
		{"❤️ bob", "❤️ bob"},             // and its presentation selector
		{"a\u200d💻", "a💻"},               // a joiner after a letter joins nothing
		{"👩\u200d", "👩"},
	} {
		if got := CleanName(tc.in); got != tc.want {
			t.Errorf("CleanName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// checkName asserts the properties every cleaned name has.
func checkName(t *testing.T, in, out string) {
	t.Helper()
	switch {
	case !utf8.ValidString(out):
		t.Fatalf("CleanName(%q) = %q: invalid UTF-8", in, out)
	case out == "":
		t.Fatalf("CleanName(%q) is empty", in)
	case utf8.RuneCountInString(out) > MaxNameRunes:
		t.Fatalf("CleanName(%q) = %q: too long", in, out)
	case strings.TrimSpace(out) != out || strings.Contains(out, "  "):
		t.Fatalf("CleanName(%q) = %q: stray spaces", in, out)
	case CleanName(out) != out:
		t.Fatalf("CleanName not idempotent: %q -> %q -> %q", in, out, CleanName(out))
	}
	width := 0
	for _, r := range out {
		width += runeWidth(r)
		if r == '{' || r == '}' || r != ' ' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) || r == 0x1b) {
			t.Fatalf("CleanName(%q) = %q keeps %U", in, out, r)
		}
	}
	if width > MaxNameWidth {
		t.Fatalf("CleanName(%q) = %q: %d columns", in, out, width)
	}
}

func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"anna", "\x1b[31mx", "\x1b]0;t\x07y", "a\u202eb", "\u009b1m", "e\u0301\u0301\u0301", "  a  b  ", "漢字", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkName(t, s, CleanName(s))
	})
}

func TestUniqueNames(t *testing.T) {
	got := uniqueNames([]string{"anna", "", "Anna", "anna (2)", "anna"})
	want := []string{"anna", "", "Anna (2)", "anna (2) (2)", "anna (3)"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("uniqueNames = %q, want %q", got, want)
		}
	}
}

func TestNamesThatImpersonate(t *testing.T) {
	h := testHub(t, Config{})
	anna := connect(t, h, "anna")
	for _, name := range []string{"admin", "Admin", "4DM1N", "a.d.m.i.n", "admin42", "Moderator", "root"} {
		if p := h.Connect(Player{ID: "key:" + name, Name: name}).Player(); p.Name != "guest" && !strings.HasPrefix(p.Name, "guest ") {
			t.Errorf("a player arriving as %q is called %q", name, p.Name)
		}
	}
	if p := h.Connect(Player{ID: "key:boss", Name: "admin", Admin: true}).Player(); p.Name != "admin" {
		t.Errorf("an admin arriving as admin is called %q", p.Name)
	}
	if p := h.Connect(Player{ID: "key:other", Name: "ANNA"}).Player(); p.Name != "ANNA 2" {
		t.Errorf("a second anna is called %q", p.Name)
	}
	bob := connect(t, h, "bob")
	if _, err := bob.Rename("Adm1n"); !errors.Is(err, ErrNameReserved) {
		t.Errorf("rename to Adm1n: %v", err)
	}
	if _, err := bob.Rename(" Anna "); !errors.Is(err, ErrNameTaken) {
		t.Errorf("rename to another online player's name: %v", err)
	}
	if bob.Player().Name != "bob" {
		t.Errorf("a refused rename changed the name to %q", bob.Player().Name)
	}
	if _, err := anna.Rename("ANNA"); err != nil {
		t.Errorf("renaming oneself in another case: %v", err)
	}
	anna.Close()
	if name, err := bob.Rename("anna"); err != nil || name != "anna" {
		t.Errorf("anna left, yet rename to anna gives %q, %v", name, err)
	}
}

func TestCleanText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want string
	}{
		{"Server restarts at 18:00 UTC", 200, "Server restarts at 18:00 UTC"},
		{"\x1b[2J\x1b[Hwipe\r\nthe\tscreen\x07", 200, "wipe the screen"},
		{"   ", 200, ""},
		{"abcdef", 3, "abc"},
	} {
		if got := CleanText(tc.in, tc.max); got != tc.want {
			t.Errorf("CleanText(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
		}
	}
}

func TestNameFoldLookAlikes(t *testing.T) {
	for _, tc := range []struct{ fake, real string }{
		{"аdmin", "admin"}, // Cyrillic а
		{"ɑdmin", "admin"}, // Latin alpha
		{"ａｄｍｉｎ", "admin"}, // full-width
		{"аnn", "Ann"},     // Cyrillic а
		{"𝐀𝐧𝐧", "Ann"},     // mathematical bold
		{"Аnn", "ann"},     // Cyrillic А
		{"4nn", "ann"},     // a digit for a letter
		{"rnary", "mary"},  // r and n pass for m
	} {
		if nameFold(tc.fake) != nameFold(tc.real) {
			t.Errorf("%q folds to %q, %q to %q: they should collide", tc.fake, nameFold(tc.fake), tc.real, nameFold(tc.real))
		}
	}
	for _, pair := range [][2]string{{"ann", "anna"}, {"bob", "rob"}, {"Иван", "Ivan"}} {
		if nameFold(pair[0]) == nameFold(pair[1]) {
			t.Errorf("%q and %q fold alike (%q)", pair[0], pair[1], nameFold(pair[0]))
		}
	}
}

func TestLookAlikeNamesRefused(t *testing.T) {
	h := testHub(t, Config{})
	connect(t, h, "Ann")
	bob := connect(t, h, "bob")
	for _, name := range []string{"ɑdmin", "ａｄｍｉｎ", "𝐀𝐝𝐦𝐢𝐧"} {
		if _, err := bob.Rename(name); !errors.Is(err, ErrNameReserved) {
			t.Errorf("rename to %q: %v, want the name kept for admins", name, err)
		}
	}
	for _, name := range []string{"𝐀𝐧𝐧", "ａｎｎ", "ANN"} {
		if _, err := bob.Rename(name); !errors.Is(err, ErrNameTaken) {
			t.Errorf("rename to %q while Ann is online: %v, want taken", name, err)
		}
	}
	if p := h.Connect(Player{ID: "key:fake", Name: "𝐀𝐧𝐧"}).Player(); p.Name != "𝐀𝐧𝐧 2" {
		t.Errorf("a second Ann in bold letters is called %q", p.Name)
	}
	if p := h.Connect(Player{ID: "key:alpha", Name: "ɑdmin"}).Player(); !strings.HasPrefix(p.Name, "guest") {
		t.Errorf("a player arriving as ɑdmin is called %q", p.Name)
	}
}

func TestMixedScriptNames(t *testing.T) {
	for _, name := range []string{"аdmin", "аnn", "Ann Иvan", "pаypal", "Ωmega"} {
		if !mixedScripts(name) {
			t.Errorf("%q mixes look-alike alphabets in a word, yet passes", name)
		}
	}
	for _, name := range []string{"Ann", "Иван", "Ann Иван", "Σωκράτης", "山田太郎", "やまだ タロウ", "😀🎲", "R2-D2", "ann_99", "Zoë"} {
		if mixedScripts(name) {
			t.Errorf("%q is refused as mixing alphabets", name)
		}
	}
	h := testHub(t, Config{})
	bob := connect(t, h, "bob")
	if _, err := bob.Rename("аnn"); !errors.Is(err, ErrNameMixed) {
		t.Errorf("rename to a Cyrillic-Latin аnn: %v, want ErrNameMixed", err)
	}
	if name, err := bob.Rename("Иван"); err != nil || name != "Иван" {
		t.Errorf("rename to Cyrillic-only Иван: %q, %v", name, err)
	}
	if p := h.Connect(Player{ID: "key:mixed", Name: "аnn"}).Player(); p.Name != "guest" {
		t.Errorf("a player arriving as a Cyrillic-Latin аnn is called %q", p.Name)
	}
}

// TestKeyedNameKeptWhileAway: a name a key chose stays that key's while its
// player is away: another key or a guest cannot take it (nor a look-alike),
// arriving with it they are numbered, and the owner arriving keeps it.
func TestKeyedNameKeptWhileAway(t *testing.T) {
	h := testHub(t, Config{Store: store.NewMemory()})
	ann := h.Connect(Player{ID: "key:ann", Name: "ann"})
	if _, err := ann.Rename("Ann"); err != nil {
		t.Fatal(err)
	}
	ann.Close()
	bob := h.Connect(Player{ID: "key:bob", Name: "bob"})
	t.Cleanup(bob.Close)
	for _, name := range []string{"Ann", "ɑnn", "𝐀𝐧𝐧", "ANN"} {
		if _, err := bob.Rename(name); !errors.Is(err, ErrNameOwned) {
			t.Errorf("rename to %q while ann's key is away: %v, want ErrNameOwned", name, err)
		}
	}
	guest := h.Connect(Player{Name: "Ann"})
	t.Cleanup(guest.Close)
	if got := guest.Player().Name; got != "Ann 2" {
		t.Errorf("a guest arriving as Ann is called %q", got)
	}
	guest.Close()
	back := h.Connect(Player{ID: "key:ann", Name: "whatever"})
	t.Cleanup(back.Close)
	if got := back.Player().Name; got != "Ann" {
		t.Errorf("Ann's key came back as %q", got)
	}
	if _, err := back.Rename("ann"); err != nil {
		t.Errorf("the owner renaming to their own name in another case: %v", err)
	}
}
