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

// uniqueNames returns the names to show for one table's seats: equal names
// (ignoring case) get " (2)", " (3)"... in seat order. Empty names stay empty.
func uniqueNames(base []string) []string {
	out := make([]string, len(base))
	used := make(map[string]bool, len(base))
	for i, n := range base {
		if n == "" {
			continue
		}
		cand := numbered(n, func(c string) bool { return used[strings.ToLower(c)] })
		used[strings.ToLower(cand)] = true
		out[i] = cand
	}
	return out
}

// numbered is base, or the first of "base (2)", "base (3)"... that taken
// does not report taken.
func numbered(base string, taken func(string) bool) string {
	cand := base
	for k := 2; taken(cand); k++ {
		cand = fmt.Sprintf("%s (%d)", base, k)
	}
	return cand
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
