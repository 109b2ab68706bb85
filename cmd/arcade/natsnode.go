package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"arcade/rooms/cluster"
)

// runNATSNode is the nats-node command: one node of the NATS cluster that
// the arcade servers of a cluster share (JetStream on, clustered with its
// routes), run from the same binary so that an operator needs no other.
func runNATSNode(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("arcade nats-node", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg cluster.NodeConfig
	var routes string
	fs.StringVar(&cfg.Name, "name", "", "the node's `name`, unique in the cluster (ARCADE_NATS_NAME)")
	fs.StringVar(&cfg.Listen, "listen", "127.0.0.1:4222", "`address` arcade servers connect to (ARCADE_NATS_LISTEN)")
	fs.StringVar(&cfg.ClusterListen, "cluster", "127.0.0.1:6222", "`address` the other NATS nodes connect to (ARCADE_NATS_CLUSTER)")
	fs.StringVar(&routes, "routes", "", "the other nodes' cluster `URLs`, comma-separated, e.g. nats-route://n2:6222 (ARCADE_NATS_ROUTES)")
	fs.StringVar(&cfg.Dir, "data", "./.arcade-nats", "`directory` for JetStream's files (ARCADE_NATS_DATA)")
	fs.BoolVar(&cfg.Log, "log", false, "print the NATS server's log (ARCADE_NATS_LOG)")
	vars := []envFlag{
		{"name", "ARCADE_NATS_NAME"}, {"listen", "ARCADE_NATS_LISTEN"}, {"cluster", "ARCADE_NATS_CLUSTER"},
		{"routes", "ARCADE_NATS_ROUTES"}, {"data", "ARCADE_NATS_DATA"}, {"log", "ARCADE_NATS_LOG"},
	}
	err := parseFlags(fs, vars, args, getenv)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stderr, "usage: arcade nats-node [flags]\n\nflags:")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return 0
	}
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err == nil && !cluster.ValidName(cfg.Name) {
		err = fmt.Errorf("invalid value %q for flag -name: want 1 to 32 letters, digits or '-'", cfg.Name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "arcade: %v\n", err)
		return 2
	}
	for _, r := range strings.Split(routes, ",") {
		if r = strings.TrimSpace(r); r != "" {
			cfg.Routes = append(cfg.Routes, r)
		}
	}
	srv, err := cluster.RunNode(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "arcade: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "arcade: NATS node %s serves %s (cluster %s)\n", cfg.Name, cfg.Listen, cfg.ClusterListen)
	<-ctx.Done()
	srv.Shutdown()
	srv.WaitForShutdown()
	return 0
}
