package webhook

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestSendPostsJSON(t *testing.T) {
	h := newHook(t, status(204))
	nt := newTestNotifier(t, testConfig())
	// An ntfy address with a message template, as the package doc advises.
	if err := nt.Send("p1", h.srv.URL+"/hooks/abc?tpl=1&m={{.message}}", notice); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the notice to be sent", func() bool { return nt.Stats().Sent == 1 })
	r, body, _ := h.got(0)
	if r.Method != http.MethodPost || r.URL.Path != "/hooks/abc" || r.URL.Query().Get("m") != "{{.message}}" {
		t.Errorf("got %s %s", r.Method, r.URL)
	}
	if ct, ua := r.Header.Get("Content-Type"), r.Header.Get("User-Agent"); ct != "application/json" || ua != "arcade-webhook/1" {
		t.Errorf("Content-Type %q, User-Agent %q", ct, ua)
	}
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	if got["kind"] != "your-move" || got["player"] != "Ann" || got["arcade"] != "v1" || got["content"] != got["text"] {
		t.Errorf("body %s", body)
	}
	if s := nt.Stats(); s != (Stats{Sent: 1}) {
		t.Errorf("stats %+v", s)
	}
}

func TestRetriesAfter5xx(t *testing.T) {
	h := newHook(t, func(n int, w http.ResponseWriter, _ *http.Request) {
		if n == 1 {
			w.WriteHeader(500)
		}
	})
	nt := newTestNotifier(t, testConfig())
	if err := nt.Send("p1", h.srv.URL, notice); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the second try to succeed", func() bool { return nt.Stats().Sent == 1 })
	if h.hits() != 2 || nt.Stats().Failed != 0 {
		t.Fatalf("%d POSTs, stats %+v; want 2, one sent", h.hits(), nt.Stats())
	}
}

func TestGivesUpAfterThreeTries(t *testing.T) {
	h := newHook(t, status(503))
	nt := newTestNotifier(t, testConfig())
	if err := nt.Send("p1", h.srv.URL, notice); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the notice to fail", func() bool { return nt.Stats().Failed == 1 })
	stays(t, "the number of tries", func() bool { return h.hits() == maxTries })
}

func TestNoRetryOn4xx(t *testing.T) {
	h := newHook(t, status(400))
	nt := newTestNotifier(t, testConfig())
	if err := nt.Send("p1", h.srv.URL, notice); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the notice to fail", func() bool { return nt.Stats().Failed == 1 })
	stays(t, "the number of tries", func() bool { return h.hits() == 1 })
}

func TestRetryAfter(t *testing.T) {
	h := newHook(t, func(n int, w http.ResponseWriter, _ *http.Request) {
		if n == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
		}
	})
	nt := newTestNotifier(t, testConfig())
	if err := nt.Send("p1", h.srv.URL, notice); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the second try to succeed", func() bool { return nt.Stats().Sent == 1 })
	_, _, first := h.got(0)
	_, _, second := h.got(1)
	if gap := second.Sub(first); gap < 900*time.Millisecond {
		t.Fatalf("tried again after %v, not the 1 s the server asked for", gap)
	}
}

func TestRetryAfterBeyondMaxWaitGivesUp(t *testing.T) {
	h := newHook(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	nt := newTestNotifier(t, testConfig())
	if err := nt.Send("p1", h.srv.URL, notice); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the notice to fail", func() bool { return nt.Stats().Failed == 1 })
	stays(t, "the number of tries", func() bool { return h.hits() == 1 })
}

func TestRetryAfterHeader(t *testing.T) {
	now := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	for h, want := range map[string]time.Duration{
		"":                              0,
		"7":                             7 * time.Second,
		"-3":                            0,
		"soon":                          0,
		"Mon, 02 Mar 2026 18:00:30 GMT": 30 * time.Second,
		"Mon, 02 Mar 2026 17:00:00 GMT": 0,
	} {
		if got := retryAfter(h, now); got != want {
			t.Errorf("retryAfter(%q) = %v, want %v", h, got, want)
		}
	}
}

// A slow endpoint never holds up the caller of Send; each try ends at the
// timeout.
func TestSlowEndpoint(t *testing.T) {
	h := newHook(t, func(_ int, _ http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	cfg := testConfig()
	cfg.Timeout = 200 * time.Millisecond
	nt := newTestNotifier(t, cfg)
	start := time.Now()
	if err := nt.Send("p1", h.srv.URL, notice); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 50*time.Millisecond {
		t.Fatalf("Send took %v", took)
	}
	waitFor(t, "the notice to fail", func() bool { return nt.Stats().Failed == 1 })
	if h.hits() != maxTries {
		t.Fatalf("%d tries, want %d", h.hits(), maxTries)
	}

	start = time.Now()
	err := nt.Test("p1", h.srv.URL, "Ann")
	if want := "127.0.0.1 did not answer within 200ms."; err == nil || err.Error() != want {
		t.Fatalf("Test: %v, want %q", err, want)
	}
	if took := time.Since(start); took > time.Second || h.hits() != maxTries+1 {
		t.Fatalf("Test took %v and %d tries, want one try of 200ms", took, h.hits()-maxTries)
	}
}

func TestQueueFullDrops(t *testing.T) {
	entered, release := make(chan struct{}, 3), make(chan struct{})
	h := newHook(t, func(int, http.ResponseWriter, *http.Request) {
		entered <- struct{}{}
		<-release
	})
	cfg := testConfig()
	cfg.Workers, cfg.Queue = 1, 1
	nt := newTestNotifier(t, cfg)
	defer close(release)
	if err := nt.Send("p1", h.srv.URL, notice); err != nil {
		t.Fatal(err)
	}
	<-entered // the worker is busy; the queue is empty
	if err := nt.Send("p1", h.srv.URL, notice); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err := nt.Send("p1", h.srv.URL, notice)
	if took := time.Since(start); took > 50*time.Millisecond {
		t.Fatalf("Send waited %v for room in the queue", took)
	}
	if err == nil || err.Error() != errFull.Error() {
		t.Fatalf("third Send: %v, want %q", err, errFull)
	}
	if d := nt.Stats().Dropped; d != 1 {
		t.Fatalf("dropped %d, want 1", d)
	}
}

func TestRateLimit(t *testing.T) {
	h := newHook(t, status(200))
	now := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	cfg := testConfig()
	cfg.Burst, cfg.Every = 2, time.Minute
	cfg.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	nt := newTestNotifier(t, cfg)
	const limited = "Too many notifications: try again in 60 s."

	for i := range 2 {
		if err := nt.Send("p1", h.srv.URL, notice); err != nil {
			t.Fatalf("Send %d: %v", i+1, err)
		}
	}
	if err := nt.Send("p1", h.srv.URL, notice); err == nil || err.Error() != limited {
		t.Fatalf("third Send: %v, want %q", err, limited)
	}
	if err := nt.Test("p1", h.srv.URL, "Ann"); err == nil || err.Error() != limited {
		t.Fatalf("Test: %v, want %q", err, limited)
	}
	if err := nt.Test("p2", h.srv.URL, "Bob"); err != nil {
		t.Fatalf("another player: %v", err)
	}
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	if err := nt.Send("p1", h.srv.URL, notice); err != nil {
		t.Fatalf("a minute later: %v", err)
	}
	waitFor(t, "the notices to be sent", func() bool { return nt.Stats().Sent == 4 })
	if s := nt.Stats(); s.Limited != 2 || h.hits() != 4 {
		t.Fatalf("stats %+v, %d POSTs; want 2 limited, 4 POSTs", s, h.hits())
	}
}

func TestLimiterForgetsFullBuckets(t *testing.T) {
	l := newLimiter(3, time.Minute)
	now := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	for i := range 100 {
		_ = l.take(fmt.Sprint("p", i), now)
	}
	_ = l.take("late", now.Add(3*time.Minute))
	if len(l.keys) != 1 {
		t.Fatalf("%d buckets kept, want 1", len(l.keys))
	}
}

func TestTestSentences(t *testing.T) {
	redirect := newHook(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/elsewhere", http.StatusFound)
	})
	tls := httptest.NewTLSServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer tls.Close()
	nt := newTestNotifier(t, testConfig())
	for _, c := range []struct{ url, want string }{
		{newHook(t, status(204)).srv.URL, ""},
		{newHook(t, status(404)).srv.URL, "127.0.0.1 answered 404 Not Found."},
		{redirect.srv.URL + "/hook", "127.0.0.1 answered with a redirect (302 Found): give the address it leads to."},
		{tls.URL, "The certificate of 127.0.0.1 is not valid."},
		{"ftp://example.com/", "The address must start with https:// or http://."},
	} {
		err := nt.Test("p1", c.url, "Ann")
		if (c.want == "" && err != nil) || (c.want != "" && (err == nil || err.Error() != c.want)) {
			t.Errorf("Test(%s) = %v, want %q", c.url, err, c.want)
		}
	}
	if redirect.hits() != 1 {
		t.Errorf("the redirect was followed: %d POSTs", redirect.hits())
	}

	cfg := testConfig()
	cfg.Transport = tls.Client().Transport
	if err := newTestNotifier(t, cfg).Test("p1", tls.URL, "Ann"); err != nil {
		t.Errorf("with a Transport that trusts the server: %v", err)
	}
}

func TestLogNamesHostOnly(t *testing.T) {
	h := newHook(t, status(403))
	var mu sync.Mutex
	var logs []string
	cfg := testConfig()
	cfg.Logf = func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		logs = append(logs, fmt.Sprintf(format, args...))
	}
	nt := newTestNotifier(t, cfg)
	if err := nt.Send("p1", h.srv.URL+"/hooks/SECRET?token=TOKEN", notice); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the failure to be logged", func() bool { mu.Lock(); defer mu.Unlock(); return len(logs) == 1 })
	line := logs[0]
	if !strings.Contains(line, h.srv.Listener.Addr().String()) || !strings.Contains(line, "403 Forbidden") ||
		strings.Contains(line, "SECRET") || strings.Contains(line, "TOKEN") {
		t.Fatalf("log line %q", line)
	}
}

func TestClose(t *testing.T) {
	entered, cancelled := make(chan struct{}, 1), make(chan struct{}, 1)
	h := newHook(t, func(_ int, _ http.ResponseWriter, r *http.Request) {
		entered <- struct{}{}
		<-r.Context().Done()
		cancelled <- struct{}{}
	})
	cfg := testConfig()
	cfg.Timeout = time.Minute
	nt := New(cfg)
	if err := nt.Send("p1", h.srv.URL, notice); err != nil {
		t.Fatal(err)
	}
	<-entered
	start := time.Now()
	nt.Close()
	if took := time.Since(start); took >= closeWait {
		t.Fatalf("Close waited %v: the workers did not stop", took)
	}
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("the POST in flight was not abandoned")
	}
	if err := nt.Send("p1", h.srv.URL, notice); err == nil || err.Error() != errClosed.Error() {
		t.Fatalf("Send after Close: %v", err)
	}
	if err := nt.Test("p1", h.srv.URL, "Ann"); err == nil || err.Error() != errClosed.Error() {
		t.Fatalf("Test after Close: %v", err)
	}
	nt.Close() // a second Close is harmless
}
