package webhook

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"
)

// hook is a test endpoint: it keeps what each POST carried and lets answer
// reply to the n-th (from 1).
type hook struct {
	srv *httptest.Server

	mu   sync.Mutex
	reqs []*http.Request
	body [][]byte
	at   []time.Time
}

func newHook(t *testing.T, answer func(n int, w http.ResponseWriter, r *http.Request)) *hook {
	t.Helper()
	h := &hook{}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		h.reqs = append(h.reqs, r)
		h.body = append(h.body, b)
		h.at = append(h.at, time.Now())
		n := len(h.reqs)
		h.mu.Unlock()
		answer(n, w, r)
	}))
	t.Cleanup(h.srv.Close)
	return h
}

// status answers every POST with code.
func status(code int) func(int, http.ResponseWriter, *http.Request) {
	return func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(code) }
}

func (h *hook) hits() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.reqs)
}

// testConfig suits a hook: private addresses allowed (it listens on
// 127.0.0.1), short back-off, a generous rate.
func testConfig() Config {
	return Config{AllowPrivate: true, Backoff: 10 * time.Millisecond, Burst: 100, Every: time.Millisecond}
}

func newTestNotifier(t *testing.T, cfg Config) *Notifier {
	t.Helper()
	nt := New(cfg)
	t.Cleanup(nt.Close)
	return nt
}

// waitFor waits until cond holds, failing after a few seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// stays checks that cond still holds a little later.
func stays(t *testing.T, what string, cond func() bool) {
	t.Helper()
	time.Sleep(150 * time.Millisecond)
	if !cond() {
		t.Fatalf("%s changed", what)
	}
}

var notice = Notice{Kind: KindYourMove, Player: "Ann", Game: "chess", GameName: "Chess", Table: "t-12", Code: "KQZX"}

func mustParse(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// got is the i-th POST (from 0): its request, body and time.
func (h *hook) got(i int) (*http.Request, []byte, time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.reqs[i], h.body[i], h.at[i]
}
