package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"arcade/engine"
	"arcade/engine/sim"
	"arcade/ui"
)

// stdout is where the offline commands print their results (a variable so
// tests can capture it).
var stdout io.Writer = os.Stdout

func init() {
	commands["games"] = command{summary: "list the games and their options (--json for scripts)", run: runGames}
	commands["sim"] = command{summary: "play bot-only games with no terminal and print per-seat results", run: runSim}
	commands["replay"] = command{summary: "replay a finished game (by number, from the database) or a record file, and print its result", run: runReplay}
}

// gameJSON is one game in `arcade games --json`.
type gameJSON struct {
	ID         string              `json:"id"`
	Name       string              `json:"name"`
	Summary    string              `json:"summary"`
	MinPlayers int                 `json:"min_players"`
	MaxPlayers int                 `json:"max_players"`
	Options    []engine.OptionSpec `json:"options"`
}

func runGames(_ context.Context, args []string, _ func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var out []gameJSON
	var infos []engine.Info
	for _, g := range ui.Engines(games) {
		in := g.Info()
		infos = append(infos, in)
		opts := in.Options
		if opts == nil {
			opts = []engine.OptionSpec{}
		}
		out = append(out, gameJSON{in.ID, in.Name, in.Summary, in.MinPlayers, in.MaxPlayers, opts})
	}
	if *asJSON {
		return printJSON(out, stderr)
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tPLAYERS\tOPTIONS")
	for i, g := range out {
		var keys []string
		for _, o := range g.Options {
			v := "true|false"
			if o.Kind == engine.Choice {
				v = strings.Join(o.Choices, "|")
			}
			scope := ""
			if s := o.Scope(infos[i]); s != "" {
				scope = "; " + s
			}
			keys = append(keys, fmt.Sprintf("%s=%s (default %s%s)", o.Key, v, o.Default, scope))
		}
		fmt.Fprintf(tw, "%s\t%s\t%d-%d\t%s\n", g.ID, g.Name, g.MinPlayers, g.MaxPlayers, strings.Join(keys, "; "))
	}
	tw.Flush()
	return 0
}

// optionFlags collects repeatable --option key=value flags.
type optionFlags engine.Options

func (o optionFlags) String() string { return fmt.Sprint(engine.Options(o)) }

func (o optionFlags) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("want key=value, got %q", s)
	}
	o[k] = v
	return nil
}

func runSim(_ context.Context, args []string, _ func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "game ID (see arcade games)")
	players := fs.Int("players", 0, "number of seats (default: the game's minimum)")
	bots := fs.String("bots", "easy", "bot level per seat, comma separated (easy, normal, hard); the last repeats")
	count := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	workers := fs.Int("workers", 0, "games played in parallel (0: one per CPU)")
	playouts := fs.Int("playouts", 0, "searching bots think for this many playouts per decision instead of on the clock: the same results on every machine (0: the clock)")
	asJSON := fs.Bool("json", false, "print JSON")
	recordDir := fs.String("record", "", "write every game's record (JSON) into this directory")
	opts := optionFlags{}
	fs.Var(opts, "option", "a table option key=value (repeatable; see arcade games)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	g, ok := engine.FindGame(ui.Engines(games), *game)
	if !ok {
		fmt.Fprintf(stderr, "arcade sim: unknown game %q (see arcade games)\n", *game)
		return 2
	}
	if *players == 0 {
		*players = g.Info().MinPlayers
	}
	cfg := sim.Config{Game: g, Players: *players, Bots: strings.Split(*bots, ","), Games: *count,
		Seed: *seed, Options: engine.Options(opts), Workers: *workers, Playouts: *playouts}
	if *playouts < 0 {
		fmt.Fprintln(stderr, "arcade sim: --playouts must be 0 or more")
		return 2
	}
	for _, b := range cfg.Bots {
		if b != "easy" && b != "normal" && b != "hard" {
			fmt.Fprintf(stderr, "arcade sim: unknown bot level %q (easy, normal, hard)\n", b)
			return 2
		}
	}
	if *recordDir != "" {
		if err := os.MkdirAll(*recordDir, 0o755); err != nil {
			fmt.Fprintln(stderr, "arcade sim:", err)
			return 1
		}
		var werr error
		cfg.Record = func(r engine.Record) {
			b, _ := json.MarshalIndent(r, "", " ")
			name := filepath.Join(*recordDir, fmt.Sprintf("%s-%d.json", r.Game, r.Seed))
			if err := os.WriteFile(name, b, 0o644); err != nil && werr == nil {
				werr = err
			}
		}
		defer func() {
			if werr != nil {
				fmt.Fprintln(stderr, "arcade sim: writing records:", werr)
			}
		}()
	}
	res, err := sim.Run(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "arcade sim:", err)
		return 1
	}
	if *asJSON {
		return printJSON(res, stderr)
	}
	fmt.Fprintf(stdout, "%s: %d games, %d players, seeds %d-%d, %.1f moves a game, %d illegal actions\n",
		res.Game, res.Games, res.Players, res.Seed, res.Seed+uint64(res.Games)-1, res.MeanMoves, res.IllegalActions)
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "SEAT\tBOT\tWINS\tWIN RATE\tMEAN SCORE\tDECISION P50\tP99\t")
	for i, s := range res.Seats {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%.1f%%\t%.1f\t%.2f ms\t%.2f ms\t\n", i+1, s.Bot, s.Wins, 100*s.WinRate, s.MeanScore, s.P50ms, s.P99ms)
	}
	tw.Flush()
	return 0
}

// replayJSON is what `arcade replay --json` prints.
type replayJSON struct {
	Game    string         `json:"game"`
	Moves   int            `json:"moves"`
	Outcome engine.Outcome `json:"outcome"`
}

func runReplay(_ context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	data := dataFlag(fs, getenv)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: arcade replay [--json] [-data DIR] GAME|FILE   (a game number from arcade history, or a record file)")
		return 2
	}
	rec, err := recordFor(*data, fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "arcade replay:", err)
		return 1
	}
	g, ok := engine.FindGame(ui.Engines(games), rec.Game)
	if !ok {
		fmt.Fprintf(stderr, "arcade replay: unknown game %q (see arcade games)\n", rec.Game)
		return 1
	}
	st, err := engine.Replay(g, rec)
	if err != nil {
		fmt.Fprintln(stderr, "arcade replay:", err)
		return 1
	}
	out := st.Outcome()
	if *asJSON {
		return printJSON(replayJSON{rec.Game, len(rec.Moves), out}, stderr)
	}
	name := func(s engine.Seat) string {
		n := fmt.Sprintf("seat %d", int(s)+1)
		if int(s) < len(rec.Names) && rec.Names[s] != "" {
			n += " " + rec.Names[s]
		}
		if int(s) < len(rec.Bots) && rec.Bots[s] != "" {
			n += " (" + rec.Bots[s] + " bot)"
		}
		return n
	}
	fmt.Fprintf(stdout, "%s: %d players, seed %d, %d moves replayed\n", rec.Game, rec.Players, rec.Seed, len(rec.Moves))
	if !out.Done {
		fmt.Fprintln(stdout, "the game is not over")
		return 0
	}
	for s, score := range out.Scores {
		mark := ""
		for _, w := range out.Winners {
			if int(w) == s {
				mark = "  winner"
			}
		}
		fmt.Fprintf(stdout, "%s: %d%s\n", name(engine.Seat(s)), score, mark)
	}
	if out.Summary != "" {
		fmt.Fprintln(stdout, engine.ExpandSeats(out.Summary, name))
	}
	return 0
}

func printJSON(v any, stderr io.Writer) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(stderr, "arcade:", err)
		return 1
	}
	return 0
}
