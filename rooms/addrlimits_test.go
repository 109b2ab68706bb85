package rooms

import (
	"errors"
	"fmt"
	"testing"

	"arcade/engine"
)

// fromAddr connects a keyed player from addr.
func fromAddr(t *testing.T, h *Hub, name, addr string) *probe {
	return &probe{Client: h.Connect(Player{ID: "key:" + name, Name: name, Addr: addr}), t: t}
}

// TestChatPerAddress: players behind one address share a chat budget, each
// within their own; another address is not held back.
func TestChatPerAddress(t *testing.T) {
	h := testHub(t, Config{})
	var err error
	for i := range AddrChatBurst + 1 {
		if err = fromAddr(t, h, fmt.Sprintf("p%d", i), "192.0.2.1").Say("hello"); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrChatTooFast) {
		t.Fatalf("line %d from one address: %v, want ErrChatTooFast", AddrChatBurst+1, err)
	}
	must(t, fromAddr(t, h, "other", "192.0.2.2").Say("hello"))
}

// TestGuestsReadFirst: a guest who just arrived may not chat yet, and two
// guests from one address speak under one ID, so a mute holds for both.
func TestGuestsReadFirst(t *testing.T) {
	h := testHub(t, Config{})
	g := h.Connect(Player{Name: "g", Addr: "192.0.2.3"})
	if err := g.Say("hi"); !errors.Is(err, ErrGuestQuiet) {
		t.Fatalf("a guest's first line: %v, want ErrGuestQuiet", err)
	}
	a := h.Connect(Player{Name: "g1", Addr: "192.0.2.3"}).Player()
	b := h.Connect(Player{Name: "g2", Addr: "192.0.2.3"}).Player()
	if !a.Guest || !b.Guest || h.chatWho(speaker(a)) != h.chatWho(speaker(b)) {
		t.Fatalf("two guests of one address speak as %q and %q", h.chatWho(speaker(a)), h.chatWho(speaker(b)))
	}
	if k := (Player{ID: "key:k", Addr: "192.0.2.3"}); h.chatWho(speaker(k)) == h.chatWho(speaker(a)) {
		t.Fatal("a keyed player speaks as the guests of their address")
	}
}

// TestReportsPerAddress: reports are counted per address too, and only
// those kept.
func TestReportsPerAddress(t *testing.T) {
	h := testHub(t, Config{})
	ps := []*probe{fromAddr(t, h, "host", "192.0.2.9")}
	for i := range ReportBurst {
		ps = append(ps, fromAddr(t, h, fmt.Sprintf("r%d", i), "192.0.2.4"))
	}
	startToy(t, toyID, engine.Options{"target": "1000000"}, ps...)
	for i, p := range ps[1:] {
		must(t, p.Report(0, fmt.Sprintf("rude %d", i)))
	}
	// One more, at another table, by another key of the same address.
	last := fromAddr(t, h, "r9", "192.0.2.4")
	startToy(t, toyID, engine.Options{"target": "1000000"}, fromAddr(t, h, "host2", "192.0.2.8"), last)
	if err := last.Report(0, "rude"); !errors.Is(err, ErrReportTooFast) {
		t.Fatalf("report %d from one address: %v, want ErrReportTooFast", ReportBurst+1, err)
	}
}

// TestInviteCodesCannotBeGuessed: after CodeBurst wrong codes a player's
// next code is refused, the right one too; another address is not.
func TestInviteCodesCannotBeGuessed(t *testing.T) {
	h := testHub(t, Config{})
	host := connect(t, h, "host")
	must(t, host.Create(toyID, 3, true, nil))
	code := host.seated().Code
	guess := fromAddr(t, h, "guess", "192.0.2.5")
	for i := range CodeBurst {
		wrong := "ZZZZZ" + codeAlphabet[i:i+1]
		if err := guess.JoinCode(wrong); !errors.Is(err, ErrUnknownCode) {
			t.Fatalf("wrong code %d: %v", i+1, err)
		}
	}
	if err := guess.JoinCode(code); !errors.Is(err, ErrCodeTooFast) {
		t.Fatalf("a code after %d wrong ones: %v, want ErrCodeTooFast", CodeBurst, err)
	}
	again := fromAddr(t, h, "guess2", "192.0.2.5") // a new key on the same address
	if err := again.JoinCode(code); !errors.Is(err, ErrCodeTooFast) {
		t.Fatalf("another key of the guessing address: %v, want ErrCodeTooFast", err)
	}
	must(t, fromAddr(t, h, "friend", "192.0.2.6").JoinCode(code))
}
