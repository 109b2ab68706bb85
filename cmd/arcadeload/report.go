package main

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"time"
)

// result is the whole report; its JSON is the -json output.
type result struct {
	Label    string         `json:"label,omitempty"`
	Addr     string         `json:"addr"`
	PID      int            `json:"pid,omitempty"`
	Size     string         `json:"size"`
	Dial     int            `json:"dial"`
	Sessions sessionsResult `json:"sessions"`
	Connect  connectResult  `json:"connect"`
	Idle     idleResult     `json:"idle"`
	Fanout   *fanoutResult  `json:"fanout,omitempty"`
}

// sessionsResult counts the sessions.
type sessionsResult struct {
	Asked   int            `json:"asked"`            // -n plus the fan-out's own sessions
	Open    int            `json:"open"`             // first screen seen
	Failed  int            `json:"failed"`           // no first screen
	Dropped int            `json:"dropped"`          // ended by the server after their first screen
	Errors  map[string]int `json:"errors,omitempty"` // failures by reason
}

// connectResult is the connect phase.
type connectResult struct {
	Seconds       float64 `json:"seconds"`    // first dial to last first screen (or failure)
	PerSecond     float64 `json:"per_second"` // open sessions / seconds
	HandshakeMs   dist    `json:"handshake_ms"`
	FirstScreenMs dist    `json:"first_screen_ms"`
}

// idleResult is the server's cost of the open sessions (server figures need
// -pid; CPU figures need -idle).
type idleResult struct {
	Seconds               float64 `json:"seconds"` // idle window (0: not measured)
	RSSEmptyKiB           float64 `json:"rss_empty_kib"`
	RSSKiB                float64 `json:"rss_kib"`
	RSSPerSessionKiB      float64 `json:"rss_per_session_kib"`
	CPUPercent            float64 `json:"cpu_pct"` // of one core
	CPUUsPerSessionSecond float64 `json:"cpu_us_per_session_s"`
	ClientCPUPercent      float64 `json:"client_cpu_pct"` // this tool, same window

	cpuRate float64 // server CPU seconds per second, unrounded
}

// fanoutResult is a fan-out's timings.
type fanoutResult struct {
	Mode     string `json:"mode"`             // lobby or table
	Watchers int    `json:"watchers"`         // sessions whose screens were timed
	Tables   int    `json:"tables,omitempty"` // table mode: tables, one host each
	Rounds   int    `json:"rounds"`
	ShowMs   dist   `json:"show_ms"` // key → the change shows on a screen
	HideMs   dist   `json:"hide_ms"` // key → it is gone again
	Missed   int    `json:"missed"`  // (session, step) pairs not seen within -wait
	Skipped  int    `json:"skipped"` // pairs not timed: the session had ended
	// Seconds is the wall time of the rounds, gaps included.
	Seconds          float64 `json:"seconds"`
	ServerCPUSeconds float64 `json:"server_cpu_s"`
	// Updates is the screen updates timed (pairs seen).
	Updates int `json:"updates"`
	// CPUUsPerUpdate is the server's CPU over the rounds per update;
	// CPUUsPerUpdateNet first takes off the idle rate measured before.
	CPUUsPerUpdate    float64 `json:"cpu_us_per_update"`
	CPUUsPerUpdateNet float64 `json:"cpu_us_per_update_net,omitempty"`
	ClientCPUPercent  float64 `json:"client_cpu_pct"` // this tool over the rounds
	// ClientCPUUsPerUpdate is this tool's CPU over the rounds per update
	// (it shares the machine's cores with the server); BytesPerUpdate is
	// the output the timed screens received while each step was timed,
	// per update.
	ClientCPUUsPerUpdate float64  `json:"client_cpu_us_per_update"`
	BytesPerUpdate       float64  `json:"bytes_per_update"`
	Errors               []string `json:"errors,omitempty"` // setup failures

	cpu  time.Duration // server CPU over the rounds, unrounded
	wall time.Duration // wall time of the rounds, unrounded
}

// dist sums up durations in milliseconds (nearest-rank percentiles).
type dist struct {
	N   int     `json:"n"`
	P50 float64 `json:"p50"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

func distOf(ds []time.Duration) dist {
	if len(ds) == 0 {
		return dist{}
	}
	s := slices.Sorted(slices.Values(ds))
	at := func(p float64) float64 {
		i := int(math.Ceil(p/100*float64(len(s)))) - 1
		return ms(s[min(max(i, 0), len(s)-1)])
	}
	return dist{N: len(s), P50: at(50), P99: at(99), Max: ms(s[len(s)-1])}
}

func ms(d time.Duration) float64 { return round2(float64(d) / float64(time.Millisecond)) }

func round2(f float64) float64 { return math.Round(f*100) / 100 }

func (d dist) String() string {
	if d.N == 0 {
		return "none"
	}
	return fmt.Sprintf("p50 %.1f ms, p99 %.1f ms, max %.1f ms (n=%d)", d.P50, d.P99, d.Max, d.N)
}

// printText writes the report for people.
func printText(w io.Writer, r *result) {
	p := func(format string, a ...any) { fmt.Fprintf(w, format+"\n", a...) }
	if r.Label != "" {
		p("run: %s", r.Label)
	}
	s := r.Sessions
	p("sessions: %d open, %d failed, %d dropped (of %d, %s, dialled %d at a time, %s)",
		s.Open, s.Failed, s.Dropped, s.Asked, r.Size, r.Dial, r.Addr)
	for _, k := range slices.Sorted(maps.Keys(s.Errors)) {
		p("  failed %d× %s", s.Errors[k], k)
	}
	p("connect: %d in %.2f s (%.1f per second)", s.Open, r.Connect.Seconds, r.Connect.PerSecond)
	p("handshake: %v", r.Connect.HandshakeMs)
	p("first screen: %v", r.Connect.FirstScreenMs)
	in := r.Idle
	if r.PID > 0 {
		p("server RSS: %.1f MiB empty, %.1f MiB with %d sessions: %.1f KiB per session",
			in.RSSEmptyKiB/1024, in.RSSKiB/1024, s.Open, in.RSSPerSessionKiB)
	}
	if in.Seconds > 0 {
		if r.PID > 0 {
			p("server CPU idle over %.1f s: %.2f%% of one core, %.2f µs per session per second",
				in.Seconds, in.CPUPercent, in.CPUUsPerSessionSecond)
		}
		p("client CPU over the same window: %.2f%% of one core", in.ClientCPUPercent)
	}
	if f := r.Fanout; f != nil {
		tables := ""
		if f.Tables > 0 {
			tables = fmt.Sprintf(" at %d tables", f.Tables)
		}
		p("fan-out %s: %d watchers%s, %d rounds", f.Mode, f.Watchers, tables, f.Rounds)
		p("  shows: %v", f.ShowMs)
		p("  gone:  %v", f.HideMs)
		p("  missed %d, skipped %d", f.Missed, f.Skipped)
		p("  client CPU over the rounds: %.2f%% of one core, %.1f µs per screen update", f.ClientCPUPercent, f.ClientCPUUsPerUpdate)
		p("  output per screen update: %.0f bytes", f.BytesPerUpdate)
		if r.PID > 0 {
			net := ""
			if f.CPUUsPerUpdateNet != 0 {
				net = fmt.Sprintf(", %.1f µs net of idle", f.CPUUsPerUpdateNet)
			}
			p("  server CPU %.2f s over %.1f s: %.1f µs per screen update%s",
				f.ServerCPUSeconds, f.Seconds, f.CPUUsPerUpdate, net)
		}
		for _, e := range f.Errors {
			p("  error: %s", e)
		}
	}
}
