package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"
)

// What the fan-outs type and look for on the arcade's screens (ui/lobby.go,
// ui/create.go, ui/tablewait.go, ui/seats.go).
const (
	lobbyHeading   = "OPEN TABLES"         // the lobby's tables pane
	formMarker     = "NEW TABLE"           // the new-table form
	hostMarker     = "WAITING FOR PLAYERS" // a waiting table, as its players see it
	leaveMarker    = "The table closes"    // after Q at a table nobody else sits at
	watchingMarker = "You are watching"    // a spectator's waiting table
	botMarker      = "2. Normal bot"       // seat 2 in the seat list, once a normal bot sits there
	panelEmpty     = "› 2. empty"          // host's seats panel, cursor on empty seat 2
	panelBot       = "› 2. Normal bot"     // the same with the bot seated
)

// group is a session that presses keys and the sessions that watch for the
// change.
type group struct {
	actor    *session
	watchers []*session
}

// tally collects a fan-out's timings.
type tally struct {
	show, hide      []time.Duration
	missed, skipped int
	updates         int
	bytes           int64         // output the timed screens received during their steps
	cpu0, cpu1      time.Duration // the server's CPU
	self0, self1    time.Duration // ours
	start, end      time.Time
	errors          []string
}

// lobbyFanout times a public table appearing in, and leaving, every lobby.
// The openers take turns, one per round.
func lobbyFanout(c config, openers, watchers []*session, logw io.Writer) *fanoutResult {
	ops, ws := nonNil(openers), nonNil(watchers)
	t := &tally{}
	switch {
	case len(ops) == 0:
		t.errors = append(t.errors, "no opener could connect")
	case slices.ContainsFunc(ws, func(s *session) bool {
		return slices.ContainsFunc(ops, func(o *session) bool { return s.shows(o.name) })
	}):
		t.errors = append(t.errors, "a lobby lists a table of an opener already: start a fresh server")
	default:
		t.begin(c.pid)
		for r := range c.rounds {
			o := ops[r%len(ops)]
			groups := []group{{actor: o, watchers: ws}}
			if err := o.do(c.wait, "c", formMarker); err != nil {
				t.fail(logw, err)
				break
			}
			t.timeStep(groups, o.name, true, "\r", c.wait)
			time.Sleep(c.gap)
			if err := o.do(c.wait, "", hostMarker, "Q", leaveMarker); err != nil {
				t.fail(logw, err)
				break
			}
			t.timeStep(groups, o.name, false, "y", c.wait)
			if err := o.do(c.wait, "", lobbyHeading); err != nil {
				t.fail(logw, err)
				break
			}
			time.Sleep(c.gap)
		}
		t.finish(c.pid)
	}
	return t.result("lobby", c.rounds, len(ws), 0)
}

// tableFanout times a change at watched tables: every host seats a bot and
// takes it out again while its watchers look on.
func tableFanout(c config, hosts, watchers []*session, logw io.Writer) *fanoutResult {
	ws := nonNil(watchers)
	t := &tally{}
	var groups []group
	for k, h := range hosts {
		lo, hi := k*c.perTable, min((k+1)*c.perTable, len(ws))
		if lo >= hi {
			break
		}
		if h == nil {
			t.fail(logw, fmt.Errorf("host %d could not connect: its %d watchers sit out", k+1, hi-lo))
			continue
		}
		// One at a time, so the lobby lists the tables in this order.
		if err := h.do(c.wait, "c", formMarker, "\r", hostMarker); err != nil {
			t.fail(logw, err)
			continue
		}
		groups = append(groups, group{actor: h, watchers: ws[lo:hi]})
	}

	// Every watcher finds its host's row in the lobby and watches it.
	var (
		mu   sync.Mutex
		errs = map[string]int{}
		wg   sync.WaitGroup
	)
	oks := make([][]bool, len(groups))
	for gi, g := range groups {
		oks[gi] = make([]bool, len(g.watchers))
		for i, s := range g.watchers {
			wg.Go(func() {
				err := watchTable(s, gi, g.actor.name, groups[0].actor.name, c.wait)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					errs["watcher: "+err.Error()]++
					return
				}
				oks[gi][i] = true
			})
		}
	}
	wg.Wait()
	for gi := range groups {
		var kept []*session
		for i, s := range groups[gi].watchers {
			if oks[gi][i] {
				kept = append(kept, s)
			}
		}
		groups[gi].watchers = kept
	}
	for _, k := range slices.Sorted(maps.Keys(errs)) {
		t.fail(logw, fmt.Errorf("%d× %s", errs[k], k))
	}
	groups = slices.DeleteFunc(groups, func(g group) bool { return len(g.watchers) == 0 })

	// Hosts open the seats panel (the cursor goes to seat 2, the first empty).
	groups = slices.DeleteFunc(groups, func(g group) bool {
		err := g.actor.do(c.wait, "B", panelEmpty)
		if err != nil {
			t.fail(logw, err)
		}
		return err != nil
	})
	watching := 0
	for _, g := range groups {
		watching += len(g.watchers)
	}
	if len(groups) > 0 {
		t.begin(c.pid)
		for range c.rounds {
			if !t.allDo(logw, groups, c.wait, "", panelEmpty) {
				break
			}
			t.timeStep(groups, botMarker, true, "\r", c.wait)
			time.Sleep(c.gap)
			if !t.allDo(logw, groups, c.wait, "k", panelBot) {
				break
			}
			t.timeStep(groups, botMarker, false, "x", c.wait)
			time.Sleep(c.gap)
		}
		t.finish(c.pid)
	}
	return t.result("table", c.rounds, watching, len(groups))
}

// watchTable moves a lobby session to the host's table as a spectator: tab
// to the tables pane, down to the table's row (the lobby lists the tables
// in the order the hosts opened them, index is this one's; its row may be
// below the screen, and a table may take two lines), w; then it checks
// that the table watched is the host's.
func watchTable(s *session, index int, host, first string, wait time.Duration) error {
	// The first table's row (not the host's line among who is online):
	// the lobby lists the tables by now.
	if err := s.waitFor("waiting  "+first, true, wait); err != nil {
		return fmt.Errorf("the lobby does not list the tables: %w", err)
	}
	time.Sleep(300 * time.Millisecond) // a lobby broadcast after the last table opened
	if err := s.send("\t" + strings.Repeat("j", index) + "w"); err != nil {
		return err
	}
	if err := s.waitFor(watchingMarker, true, wait); err != nil {
		return err
	}
	if row, _ := s.find("1. " + host); row < 0 {
		return fmt.Errorf("watching another table than %s's", host)
	}
	return nil
}

// do types keys and waits for the screen to show a marker, for each
// (keys, marker) pair in turn; empty keys only wait.
func (s *session) do(wait time.Duration, keysAndMarkers ...string) error {
	for i := 0; i+1 < len(keysAndMarkers); i += 2 {
		if k := keysAndMarkers[i]; k != "" {
			if err := s.send(k); err != nil {
				return fmt.Errorf("%s: %w", s.name, err)
			}
		}
		if err := s.waitFor(keysAndMarkers[i+1], true, wait); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
	}
	return nil
}

// allDo runs do on every group's actor at once; false if one failed.
func (t *tally) allDo(logw io.Writer, groups []group, wait time.Duration, keysAndMarkers ...string) bool {
	errs := make([]error, len(groups))
	var wg sync.WaitGroup
	for i, g := range groups {
		wg.Go(func() { errs[i] = g.actor.do(wait, keysAndMarkers...) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.fail(logw, err)
			return false
		}
	}
	return true
}

// timeStep arms every watcher for the marker to show (or go), has every
// actor press key, and waits up to wait for all screens.
func (t *tally) timeStep(groups []group, marker string, show bool, key string, wait time.Duration) {
	steps := make([]*step, len(groups))
	armed := make([][]*session, len(groups))
	before := map[*session]int64{}
	for gi, g := range groups {
		steps[gi] = newStep()
		for _, s := range g.watchers {
			if s.arm(marker, show, steps[gi]) {
				armed[gi] = append(armed[gi], s)
				before[s] = s.received.Load()
			} else {
				t.skipped++
			}
		}
		steps[gi].ready(len(armed[gi]))
	}
	for gi, g := range groups {
		steps[gi].start()
		_ = g.actor.send(key) // a dead actor shows up as missed screens
	}
	timeout := time.After(wait)
	for _, st := range steps {
		select {
		case <-st.done:
		case <-timeout:
		}
	}
	for gi := range groups {
		for _, s := range armed[gi] {
			d := s.disarm()
			t.bytes += s.received.Load() - before[s]
			switch {
			case d == 0:
				t.missed++
			case show:
				t.show = append(t.show, d)
			default:
				t.hide = append(t.hide, d)
			}
			if d > 0 {
				t.updates++
			}
		}
	}
}

func (t *tally) begin(pid int) { t.cpu0, t.self0, t.start = procCPU(pid), selfCPU(), time.Now() }

func (t *tally) finish(pid int) { t.cpu1, t.self1, t.end = procCPU(pid), selfCPU(), time.Now() }

func (t *tally) fail(logw io.Writer, err error) {
	fmt.Fprintln(logw, "arcadeload:", err)
	t.errors = append(t.errors, err.Error())
}

func (t *tally) result(mode string, rounds, watchers, tables int) *fanoutResult {
	f := &fanoutResult{Mode: mode, Watchers: watchers, Tables: tables, Rounds: rounds,
		ShowMs: distOf(t.show), HideMs: distOf(t.hide), Missed: t.missed, Skipped: t.skipped,
		Updates: t.updates, Errors: t.errors}
	if !t.start.IsZero() {
		f.wall = t.end.Sub(t.start)
		wall := f.wall.Seconds()
		f.Seconds = round2(wall)
		f.cpu = t.cpu1 - t.cpu0
		f.ServerCPUSeconds = round2(f.cpu.Seconds())
		f.ClientCPUPercent = round2((t.self1 - t.self0).Seconds() / wall * 100)
		if t.updates > 0 {
			f.CPUUsPerUpdate = round2((t.cpu1 - t.cpu0).Seconds() * 1e6 / float64(t.updates))
			f.ClientCPUUsPerUpdate = round2((t.self1 - t.self0).Seconds() * 1e6 / float64(t.updates))
			f.BytesPerUpdate = round2(float64(t.bytes) / float64(t.updates))
		}
	}
	return f
}

func nonNil(ss []*session) []*session {
	return slices.DeleteFunc(slices.Clone(ss), func(s *session) bool { return s == nil })
}
