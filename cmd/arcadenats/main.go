// Command arcadenats runs one node of the NATS cluster that the arcade
// servers of a cluster share (JetStream on, clustered with its routes):
//
//	arcadenats -name nats1 -listen 10.0.0.1:4222 -cluster 10.0.0.1:6222 \
//	  -routes nats-route://10.0.0.2:6222,nats-route://10.0.0.3:6222 -data /var/lib/arcadenats
//
// -config adds a nats-server configuration file: users, permissions and
// TLS, as in docs/cluster/nats-secure.conf. Every flag also reads an
// environment variable (ARCADE_NATS_*). A stock
// nats-server with JetStream does as well; this one needs nothing but Go
// to build. It is a binary of its own so that the arcade server does not
// link nats-server (see package natsd).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"arcade/rooms/natsbus"
	"arcade/rooms/natsbus/natsd"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stderr))
}

// run parses the flags, starts the node and waits for ctx; it returns the
// exit code (2 for a usage error).
func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("arcadenats", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg natsd.NodeConfig
	var routes string
	fs.StringVar(&cfg.Name, "name", getenv("ARCADE_NATS_NAME"), "the node's `name`, unique in the cluster (ARCADE_NATS_NAME)")
	fs.StringVar(&cfg.Listen, "listen", envOr(getenv, "ARCADE_NATS_LISTEN", "127.0.0.1:4222"), "`address` arcade servers connect to (ARCADE_NATS_LISTEN)")
	fs.StringVar(&cfg.ClusterListen, "cluster", envOr(getenv, "ARCADE_NATS_CLUSTER", "127.0.0.1:6222"), "`address` the other NATS nodes connect to (ARCADE_NATS_CLUSTER)")
	fs.StringVar(&routes, "routes", getenv("ARCADE_NATS_ROUTES"), "the other nodes' cluster `URLs`, comma-separated, e.g. nats-route://n2:6222 (ARCADE_NATS_ROUTES)")
	fs.StringVar(&cfg.Dir, "data", envOr(getenv, "ARCADE_NATS_DATA", "./.arcade-nats"), "`directory` for JetStream's files (ARCADE_NATS_DATA)")
	fs.StringVar(&cfg.Config, "config", getenv("ARCADE_NATS_CONFIG"), "start from this nats-server configuration `file`: users, nkeys, permissions, TLS, route authorization (see docs/cluster/nats-secure.conf); the other flags replace its addresses, routes and data directory (ARCADE_NATS_CONFIG)")
	fs.BoolVar(&cfg.Log, "log", getenv("ARCADE_NATS_LOG") == "true", "print the NATS server's log (ARCADE_NATS_LOG=true)")
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stderr, "usage: arcadenats [flags]\n\nflags:")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return 0
	}
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err == nil && !natsbus.ValidName(cfg.Name) {
		err = fmt.Errorf("invalid value %q for flag -name: want 1 to 32 letters, digits or '-'", cfg.Name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "arcadenats: %v\n", err)
		return 2
	}
	for _, r := range strings.Split(routes, ",") {
		if r = strings.TrimSpace(r); r != "" {
			cfg.Routes = append(cfg.Routes, r)
		}
	}
	srv, err := natsd.RunNode(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "arcadenats: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "arcadenats: node %s serves %s (cluster %s)\n", cfg.Name, cfg.Listen, cfg.ClusterListen)
	<-ctx.Done()
	srv.Shutdown()
	srv.WaitForShutdown()
	return 0
}

// envOr is the environment variable's value, or def when it is empty.
func envOr(getenv func(string) string, name, def string) string {
	if v := getenv(name); v != "" {
		return v
	}
	return def
}
