package metrics_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"arcade/rooms"
	"arcade/sshserver"
	"arcade/sshserver/metrics"
	"arcade/sshserver/sshtest"
)

const wait = 15 * time.Second

// scrape fetches /metrics and parses it with Prometheus's own text parser.
func scrape(t *testing.T, url string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("/metrics does not parse: %v", err)
	}
	return families
}

// value is the value of the family's sample whose labels include want
// (-1 when there is none).
func value(families map[string]*dto.MetricFamily, name string, want map[string]string) float64 {
	f := families[name]
	if f == nil {
		return -1
	}
	for _, m := range f.GetMetric() {
		labels := map[string]string{}
		for _, l := range m.GetLabel() {
			labels[l.GetName()] = l.GetValue()
		}
		match := true
		for k, v := range want {
			match = match && labels[k] == v
		}
		if !match {
			continue
		}
		switch {
		case m.Gauge != nil:
			return m.Gauge.GetValue()
		case m.Counter != nil:
			return m.Counter.GetValue()
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount())
		}
	}
	return -1
}

func status(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	return resp.StatusCode
}

// TestMetricsMoveWithRealSessions drives the real SSH server and reads
// /metrics as Prometheus would: the session gauge, handshakes, refusals by
// reason, frames drawn, lobby fan-outs and the probes follow what happens.
func TestMetricsMoveWithRealSessions(t *testing.T) {
	m := metrics.New()
	srv := sshtest.StartHub(t, rooms.Config{Observe: m, LobbyEvery: time.Millisecond}, func(c *sshserver.Config) {
		c.Observe = m
		c.MaxPerIP = 2
	})
	m.Watch(srv.Server, srv.Hub, func() bool { return !srv.Hub.Draining() })
	web := httptest.NewServer(m.Handler())
	defer web.Close()

	if got := status(t, web.URL+"/healthz"); got != http.StatusOK {
		t.Fatalf("/healthz: %d", got)
	}
	if got := status(t, web.URL+"/readyz"); got != http.StatusOK {
		t.Fatalf("/readyz: %d", got)
	}
	before := scrape(t, web.URL)
	if v := value(before, "arcade_sessions", nil); v != 0 {
		t.Fatalf("sessions before anyone came: %v", v)
	}
	if value(before, "go_goroutines", nil) <= 0 || value(before, "arcade_players_online", nil) != 0 {
		t.Fatal("the Go runtime or the hub's gauges are missing")
	}

	a := sshtest.Dial(t, srv.Addr, "ann", sshtest.Options{Key: sshtest.NewKey(t)})
	b := sshtest.Dial(t, srv.Addr, "ben", sshtest.Options{})
	for _, p := range []*sshtest.Term{a, b} {
		if err := p.WaitFor(sshtest.LobbyMarker, wait); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := sshtest.Connect(srv.Addr, "cat", nil); err == nil {
		t.Fatal("a third connection from one address got in")
	}
	got := scrape(t, web.URL)
	checks := []struct {
		name   string
		labels map[string]string
		ok     func(float64) bool
	}{
		{"arcade_sessions", nil, func(v float64) bool { return v == 2 }},
		{"arcade_players_online", nil, func(v float64) bool { return v == 2 }},
		{"arcade_ssh_handshakes_total", map[string]string{"outcome": "ok"}, func(v float64) bool { return v >= 2 }},
		{"arcade_refusals_total", map[string]string{"reason": sshserver.RefusedPerIP}, func(v float64) bool { return v == 1 }},
		{"arcade_render_seconds", nil, func(v float64) bool { return v >= 2 }},
		{"arcade_fanout_seconds", map[string]string{"kind": "lobby"}, func(v float64) bool { return v >= 1 }},
	}
	for _, c := range checks {
		if v := value(got, c.name, c.labels); !c.ok(v) {
			t.Errorf("%s%v = %v", c.name, c.labels, v)
		}
	}

	srv.Hub.SetDraining(true)
	if got := status(t, web.URL+"/readyz"); got != http.StatusServiceUnavailable {
		t.Errorf("/readyz while draining: %d", got)
	}
	if v := value(scrape(t, web.URL), "arcade_draining", nil); v != 1 {
		t.Errorf("arcade_draining = %v", v)
	}

	_ = a.Close()
	_ = b.Close()
	deadline := time.Now().Add(wait)
	for value(scrape(t, web.URL), "arcade_sessions", nil) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the session gauge did not come back to 0")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if out := status(t, web.URL+"/nothing"); out != http.StatusNotFound {
		t.Errorf("an unknown path: %d", out)
	}
}
