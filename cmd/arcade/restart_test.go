package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"arcade/engine"
	"arcade/rooms/store/sqlite"
	"arcade/sshserver/sshtest"
	"arcade/ui"
)

// serverArgsVar, when set in the environment, makes the test binary run
// the server with those arguments (JSON) instead of the tests: restart
// tests kill such a child with SIGKILL, as a crash would.
const serverArgsVar = "ARCADE_TEST_SERVER_ARGS"

func TestMain(m *testing.M) {
	if args := os.Getenv(serverArgsVar); args != "" {
		var list []string
		if err := json.Unmarshal([]byte(args), &list); err != nil {
			os.Exit(2)
		}
		useFaultyStore()
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := run(ctx, list, os.Getenv, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// child is a server running in a process of its own.
type child struct {
	cmd    *exec.Cmd
	stderr *sshtest.Buffer
	addr   string
	exited chan error
}

// startChild runs the server on data, with extra flags, in a new process
// and waits until it listens.
func startChild(t *testing.T, data string, extra ...string) *child {
	t.Helper()
	args, _ := json.Marshal(append([]string{"-listen", "127.0.0.1:0", "-data", data, "-bot-delay", "1ms"}, extra...))
	c := &child{cmd: exec.Command(os.Args[0], "-test.run=^$"), stderr: &sshtest.Buffer{}, exited: make(chan error, 1)}
	c.cmd.Env = append(os.Environ(), serverArgsVar+"="+string(args))
	c.cmd.Stderr = c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.exited <- c.cmd.Wait() }()
	t.Cleanup(func() { _ = c.cmd.Process.Kill() })
	deadline := time.Now().Add(60 * time.Second)
	for c.addr == "" {
		if m := listeningRE.FindStringSubmatch(c.stderr.String()); m != nil {
			c.addr = m[1]
			break
		}
		select {
		case err := <-c.exited:
			t.Fatalf("the server exited: %v\n%s", err, c.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server does not listen:\n%s", c.stderr.String())
		}
	}
	return c
}

// stop ends the child with sig and waits for it.
func (c *child) stop(t *testing.T, sig os.Signal) {
	t.Helper()
	if err := c.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	select {
	case <-c.exited:
	case <-time.After(30 * time.Second):
		t.Fatalf("the server did not stop on %v", sig)
	}
}

var (
	handRE = regexp.MustCompile(`HAND [^│\n]*`)
	turnRE = regexp.MustCompile(`turn (\d+)`)
)

// tableShot is what a player's screen says of the game: the hand and the
// turn, which a restart must not change.
func tableShot(t *testing.T, term *sshtest.Term) string {
	t.Helper()
	var shot string
	err := term.WaitUntil("the table with a hand", func(s string) bool {
		h, n := handRE.FindString(s), turnRE.FindString(s)
		shot = strings.TrimSpace(h) + " / " + n
		return h != "" && n != "" && strings.Contains(s, "YOUR MOVE")
	}, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return shot
}

// TestKillAndRestart plays Fire Tower against a bot in a server process,
// kills it with SIGKILL mid-game, starts a new one on the same data
// directory, and checks the player is back in the seat with the same hand
// and turn and can play on; then the same across a graceful restart. The
// moves the database holds replay to the state the server restored.
func TestKillAndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server processes")
	}
	data := filepath.Join(t.TempDir(), "data")
	key := sshtest.NewKey(t)
	first := startChild(t, data)
	ann := sshtest.Dial(t, first.addr, "ann", sshtest.Options{Key: key})
	if err := ann.WaitFor(sshtest.LobbyMarker, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	// The third game is Fire Tower; b opens the form for a game with bots:
	// two seats, one bot.
	for _, k := range []string{"j", "j", "b"} {
		if err := ann.Send(k); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := ann.WaitFor("‹ Fire Tower ›", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"j", "h", "h", "\r"} {
		if err := ann.Send(k); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	tableShot(t, ann)
	// Play the wind's gem: the first move of the turn.
	if err := ann.Send("\r"); err != nil {
		t.Fatal(err)
	}
	if err := ann.WaitUntil("a move made", func(s string) bool { return !strings.Contains(s, "Part 1: the wind") }, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // let the screen settle on what the server has applied
	before := tableShot(t, ann)

	t.Logf("before the kill: %s", before)
	first.stop(t, syscall.SIGKILL)
	if err := ann.WaitClosed(30 * time.Second); err != nil {
		t.Fatal(err)
	}

	second := startChild(t, data)
	back := sshtest.Dial(t, second.addr, "ann", sshtest.Options{Key: key})
	if after := tableShot(t, back); after != before {
		t.Fatalf("after kill -9 and a restart the table reads\n  %s\nnot\n  %s\n%s", after, before, back.Screen())
	}
	if !strings.Contains(back.Screen(), "restarted") {
		t.Errorf("the log does not say the arcade restarted:\n%s", back.Screen())
	}
	// A graceful restart keeps it too.
	shot := tableShot(t, back)
	second.stop(t, syscall.SIGTERM)
	if err := back.WaitClosed(30 * time.Second); err != nil {
		t.Fatal(err)
	}
	third := startChild(t, data)
	again := sshtest.Dial(t, third.addr, "ann", sshtest.Options{Key: key})
	if after := tableShot(t, again); after != shot {
		t.Fatalf("after a graceful restart the table reads %q, not %q", after, shot)
	}
	third.stop(t, syscall.SIGTERM)

	// The moves in the database replay to the state that was restored.
	db, err := sqlite.Open(filepath.Join(data, dbName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tables, err := db.OpenTables()
	if err != nil || len(tables) != 1 || len(tables[0].Moves) == 0 {
		t.Fatalf("stored tables: %+v, %v", tables, err)
	}
	tb := tables[0]
	g, _ := engine.FindGame(ui.Engines(games), tb.Game)
	if _, err := engine.Replay(g, engine.Record{Game: tb.Game, Players: len(tb.Seats), Options: tb.Options, Seed: tb.Seed, Moves: tb.Moves}); err != nil {
		t.Fatalf("the stored moves do not replay: %v", err)
	}
	if tb.Seats[0].ID != "key:"+gossh.FingerprintSHA256(key.PublicKey()) || tb.Seats[1].BotLevel == "" {
		t.Fatalf("stored seats: %+v", tb.Seats)
	}
}
