package main

import (
	"errors"
	gossh "golang.org/x/crypto/ssh"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
	"arcade/rooms/store/sqlite"
	"arcade/sshserver/sshtest"
	"arcade/ui"
)

// faultsVar, when set in a test server's environment, names a file whose
// content makes the server's store fail: "full", "ioerr" or "readonly"
// (the errors SQLite gives for a full disk, a failing one and a read-only
// one); empty or absent, the store works.
const faultsVar = "ARCADE_TEST_FAULTS"

// faultyStore is the server's SQLite store, failing its writes on command.
type faultyStore struct {
	*sqlite.Store
	control string
}

// faults are the errors of each fault, worded as SQLite words them.
var faults = map[string]error{
	"full":     errors.New("database or disk is full (13)"),
	"ioerr":    errors.New("disk I/O error (10)"),
	"readonly": errors.New("attempt to write a readonly database (8)"),
}

// fault returns the error the store gives now (nil: it works).
func (f *faultyStore) fault() error {
	b, _ := os.ReadFile(f.control)
	return faults[strings.TrimSpace(string(b))]
}

func (f *faultyStore) SaveTable(t *store.Table, stored int) error {
	if err := f.fault(); err != nil {
		return err
	}
	return f.Store.SaveTable(t, stored)
}

func (f *faultyStore) DeleteTable(id string) error {
	if err := f.fault(); err != nil {
		return err
	}
	return f.Store.DeleteTable(id)
}

func (f *faultyStore) SaveGame(g *store.Game) (int64, error) {
	if err := f.fault(); err != nil {
		return 0, err
	}
	return f.Store.SaveGame(g)
}

func (f *faultyStore) SeePlayer(id, name string, now time.Time) (store.Identity, error) {
	if err := f.fault(); err != nil {
		return store.Identity{}, err
	}
	return f.Store.SeePlayer(id, name, now)
}

// useFaultyStore makes a test server's store a faultyStore when the
// environment asks for one.
func useFaultyStore() {
	if control := os.Getenv(faultsVar); control != "" {
		wrapStore = func(s *sqlite.Store) store.Store { return &faultyStore{Store: s, control: control} }
	}
}

var (
	fireHeaderRE = regexp.MustCompile(`wind \S+ \S+ +turn \d+ +deck \d+`)
	firePartRE   = regexp.MustCompile(`Part (\d)|(the Bucket, or end the turn)`)
)

// fireShot is what a Fire Tower player's screen says of the game when it
// is their move (any time, unless yourMove): the wind, turn and deck, their
// hand, the part of the turn and the end of the game's log (the room's own
// lines left out: who came back, the restart). Any move changes it; a
// restart must not. (The board is not in it: the card in hand previews its
// effect on the board where the cursor is, and the cursor starts elsewhere
// after a restart.)
func fireShot(screen string, yourMove bool) (string, bool) {
	if yourMove && (!strings.Contains(screen, "YOUR MOVE") || strings.Contains(screen, "cannot be saved")) {
		return "", false
	}
	head, hand, part := fireHeaderRE.FindString(screen), handRE.FindString(screen), firePartRE.FindString(screen)
	if head == "" || hand == "" || part == "" {
		return "", false
	}
	var log []string
	for _, l := range strings.Split(screen, "\n") {
		if _, text, ok := strings.Cut(l, "│"); ok && !strings.HasPrefix(text, "LOG") {
			log = append(log, strings.TrimSpace(text))
		}
	}
	text := strings.Join(strings.Fields(strings.Join(log, " ")), " ")
	for _, room := range roomLines {
		text = strings.ReplaceAll(text, room, "")
	}
	text = strings.Join(strings.Fields(text), " ")
	if len(text) > 120 {
		text = text[len(text)-120:]
	}
	return strings.Join([]string{head, strings.TrimSpace(hand), part, text}, " / "), true
}

// roomLines are the lines the table itself adds to the log, which a
// restart does not bring back.
var roomLines = []string{
	"The arcade restarted; the table is as it was.", "ann is back.", "ann opened the table.",
	"Turn clock: off (no time limit).", "Normal bot takes seat 2.", "ann started the game.", "The game is over.",
}

var tableCodeRE = regexp.MustCompile(`table ([0-9A-Z]{6})`)

// waitShot waits for a Fire Tower screen where it is the player's move, or
// for the game-over screen, and returns its shot: "over <code>" for the
// game-over screen.
func waitShot(t *testing.T, term *sshtest.Term, what string) string {
	t.Helper()
	var shot string
	if err := term.WaitUntil(what, func(s string) bool {
		if strings.Contains(s, "GAME OVER") {
			shot = "over " + tableCodeRE.FindStringSubmatch(s)[1]
			return true
		}
		var ok bool
		shot, ok = fireShot(s, true)
		return ok
	}, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(shot, "over ") {
		return shot
	}
	// Settle: the same shot twice, a little apart.
	time.Sleep(150 * time.Millisecond)
	if again, ok := fireShot(term.Screen(), true); !ok || again != shot {
		return waitShot(t, term, what)
	}
	return shot
}

// newFireGame opens a game of Fire Tower against a normal bot from the
// lobby or from a game-over screen, and returns its first shot.
func newFireGame(t *testing.T, term *sshtest.Term) string {
	t.Helper()
	if strings.Contains(term.Screen(), "GAME OVER") {
		if err := term.Send("Q"); err != nil {
			t.Fatal(err)
		}
	}
	if err := term.WaitFor(sshtest.LobbyMarker, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	keys := []string{"j", "j", "b", "j", "h", "h", "\r"}
	if strings.Contains(term.Screen(), "›Fire Tower") {
		keys = keys[2:]
	}
	for _, k := range keys {
		if err := term.Send(k); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return waitShot(t, term, "the new game")
}

// fireMove makes one move of the player's Fire Tower turn: the wind's gem
// in part 1, a discard of the first card in part 2, the end of the turn
// after it.
func fireMove(t *testing.T, term *sshtest.Term) {
	t.Helper()
	keys := []string{"\r"}
	switch m := firePartRE.FindStringSubmatch(term.Screen()); {
	case m == nil:
	case m[1] == "2":
		keys = []string{"1", "x", "d"}
	case m[2] != "":
		keys = []string{"p"} // the turn's last step: end it
	}
	for _, k := range keys {
		if err := term.Send(k); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestStoreFaultsAndKills plays Fire Tower against a bot over SSH in a
// server process whose store fails on command (a full disk, an I/O error,
// a read-only database), killing it with SIGKILL at the end of every
// round: while the store fails, a move is not shown and the screen says
// the table cannot be saved; once it works again the move shows; and after
// every kill the player finds exactly the game they last saw. Rounds:
// ARCADE_FAULT_ROUNDS (20 by default, 6 with -short).
func TestStoreFaultsAndKills(t *testing.T) {
	rounds := 20
	if testing.Short() {
		rounds = 6
	}
	if n, err := strconv.Atoi(os.Getenv("ARCADE_FAULT_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	dir := t.TempDir()
	data, control := filepath.Join(dir, "data"), filepath.Join(dir, "faults")
	t.Setenv(faultsVar, control)
	setFault := func(kind string) {
		if err := os.WriteFile(control, []byte(kind), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	key := sshtest.NewKey(t)
	kinds := []string{"full", "ioerr", "readonly"}
	var seen, seenScreen string // the game as the player last saw it before a kill
	lost, shownUnsaved := 0, 0
	ended := map[string]bool{} // the games seen to end, by table code
	for round := range rounds {
		setFault("")
		srv := startChild(t, data)
		// A tall screen, for a long log.
		ann := sshtest.Dial(t, srv.addr, "ann", sshtest.Options{Key: key, Cols: 100, Rows: 40})
		var now string
		if round == 0 {
			now = newFireGame(t, ann)
		} else {
			now = waitShot(t, ann, "the game as it was")
			if now != seen {
				lost++
				t.Errorf("round %d: after the kill the player sees\n  %s\nbut saw\n  %s\n%s\nthen\n%s", round, now, seen, seenScreen, ann.Screen())
			}
		}
		if strings.HasPrefix(now, "over ") {
			ended[strings.TrimPrefix(now, "over ")] = true
			now = newFireGame(t, ann)
		}
		kind := kinds[round%len(kinds)]
		switch round % 3 {
		case 0: // the store works: the move shows, and is kept
			fireMove(t, ann)
			for seen = now; seen == now; {
				seen = waitShot(t, ann, "the move shown")
			}
		case 1: // the store fails, and the server dies while it does
			setFault(kind)
			fireMove(t, ann)
			if err := ann.WaitFor("cannot be saved", 30*time.Second); err != nil {
				t.Fatalf("round %d (%s): %v", round, kind, err)
			}
			if got, _ := fireShot(ann.Screen(), false); got != now {
				shownUnsaved++
				t.Errorf("round %d (%s): a move the store refused shows:\n  %s\nnot\n  %s\n%s", round, kind, got, now, ann.Screen())
			}
			seen = now
		case 2: // the store fails, then works again: the move shows then
			setFault(kind)
			fireMove(t, ann)
			if err := ann.WaitFor("cannot be saved", 30*time.Second); err != nil {
				t.Fatalf("round %d (%s): %v", round, kind, err)
			}
			setFault("")
			for seen = now; seen == now; {
				seen = waitShot(t, ann, "the move, once saved")
			}
		}
		if strings.HasPrefix(seen, "over ") {
			ended[strings.TrimPrefix(seen, "over ")] = true
		}
		seenScreen = ann.Screen()
		srv.stop(t, syscall.SIGKILL)
		if err := ann.WaitClosed(30 * time.Second); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d rounds: %d moves shown and then lost, %d refused moves shown, %d games ended", rounds, lost, shownUnsaved, len(ended))

	// The stored moves replay, and the history holds every game that ended
	// once.
	db, err := sqlite.Open(filepath.Join(data, dbName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tables, err := db.OpenTables()
	if err != nil || len(tables) == 0 {
		t.Fatalf("stored tables: %+v, %v", tables, err)
	}
	for _, tb := range tables {
		g, _ := engine.FindGame(ui.Engines(games), tb.Game)
		if _, err := engine.Replay(g, engine.Record{Game: tb.Game, Players: len(tb.Seats), Options: tb.Options, Seed: tb.Seed, Moves: tb.Moves}); err != nil {
			t.Fatalf("the stored moves of table %s do not replay: %v", tb.ID, err)
		}
	}
	list, err := db.Games("key:"+gossh.FingerprintSHA256(key.PublicKey()), 100)
	if err != nil {
		t.Fatal(err)
	}
	byTable := map[string]int{}
	for _, g := range list {
		byTable[g.TableID]++
		if byTable[g.TableID] > 1 {
			t.Errorf("table %s's game is in the history %d times", g.TableID, byTable[g.TableID])
		}
	}
	if len(list) != len(ended) {
		t.Errorf("the history holds %d games, the player saw %d end (%v)", len(list), len(ended), ended)
	}
}

// TestDamagedTableSetAside: a server whose database holds a table with a
// damaged move sets that table aside, says so in its log, and restores
// the others; arcade aside lists it with the reason.
func TestDamagedTableSetAside(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := sqlite.Open(filepath.Join(data, dbName))
	if err != nil {
		t.Fatal(err)
	}
	ann := store.Player{ID: "key:SHA256:ann", Name: "ann"}
	for i, tb := range []*store.Table{
		{ID: "t1", Seq: 1, Code: "AAAAA2", Game: "firetower", Creator: ann, Status: "waiting", Seats: []store.Seat{{ID: ann.ID, Name: "ann"}, {}}},
		{ID: "t2", Seq: 2, Code: "BBBBB2", Game: "firetower", Creator: ann, Status: "playing", Seed: 7,
			Seats: []store.Seat{{ID: ann.ID, Name: "ann"}, {BotLevel: "normal"}}, Moves: []engine.Move{{Seat: 0, Action: engine.Action{Kind: "damaged"}}}},
	} {
		tb.Created = time.Now().UTC().Add(time.Duration(i) * time.Second)
		if err := db.SaveTable(tb, 0); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	srv := startChild(t, data)
	term := sshtest.Dial(t, srv.addr, "bob", sshtest.Options{Key: sshtest.NewKey(t)})
	if err := term.WaitFor("ann", 30*time.Second); err != nil { // t1 is listed: its host
		t.Fatal(err)
	}
	if log := srv.stderr.String(); !strings.Contains(log, "table t2 (firetower) cannot be restored and is set aside") {
		t.Fatalf("the log does not say t2 was set aside:\n%s", log)
	}
	code, out, errs := runOut(t, "aside", "-data", data)
	if code != 0 || !strings.Contains(out, "t2") || !strings.Contains(out, "firetower") || strings.Contains(out, "t1") {
		t.Fatalf("arcade aside: %d\n%s%s", code, out, errs)
	}
	srv.stop(t, syscall.SIGTERM)
}
