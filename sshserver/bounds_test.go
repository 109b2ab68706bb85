package sshserver_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"arcade/sshserver"
	"arcade/sshserver/sshtest"
)

// Tests for the attacks on the session path: each reproduces one
// against the real server and checks it is harmless.

// waitStats waits until ok holds for the server's counters.
func waitStats(t *testing.T, srv *sshtest.Server, what string, ok func(sshserver.Stats) bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !ok(srv.Stats()) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: still %+v after %v", what, srv.Stats(), wait)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitGoroutines waits until at most n goroutines run in the test process.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines, want at most %d:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestEnvOnlyTerminalNamesWithinCaps(t *testing.T) {
	const max = 6
	srv := probeServer(t, func(c *sshserver.Config) { c.MaxEnv = max })
	var verdicts []string
	term := sshtest.Dial(t, srv.Addr, "lee", sshtest.Options{Setup: func(s *gossh.Session) error {
		try := func(k, v string) {
			if s.Setenv(k, v) == nil {
				verdicts = append(verdicts, k+"+")
			} else {
				verdicts = append(verdicts, k+"-")
			}
		}
		for i := 0; i < 200; i++ {
			try(fmt.Sprintf("K%d", i), "v") // not a terminal's variable
		}
		try("LANG", strings.Repeat("x", 16<<10)) // far too long
		try("LC_ALL", "C.UTF-8")
		try("COLORTERM", "truecolor")
		try("NO_COLOR", "1")
		try("lc_all", "x")
		for i := 0; i < 200; i++ {
			try("LC_CTYPE", "C.UTF-8")
		}
		return nil
	}})
	got := strings.Join(verdicts, " ")
	if strings.Count(got, "+") != max {
		t.Errorf("%d env requests accepted, want %d", strings.Count(got, "+"), max)
	}
	for _, want := range []string{"K0-", "K199-", "LANG-", "LC_ALL+", "COLORTERM+", "NO_COLOR+", "lc_all-"} {
		if !strings.Contains(got, want) {
			t.Errorf("env verdicts lack %q", want)
		}
	}
	probeScreen(t, term, "env", fmt.Sprint(max))
}

// firehose redraws a full screen of changing text every few milliseconds,
// so a client that stops reading soon has the server's writes blocked.
type firehose struct{ n, w, h int }

type hoseTick struct{}

func (f *firehose) Init() tea.Cmd { return f.tick() }
func (f *firehose) tick() tea.Cmd {
	return tea.Tick(2*time.Millisecond, func(time.Time) tea.Msg { return hoseTick{} })
}
func (f *firehose) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch m := msg.(type) {
	case tea.WindowSizeMsg:
		f.w, f.h = m.Width, m.Height
	case hoseTick:
		f.n++
		return f, f.tick()
	}
	return f, nil
}
func (f *firehose) View() tea.View {
	line := strings.Repeat(fmt.Sprintf("%07d ", f.n), f.w/8)
	v := tea.NewView(strings.TrimSuffix(strings.Repeat(line+"\n", f.h), "\n"))
	v.AltScreen = true
	return v
}

// TestStuckClientIsReleased: a client that stops reading while the screen
// changes, keeps sending window changes, and then vanishes, used to keep
// its session slot, its address slot, an fd and its memory for ever. Its
// session must end within the write timeout, and a legitimate user must
// get in.
func TestStuckClientIsReleased(t *testing.T) {
	before := runtime.NumGoroutine()
	srv := sshtest.Start(t, func(c *sshserver.Config) {
		c.MaxSessions = 1
		c.WriteTimeout = 300 * time.Millisecond
		c.NewModel = func(sshserver.Session) tea.Model { return &firehose{} }
	})
	sess := rawSession(t, srv.Addr, "stuck")
	// Never read stdout: the client's window fills and the server's
	// writes stop making progress.
	if _, err := sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if _, err := sess.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 100, 300, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	// Window changes keep coming, and must not block the request path.
	stop := make(chan struct{})
	go func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if err := sess.WindowChange(100-i%2, 300); err != nil {
				return
			}
		}
	}()
	defer close(stop)
	waitStats(t, srv, "stuck session", func(s sshserver.Stats) bool { return s.Sessions == 0 && s.Conns == 0 })
	// A legitimate user gets the one session slot.
	srv.Config.NewModel = nil
	term := sshtest.Dial(t, srv.Addr, "legit", sshtest.Options{})
	if err := term.WaitFor("0000", wait); err != nil {
		t.Fatal(err)
	}
	_ = term.Close()
	sess.Close()
	waitStats(t, srv, "after all left", func(s sshserver.Stats) bool { return s.Sessions == 0 && s.Conns == 0 })
	waitGoroutines(t, before+8)
}

// TestUnterminatedPasteIsBounded: a paste that never ends costs the server
// no more than its cap, and the paste that does end delivers at most it.
func TestUnterminatedPasteIsBounded(t *testing.T) {
	srv := probeServer(t, nil)
	term := sshtest.Dial(t, srv.Addr, "pia", sshtest.Options{})
	probeScreen(t, term, "size", "80x24")
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	if err := term.Send("\x1b[200~"); err != nil {
		t.Fatal(err)
	}
	chunk := strings.Repeat("pasted text ", 1<<13) // 96 KiB
	for i := 0; i < 300; i++ {                     // ~29 MiB
		if err := term.Send(chunk); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	if grew := int64(m1.HeapInuse) - int64(m0.HeapInuse); grew > 8<<20 {
		t.Errorf("heap grew by %d KiB during a 29 MiB paste", grew>>10)
	}
	if err := term.Send("\x1b[201~"); err != nil {
		t.Fatal(err)
	}
	probeScreen(t, term, "paste", fmt.Sprint(sshserverMaxPaste))
	// Keys work again after the paste.
	if err := term.Send("q"); err != nil {
		t.Fatal(err)
	}
	if err := term.WaitClosed(wait); err != nil {
		t.Fatal(err)
	}
}

// sshserverMaxPaste is the paste cap the server applies.
const sshserverMaxPaste = 256

// TestWindowChangeFloodIsCoalesced: thousands of window changes reach the
// program as a handful of sizes, and changes that clamp to the same size
// as before reach it not at all.
func TestWindowChangeFloodIsCoalesced(t *testing.T) {
	srv := probeServer(t, func(c *sshserver.Config) { c.MaxCols, c.MaxRows = 120, 40 })
	term := sshtest.Dial(t, srv.Addr, "ray", sshtest.Options{Cols: 100, Rows: 30})
	probeScreen(t, term, "resizes", "1")
	for i := 0; i < 500; i++ { // all clamp to 120x40 ...
		if err := term.Resize(1000+i, 1000); err != nil {
			t.Fatal(err)
		}
	}
	probeScreen(t, term, "size", "120x40")
	probeScreen(t, term, "resizes", "2") // ... one change
	for i := 0; i < 2000; i++ {
		if err := term.Resize(60+i%40, 20); err != nil {
			t.Fatal(err)
		}
	}
	if err := term.Resize(90, 25); err != nil {
		t.Fatal(err)
	}
	screen := probeScreen(t, term, "size", "90x25")
	var n int
	fmt.Sscan(sshtest.Field(screen, "resizes"), &n)
	if n > 100 {
		t.Errorf("2001 window changes reached the program as %d sizes", n)
	}
}

// TestInputFloodEndsWithSession: floods of input, escape-sequence halves
// included, leave no reader goroutine behind once their sessions end.
func TestInputFloodEndsWithSession(t *testing.T) {
	before := runtime.NumGoroutine()
	srv := probeServer(t, nil)
	junk := strings.Repeat("jk\x1b[A\x1b[1;5\x1bO\x1b]11;rgb:\x1b", 2000)
	for i := 0; i < 10; i++ {
		term := sshtest.Dial(t, srv.Addr, fmt.Sprintf("flood%d", i), sshtest.Options{})
		probeScreen(t, term, "size", "80x24")
		for j := 0; j < 20; j++ {
			if err := term.Send(junk); err != nil {
				t.Fatal(err)
			}
		}
		_ = term.Close()
	}
	waitStats(t, srv, "flooders gone", func(s sshserver.Stats) bool { return s.Sessions == 0 && s.Conns == 0 })
	waitGoroutines(t, before+8)
}

func TestAgentForwardingRefused(t *testing.T) {
	srv := probeServer(t, nil)
	ok, err := rawSession(t, srv.Addr, "sam").SendRequest("auth-agent-req@openssh.com", true, nil)
	if err != nil || ok {
		t.Errorf("agent forwarding request answered %v, %v; want refused", ok, err)
	}
}

// TestTableSpamIsBounded: opening games against bots and hanging up, over
// and over, no longer leaves bots playing for nobody: a guest's table
// closes at once; a keyed player's waits, paused, for them, and counts
// against their cap, which the lobby then says.
func TestTableSpamIsBounded(t *testing.T) {
	srv := startGames(t, func(c *sshserver.Config) { c.MaxPerIP = 50 })
	openAndHangUp := func(user string, o sshtest.Options) *sshtest.Term {
		term := sshtest.Dial(t, srv.Addr, user, o)
		if err := term.WaitFor(sshtest.LobbyMarker, wait); err != nil {
			t.Fatal(err)
		}
		if err := term.Send("b"); err != nil {
			t.Fatal(err)
		}
		if err := term.WaitFor("NEW TABLE", wait); err != nil {
			t.Fatal(err)
		}
		if err := term.Send("\r"); err != nil {
			t.Fatal(err)
		}
		return term
	}
	for i := 0; i < 3; i++ {
		term := openAndHangUp("guest", sshtest.Options{})
		if err := term.WaitFor("playing", wait); err != nil {
			t.Fatal(err)
		}
		_ = term.Close()
	}
	until := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(wait)
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("%s: hub %+v", what, srv.Hub.Stats())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	until("guests' tables closed", func() bool { return srv.Hub.Stats().Tables == 0 })

	// Keyed players' games wait for them, paused: nothing plays them. One
	// address opening many (a key is cheap to make) meets the rate limit:
	// five tables at once, then one every 10 s.
	for i := 0; i < 2; i++ {
		term := openAndHangUp(fmt.Sprintf("keyed%d", i), sshtest.Options{Key: sshtest.NewKey(t)})
		if err := term.WaitFor("playing", wait); err != nil {
			t.Fatal(err)
		}
		_ = term.Close()
	}
	until("two paused games", func() bool { s := srv.Hub.Stats(); return s.Tables == 2 && s.Playing == 2 })
	term := openAndHangUp("keyed2", sshtest.Options{Key: sshtest.NewKey(t)})
	if err := term.WaitFor("Too many new tables: try again in", wait); err != nil {
		t.Fatal(err)
	}
	// (That nothing plays a paused game is rooms' TestLoneKeyedPlayerDropsGamePauses.)
	if s := srv.Hub.Stats(); s.Tables != 2 {
		t.Errorf("a third table: %+v", s)
	}
}

// TestLogLevels: a session's start and end are one line of information
// each, never an error; a refused connection is a warning an operator can
// find.
func TestLogLevels(t *testing.T) {
	var logs sshtest.Buffer
	srv := sshtest.Start(t, func(c *sshserver.Config) {
		c.MaxPerIP = 1
		c.Logger = log.NewWithOptions(&logs, log.Options{Level: log.DebugLevel})
	})
	term := sshtest.Dial(t, srv.Addr, "lou", sshtest.Options{})
	if err := term.WaitFor(sshtest.LobbyMarker, wait); err != nil {
		t.Fatal(err)
	}
	if _, err := sshtest.Connect(srv.Addr, "max", nil); err == nil {
		t.Fatal("a second connection from the address got in")
	}
	if err := term.Send("q"); err != nil {
		t.Fatal(err)
	}
	if err := term.WaitClosed(wait); err != nil {
		t.Fatal(err)
	}
	waitStats(t, srv, "all gone", func(s sshserver.Stats) bool { return s.Conns == 0 })
	out := logs.String()
	logged := func(level, msg string) bool {
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 1 && f[0] == level && strings.Contains(l, msg) {
				return true
			}
		}
		return false
	}
	if !logged("INFO", "session start player=guest:") || !logged("INFO", "session end player=guest:") ||
		!logged("INFO", "addr=127.0.0.1 duration=") || !logged("INFO", "reason=quit") ||
		!logged("WARN", "connection refused: too many connections from one address") {
		t.Errorf("log lacks the session's start and end (INFO, with who, where, how long and why) or the refusal (WARN):\n%s", out)
	}
	if logged("ERRO", "") {
		t.Errorf("an ordinary session logged an error:\n%s", out)
	}
}
