package rooms

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"arcade/rooms/store"
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

// uniqueNames returns the names to show for one table's seats: equal names
// (ignoring case) get " (2)", " (3)"... in seat order. Empty names stay empty.
func uniqueNames(base []string) []string {
	out := make([]string, len(base))
	used := make(map[string]bool, len(base))
	for i, n := range base {
		if n == "" {
			continue
		}
		cand := n
		for k := 2; used[strings.ToLower(cand)]; k++ {
			cand = fmt.Sprintf("%s (%d)", n, k)
		}
		used[strings.ToLower(cand)] = true
		out[i] = cand
	}
	return out
}

// reservedNames are names only an admin may take: a player called "admin"
// could pass for one. They are compared folded (see nameFold).
var reservedNames = []string{"admin", "administrator", "moderator", "mod", "operator", "sysop", "root", "server", "system", "arcade", "staff", "support"}

// foldVersion names the way nameFold folds. It changes whenever nameFold
// does, and then the hub folds the chosen names its store keeps again
// (refoldNames); TestFoldVersion pins the folds of version 2.
const foldVersion = "2"

// nameFold is the form two names are compared in to catch impersonation.
// In order:
//
//  1. the name in Unicode compatibility form (NFKC: full-width and
//     mathematical letters become plain ones), with the digits that pass
//     for letters read as those letters ("4dm1n" is "admin");
//  2. each letter's case settled (caseStep): Latin letters case-folded; a
//     letter of another alphabet kept as written when its small form passes
//     for a Latin letter (Greek "Ν" passes for N and "ν" for v), else read
//     as its capital (Cyrillic "н" is "Н", which passes for H); a capital
//     that passes for a Latin capital becomes that Latin letter, folded
//     (Greek "ΑΝΝ" is "ann");
//  3. reduced to its Unicode confusables skeleton (UTS #39: Cyrillic "а"
//     and Latin "ɑ" read as "a"), case-folded, reduced again (a capital
//     the first pass left, folded, may have a skeleton of its own), and
//     folded again; letters and digits only.
//
// So names compare without regard to case, except for the few letters
// whose capital and small forms pass for different Latin letters (Greek
// "Ν" and "ν"), where the look decides.
func nameFold(name string) string {
	fold := cases.Fold()
	var b strings.Builder
	for _, r := range norm.NFKC.String(name) {
		caseStep(&b, fold, digitLetter(r))
	}
	skeleton := fold.String(confusables.Skeleton(fold.String(confusables.Skeleton(b.String()))))
	b.Reset()
	for _, r := range skeleton {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// digitLetter reads a digit that passes for a letter as that letter.
func digitLetter(r rune) rune {
	switch r {
	case '0':
		return 'o'
	case '1':
		return 'i'
	case '3':
		return 'e'
	case '4':
		return 'a'
	case '5':
		return 's'
	case '7':
		return 't'
	}
	return r
}

// caseStep settles the case of one rune of a name (step 2 of nameFold)
// and writes it to b.
func caseStep(b *strings.Builder, fold cases.Caser, r rune) {
	switch {
	case r < utf8.RuneSelf:
		b.WriteRune(unicode.ToLower(r))
		return
	case !unicode.IsLetter(r) || unicode.Is(unicode.Latin, r):
		b.WriteString(fold.String(string(r)))
		return
	case !passesForLatin(unicode.ToLower(r)):
		r = unicode.ToUpper(r)
	}
	if unicode.IsUpper(r) {
		if l, ok := latinCapitals[confusables.Skeleton(string(r))]; ok {
			r = l
		}
	}
	b.WriteRune(r)
}

// passesForLatin reports whether r's confusables skeleton is made of
// plain Latin letters (a to z, marks aside): Cyrillic "а" and Greek "ν"
// do, Cyrillic "н" (a small capital H) does not.
func passesForLatin(r rune) bool {
	letters := 0
	for _, s := range confusables.Skeleton(string(r)) {
		switch {
		case s >= 'a' && s <= 'z' || s >= 'A' && s <= 'Z':
			letters++
		case !unicode.IsMark(s):
			return false
		}
	}
	return letters > 0
}

// latinCapitals maps the skeleton of each Latin capital A to Z to the
// letter folded: a capital of another alphabet with that skeleton passes
// for it ("l", the skeleton of I, gives "i").
var latinCapitals = func() map[string]rune {
	m := make(map[string]rune, 26)
	for r := 'A'; r <= 'Z'; r++ {
		m[confusables.Skeleton(string(r))] = unicode.ToLower(r)
	}
	return m
}()

// reservedName reports whether name passes for one of reservedNames.
func reservedName(name string) bool {
	f := nameFold(name)
	for _, r := range reservedNames {
		if f == nameFold(r) || strings.HasPrefix(f, nameFold("admin")) {
			return true
		}
	}
	return false
}

// lookAlikeScripts are the alphabets whose letters pass for one another
// (Latin "a", Greek "α", Cyrillic "а"): a word may use only one of them.
var lookAlikeScripts = []*unicode.RangeTable{unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Armenian, unicode.Cherokee, unicode.Coptic}

// mixedScripts reports whether a word of name (a run of letters, digits and
// marks) takes letters from more than one of lookAlikeScripts, as a name
// made to pass for another does ("аdmin" with a Cyrillic "а"). Words in one
// script of any kind, and names of digits, punctuation or emoji, pass.
func mixedScripts(name string) bool {
	var script *unicode.RangeTable
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) {
			script = nil // a new word starts
			continue
		}
		for _, s := range lookAlikeScripts {
			if unicode.Is(s, r) {
				if script != nil && script != s {
					return true
				}
				script = s
			}
		}
	}
	return false
}

// keyNameFolds caches the folds of the names Config.KeyNames keeps, made
// again when its version changes.
type keyNameFolds struct {
	mu      sync.Mutex
	made    bool
	version uint64
	byFold  map[string][]string // fold -> IDs of the players it is kept for
}

// keyListed reports whether the key lists (Config.KeyNames) keep name, or
// one that passes for it, for some key, and whether for p's.
func (h *Hub) keyListed(p Player, name string) (kept, own bool) {
	if h.cfg.KeyNames == nil {
		return false, false
	}
	version := h.cfg.KeyNames.KeyNamesVersion()
	k := &h.keyNames
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.made || k.version != version {
		names := h.cfg.KeyNames.KeyNames()
		k.byFold = make(map[string][]string, len(names))
		for id, n := range names {
			// Folded as the key is called: cleaned, cut to a name's length.
			if f := nameFold(cleanText(n, MaxNameRunes, MaxNameWidth)); f != "" {
				k.byFold[f] = append(k.byFold[f], id)
			}
		}
		k.made, k.version = true, version
	}
	keys := k.byFold[nameFold(name)]
	return len(keys) > 0, !p.Guest && slices.Contains(keys, p.ID)
}

// nameHold says whether name, or one that passes for it, is someone
// else's (kept by the key lists for other keys, or chosen with another key:
// store.NameOwner), and whether it is p's own (kept for p's key either
// way). A store that cannot say is logged and leaves the name free.
func (h *Hub) nameHold(p Player, name string) (other, own bool) {
	if kept, own := h.keyListed(p, name); kept {
		return !own, own
	}
	f := nameFold(name)
	if h.store == nil || f == "" {
		return false, false
	}
	owner, err := h.store.NameOwner(f)
	if err != nil {
		h.storeFailed("find a name's owner", err)
		return false, false
	}
	return owner != "" && owner != p.ID, !p.Guest && owner == p.ID
}

// renameFree says whether c may take name (Client.Rename): nameFree's
// rules with the key lists' first, so that a name they keep for other
// keys is refused (ErrNameListed) and one they keep for c's key is c's
// whatever the store says. It reports whether they keep it for c.
func (h *Hub) renameFree(c *Client, name string) (listed bool, err error) {
	p := c.Player()
	kept, listed := h.keyListed(p, name)
	if kept && !listed {
		return false, ErrNameListed
	}
	err = h.nameFree(c, name)
	if listed && errors.Is(err, ErrNameOwned) {
		h.mu.Lock()
		taken := h.nameTakenLocked(p.ID, name)
		h.mu.Unlock()
		if err = nil; taken {
			err = ErrNameTaken
		}
	}
	return listed, err
}

// refoldNames folds the chosen names the store keeps (store.SetName) the
// way nameFold folds now, unless they were folded by foldVersion already:
// names chosen before the store kept folds are kept for their keys from
// then on. Of two names that fold alike, the one of the player seen last
// stays kept (store.Refolder).
func (h *Hub) refoldNames() {
	rf, ok := h.store.(store.Refolder)
	if !ok {
		return
	}
	n, err := rf.RefoldNames(nameFold, foldVersion)
	if err != nil {
		h.storeFailed("fold names", err)
		return
	}
	if n > 0 {
		h.cfg.Infof("folded %d chosen names again, to compare names version %s's way", n, foldVersion)
	}
}

// foldLocked lists connected client c under its name's fold, for
// nameTakenLocked: an arrival looks up its name, not everyone's.
func (h *Hub) foldLocked(c *Client, name string) {
	c.fold = nameFold(name)
	h.byFold[c.fold] = append(h.byFold[c.fold], c)
}

// unfoldLocked takes c (nil: none) off the fold index.
func (h *Hub) unfoldLocked(c *Client) {
	if c == nil {
		return
	}
	list := slices.DeleteFunc(h.byFold[c.fold], func(o *Client) bool { return o == c })
	if len(list) == 0 {
		delete(h.byFold, c.fold)
	} else {
		h.byFold[c.fold] = list
	}
}

// renamed files a connected client under its new name and tells the lobby.
func (h *Hub) renamed(c *Client, name string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, in := h.clients[c]; in {
		h.unfoldLocked(c)
		h.foldLocked(c, name)
	}
	h.peopleChangedLocked()
}
