package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// stormConfig is what the storm subcommand's flags ask for.
type stormConfig struct {
	targets  []stormTarget
	n        int
	dial     int
	w, h     int
	ips      int
	timeout  time.Duration
	step     int
	edge     int
	settle   time.Duration
	idle     time.Duration
	floor    string // where to start the floor ("" none)
	floorDir string
	json     bool
}

// stormTarget is one server to storm: a label, its address and its pid
// (0: no CPU figures).
type stormTarget struct {
	Label string `json:"label"`
	Addr  string `json:"addr"`
	PID   int    `json:"pid,omitempty"`
}

// stormReport is one target's storm.
type stormReport struct {
	stormTarget
	Asked   int            `json:"asked"`
	Open    int            `json:"open"`
	Errors  map[string]int `json:"errors,omitempty"`
	Seconds float64        `json:"seconds"` // first dial to the last first screen
	// FirstRate and LastRate are the arrivals per second of the first
	// and the last -edge sessions; LastOverFirst their ratio.
	FirstRate     float64      `json:"first_rate"`
	LastRate      float64      `json:"last_rate"`
	LastOverFirst float64      `json:"last_over_first"`
	FirstScreenMs dist         `json:"first_screen_ms"`
	Curve         []stormPoint `json:"curve"`
	// CPUStormPercent is the server's CPU over the whole storm, in % of
	// one core; CPUIdlePercent over -idle once every session is in.
	CPUStormPercent float64 `json:"cpu_storm_pct,omitempty"`
	CPUIdlePercent  float64 `json:"cpu_idle_pct,omitempty"`
}

// stormPoint is one stretch of the curve: the sessions present when it
// began and ended, how fast they arrived, and the server's CPU meanwhile.
type stormPoint struct {
	From       int     `json:"from"`
	To         int     `json:"to"`
	PerSecond  float64 `json:"per_second"`
	CPUPercent float64 `json:"cpu_pct,omitempty"`
}

// targetList is the repeatable -target flag: label=addr or label=addr@pid.
type targetList []stormTarget

func (l *targetList) String() string { return fmt.Sprint(*l) }

func (l *targetList) Set(v string) error {
	label, rest, ok := strings.Cut(v, "=")
	if !ok || label == "" || rest == "" {
		return fmt.Errorf("-target wants label=host:port or label=host:port@pid, not %q", v)
	}
	addr, pidText, hasPID := strings.Cut(rest, "@")
	t := stormTarget{Label: label, Addr: addr}
	if hasPID {
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid < 1 {
			return fmt.Errorf("-target %q: the pid after @ is not a process id", v)
		}
		t.PID = pid
	}
	*l = append(*l, t)
	return nil
}

// runStorm is the storm subcommand: for every target in turn, then the
// floor, -n sessions dialled -dial at a time, and the curve of arrivals.
func runStorm(args []string, stdout, stderr io.Writer) int {
	c, err := parseStormFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "arcadeload storm:", err)
		return 2
	}
	targets := c.targets
	if c.floor != "" {
		stop, t, err := startFloor(c.floor, c.floorDir, stderr)
		if err != nil {
			fmt.Fprintln(stderr, "arcadeload storm: the floor did not start:", err)
			return 1
		}
		defer stop()
		targets = append(targets, t)
	}
	var reports []*stormReport
	for i, t := range targets {
		if i > 0 {
			time.Sleep(c.settle) // the last target's sessions end
		}
		fmt.Fprintf(stderr, "arcadeload storm: %s (%s): %d sessions, %d at a time\n", t.Label, t.Addr, c.n, c.dial)
		r := storm(c, t, stderr)
		reports = append(reports, r)
		printStorm(stderr, r)
	}
	if c.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(reports)
		return 0
	}
	printStormSummary(stdout, reports)
	return 0
}

func parseStormFlags(args []string, stderr io.Writer) (stormConfig, error) {
	var c stormConfig
	var targets targetList
	fs := flag.NewFlagSet("arcadeload storm", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Var(&targets, "target", "a server to storm, `label=host:port[@pid]` (repeat it; each is stormed in turn)")
	fs.IntVar(&c.n, "n", 3000, "sessions dialled at every target")
	fs.IntVar(&c.dial, "dial", 16, "sessions dialled at a time")
	size := fs.String("size", "80x24", "terminal size `WxH` of every session")
	fs.IntVar(&c.ips, "ips", 32, "spread connections over this many loopback addresses (127.0.0.2 up)")
	fs.DurationVar(&c.timeout, "timeout", 60*time.Second, "longest time from a dial to its first screen")
	fs.IntVar(&c.step, "step", 500, "sessions per point of the curve")
	fs.IntVar(&c.edge, "edge", 1000, "sessions at each end of the storm whose arrival rates are compared")
	fs.DurationVar(&c.settle, "settle", 3*time.Second, "pause once every session is in, and between targets")
	fs.DurationVar(&c.idle, "idle", 5*time.Second, "window for the server's CPU once every session is in (0: skip)")
	fs.StringVar(&c.floor, "floor", "127.0.0.1:2399", "start a bare Wish server (arcadeload floor) on this `address` and storm it last (\"\": no floor)")
	fs.StringVar(&c.floorDir, "floor-data", os.TempDir()+"/arcadeload-floor", "`directory` for the floor's host key")
	fs.BoolVar(&c.json, "json", false, "print the reports as JSON on stdout (the curves go to stderr as text)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	c.targets = targets
	var err error
	if c.w, c.h, err = parseSize(*size); err != nil {
		return c, err
	}
	switch {
	case fs.NArg() > 0:
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case len(c.targets) == 0 && c.floor == "":
		return c, errors.New("give a -target, or leave -floor on")
	case c.n < 1 || c.dial < 1 || c.step < 1 || c.edge < 1:
		return c, errors.New("-n, -dial, -step and -edge must be at least 1")
	case c.ips < 1 || c.ips > 250:
		return c, errors.New("-ips must be within 1..250")
	case c.timeout <= 0 || c.settle < 0 || c.idle < 0:
		return c, errors.New("-timeout must be above zero; -settle and -idle cannot be negative")
	}
	return c, nil
}

// startFloor runs this program's floor subcommand on addr and waits until
// it listens.
func startFloor(addr, dir string, stderr io.Writer) (stop func(), t stormTarget, err error) {
	self, err := os.Executable()
	if err != nil {
		return nil, t, err
	}
	cmd := exec.Command(self, "floor", "-listen", addr, "-data", dir)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, t, err
	}
	stop = func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	}
	for range 100 {
		if conn, err := net.Dial("tcp", addr); err == nil {
			conn.Close()
			return stop, stormTarget{Label: "floor", Addr: addr, PID: cmd.Process.Pid}, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop()
	return nil, t, fmt.Errorf("nothing listens on %s after 5 s", addr)
}

// cpuSample is the server's CPU time when n sessions were present.
type cpuSample struct {
	at  time.Time
	n   int
	cpu time.Duration
}

// storm dials c.n sessions at t, c.dial at a time, and keeps when each
// first screen came and the server's CPU as they came; then, with all in,
// the server's idle CPU. It closes the sessions before it returns.
func storm(c stormConfig, t stormTarget, logw io.Writer) *stormReport {
	r := &stormReport{stormTarget: t, Asked: c.n, Errors: map[string]int{}}
	d := &dialer{addr: t.Addr, w: c.w, h: c.h, ips: c.ips, timeout: c.timeout}
	var (
		mu       sync.Mutex
		sessions []*session
		arrived  []time.Time
		firsts   []time.Duration
		present  atomic.Int64
		wg       sync.WaitGroup
	)
	samples := []cpuSample{{time.Now(), 0, procCPU(t.PID)}}
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() { // the server's CPU, four times a second
		defer close(sampled)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-tick.C:
				samples = append(samples, cpuSample{now, int(present.Load()), procCPU(t.PID)})
			}
		}
	}()
	sem := make(chan struct{}, c.dial)
	start := time.Now()
	for i := range c.n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			name := fmt.Sprintf("s%05d", i+1)
			s, err := d.open(i, name, false)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if r.Errors[err.Error()] == 0 {
					fmt.Fprintf(logw, "arcadeload storm: %s: %v\n", name, err)
				}
				r.Errors[err.Error()]++
				return
			}
			present.Add(1)
			sessions = append(sessions, s)
			arrived = append(arrived, time.Now())
			firsts = append(firsts, s.firstAt)
		})
	}
	wg.Wait()
	close(done)
	<-sampled
	end := time.Now()
	samples = append(samples, cpuSample{end, int(present.Load()), procCPU(t.PID)})
	defer func() {
		for _, s := range sessions {
			s.client.Close()
		}
	}()
	r.Open = len(arrived)
	r.Seconds = round2(end.Sub(start).Seconds())
	r.FirstScreenMs = distOf(firsts)
	r.Curve = curve(start, arrived, samples, c.step, t.PID > 0)
	r.FirstRate, r.LastRate = edgeRates(start, arrived, c.edge)
	if r.FirstRate > 0 {
		r.LastOverFirst = round2(r.LastRate / r.FirstRate)
	}
	if t.PID > 0 {
		r.CPUStormPercent = cpuPercent(samples[0], samples[len(samples)-1])
		if c.idle > 0 {
			time.Sleep(c.settle)
			a := cpuSample{at: time.Now(), cpu: procCPU(t.PID)}
			time.Sleep(c.idle)
			r.CPUIdlePercent = cpuPercent(a, cpuSample{at: time.Now(), cpu: procCPU(t.PID)})
		}
	}
	return r
}

// cpuPercent is the server's CPU between two samples, in % of one core.
func cpuPercent(a, b cpuSample) float64 {
	wall := b.at.Sub(a.at).Seconds()
	if wall <= 0 {
		return 0
	}
	return round2((b.cpu - a.cpu).Seconds() / wall * 100)
}

// curve cuts the arrivals (in the order they came) into stretches of step
// sessions: each one's rate, and the server's CPU between the samples
// taken nearest its ends.
func curve(start time.Time, arrived []time.Time, samples []cpuSample, step int, cpu bool) []stormPoint {
	var out []stormPoint
	prev := start
	for from := 0; from < len(arrived); from += step {
		to := min(from+step, len(arrived))
		last := arrived[to-1]
		p := stormPoint{From: from, To: to}
		if wall := last.Sub(prev).Seconds(); wall > 0 {
			p.PerSecond = round2(float64(to-from) / wall)
		}
		if cpu {
			p.CPUPercent = cpuPercent(sampleAt(samples, prev), sampleAt(samples, last))
		}
		out = append(out, p)
		prev = last
	}
	return out
}

// sampleAt is the last sample taken at or before when (the first one if
// none was).
func sampleAt(samples []cpuSample, when time.Time) cpuSample {
	i, _ := slices.BinarySearchFunc(samples, when, func(s cpuSample, t time.Time) int { return s.at.Compare(t) })
	if i < len(samples) && samples[i].at.Equal(when) {
		return samples[i]
	}
	return samples[max(i-1, 0)]
}

// edgeRates are the arrivals per second of the first and of the last edge
// sessions (the first from the storm's start, the last from the arrival
// before them).
func edgeRates(start time.Time, arrived []time.Time, edge int) (first, last float64) {
	n := len(arrived)
	if n == 0 {
		return 0, 0
	}
	k := min(edge, n)
	if wall := arrived[k-1].Sub(start).Seconds(); wall > 0 {
		first = round2(float64(k) / wall)
	}
	from := start
	if n > k {
		from = arrived[n-k-1]
	}
	if wall := arrived[n-1].Sub(from).Seconds(); wall > 0 {
		last = round2(float64(k) / wall)
	}
	return first, last
}

// printStorm writes one target's curve.
func printStorm(w io.Writer, r *stormReport) {
	p := func(format string, a ...any) { fmt.Fprintf(w, format+"\n", a...) }
	p("storm %s (%s): %d of %d in %.1f s", r.Label, r.Addr, r.Open, r.Asked, r.Seconds)
	for k, n := range r.Errors {
		p("  failed %d× %s", n, k)
	}
	p("  present       arrivals/s  server CPU (%% of a core)")
	for _, pt := range r.Curve {
		cpu := "-"
		if r.PID > 0 {
			cpu = fmt.Sprintf("%.0f", pt.CPUPercent)
		}
		p("  %5d-%-5d  %10.1f  %10s", pt.From, pt.To, pt.PerSecond, cpu)
	}
	p("  first screen: %v", r.FirstScreenMs)
	if r.PID > 0 {
		p("  server CPU: %.0f%% over the storm, %.1f%% idle with every session in", r.CPUStormPercent, r.CPUIdlePercent)
	}
}

// printStormSummary writes one line per target.
func printStormSummary(w io.Writer, rs []*stormReport) {
	fmt.Fprintln(w, "target      in     seconds  first/s  last/s  last/first  first screen p99  CPU storm  CPU idle")
	fmt.Fprintln(w, "(first/s and last/s: the arrival rates of the first and the last -edge sessions; CPU in % of one core)")
	for _, r := range rs {
		fmt.Fprintf(w, "%-10s  %5d  %7.1f  %7.1f  %6.1f  %10.2f  %13.0f ms  %8.0f%%  %7.1f%%\n",
			r.Label, r.Open, r.Seconds, r.FirstRate, r.LastRate, r.LastOverFirst, r.FirstScreenMs.P99, r.CPUStormPercent, r.CPUIdlePercent)
	}
}
