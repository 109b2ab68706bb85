// Command arcade runs the SSH board-game arcade.
//
//	arcade [serve] [flags]    run the server (the default)
//	arcade help               show the commands
//
// Every flag of serve also reads an environment variable (ARCADE_*); a flag
// given on the command line wins.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

// command is one subcommand of arcade.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int
}

// commands lists the subcommands; each file registers its own in init.
var commands = map[string]command{}

func init() {
	commands["serve"] = command{summary: "run the SSH server (the default)", run: runServe}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		// After the first signal, a second one kills at once.
		<-ctx.Done()
		stop()
	}()
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stderr))
}

// run dispatches to a subcommand and returns the exit code: 0 on success, 1
// when the command fails, 2 for a usage error.
func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	name := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	switch name {
	case "help":
		usage(stderr)
		return 0
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "arcade: unknown command %q (try: arcade help)\n", name)
		return 2
	}
	return cmd.run(ctx, args, getenv, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: arcade [command] [flags]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "  help     show this list\n\nrun 'arcade <command> -h' for a command's flags")
}
