package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
	"arcade/rooms/store/sqlite"
)

// The files of the data directory that arcade backup copies.
const (
	dbName      = "arcade.db"
	hostKeyName = "host_ed25519"
)

func init() {
	commands["history"] = command{summary: "list the finished games, all or by player, game and date, from the database", run: runHistory}
	commands["export"] = command{summary: "write a finished game's record as JSON (for arcade replay FILE)", run: runExport}
	commands["backup"] = command{summary: "copy the database (consistently, while the server runs) and the host key", run: runBackup}
}

// openStore opens the database in the data directory (-data, ARCADE_DATA,
// or ./.arcade).
func openStore(data string) (*sqlite.Store, error) {
	return sqlite.Open(filepath.Join(data, dbName))
}

// openReadOnly opens the database in the data directory for the commands
// that only read it: they write nothing there, so they work in a read-only
// data directory too.
func openReadOnly(data string) (*sqlite.ReadOnly, error) {
	return sqlite.OpenReadOnly(filepath.Join(data, dbName))
}

// dataFlag adds -data to fs, defaulting to ARCADE_DATA or ./.arcade.
func dataFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	def := getenv("ARCADE_DATA")
	if def == "" {
		def = "./.arcade"
	}
	return fs.String("data", def, "the server's data `directory` (ARCADE_DATA)")
}

// parseDate reads a date as 2026-11-27 (midnight, local time) or in RFC
// 3339.
func parseDate(s string) (time.Time, error) {
	if t, err := time.ParseInLocation(time.DateOnly, s, time.Local); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, errors.New("not a date: write it as 2026-11-27 or 2026-11-27T18:00:00Z")
	}
	return t, nil
}

// loadGame reads finished game id from the database in data.
func loadGame(data, id string) (store.Game, error) {
	n, err := strconv.ParseInt(strings.TrimPrefix(id, "#"), 10, 64)
	if err != nil || n < 1 {
		return store.Game{}, fmt.Errorf("%q is not a game number (see arcade history)", id)
	}
	db, err := openReadOnly(data)
	if err != nil {
		return store.Game{}, err
	}
	g, err := db.Game(n)
	if errors.Is(err, store.ErrNotFound) {
		err = fmt.Errorf("there is no game %d in %s (see arcade history)", n, db.Path())
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	return g, err
}

func runHistory(_ context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("history", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := dataFlag(fs, getenv)
	limit := fs.Int("n", 20, "how many games, newest first")
	game := fs.String("game", "", "only this game's `ID` (see arcade games)")
	since := fs.String("since", "", "only games that ended on or after this `date` (2026-11-27, or RFC 3339)")
	until := fs.String("until", "", "only games that ended before this `date`")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arcade history [flags] [PLAYER]   (PLAYER: a name or part of one, a key:SHA256:... ID or a SHA256:... fingerprint; none: every game)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return 2
	}
	f := sqlite.GameFilter{Player: fs.Arg(0), Game: *game}
	for _, d := range []struct {
		flag, value string
		to          *time.Time
	}{{"since", *since, &f.Since}, {"until", *until, &f.Until}} {
		if d.value == "" {
			continue
		}
		t, err := parseDate(d.value)
		if err != nil {
			fmt.Fprintf(stderr, "arcade history: -%s %q: %v\n", d.flag, d.value, err)
			return 2
		}
		*d.to = t
	}
	db, err := openReadOnly(*data)
	if err != nil {
		fmt.Fprintln(stderr, "arcade history:", err)
		return 1
	}
	list, err := db.ListGames(f, *limit)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(stderr, "arcade history:", err)
		return 1
	}
	if len(list) == 0 {
		fmt.Fprintln(stderr, "No finished games match.")
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tENDED\tGAME\tSEATS (* won)")
	for _, g := range list {
		seats := make([]string, len(g.Seats))
		for i, s := range g.Seats {
			seats[i] = fmt.Sprintf("%s %d", s.Name, s.Score)
			if s.BotLevel != "" {
				seats[i] = fmt.Sprintf("%s (%s bot) %d", s.Name, s.BotLevel, s.Score)
			}
			if s.Winner {
				seats[i] += " *"
			}
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", g.ID, g.Ended.Local().Format(time.DateTime), g.Game, strings.Join(seats, ", "))
	}
	_ = tw.Flush()
	return 0
}

func runExport(_ context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := dataFlag(fs, getenv)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() < 1 || fs.NArg() > 2 {
		fmt.Fprintln(stderr, "usage: arcade export [-data DIR] GAME [FILE]   (FILE absent: standard output)")
		return 2
	}
	g, err := loadGame(*data, fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "arcade export:", err)
		return 1
	}
	if rec := &g.Record; rec.Outcome != nil {
		rec.Result = engine.ExpandSeats(rec.Outcome.Summary, func(s engine.Seat) string {
			if int(s) >= 0 && int(s) < len(rec.Names) {
				return rec.Names[s]
			}
			return fmt.Sprintf("seat %d", int(s)+1)
		})
	}
	b, err := json.MarshalIndent(g.Record, "", " ")
	if err != nil {
		fmt.Fprintln(stderr, "arcade export:", err)
		return 1
	}
	b = append(b, '\n')
	if fs.NArg() == 1 {
		_, _ = stdout.Write(b)
		return 0
	}
	if err := writeFileAtomic(fs.Arg(1), b); err != nil {
		fmt.Fprintln(stderr, "arcade export:", err)
		return 1
	}
	return 0
}

func runBackup(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := dataFlag(fs, getenv)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: arcade backup [-data DIR] FILE   (the host key goes to FILE"+hostKeySuffix+")")
		return 2
	}
	said, err := backup(ctx, *data, fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "arcade backup:", err)
		return 1
	}
	fmt.Fprintln(stdout, said)
	return 0
}

// hostKeySuffix names the host key's copy after the database's:
// arcade.db.host_ed25519 beside arcade.db.
const hostKeySuffix = "." + hostKeyName

// backup copies the database of data to dest and its host key, when it has
// one, to dest+hostKeySuffix (mode 0600), so that a server restored from
// them greets returning players with the key their ssh knows. It
// overwrites nothing, and leaves no half backup behind. It returns what it
// did, as a sentence.
func backup(ctx context.Context, data, dest string) (string, error) {
	keyPath, keyDest := filepath.Join(data, hostKeyName), dest+hostKeySuffix
	key, err := os.ReadFile(keyPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		key = nil
	case err != nil:
		return "", fmt.Errorf("the host key %s cannot be read (%v): run the backup as the server's user", keyPath, unwrapPath(err))
	default:
		if _, err := os.Lstat(keyDest); err == nil {
			return "", fmt.Errorf("backup %s: the file exists; choose another name", keyDest)
		}
	}
	db, err := openReadOnly(data)
	if err != nil {
		return "", err
	}
	err = db.Backup(ctx, dest)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	if key == nil {
		return fmt.Sprintf("backed up %s to %s; %s has no host key to back up (the server makes one on its first start)", db.Path(), dest, data), nil
	}
	if err := writeFileAtomic(keyDest, key); err != nil {
		os.Remove(dest)
		return "", fmt.Errorf("backup of the host key to %s: %v", keyDest, unwrapPath(err))
	}
	return fmt.Sprintf("backed up %s to %s and the host key %s to %s", db.Path(), dest, keyPath, keyDest), nil
}

// unwrapPath is err without the path an *fs.PathError repeats.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writeFileAtomic writes b to path through a temporary file in the same
// directory and a rename, so that a crash leaves the old file or the new
// one, never half of it.
func writeFileAtomic(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o600)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
	}
	return err
}

// recordFor reads the record arcade replay was given: a game number in
// the database, or a JSON file.
func recordFor(data, arg string) (engine.Record, error) {
	if _, err := strconv.ParseInt(strings.TrimPrefix(arg, "#"), 10, 64); err == nil {
		if _, statErr := os.Stat(arg); statErr != nil { // a file may be named 12 too
			g, err := loadGame(data, arg)
			return g.Record, err
		}
	}
	f, err := os.Open(arg)
	if err != nil {
		return engine.Record{}, err
	}
	defer f.Close()
	return engine.ReadRecord(f, 64<<20)
}
