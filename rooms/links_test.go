package rooms

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"arcade/rooms/store"
)

// TestLinkCodes: a code links another key to its player once, within
// LinkCodeTTL; an old, used or wrong code is refused; attempts are
// rate-limited; the first key cannot be unlinked, the others can.
func TestLinkCodes(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	h := testHub(t, Config{Store: store.NewMemory(), Now: clock})
	anna := Player{ID: "key:laptop", Name: "anna", Addr: "10.0.0.1"}
	phone := Player{ID: "key:phone", Name: "phone", Addr: "10.0.0.2"}

	code, err := h.NewLinkCode(anna)
	must(t, err)
	if _, err := h.LinkKey("ZZZZ-ZZZZ-ZZZZ", phone); !errors.Is(err, ErrLinkCode) {
		t.Fatalf("a wrong code: %v", err)
	}
	to, err := h.LinkKey(strings.ToLower(strings.ReplaceAll(code, "-", "")), phone)
	must(t, err)
	if to.ID != anna.ID || h.LinkedPlayer(phone.ID) != anna.ID {
		t.Fatalf("linked to %+v; the phone is %q", to, h.LinkedPlayer(phone.ID))
	}
	if _, err := h.LinkKey(code, Player{ID: "key:third", Addr: "10.0.0.3"}); !errors.Is(err, ErrLinkCode) {
		t.Fatalf("a used code: %v", err)
	}
	old, err := h.NewLinkCode(anna)
	must(t, err)
	advance(LinkCodeTTL + time.Second)
	if _, err := h.LinkKey(old, Player{ID: "key:third", Addr: "10.0.0.3"}); !errors.Is(err, ErrLinkCode) {
		t.Fatalf("an old code: %v", err)
	}
	if _, err := h.LinkKey(old, Player{Guest: true, ID: "guest:x"}); !errors.Is(err, ErrGuestLink) {
		t.Fatalf("a guest: %v", err)
	}
	h.SawKey(anna.ID, phone.ID)
	keys, err := h.LinkedKeys(anna.ID)
	must(t, err)
	if len(keys) != 1 || keys[0].ID != phone.ID || !keys[0].LastSeen.Equal(clock()) {
		t.Fatalf("keys %+v", keys)
	}
	if err := h.Unlink(anna.ID, anna.ID); !errors.Is(err, ErrLinkFirstKey) {
		t.Fatalf("unlinking the first key: %v", err)
	}
	must(t, h.Unlink(anna.ID, phone.ID))
	if h.LinkedPlayer(phone.ID) != "" {
		t.Fatal("the phone is still anna's")
	}

	// Five attempts at once from one address, then one a minute.
	spam := Player{ID: "key:spam", Addr: "10.9.9.9"}
	for i := range linkBurst {
		if _, err := h.LinkKey("AAAA-AAAA-AAA"+string(rune('A'+i)), spam); !errors.Is(err, ErrLinkCode) {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
	}
	if _, err := h.LinkKey("AAAA-AAAA-AAAZ", spam); err == nil || !strings.Contains(err.Error(), "Too many link attempts") {
		t.Fatalf("the sixth attempt: %v", err)
	}
}

// TestRelinkedKeyLeavesItsFormerPlayer: a key linked to one player and then
// to another is listed by the second only, and the first cannot unlink it
// from the second.
func TestRelinkedKeyLeavesItsFormerPlayer(t *testing.T) {
	h := testHub(t, Config{Store: store.NewMemory()})
	anna, bob := Player{ID: "key:anna", Name: "anna"}, Player{ID: "key:bob", Name: "bob"}
	phone := Player{ID: "key:phone"}
	code, err := h.NewLinkCode(anna)
	must(t, err)
	_, err = h.LinkKey(code, phone)
	must(t, err)
	code, err = h.NewLinkCode(bob)
	must(t, err)
	_, err = h.LinkKey(code, phone)
	must(t, err)
	if keys, _ := h.LinkedKeys(anna.ID); len(keys) != 0 {
		t.Fatalf("anna still lists %+v", keys)
	}
	if err := h.Unlink(anna.ID, phone.ID); !errors.Is(err, ErrLinkUnknown) {
		t.Fatalf("anna unlinked bob's key: %v", err)
	}
	if h.LinkedPlayer(phone.ID) != bob.ID {
		t.Fatalf("the phone is %q's", h.LinkedPlayer(phone.ID))
	}
}
