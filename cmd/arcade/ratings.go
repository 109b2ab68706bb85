package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"

	"arcade/rooms"
	"arcade/rooms/store"
	"arcade/rooms/store/sqlite"
)

func init() {
	commands["ratings"] = command{summary: "list each game's ratings from the database; -rebuild computes them again from the history", run: runRatings}
}

func runRatings(_ context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("ratings", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := dataFlag(fs, getenv)
	rebuild := fs.Bool("rebuild", false, "compute every rating again from the finished games, oldest first, and keep the result (the server may run)")
	game := fs.String("game", "", "only this game's `ID` (see arcade games)")
	limit := fs.Int("n", 20, "how many players a game")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arcade ratings [flags]   (a single server's database; a cluster keeps its ratings in NATS)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	ids := make([]string, 0, len(games))
	for _, g := range games {
		if id := g.Engine.Info().ID; *game == "" || id == *game {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		fmt.Fprintf(stderr, "arcade ratings: there is no game %q (see arcade games)\n", *game)
		return 2
	}
	var (
		sheets map[string]rooms.Ratings
		err    error
	)
	if *rebuild {
		sheets, err = rebuildRatings(*data, ids)
	} else {
		sheets, err = readRatings(*data, ids)
	}
	if err != nil {
		fmt.Fprintln(stderr, "arcade ratings:", err)
		return 1
	}
	printRatings(stdout, ids, sheets, *limit)
	return 0
}

// rebuildRatings computes the ratings of games ids again from the history.
func rebuildRatings(data string, ids []string) (map[string]rooms.Ratings, error) {
	db, err := openStore(data)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	all, err := db.ListGames(sqlite.GameFilter{}, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	slices.Reverse(all) // oldest first: the order they were rated in
	return rooms.RebuildRatings(db, ids, func(yield func(store.Game) bool) error {
		for _, g := range all {
			full, err := db.Game(g.ID)
			if err != nil {
				return err
			}
			if !yield(full) {
				break
			}
		}
		return nil
	})
}

// readRatings reads the kept ratings of games ids.
func readRatings(data string, ids []string) (map[string]rooms.Ratings, error) {
	db, err := openReadOnly(data)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	out := map[string]rooms.Ratings{}
	for _, id := range ids {
		r, err := rooms.ReadRatings(db, id)
		if err != nil {
			return nil, err
		}
		out[id] = r
	}
	return out, nil
}

// printRatings writes each game's board, best first.
func printRatings(w io.Writer, ids []string, sheets map[string]rooms.Ratings, limit int) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, id := range ids {
		board := rooms.RatingBoard(sheets[id])
		fmt.Fprintf(tw, "%s: %d rated players\n", id, len(board))
		if len(board) == 0 {
			continue
		}
		fmt.Fprintln(tw, "  #\tplayer\trating\tμ\tσ\tgames\t")
		for i, s := range board[:min(limit, len(board))] {
			mark := ""
			if s.Rating.Provisional() {
				mark = " (provisional)"
			}
			fmt.Fprintf(tw, "  %d\t%s\t%.1f%s\t%.2f\t%.2f\t%d\t\n", i+1, s.Name, s.Rating.Ordinal(), mark, s.Rating.Mu, s.Rating.Sigma, s.Rating.Games)
		}
	}
	_ = tw.Flush()
}
