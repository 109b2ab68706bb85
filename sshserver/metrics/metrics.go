// Package metrics is the operator's view of a running arcade: Prometheus
// metrics (sessions, tables by game and status, handshakes and refusals by
// reason, moves applied, fan-out, render and bot decision times, the Go
// runtime and the process) and the /healthz and /readyz probes, served over
// HTTP (serve -metrics ADDR).
//
// A Metrics is both the sshserver.Observer and the rooms.Observer that feed
// it; the gauges are read from the server and the hub when scraped.
package metrics

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"arcade/rooms"
	"arcade/sshserver"
)

// Metrics holds the arcade's metrics in a registry of its own.
type Metrics struct {
	reg *prometheus.Registry

	handshakes *prometheus.CounterVec
	refusals   *prometheus.CounterVec
	moves      *prometheus.CounterVec
	storeErrs  *prometheus.CounterVec
	botTime    *prometheus.HistogramVec
	fanout     *prometheus.HistogramVec
	render     prometheus.Histogram

	server *sshserver.Server
	hub    *rooms.Hub
	ready  func() bool
}

// New makes the metrics. Feed them by passing the result as
// sshserver.Config.Observe and rooms.Config.Observe, then call Watch with
// the server and hub built from those configs.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.handshakes = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arcade_ssh_handshakes_total",
		Help: "SSH handshakes by outcome: ok (authenticated) or failed.",
	}, []string{"outcome"})
	m.refusals = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arcade_refusals_total",
		Help: "Connections and sessions refused, by reason.",
	}, []string{"reason"})
	m.moves = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arcade_moves_applied_total",
		Help: "Moves applied at tables, by game.",
	}, []string{"game"})
	m.storeErrs = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arcade_store_errors_total",
		Help: "Writes the store refused, by operation (save table, save game, see player, ...).",
	}, []string{"op"})
	m.botTime = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "arcade_bot_decision_seconds",
		Help:    "Time a bot took to choose a move, by game and level.",
		Buckets: []float64{.001, .005, .01, .05, .1, .25, .5, 1, 2, 5},
	}, []string{"game", "level"})
	m.fanout = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "arcade_fanout_seconds",
		Help:    "Time to compute and hand out one update: a table's to its sessions, or the lobby's to everyone in it.",
		Buckets: []float64{.00005, .0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1},
	}, []string{"kind"})
	m.render = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "arcade_render_seconds",
		Help:    "Time to draw one frame of a session's screen (view and diff).",
		Buckets: []float64{.00005, .0001, .00025, .0005, .001, .0025, .005, .01, .025},
	})
	m.reg.MustRegister(m.handshakes, m.refusals, m.moves, m.storeErrs, m.botTime, m.fanout, m.render,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		gauges{m})
	return m
}

// Watch points the scrape-time gauges at the server and the hub; ready
// says whether the server takes new players (for /readyz; nil: always).
func (m *Metrics) Watch(server *sshserver.Server, hub *rooms.Hub, ready func() bool) {
	m.server, m.hub, m.ready = server, hub, ready
}

// Handshake implements sshserver.Observer.
func (m *Metrics) Handshake(outcome string) { m.handshakes.WithLabelValues(outcome).Inc() }

// Refused implements sshserver.Observer.
func (m *Metrics) Refused(reason string) { m.refusals.WithLabelValues(reason).Inc() }

// Rendered implements sshserver.Observer.
func (m *Metrics) Rendered(took time.Duration) { m.render.Observe(took.Seconds()) }

// MoveApplied implements rooms.Observer.
func (m *Metrics) MoveApplied(game string) { m.moves.WithLabelValues(game).Inc() }

// StoreFailed implements rooms.Observer.
func (m *Metrics) StoreFailed(op string) { m.storeErrs.WithLabelValues(op).Inc() }

// BotDecided implements rooms.Observer.
func (m *Metrics) BotDecided(game, level string, took time.Duration) {
	m.botTime.WithLabelValues(game, level).Observe(took.Seconds())
}

// FannedOut implements rooms.Observer.
func (m *Metrics) FannedOut(kind string, took time.Duration) {
	m.fanout.WithLabelValues(kind).Observe(took.Seconds())
}

// gauges reads the server's and the hub's counters when scraped.
type gauges struct{ m *Metrics }

var (
	sessionsDesc = prometheus.NewDesc("arcade_sessions", "SSH sessions running.", nil, nil)
	connsDesc    = prometheus.NewDesc("arcade_connections", "Open TCP connections admitted, by state: handshake (not logged in yet) or all.", []string{"state"}, nil)
	onlineDesc   = prometheus.NewDesc("arcade_players_online", "Players connected to the hub.", nil, nil)
	tablesDesc   = prometheus.NewDesc("arcade_tables", "Open tables, private ones included, by game and status.", []string{"game", "status"}, nil)
	botsDesc     = prometheus.NewDesc("arcade_bot_decisions", "Bot decisions by state: queued or thinking.", []string{"state"}, nil)
	drainDesc    = prometheus.NewDesc("arcade_draining", "1 while the server is in drain mode (no new tables).", nil, nil)
)

// Describe implements prometheus.Collector.
func (gauges) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{sessionsDesc, connsDesc, onlineDesc, tablesDesc, botsDesc, drainDesc} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (g gauges) Collect(ch chan<- prometheus.Metric) {
	if s := g.m.server; s != nil {
		st := s.Stats()
		ch <- prometheus.MustNewConstMetric(sessionsDesc, prometheus.GaugeValue, float64(st.Sessions))
		ch <- prometheus.MustNewConstMetric(connsDesc, prometheus.GaugeValue, float64(st.Conns), "all")
		ch <- prometheus.MustNewConstMetric(connsDesc, prometheus.GaugeValue, float64(st.Startups), "handshake")
	}
	if h := g.m.hub; h != nil {
		st := h.Stats()
		ch <- prometheus.MustNewConstMetric(onlineDesc, prometheus.GaugeValue, float64(st.Online))
		ch <- prometheus.MustNewConstMetric(botsDesc, prometheus.GaugeValue, float64(st.BotsQueued), "queued")
		ch <- prometheus.MustNewConstMetric(botsDesc, prometheus.GaugeValue, float64(st.BotsThinking), "thinking")
		for _, c := range h.TableCounts() {
			ch <- prometheus.MustNewConstMetric(tablesDesc, prometheus.GaugeValue, float64(c.N), c.Game, string(c.Status))
		}
		draining := 0.0
		if h.Draining() {
			draining = 1
		}
		ch <- prometheus.MustNewConstMetric(drainDesc, prometheus.GaugeValue, draining)
	}
}

// Handler serves /metrics, /healthz (the process answers) and /readyz (the
// server takes new players: 503 while starting, draining, shutting down or
// while its store refuses writes).
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		if m.server == nil || (m.ready != nil && !m.ready()) {
			http.Error(w, "not ready", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
	return mux
}

// Serve serves Handler on ln until ctx ends.
func (m *Metrics) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           m.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
