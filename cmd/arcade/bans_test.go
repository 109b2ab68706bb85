package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"charm.land/log/v2"

	"arcade/rooms/natsbus"
	"arcade/rooms/natsbus/natsd"
	"arcade/rooms/store/sqlite"
	"arcade/sshserver/access"
)

// TestBansMoveIntoTheDatabase: the ban list an earlier version kept in
// <data>/bans.json moves into the database on the first start, where it
// stays across restarts and takes new bans.
func TestBansMoveIntoTheDatabase(t *testing.T) {
	data := t.TempDir()
	file := filepath.Join(data, "bans.json")
	if err := os.WriteFile(file, []byte(`[{"key":"SHA256:old","by":"admin","at":"2026-11-01T10:00:00Z"}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := openStore(data)
	if err != nil {
		t.Fatal(err)
	}
	logger := log.New(os.Stderr)
	bans, err := openBans(data, db, logger)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := bans.Banned("SHA256:old", ""); !ok {
		t.Fatal("the file's ban did not move into the database")
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Fatalf("bans.json is still there: %v", err)
	}
	if err := bans.Add(access.Ban{Addr: "192.0.2.7", By: "admin"}); err != nil {
		t.Fatal(err)
	}
	db.Close()

	db, err = openStore(data)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	again, err := openBans(data, db, logger)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.List(); len(got) != 2 || got[0].Key != "SHA256:old" || got[1].Addr != "192.0.2.7" {
		t.Fatalf("after a restart the bans are %+v", got)
	}
}

// TestBansSharedByACluster: a ban made on one server of a cluster applies
// on the others, and bans made at once on two servers are both kept.
func TestBansSharedByACluster(t *testing.T) {
	srv, err := natsd.Embedded(t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	var lists []*access.Bans
	for _, name := range []string{"front-a", "front-b"} {
		conn, err := natsbus.ConnectEmbedded(name, srv, natsbus.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		st, err := natsbus.NewStore(conn.JetStream(), 1)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		b, err := access.StoredBans(st, 20*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		lists = append(lists, b)
	}
	done := make(chan error, 2)
	go func() { done <- lists[0].Add(access.Ban{Key: "SHA256:ann", By: "admin"}) }()
	go func() { done <- lists[1].Add(access.Ban{Addr: "198.51.100.9", By: "admin"}) }()
	for range 2 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, key := lists[1].Banned("SHA256:ann", "")
		_, addr := lists[0].Banned("", "198.51.100.9")
		if key && addr && len(lists[0].List()) == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("front-a has %+v, front-b %+v", lists[0].List(), lists[1].List())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if ok, err := lists[1].Remove("SHA256:ann"); !ok || err != nil {
		t.Fatalf("lifting the ban on front-b: %v, %v", ok, err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, banned := lists[0].Banned("SHA256:ann", ""); !banned {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("front-a still bans ann")
		}
	}
}

// TestLiftingABanNobodyHolds: unbanning a target that is not banned, on a
// database that never held a ban list, says so and changes nothing (it
// used to try to write an empty list as NULL and show the database's
// error).
func TestLiftingABanNobodyHolds(t *testing.T) {
	db, err := sqlite.Open(filepath.Join(t.TempDir(), "arcade.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b, err := access.StoredBans(db, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := b.Remove("SHA256:nobody"); ok || err != nil {
		t.Fatalf("lifting a ban nobody holds: %v, %v", ok, err)
	}
	if err := b.Add(access.Ban{Key: "SHA256:ann", By: "admin"}); err != nil {
		t.Fatal(err)
	}
	if ok, err := b.Remove("SHA256:nobody"); ok || err != nil || len(b.List()) != 1 {
		t.Fatalf("lifting a ban nobody holds beside one: %v, %v, %+v", ok, err, b.List())
	}
}
