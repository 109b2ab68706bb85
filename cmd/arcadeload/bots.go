package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"time"
)

// What the bot tables mode types and looks for (ui/create.go, ui/table.go,
// rooms/clock.go). The new-table form's rows are Game, Seats, Table, Bots,
// Bot level and Turn clock, in that order, for every game.
const (
	botsFormKeys   = "jjjjljh"           // down to Bot level, harder; down to Turn clock, from off back to blitz
	hardMarker     = "‹ hard ›"          // the form's Bot level row once set to hard
	blitzMarker    = "‹ blitz"           // its Turn clock row once set to blitz
	playingMarker  = "· playing ·"       // a table screen's title while the game runs
	autoPassMarker = "Auto-pass on"      // after A at the table
	standInMarker  = "timed out 3 times" // the log line when a bot takes the idle creator's seat
	formKeysHint   = "enter create"      // the form is drawn in full
	botHostPrefix  = "bt"                // user names of the tables' creators: bt01, bt02, ...
	botsMarkerWait = 10 * time.Second    // longest wait for a screen while a table is opened
	botsCheckEvery = 250 * time.Millisecond
)

// botsResult is the bot tables mode's report; its JSON is the -json output.
type botsResult struct {
	Label  string `json:"label,omitempty"`
	Addr   string `json:"addr"`
	PID    int    `json:"pid,omitempty"`
	Size   string `json:"size"`
	Dial   int    `json:"dial"`
	Tables struct {
		Asked int `json:"asked"`
		Addrs int `json:"addrs"` // addresses they were opened from
		// Playing: opened and started; AllBots: the creator's seat handed
		// to a bot too; PlayingAtEnd: still playing after the second phase.
		Playing      int      `json:"playing"`
		AllBots      int      `json:"all_bots"`
		PlayingAtEnd int      `json:"playing_at_end"`
		WarmupS      float64  `json:"warmup_s"` // from the first dial until every seat was a bot's
		Errors       []string `json:"errors,omitempty"`
	} `json:"tables"`
	Idle  phaseResult `json:"idle"`      // first screens before the tables open
	Bots  phaseResult `json:"with_bots"` // first screens while their bots play
	Ratio float64     `json:"p99_ratio"` // Bots p99 / Idle p99
}

// phaseResult is one phase's first screens of fresh sessions and the
// server's CPU meanwhile.
type phaseResult struct {
	Seconds       float64        `json:"seconds"`
	FirstScreenMs dist           `json:"first_screen_ms"`
	Failed        map[string]int `json:"failed,omitempty"`
	CPUPercent    float64        `json:"cpu_pct,omitempty"` // of one core
}

// botHost is the session that opened one bot table; it stays at the table.
type botHost struct {
	s   *session
	err error
}

// runBots measures the lobby's first screen before and while -bot-tables
// tables of hard bots play: fresh sessions, each closed after its first
// screen, -n per phase. Progress and failures go to logw.
func runBots(c config, logw io.Writer) *botsResult {
	r := &botsResult{Label: c.label, Addr: c.addr, PID: c.pid, Size: fmt.Sprintf("%dx%d", c.w, c.h), Dial: c.dial}
	r.Tables.Asked, r.Tables.Addrs = c.botTables, c.botAddrs
	d := &dialer{addr: c.addr, w: c.w, h: c.h, ips: c.ips, timeout: c.timeout}

	fmt.Fprintf(logw, "arcadeload: %d first screens with no table open\n", c.n)
	r.Idle = firstScreens(c, d, 'l')

	start := time.Now()
	fmt.Fprintf(logw, "arcadeload: opening %d tables against hard bots from %d addresses\n", c.botTables, c.botAddrs)
	hosts := openBotTables(c, d)
	defer func() {
		for _, h := range hosts {
			if h.s != nil {
				h.s.client.Close()
			}
		}
	}()
	errs := map[string]int{}
	for _, h := range hosts {
		switch {
		case h.err != nil:
			errs[h.err.Error()]++
		default:
			r.Tables.AllBots++
		}
		if h.s != nil && h.s.shows(playingMarker) {
			r.Tables.Playing++
		}
	}
	for _, k := range slices.Sorted(maps.Keys(errs)) {
		e := fmt.Sprintf("%d× %s", errs[k], k)
		fmt.Fprintln(logw, "arcadeload:", e)
		r.Tables.Errors = append(r.Tables.Errors, e)
	}
	r.Tables.WarmupS = round2(time.Since(start).Seconds())
	time.Sleep(c.settle)

	fmt.Fprintf(logw, "arcadeload: %d first screens while %d tables play\n", c.n, r.Tables.Playing)
	r.Bots = firstScreens(c, d, 'b')
	for _, h := range hosts {
		if h.s != nil && !h.s.isEnded() && h.s.shows(playingMarker) {
			r.Tables.PlayingAtEnd++
		}
	}
	if r.Idle.FirstScreenMs.P99 > 0 {
		r.Ratio = round2(r.Bots.FirstScreenMs.P99 / r.Idle.FirstScreenMs.P99)
	}
	return r
}

// firstScreens dials -n fresh sessions, -dial at a time, each closed once
// its first screen is in, and times them; it reads the server's CPU over
// the phase. Users are named prefix00001 and up.
func firstScreens(c config, d *dialer, prefix byte) phaseResult {
	var (
		mu     sync.Mutex
		firsts []time.Duration
		failed = map[string]int{}
		wg     sync.WaitGroup
	)
	sem := make(chan struct{}, c.dial)
	cpu0, t0 := procCPU(c.pid), time.Now()
	for i := range c.n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			s, err := d.open(i, fmt.Sprintf("%c%05d", prefix, i+1), false)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed[err.Error()]++
				return
			}
			s.client.Close()
			firsts = append(firsts, s.firstAt)
		})
	}
	wg.Wait()
	wall := time.Since(t0).Seconds()
	p := phaseResult{Seconds: round2(wall), FirstScreenMs: distOf(firsts)}
	if len(failed) > 0 {
		p.Failed = failed
	}
	if c.pid > 0 {
		p.CPUPercent = round2((procCPU(c.pid) - cpu0).Seconds() / wall * 100)
	}
	return p
}

// openBotTables has -bot-tables creators, spread over -bot-addrs
// addresses, each open a table against hard bots at once (b in the lobby,
// Bot level hard, Turn clock blitz) and stay at it. Each turns auto-pass
// on and waits, up to -bot-wait, for its own seat to go to a bot too: the
// turn clock hands it over after 3 turns that ran out.
func openBotTables(c config, d *dialer) []botHost {
	hd := *d
	hd.ips = c.botAddrs
	hosts := make([]botHost, c.botTables)
	for i := range hosts { // one at a time: the server lets an address log in 2 at once
		s, err := hd.open(i, fmt.Sprintf("%s%02d", botHostPrefix, i+1), true)
		hosts[i] = botHost{s: s, err: err}
	}
	var wg sync.WaitGroup
	for i := range hosts {
		if hosts[i].err != nil {
			continue
		}
		wg.Go(func() {
			s := hosts[i].s
			err := s.do(botsMarkerWait, "", lobbyHeading, "b", formKeysHint, botsFormKeys, hardMarker, "", blitzMarker,
				"\r", playingMarker, "A", autoPassMarker)
			if err == nil {
				err = waitStandIn(s, c.botWait)
			}
			hosts[i].err = err
		})
	}
	wg.Wait()
	return hosts
}

// waitStandIn waits until the host's screen says a bot took their seat.
func waitStandIn(s *session, wait time.Duration) error {
	end := time.Now().Add(wait)
	for !s.shows(standInMarker) {
		switch {
		case s.isEnded():
			return fmt.Errorf("%s: the session ended", s.name)
		case !s.shows(playingMarker):
			return fmt.Errorf("%s: the game is no longer playing", s.name)
		case time.Now().After(end):
			return fmt.Errorf("%s: no bot took the creator's seat within %v", s.name, wait)
		}
		time.Sleep(botsCheckEvery)
	}
	return nil
}

// reportBots prints the report: text on w, or with -json the JSON on w and
// the text on logw.
func reportBots(c config, r *botsResult, w, logw io.Writer) {
	if !c.json {
		printBots(w, r)
		return
	}
	printBots(logw, r)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(r)
}

// printBots writes the report for people.
func printBots(w io.Writer, r *botsResult) {
	p := func(format string, a ...any) { fmt.Fprintf(w, format+"\n", a...) }
	if r.Label != "" {
		p("run: %s", r.Label)
	}
	t := r.Tables
	p("bot tables: %d of %d playing, opened from %d addresses, %d with every seat a bot after %.1f s, %d still playing at the end",
		t.Playing, t.Asked, t.Addrs, t.AllBots, t.WarmupS, t.PlayingAtEnd)
	for _, e := range t.Errors {
		p("  error: %s", e)
	}
	phase := func(name string, ph phaseResult) {
		p("first screen %s: %v (%s, dialled %d at a time, over %.1f s)", name, ph.FirstScreenMs, r.Size, r.Dial, ph.Seconds)
		if r.PID > 0 {
			p("  server CPU meanwhile: %.1f%% of one core", ph.CPUPercent)
		}
		for _, k := range slices.Sorted(maps.Keys(ph.Failed)) {
			p("  failed %d× %s", ph.Failed[k], k)
		}
	}
	phase("with no table open", r.Idle)
	phase("while the bots play", r.Bots)
	p("p99 while the bots play / with no table open: %.2f", r.Ratio)
}
