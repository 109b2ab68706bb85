package storetest

import (
	"arcade/rooms/store"
	"errors"
	"strings"
	"testing"
	"time"
)

// The conformance checks of players: identities, names and their folds,
// forgetting idle keys.

func see(t *testing.T, s store.Store, id, name string, now time.Time) store.Identity {
	t.Helper()
	who, err := s.SeePlayer(id, name, now)
	if err != nil {
		t.Fatalf("SeePlayer: %v", err)
	}
	return who
}

func sameIdentity(t *testing.T, got, want store.Identity) {
	t.Helper()
	if got.ID != want.ID || got.Name != want.Name || !got.FirstSeen.Equal(want.FirstSeen) || !got.LastSeen.Equal(want.LastSeen) {
		t.Errorf("identity %+v, want %+v", got, want)
	}
}

func identities(t *testing.T, s store.Store) {
	const ann, bob = "key:SHA256:ann", "guest:1"
	sameIdentity(t, see(t, s, ann, "ann", at(1)), store.Identity{ID: ann, Name: "ann", FirstSeen: at(1), LastSeen: at(1)})
	sameIdentity(t, see(t, s, bob, "bob", at(2)), store.Identity{ID: bob, Name: "bob", FirstSeen: at(2), LastSeen: at(2)})
	// Never chose a name: the name they come with.
	sameIdentity(t, see(t, s, ann, "anna", at(3)), store.Identity{ID: ann, Name: "anna", FirstSeen: at(1), LastSeen: at(3)})
	// Chose one: kept across visits, whatever name they come with.
	if err := s.SetName(ann, "Ann Lee", "annlee"); err != nil {
		t.Fatalf("SetName: %v", err)
	}
	sameIdentity(t, see(t, s, ann, "ann", at(4)), store.Identity{ID: ann, Name: "Ann Lee", FirstSeen: at(1), LastSeen: at(4)})
	sameIdentity(t, see(t, s, ann, "x", at(5)), store.Identity{ID: ann, Name: "Ann Lee", FirstSeen: at(1), LastSeen: at(5)})
	if err := s.SetName(ann, "Ann", "ann"); err != nil {
		t.Fatalf("SetName: %v", err)
	}
	sameIdentity(t, see(t, s, ann, "x", at(6)), store.Identity{ID: ann, Name: "Ann", FirstSeen: at(1), LastSeen: at(6)})
	// The chosen name's fold finds its owner; the name left behind is free.
	for fold, want := range map[string]string{"ann": ann, "annlee": "", "bob": "", "": ""} {
		if id, err := s.NameOwner(fold); err != nil || id != want {
			t.Errorf("NameOwner(%q) = %q (%v), want %q", fold, id, err, want)
		}
	}
	// Another player is not touched.
	sameIdentity(t, see(t, s, bob, "bob", at(7)), store.Identity{ID: bob, Name: "bob", FirstSeen: at(2), LastSeen: at(7)})
}

// refoldNames: the chosen names are folded again, once per version of
// the fold; of names that fold alike, the one of the player seen last
// keeps the fold (stores that fold again).
func refoldNames(t *testing.T, s store.Store) {
	r, ok := s.(store.Refolder)
	if !ok {
		t.Skip("this store does not fold names again")
	}
	const ann, anne, bob, cat = "key:SHA256:ann", "key:SHA256:anne", "key:SHA256:bob", "key:SHA256:cat"
	see(t, s, ann, "x", at(1))
	see(t, s, bob, "x", at(2))
	see(t, s, anne, "x", at(3))
	see(t, s, cat, "Cat", at(4)) // never chose a name
	for id, name := range map[string]string{ann: "Ann", anne: "ANN", bob: "Bob"} {
		fold := map[string]string{ann: "", anne: "old", bob: "bob"}[id]
		if err := s.SetName(id, name, fold); err != nil {
			t.Fatalf("SetName: %v", err)
		}
	}
	owners := func(when string, want map[string]string) {
		t.Helper()
		for fold, id := range want {
			if got, err := s.NameOwner(fold); err != nil || got != id {
				t.Errorf("%s: NameOwner(%q) = %q (%v), want %q", when, fold, got, err, id)
			}
		}
	}
	refold := func(fold func(string) string, version string, want int) {
		t.Helper()
		if n, err := r.RefoldNames(fold, version); err != nil || n != want {
			t.Errorf("RefoldNames(version %s) = %d, %v; want %d changed", version, n, err, want)
		}
	}
	refold(strings.ToLower, "1", 1) // anne's fold; ann's stays none, bob's bob
	owners("folded", map[string]string{"ann": anne, "old": "", "bob": bob, "cat": ""})
	refold(strings.ToUpper, "1", 0) // folded by version 1 already
	owners("folded by the same version", map[string]string{"ann": anne, "ANN": ""})
	refold(strings.ToUpper, "2", 2)
	owners("folded by version 2", map[string]string{"ANN": anne, "BOB": bob, "ann": "", "bob": ""})
}

// forgetIdle: only keys that never chose a name, never sat anywhere and
// were last seen before the cut are forgotten (stores that forget).
func forgetIdle(t *testing.T, s store.Store) {
	f, ok := s.(store.Forgetter)
	if !ok {
		t.Skip("this store keeps every key")
	}
	const idle, named, played, seated, recent = "key:SHA256:idle", "key:SHA256:named", "key:SHA256:played", "key:SHA256:seated", "key:SHA256:recent"
	for _, id := range []string{idle, named, played, seated} {
		see(t, s, id, "x", at(1))
	}
	see(t, s, recent, "x", at(9))
	if err := s.SetName(named, "Named", "named"); err != nil {
		t.Fatal(err)
	}
	saveG(t, s, game("firetower", 2, played, 1, "", 0))
	tb := table(1)
	tb.Seats = []store.Seat{{ID: seated, Name: "x"}, {BotLevel: "easy"}}
	save(t, s, tb, 0)
	n, err := f.ForgetIdle(at(5))
	if err != nil || n != 1 {
		t.Fatalf("ForgetIdle: %d forgotten (%v), want 1", n, err)
	}
	for _, id := range []string{idle, named, played, seated, recent} {
		known, err := f.KnowsPlayer(id)
		if err != nil || known != (id != idle) {
			t.Errorf("KnowsPlayer(%s) = %v (%v) after ForgetIdle", id, known, err)
		}
	}
}

func setNameUnknown(t *testing.T, s store.Store) {
	if err := s.SetName("key:SHA256:nobody", "x", "x"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetName of an unknown player: %v, want ErrNotFound", err)
	}
	// Nor does it create the player.
	who := see(t, s, "key:SHA256:nobody", "came", at(1))
	if who.Name != "came" {
		t.Errorf("name %q after SetName of an unknown player, want %q", who.Name, "came")
	}
}
