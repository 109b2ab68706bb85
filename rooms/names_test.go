package rooms

import (
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"arcade/rooms/store"
	"arcade/rooms/store/sqlite"
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

// TestNameFoldCase: names compare without regard to case, in any
// alphabet, and capitals of another alphabet pass for the Latin capitals
// they look like (Greek ΑΝΝ is ANN, so ann); where a letter's two forms
// pass for different Latin letters (Greek Ν and ν), the look decides.
func TestNameFoldCase(t *testing.T) {
	for _, group := range [][]string{
		{"ann", "ANN", "ΑΝΝ", "Ann"}, // Greek capitals
		{"ian", "IAN", "ΙΑΝ"},        // Latin I, Greek capital iota
		{"bob", "BOB", "ΒΟΒ", "вов"}, // Greek capitals, Cyrillic small letters read as their capitals
		{"Нина", "НИНА", "нина"},     // one Cyrillic name in three cases
		{"vav", "ναν"},               // Greek small nu passes for v
		{"mary", "MARY", "ΜΑRY"},
		{"Straße", "STRASSE"},
	} {
		for _, name := range group[1:] {
			if nameFold(name) != nameFold(group[0]) {
				t.Errorf("%q folds to %q, %q to %q: they should collide", name, nameFold(name), group[0], nameFold(group[0]))
			}
		}
	}
	for _, pair := range [][2]string{{"ανν", "ann"}, {"Иван", "Ivan"}, {"ian", "lan"}} {
		if nameFold(pair[0]) == nameFold(pair[1]) {
			t.Errorf("%q and %q fold alike (%q)", pair[0], pair[1], nameFold(pair[0]))
		}
	}
}

// TestFoldVersion pins what nameFold makes of a few names. The store
// keeps folds, so when this test fails because nameFold changed on
// purpose, change foldVersion too (the hub then folds stored names again)
// and these folds with it.
func TestFoldVersion(t *testing.T) {
	if foldVersion != "2" {
		t.Fatalf("foldVersion is %q: pin the folds of the new version here", foldVersion)
	}
	for name, want := range map[string]string{
		"ΑΝΝ": "ann", "Ann Lee": "annlee", "4dm1n": "adrnin", "Нина": "hᴎha", "Иван": "ᴎbah",
		"Straße": "strasse", "𝐀𝐧𝐧": "ann", "ναν": "vav", "Σωκράτης": "ʃωkpatnʃ", "山田": "山田", "😀": "",
	} {
		if got := nameFold(name); got != want {
			t.Errorf("nameFold(%q) = %q, want %q", name, got, want)
		}
	}
}

// listedNames is a KeyNames for tests: its names change with set.
type listedNames struct {
	mu      sync.Mutex
	names   map[string]string
	version uint64
}

func (l *listedNames) set(names map[string]string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.names = names
	l.version++
}

func (l *listedNames) KeyNamesVersion() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.version
}

func (l *listedNames) KeyNames() map[string]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.names
}

// TestKeyListNames: a name the key lists give a key (Config.KeyNames) is
// that key's: nobody else may take it or a look-alike, in any case, even
// while its key is away; someone arriving with it is numbered; its keys
// (a person may have two) take it even where the store says another key
// chose it; and a list re-read applies at once.
func TestKeyListNames(t *testing.T) {
	lists := &listedNames{}
	h := testHub(t, Config{Store: store.NewMemory(), KeyNames: lists})
	// Another key chose it before the lists gave it to ann.
	old := h.Connect(Player{ID: "key:old", Name: "old"})
	if _, err := old.Rename("Ann Lee"); err != nil {
		t.Fatal(err)
	}
	old.Close()
	lists.set(map[string]string{"key:ann": "Ann Lee", "key:ann2": "ann lee", "key:cat": "", "key:long": "Bartholomew Wolfgang Smith"})

	bob := connect(t, h, "bob")
	for _, name := range []string{"Ann Lee", "ANN LEE", "ΑΝΝ LΕΕ", "Ann.Lee", "Bartholomew Wolf"} {
		if _, err := bob.Rename(name); !errors.Is(err, ErrNameListed) {
			t.Errorf("bob renaming to %q: %v, want ErrNameListed", name, err)
		}
	}
	if _, err := bob.Rename("guest"); err != nil {
		t.Errorf("a key without a name on the list keeps a name for it: %v", err)
	}
	guest := h.Connect(Player{Name: "ann lee"})
	t.Cleanup(guest.Close)
	if p := guest.Player(); p.Name != "ann lee 2" || p.OwnsName {
		t.Errorf("a guest arriving as ann lee is %q (owns: %v)", p.Name, p.OwnsName)
	}
	if _, err := guest.Rename("Ann Lee"); !errors.Is(err, ErrNameListed) || !strings.Contains(err.Error(), "list") {
		t.Errorf("a guest renaming to Ann Lee: %v, want ErrNameListed", err)
	}
	guest.Close()
	back := h.Connect(Player{ID: "key:old", Name: "old"})
	t.Cleanup(back.Close)
	if p := back.Player(); p.Name != "Ann Lee 2" || p.OwnsName {
		t.Errorf("the key that chose Ann Lee before the lists came back as %q (owns: %v)", p.Name, p.OwnsName)
	}

	ann := h.Connect(Player{ID: "key:ann", Name: "Ann Lee"})
	t.Cleanup(ann.Close)
	if p := ann.Player(); p.Name != "Ann Lee" || !p.OwnsName {
		t.Errorf("ann's key arriving with its listed name is %q (owns: %v)", p.Name, p.OwnsName)
	}
	ann.Close()
	ann2 := h.Connect(Player{ID: "key:ann2", Name: "ann"})
	t.Cleanup(ann2.Close)
	if name, err := ann2.Rename("ANN LEE"); err != nil || !ann2.Player().OwnsName {
		t.Errorf("ann's other key renaming to her listed name: %q, %v (owns: %v)", name, err, ann2.Player().OwnsName)
	}

	// The lists are re-read: Ann Lee is nobody's now but the name ann2
	// chose, and "Dan" is cat's.
	lists.set(map[string]string{"key:cat": "Dan"})
	if _, err := bob.Rename("Dan"); !errors.Is(err, ErrNameListed) {
		t.Errorf("bob renaming to a name the re-read list gives cat: %v", err)
	}
	if _, err := bob.Rename("Bartholomew"); err != nil {
		t.Errorf("bob renaming to a name no list gives any more: %v", err)
	}
}

// TestNameOwnersMarked: a keyed player whose name is kept for their key
// (chosen with it, or given by the lists) is marked in the lobby's list,
// in the chat and in the seats; a guest, and a key that never chose its
// name, are not.
func TestNameOwnersMarked(t *testing.T) {
	h := testHub(t, Config{Store: store.NewMemory()})
	ann := connect(t, h, "ann")
	bob := connect(t, h, "bob")
	guest := &probe{Client: h.Connect(Player{Name: "gus"}), t: t}
	t.Cleanup(ann.Close)
	t.Cleanup(bob.Close)
	t.Cleanup(guest.Close)
	if ann.Player().OwnsName || bob.Player().OwnsName {
		t.Error("a key that never chose its name owns it")
	}
	if _, err := ann.Rename("Ann"); err != nil || !ann.Player().OwnsName {
		t.Fatalf("ann chose her name: %v (owns: %v)", err, ann.Player().OwnsName)
	}
	if _, err := guest.Rename("Gus"); err != nil || guest.Player().OwnsName {
		t.Fatalf("a guest renamed: %v (owns: %v)", err, guest.Player().OwnsName)
	}
	owners := func(people []Person) map[string]bool {
		m := map[string]bool{}
		for _, p := range people {
			m[p.Name] = p.OwnsName
		}
		return m
	}
	ann.lobbyWhere("ann marked in the list", func(l *LobbyUpdate) bool {
		m := owners(l.People)
		return len(m) == 3 && m["Ann"] && !m["bob"] && !m["Gus"]
	})
	must(t, ann.Say("hi"))
	must(t, bob.Say("hello"))
	ann.lobbyWhere("ann's line marked", func(l *LobbyUpdate) bool {
		return len(l.Chat) == 2 && l.Chat[0].OwnsName && !l.Chat[1].OwnsName
	})
	must(t, ann.Create(toyID, 2, false, nil))
	id := ann.seated().Table.ID
	must(t, guest.Join(id))
	ann.table("both seats, ann's marked", func(u *TableUpdate) bool {
		return u.Seats[1].Name == "Gus" && u.Seats[0].OwnsName && !u.Seats[1].OwnsName
	})

	// Back with the same key, the name is still hers, and marked.
	ann.Close()
	again := h.Connect(Player{ID: "key:ann", Name: "whatever"})
	t.Cleanup(again.Close)
	if p := again.Player(); p.Name != "Ann" || !p.OwnsName {
		t.Errorf("ann came back as %q (owns: %v)", p.Name, p.OwnsName)
	}
}

// TestRefoldKeepsOldNames: names chosen before the store kept folds (or
// folded another way) are folded when the hub starts, so they are kept for
// their keys; of two that fold alike the one seen last keeps it, and the
// other arrives numbered.
func TestRefoldKeepsOldNames(t *testing.T) {
	t.Run("memory", func(t *testing.T) { refoldKeepsOldNames(t, store.NewMemory()) })
	t.Run("sqlite", func(t *testing.T) {
		db, err := sqlite.Open(filepath.Join(t.TempDir(), "arcade.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		refoldKeepsOldNames(t, db)
	})
}

func refoldKeepsOldNames(t *testing.T, db store.Store) {
	for i, who := range []struct{ id, name string }{{"key:ann", "Ann"}, {"key:anne", "ΑΝΝ"}, {"key:bob", "Bob"}} {
		if _, err := db.SeePlayer(who.id, who.name, time.Unix(int64(i), 0)); err != nil {
			t.Fatal(err)
		}
		// No fold, as a name chosen before the store kept folds.
		if err := db.SetName(who.id, who.name, ""); err != nil {
			t.Fatal(err)
		}
	}
	h := testHub(t, Config{Store: db})
	guest := h.Connect(Player{Name: "bob"})
	t.Cleanup(guest.Close)
	if p := guest.Player(); p.Name != "bob 2" {
		t.Errorf("a guest arriving as bob, a name chosen before folds were kept, is called %q", p.Name)
	}
	if _, err := guest.Rename("BOB"); !errors.Is(err, ErrNameOwned) {
		t.Errorf("a guest renaming to bob's old name: %v, want ErrNameOwned", err)
	}
	// ΑΝΝ was seen last: Greek capitals fold as ann, and its key keeps it.
	anne := h.Connect(Player{ID: "key:anne", Name: "x"})
	t.Cleanup(anne.Close)
	if p := anne.Player(); p.Name != "ΑΝΝ" || !p.OwnsName {
		t.Errorf("anne came back as %q (owns: %v)", p.Name, p.OwnsName)
	}
	anne.Close()
	ann := h.Connect(Player{ID: "key:ann", Name: "x"})
	t.Cleanup(ann.Close)
	if p := ann.Player(); p.Name != "Ann 2" || p.OwnsName {
		t.Errorf("ann, whose name folds as anne's seen later, came back as %q (owns: %v)", p.Name, p.OwnsName)
	}
}

// An online player's name is taken until they rename or leave: the hub's
// index of names follows both.
func TestNameTakenFollowsRenamesAndDepartures(t *testing.T) {
	h := testHub(t, Config{})
	ann := h.Connect(Player{Name: "Ann"})
	if got := h.Connect(Player{Name: "ann"}).Player().Name; got != "ann 2" {
		t.Fatalf("a second ann is %q, want %q", got, "ann 2")
	}
	if _, err := ann.Rename("Bea"); err != nil {
		t.Fatal(err)
	}
	if got := h.Connect(Player{Name: "BEA"}).Player().Name; got != "BEA 2" {
		t.Fatalf("a BEA beside Bea is %q, want %q", got, "BEA 2")
	}
	ann.Close()
	if got := h.Connect(Player{Name: "bea"}).Player().Name; got != "bea" {
		t.Fatalf("bea after Bea left is %q, want the name free", got)
	}
}
