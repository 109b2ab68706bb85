package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms"
	"arcade/rooms/store"
	"arcade/rooms/webhook"
	"arcade/ui"
)

// TestWebhookReachesALocalServer: bob sets his address, leaves a Fire in
// the Library game with a day's clock, and a local HTTP server receives
// the notice that the move is his, with the table's code and deadline.
func TestWebhookReachesALocalServer(t *testing.T) {
	got := make(chan map[string]any, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &body); err != nil {
			t.Errorf("not JSON: %q", b)
		}
		got <- body
	}))
	defer srv.Close()
	n := webhook.New(webhook.Config{AllowPrivate: true})
	defer n.Close()
	// A deal where anna moves first: the decision becomes bob's after he left.
	engines := ui.Engines(games)
	fitl := engines[slices.IndexFunc(engines, func(g engine.Game) bool { return g.Info().ID == "firelibrary" })]
	seed := uint64(1)
	for ; ; seed++ {
		st, err := fitl.New(2, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		if p := st.Pending(); len(p) == 1 && p[0] == 0 {
			break
		}
	}
	hub := rooms.NewHub(rooms.Config{Games: engines, Store: store.NewMemory(), BotDelay: time.Millisecond,
		Seed: func() uint64 { return seed }, Notifier: hubNotifier{n: n, allowPrivate: true}})
	defer hub.Close()
	anna := hub.Connect(rooms.Player{ID: "key:anna", Name: "anna"})
	bob := hub.Connect(rooms.Player{ID: "key:bob", Name: "bob"})
	aw := &tableWatch{c: anna}
	if err := bob.SetWebhook(srv.URL + "/hook"); err != nil {
		t.Fatal(err)
	}
	if err := anna.Create("firelibrary", 2, true, nil); err != nil {
		t.Fatal(err)
	}
	code := aw.wait(t, func(u *rooms.TableUpdate) bool { return u.Table.ID != "" }).Code
	for _, step := range []func() error{
		func() error { return bob.JoinCode(code) },
		func() error { return anna.SetClock(rooms.ClockDay) },
		anna.Start,
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	bob.Close()
	// Once it is anna's move, she plays until the decision is bob's: it
	// becomes his while he is away.
	aw.wait(t, func(u *rooms.TableUpdate) bool { return len(u.Legal) > 0 })
	for {
		u := aw.wait(t, func(*rooms.TableUpdate) bool { return true })
		if len(u.Pending) == 1 && u.Pending[0] == 1 {
			break
		}
		if len(u.Legal) > 0 {
			_ = anna.Act(u.Legal[0])
		}
		aw.last = nil // the next update
	}
	select {
	case body := <-got:
		if body["kind"] != "your-move" || body["code"] != code || body["game"] != "firelibrary" || body["player"] != "bob" || body["deadline"] == nil {
			t.Fatalf("the notice: %v", body)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no notice came")
	}
}

// tableWatch keeps a client's latest table update.
type tableWatch struct {
	c    *rooms.Client
	last *rooms.TableUpdate
}

// wait waits for a table update that satisfies ok (the latest one may).
func (w *tableWatch) wait(t *testing.T, ok func(*rooms.TableUpdate) bool) *rooms.TableUpdate {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		if _, u := w.c.Take(); u != nil {
			w.last = u
		}
		if w.last != nil && ok(w.last) {
			return w.last
		}
		select {
		case <-w.c.Notify():
		case <-timeout:
			t.Fatalf("no such table update came to %s", w.c.Player().Name)
		}
	}
}
