package rooms

import (
	"errors"
	"sync"
	"testing"
	"time"

	"arcade/rooms/store"
)

// fakeNotifier keeps what the hub asks it to send.
type fakeNotifier struct {
	mu   sync.Mutex
	sent []Notice
	urls []string
}

func (f *fakeNotifier) Notify(_, url string, n Notice) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent, f.urls = append(f.sent, n), append(f.urls, url)
}

func (f *fakeNotifier) CheckURL(url string) error {
	if url == "ftp://x" {
		return errors.New("The address must start with https:// or http://.")
	}
	return nil
}

func (f *fakeNotifier) Test(_, url string, n Notice) error {
	f.Notify("", url, n)
	return nil
}

func (f *fakeNotifier) kinds() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, n := range f.sent {
		out = append(out, n.Kind)
	}
	return out
}

// TestAwayPlayerIsNotified: a keyed player who set a URL and is away from
// a correspondence table is told when a decision becomes theirs, and
// reminded before its clock runs out; a present player is not; bad URLs
// and guests are refused with a sentence.
func TestAwayPlayerIsNotified(t *testing.T) {
	f := &fakeNotifier{}
	h := testHub(t, Config{Store: store.NewMemory(), Day: 400 * time.Millisecond, VacationDays: -1, AwayGrace: time.Hour, Notifier: f})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	if err := b.SetWebhook("ftp://x"); err == nil {
		t.Fatal("an ftp address was taken")
	}
	must(t, b.SetWebhook("https://push.example/bob"))
	if url, err := b.Webhook(); err != nil || url != "https://push.example/bob" {
		t.Fatalf("bob's webhook: %q %v", url, err)
	}
	guest := &probe{Client: h.Connect(Player{Name: "gus"}), t: t}
	if err := guest.SetWebhook("https://push.example/gus"); !errors.Is(err, ErrGuestWebhook) {
		t.Fatalf("a guest set a webhook: %v", err)
	}
	must(t, b.TestWebhook())
	id := startCorrespondence(t, ClockDay, a, b)
	b.Close()
	// anna moves until it is bob's decision; then the clock runs on.
	a.table("bob's decision", func(u *TableUpdate) bool {
		if len(u.Legal) > 0 {
			_ = a.Act(addOne)
		}
		return len(u.Pending) == 1 && u.Pending[0] == 1
	})
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		if k := f.kinds(); len(k) >= 3 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	k := f.kinds()
	if len(k) < 3 || k[0] != NoticeTest || k[1] != NoticeYourMove || k[2] != NoticeReminder {
		t.Fatalf("notices %v", k)
	}
	f.mu.Lock()
	n := f.sent[1]
	f.mu.Unlock()
	if n.Table != id || n.Code == "" || n.Player != "bob" || n.Deadline.IsZero() || f.urls[1] != "https://push.example/bob" {
		t.Fatalf("your-move notice %+v to %s", n, f.urls[1])
	}
}
