package rooms

import (
	"errors"
	"strings"
	"testing"
)

// testAdmin is the admin behind the tests' admin actions.
var testAdmin = Admin{ID: "key:SHA256:root", Name: "root"}

func TestAdminSeesEveryTableAndClosesOne(t *testing.T) {
	h := testHub(t, Config{})
	anna, bob, cat := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cat")
	must(t, anna.Create(toyID, 3, true, nil)) // private
	u := anna.seated()
	must(t, bob.JoinCode(u.Code))
	must(t, cat.WatchCode(u.Code))
	cat.table("watching", func(u *TableUpdate) bool { return u.You < 0 })

	tables := h.Tables()
	if len(tables) != 1 {
		t.Fatalf("admin sees %d tables, want the private one", len(tables))
	}
	got := tables[0]
	if !got.Private || got.Code != u.Code || got.Spectators != 1 ||
		got.Seats[0] != "anna" || got.Seats[1] != "bob" || got.Seats[2] != "" {
		t.Fatalf("admin's view of the table: %+v", got)
	}

	if err := h.CloseTable(testAdmin, "NOPE42", ""); !errors.Is(err, ErrNoTable) {
		t.Fatalf("closing an unknown table: %v", err)
	}
	if err := h.CloseTable(Admin{Name: "nobody"}, u.Code, ""); !errors.Is(err, ErrNotAdmin) {
		t.Fatalf("closing a table for no admin: %v", err)
	}
	must(t, h.CloseTable(testAdmin, strings.ToLower(u.Code), "Cheating \x1b[31mreported\x1b[0m."))
	for _, p := range []*probe{anna, bob, cat} {
		last := p.table("closed by an admin", func(u *TableUpdate) bool { return u.Closed })
		if last.Notice != NoticeAdminClosed+" Cheating reported." {
			t.Errorf("notice %q", last.Notice)
		}
		p.lobbyWhere("back in the lobby", func(l *LobbyUpdate) bool { return true })
	}
	if n := len(h.Tables()); n != 0 {
		t.Fatalf("%d tables left after closing", n)
	}
}

func TestDrainModeRefusesNewTablesOnly(t *testing.T) {
	h := testHub(t, Config{})
	anna, bob := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, anna.Create(toyID, 2, false, nil))
	id := anna.seated().Table.ID
	h.SetDraining(true)
	bob.lobbyWhere("drain shown", func(l *LobbyUpdate) bool { return l.Draining })
	if err := bob.Create(toyID, 2, false, nil); !errors.Is(err, ErrDraining) {
		t.Fatalf("create while draining: %v", err)
	}
	must(t, bob.Join(id)) // a running table still fills and plays
	must(t, anna.Start())
	anna.table("started", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	h.SetDraining(false)
	cat := connect(t, h, "cat")
	must(t, cat.Create(toyID, 2, false, nil))
}

func TestServerNoticeReachesLobbyAndTables(t *testing.T) {
	h := testHub(t, Config{})
	anna, bob := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, anna.Create(toyID, 2, false, nil))
	anna.seated()
	h.SetNotice(testAdmin, "Restart at 18:00\x1b]0;pwned\x07 UTC")
	const want = "Restart at 18:00 UTC"
	bob.lobbyWhere("notice in the lobby", func(l *LobbyUpdate) bool { return l.Notice == want })
	anna.table("notice at the table", func(u *TableUpdate) bool { return u.ServerNotice == want })
	if h.Notice() != want {
		t.Fatalf("Notice() = %q", h.Notice())
	}
	h.SetNotice(testAdmin, "")
	bob.lobbyWhere("notice taken down", func(l *LobbyUpdate) bool { return l.Notice == "" })
	anna.table("notice taken down at the table", func(u *TableUpdate) bool { return u.ServerNotice == "" })
}

func TestReportAPlayer(t *testing.T) {
	var told []Report
	h := testHub(t, Config{OnReport: func(r Report) { told = append(told, r) }})
	anna, bob := connect(t, h, "anna"), connect(t, h, "bob")
	if err := anna.Report(1, "rude"); !errors.Is(err, ErrNotAtTable) {
		t.Fatalf("a report from the lobby: %v", err)
	}
	must(t, anna.Create(toyID, 3, false, nil))
	id := anna.seated().Table.ID
	must(t, bob.Join(id))
	must(t, anna.AddBot(2, "easy"))
	anna.table("bob and a bot seated", func(u *TableUpdate) bool { return !u.Seats[1].Empty && !u.Seats[2].Empty })
	for _, seat := range []int{0, 2, 7, -1} {
		if err := anna.Report(seat, "x"); !errors.Is(err, ErrReportWhom) {
			t.Errorf("reporting seat %d: %v", seat, err)
		}
	}
	must(t, anna.Report(1, "calls everyone \x1b[31mnames\x1b[0m"))
	if err := anna.Report(1, "again"); !errors.Is(err, ErrReportedAlready) {
		t.Errorf("a second report of the same player: %v", err)
	}
	got := h.Reports()
	if len(got) != 1 || got[0].By != "key:anna" || got[0].Who != "key:bob" || got[0].WhoName != "bob" ||
		got[0].Reason != "calls everyone names" || got[0].Table != id || len(told) != 1 {
		t.Fatalf("reports: %+v (told %d)", got, len(told))
	}
}
