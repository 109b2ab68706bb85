// Command arcadeload measures what sessions cost an arcade server: it opens
// many real SSH sessions with a PTY (golang.org/x/crypto/ssh, keyboard-
// interactive auth, a distinct user name each, stdin kept open), waits for
// every first screen, and reads the server's memory and CPU from /proc.
// Everything it measures is printed as text; with -json the report is JSON
// on stdout and the text goes to stderr.
//
// # Modes
//
// Idle cost (always, but with -bot-tables): -n sessions at -size are dialled -dial at a time. Once
// every first screen is in (or its dial failed), the sessions settle for
// -settle and then sit idle for -idle. It reports the server's RSS per
// session (VmRSS with the sessions less VmRSS before the first dial, from
// /proc/PID/status of -pid), the server's CPU while idle (% of one core and
// µs per session per second, from the threads' schedstat), this client's
// own CPU over the same window, handshake and first-screen p50/p99/max
// (from the TCP dial to the SSH handshake done, and to the first output
// holding an escape sequence), and sessions failed (by reason) or dropped
// (ended by the server after their first screen). Start a fresh server for
// each run: RSS is a delta from the server as found.
//
// Connect storm: the same with a large -dial, e.g. -dial 64 -n 2000 -idle 0.
// The connect line says how many sessions opened and how long it took. No
// dial hangs: -timeout bounds each one from the TCP dial to its first
// screen. Give the server -max-sessions above -n (its default is 1000) or
// see the refusals counted as "closed before the first screen".
//
// Lobby fan-out (-fanout lobby): after the idle window, one more session
// opens a public table (c, then enter in the new-table form) and leaves it
// again (Q, y), -rounds times. For every one of the -n lobby sessions it
// times the key press (enter, then y) until that session's screen shows the
// table (its row holds the host's name) and until it is gone again. The
// hub lets one player and one address open 5 tables at once, then one per
// 10 s, so ceil(rounds/4) openers (users "open01", ...) take turns. Each
// step waits at most -wait, and steps are -gap apart, so the hub's lobby
// coalescing (200 ms) does not pile up between them.
//
// Watched-table fan-out (-fanout table): ceil(n / -per-table) more sessions
// (users "tbl001", ...) each open a public table; the -n sessions watch them,
// -per-table to a table (w on the table's row in the lobby: the hub caps the
// spectators of a table, 50 by default). Each host opens the seats panel
// (B); every round all hosts at once seat a bot in seat 2 (enter) and take it
// out again (k, x). It times, for every watcher, the host's key press until
// the watcher's screen shows "2. Normal bot" in the seat list, and until it
// is gone. The lobby lists at most height-7 tables, so -n/-per-table must
// stay within that (16 at 80x24).
//
// Both fan-outs report p50/p99/max over all (session, round) pairs, the
// pairs missed (not seen within -wait) or skipped (the session had ended,
// or showed the wanted state already), our own CPU over the rounds, and the
// server's CPU over the rounds per timed screen update (also net of the
// idle rate when -idle was measured).
//
// How a change is seen: in the fan-out modes each session's output feeds a
// small character grid (grid.go: cursor moves, erases, scrolling, no
// colours), and the marker is looked for in its rows after every read. A
// cell-diff renderer (today's Bubble Tea) writes only the cells that
// changed, so a word may arrive in pieces between cursor moves; a line-diff
// renderer rewrites whole lines. The grid reads both the way a terminal
// would. In the idle mode the output is read and discarded.
//
// Bot tables (-bot-tables N): first, -n fresh sessions are dialled -dial
// at a time, each closed once its first screen is in, and timed (the
// lobby's first screen with no table open). Then N more sessions (users
// "bt01", ...), dialled from -bot-addrs addresses (127.0.0.2 up), each open
// a table against hard bots and stay at it: b in the lobby (the new-table
// form for the highlighted game, the first in the list, with every other
// seat a bot), Bot level
// hard, Turn clock blitz, enter (the game starts), A (auto-pass on). They
// never move: after three of their turns ran out (20 s each) a normal bot
// plays for them too, and then every seat is a bot's. Once every table is
// there (or -bot-wait is over), and -settle later, -n fresh sessions are
// timed again while the bots play. It reports both first-screen
// distributions, the server's CPU over each phase, the p99 of the second
// over the first, and how many tables played from start to end. The
// hub lets one address open 5 tables at once (then one per 10 s), so N
// stays within 5 times -bot-addrs. Compare servers by running it against
// each, fresh, in turn: "arcade -bot-cpu 100%" gives the bots every core.
//
// Floor: "arcadeload floor -listen 127.0.0.1:2223 -data DIR" runs a bare
// Wish v2 server (charm.land/wish/v2 on charm.land/ssh, no Bubble Tea) that
// accepts any key or keyboard-interactive login, emulates the PTY, writes
// one lobby-sized frame with colour escapes on connect, then only reads
// input (256-byte buffer) and discards it until the session ends. Its host
// key is DIR/floor_host_ed25519. Measured with the same client against its
// pid, it gives the floor of what an SSH session costs in this stack.
//
// Storm: "arcadeload storm -target LABEL=ADDR@PID ..." dials -n sessions
// (3000) -dial (16) at a time into each target in turn, then into a floor
// it starts itself (-floor ADDR, "" for none), each session kept open. For
// every -step (500) sessions present it prints how fast they arrived and
// the server's CPU meanwhile (read from /proc like the idle figures);
// then the rates of the first and the last -edge (1000) sessions and
// their ratio, the first-screen p50/p99, and the server's CPU once every
// session is in (after -settle, over -idle). The sessions of one target are closed
// before the next is stormed. Give each server -max-sessions above -n and
// -max-per-ip above n / -ips.
//
// Door: "arcadeload door" attacks the front door while players log in.
// With -silent N it keeps N TCP connections from -silent-ips addresses
// (127.1.x.y) that never speak, each opened again every -renew, and counts
// what the server told each (the sentence of its disconnect) or whether it
// closed one bare; after -warm, -logins players (guests, or the -key
// listed key) log in one every -login-every from fresh addresses
// (127.2.x.y) and it counts who got a first screen. With -refused N, the
// -key logs in from -refused-ips addresses (127.3.x.y), then N clients
// from there are refused as they log in and stay, holding their place;
// it reports whether each was told why and how long it stayed from its
// dial until the server closed it, and whether the listed key gets in
// beside them. -json prints the report as JSON.
//
// # Flags
//
//	-addr 127.0.0.1:2222  the server
//	-n 200                sessions: lobby sessions or watchers in the fan-outs
//	-size 80x24           every session's terminal size
//	-dial 1               sessions dialled at a time
//	-timeout 30s          longest time from a dial to its first screen
//	-ips 32               loopback addresses to dial from, 127.0.0.2 up, to
//	                      stay under the server's -max-per-ip cap
//	-pid 0                the server's pid for RSS and CPU (0: no server figures)
//	-settle 3s            pause after the connect phase
//	-idle 10s             idle window for the CPU figures (0: skip)
//	-fanout ""            lobby or table: run that fan-out after the idle window
//	-rounds 10            fan-out rounds (each times a change and its undoing)
//	-per-table 50         watchers per table with -fanout table
//	-wait 10s             longest wait for a fan-out step to reach every screen
//	-gap 500ms            pause between fan-out steps
//	-bot-tables 0         open that many tables of hard bots, and time
//	                      -n first screens before and while they play
//	-bot-addrs 4          addresses the bot tables are opened from
//	-bot-wait 3m          longest wait for a bot to take a creator's seat
//	-label ""             a name for the run, copied to the report
//	-json                 JSON report on stdout, text on stderr
//
// Examples:
//
//	go build -o /tmp/arcade ./cmd/arcade && go build -o /tmp/arcadeload ./cmd/arcadeload
//	/tmp/arcade -listen 127.0.0.1:2300 -data /tmp/al -max-per-ip 100 -log-level warn &
//	/tmp/arcadeload -addr 127.0.0.1:2300 -pid $! -n 300
//	/tmp/arcadeload floor -listen 127.0.0.1:2223 -data /tmp/al-floor &
//	/tmp/arcadeload -addr 127.0.0.1:2223 -pid $! -n 300 -label floor
//	/tmp/arcadeload -addr 127.0.0.1:2300 -pid PID -n 500 -size 120x40 -idle 0 -fanout lobby -json
//	/tmp/arcadeload -addr 127.0.0.1:2300 -pid PID -n 1000 -bot-tables 20
//	/tmp/arcadeload storm -target arcade=127.0.0.1:2300@PID -n 4000 -dial 16
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// config is what the flags ask for.
type config struct {
	addr     string
	n        int
	w, h     int
	dial     int
	pid      int
	settle   time.Duration
	idle     time.Duration
	ips      int
	timeout  time.Duration
	fanout   string
	rounds   int
	perTable int
	wait     time.Duration
	gap      time.Duration
	label    string
	json     bool
	cpuProf  string
	// the bot tables mode (bots.go)
	botTables int
	botAddrs  int
	botWait   time.Duration
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "floor" {
		os.Exit(runFloor(os.Args[2:], os.Stderr))
	}
	if len(os.Args) > 1 && os.Args[1] == "door" {
		os.Exit(runDoor(os.Args[2:], os.Stdout, os.Stderr))
	}
	if len(os.Args) > 1 && os.Args[1] == "storm" {
		os.Exit(runStorm(os.Args[2:], os.Stdout, os.Stderr))
	}
	c, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "arcadeload:", err)
		os.Exit(2)
	}
	if c.cpuProf != "" {
		stop, err := startCPUProfile(c.cpuProf)
		if err != nil {
			fmt.Fprintln(os.Stderr, "arcadeload:", err)
			os.Exit(1)
		}
		defer stop()
	}
	if c.botTables > 0 {
		reportBots(c, runBots(c, os.Stderr), os.Stdout, os.Stderr)
		return
	}
	r := run(c, os.Stderr)
	if c.json {
		printText(os.Stderr, r)
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(r)
	} else {
		printText(os.Stdout, r)
	}
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("arcadeload", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:2222", "server `address`")
	fs.IntVar(&c.n, "n", 200, "number of sessions (lobby sessions or watchers in the fan-out modes)")
	size := fs.String("size", "80x24", "terminal size `WxH` of every session")
	fs.IntVar(&c.dial, "dial", 1, "sessions dialled at a time (64 for a connect storm)")
	fs.IntVar(&c.pid, "pid", 0, "server process id, to read its memory and CPU (0: skip the server figures)")
	fs.DurationVar(&c.settle, "settle", 3*time.Second, "pause after the last first screen, before measuring")
	fs.DurationVar(&c.idle, "idle", 10*time.Second, "idle window for the CPU figures (0: skip)")
	fs.IntVar(&c.ips, "ips", 32, "spread connections over this many loopback addresses (127.0.0.2 up), to stay under the per-IP cap")
	fs.DurationVar(&c.timeout, "timeout", 30*time.Second, "longest time from a dial to its first screen")
	fs.StringVar(&c.fanout, "fanout", "", "fan-out to time after the idle window: lobby or table (empty: none)")
	fs.IntVar(&c.rounds, "rounds", 10, "fan-out rounds (each times a change and its undoing)")
	fs.IntVar(&c.perTable, "per-table", 50, "watchers per table with -fanout table (at most the hub's spectator cap)")
	fs.DurationVar(&c.wait, "wait", 10*time.Second, "longest wait for a fan-out change to reach every screen")
	fs.DurationVar(&c.gap, "gap", 500*time.Millisecond, "pause between fan-out steps")
	fs.StringVar(&c.label, "label", "", "name of this run, copied to the report (e.g. arcade, floor)")
	fs.BoolVar(&c.json, "json", false, "print the report as JSON on stdout (and as text on stderr)")
	fs.StringVar(&c.cpuProf, "cpuprofile", "", "write this tool's own CPU profile to `file` (what the load client costs the cores it shares with the server)")
	fs.IntVar(&c.botTables, "bot-tables", 0, "open this many tables against hard bots and time -n first screens before and while they play (0: off)")
	fs.IntVar(&c.botAddrs, "bot-addrs", 4, "addresses the -bot-tables are opened from (127.0.0.2 up)")
	fs.DurationVar(&c.botWait, "bot-wait", 3*time.Minute, "longest wait for a bot to take a -bot-tables creator's seat")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	var err error
	if c.w, c.h, err = parseSize(*size); err != nil {
		return c, err
	}
	switch {
	case c.n < 1:
		return c, errors.New("-n must be at least 1")
	case c.dial < 1:
		return c, errors.New("-dial must be at least 1")
	case c.ips < 1 || c.ips > 250:
		return c, errors.New("-ips must be within 1..250")
	case c.timeout <= 0 || c.wait <= 0:
		return c, errors.New("-timeout and -wait must be above zero")
	case c.settle < 0 || c.idle < 0 || c.gap < 0:
		return c, errors.New("-settle, -idle and -gap cannot be negative")
	case c.fanout != "" && c.fanout != "lobby" && c.fanout != "table":
		return c, fmt.Errorf("-fanout is lobby or table, not %q", c.fanout)
	case c.rounds < 1 || c.perTable < 1:
		return c, errors.New("-rounds and -per-table must be at least 1")
	case c.botTables < 0 || c.botAddrs < 1 || c.botAddrs > 250 || c.botWait <= 0:
		return c, errors.New("-bot-tables cannot be negative, -bot-addrs must be within 1..250 and -bot-wait above zero")
	case c.botTables > 0 && c.fanout != "":
		return c, errors.New("-bot-tables and -fanout are two modes: give one")
	}
	return c, nil
}

// parseSize reads "WxH".
func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 1 || h < 1 || w > 1000 || h > 1000 {
		return 0, 0, fmt.Errorf("-size wants WxH, like 80x24, not %q", s)
	}
	return w, h, nil
}

// openerRounds is how many rounds one opener serves: the hub lets a player
// and an address open 5 tables at once, then one per 10 s.
const openerRounds = 4

// actors returns the user names of the fan-out's extra sessions: the table
// openers, or one host per table. Each dials from its own address while
// there are -ips of them.
func (c config) actors() []string {
	switch c.fanout {
	case "lobby":
		names := make([]string, (c.rounds+openerRounds-1)/openerRounds)
		for i := range names {
			names[i] = fmt.Sprintf("open%02d", i+1)
		}
		return names
	case "table":
		names := make([]string, (c.n+c.perTable-1)/c.perTable)
		for i := range names {
			names[i] = fmt.Sprintf("tbl%03d", i+1)
		}
		return names
	}
	return nil
}

// run opens the sessions, measures, runs the fan-out and closes everything.
// Progress and failures go to logw.
func run(c config, logw io.Writer) *result {
	actors := c.actors()
	total := len(actors) + c.n
	r := &result{Label: c.label, Addr: c.addr, PID: c.pid, Size: fmt.Sprintf("%dx%d", c.w, c.h), Dial: c.dial}
	r.Sessions.Asked = total
	d := &dialer{addr: c.addr, w: c.w, h: c.h, ips: c.ips, timeout: c.timeout}

	rss0 := procRSS(c.pid)
	sessions := make([]*session, total)
	var (
		mu         sync.Mutex
		handshakes []time.Duration
		firsts     []time.Duration
		errs       = map[string]int{}
		wg         sync.WaitGroup
	)
	sem := make(chan struct{}, c.dial)
	start := time.Now()
	for i := range total {
		name := fmt.Sprintf("l%05d", i-len(actors)+1)
		if i < len(actors) {
			name = actors[i]
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			s, err := d.open(i, name, c.fanout != "")
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if errs[err.Error()] == 0 {
					fmt.Fprintf(logw, "arcadeload: %s: %v\n", name, err)
				}
				errs[err.Error()]++
				return
			}
			sessions[i] = s
			handshakes = append(handshakes, s.handshake)
			firsts = append(firsts, s.firstAt)
		})
	}
	wg.Wait()
	connectTime := time.Since(start).Seconds()
	r.Connect.Seconds = round2(connectTime)
	r.Sessions.Open = len(firsts)
	r.Sessions.Errors = errs
	r.Sessions.Failed = total - len(firsts)
	r.Connect.PerSecond = round2(float64(len(firsts)) / connectTime)
	r.Connect.HandshakeMs = distOf(handshakes)
	r.Connect.FirstScreenMs = distOf(firsts)
	defer func() {
		for _, s := range sessions {
			if s != nil {
				s.client.Close()
			}
		}
	}()

	time.Sleep(c.settle)
	r.Idle = measureIdle(c, rss0, len(firsts))
	r.Sessions.Dropped = countEnded(sessions)

	switch c.fanout {
	case "lobby":
		r.Fanout = lobbyFanout(c, sessions[:len(actors)], sessions[len(actors):], logw)
	case "table":
		r.Fanout = tableFanout(c, sessions[:len(actors)], sessions[len(actors):], logw)
	}
	if r.Fanout != nil {
		if r.Idle.Seconds > 0 && r.Fanout.Updates > 0 && c.pid > 0 {
			idleCPU := r.Idle.cpuRate * r.Fanout.wall.Seconds()
			r.Fanout.CPUUsPerUpdateNet = round2((r.Fanout.cpu.Seconds() - idleCPU) * 1e6 / float64(r.Fanout.Updates))
		}
		r.Sessions.Dropped = countEnded(sessions)
	}
	return r
}

// measureIdle reads the server's RSS and, over the idle window, its CPU and
// ours.
func measureIdle(c config, rss0 int64, open int) idleResult {
	var ir idleResult
	if c.idle > 0 {
		cpu0, self0, t0 := procCPU(c.pid), selfCPU(), time.Now()
		time.Sleep(c.idle)
		cpu1, self1 := procCPU(c.pid), selfCPU()
		wall := time.Since(t0).Seconds()
		ir.Seconds = round2(wall)
		ir.ClientCPUPercent = round2((self1 - self0).Seconds() / wall * 100)
		if c.pid > 0 {
			ir.cpuRate = (cpu1 - cpu0).Seconds() / wall
			ir.CPUPercent = round2(ir.cpuRate * 100)
			if open > 0 {
				ir.CPUUsPerSessionSecond = round2((cpu1 - cpu0).Seconds() * 1e6 / wall / float64(open))
			}
		}
	}
	if c.pid > 0 {
		rss1 := procRSS(c.pid)
		ir.RSSEmptyKiB = round2(float64(rss0) / 1024)
		ir.RSSKiB = round2(float64(rss1) / 1024)
		if open > 0 {
			ir.RSSPerSessionKiB = round2(float64(rss1-rss0) / 1024 / float64(open))
		}
	}
	return ir
}

func countEnded(sessions []*session) int {
	n := 0
	for _, s := range sessions {
		if s != nil && s.isEnded() {
			n++
		}
	}
	return n
}
