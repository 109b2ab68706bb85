package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

func init() {
	commands["aside"] = command{summary: "list the tables set aside because they could not be restored", run: runAside}
}

// runAside lists the tables the server set aside at a start because it
// could not read or replay them: each is kept in the database as it was,
// with the reason, for an operator to look at (or restore from a backup).
func runAside(_ context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("aside", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := dataFlag(fs, getenv)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: arcade aside [-data DIR]")
		return 2
	}
	db, err := openReadOnly(*data)
	if err != nil {
		fmt.Fprintln(stderr, "arcade aside:", err)
		return 1
	}
	defer db.Close()
	list, err := db.SetAsideTables()
	if err != nil {
		fmt.Fprintln(stderr, "arcade aside:", err)
		return 1
	}
	if len(list) == 0 {
		fmt.Fprintln(stdout, "No table is set aside: every stored table was restored.")
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TABLE\tGAME\tMOVES\tSET ASIDE\tWHY")
	for _, a := range list {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", a.ID, a.Game, a.Moves, a.At.Local().Format(time.DateTime), a.Reason)
	}
	_ = tw.Flush()
	return 0
}
