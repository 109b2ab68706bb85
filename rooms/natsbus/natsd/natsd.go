// Package natsd runs the NATS servers that the nodes of an arcade cluster
// talk through (package cluster): one in the process (Embedded: tests, or a
// trial on one machine) or a clustered node with JetStream (RunNode, the
// arcadenats command).
//
// It is a package of its own so that the arcade server binary does not
// link nats-server, whose process-statistics sampler (package pse) reads
// /proc every second in any process that links it, server or not.
package natsd

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// readyWait is how long a server may take to accept connections.
const readyWait = 10 * time.Second

// Embedded starts an in-process NATS server with JetStream, storing under
// dir. With listen "" it opens no TCP port (connect with ConnectEmbedded);
// otherwise it listens on listen ("host:port", port 0 for a random one) for
// other processes too. It logs nothing.
func Embedded(dir string, listen string) (*server.Server, error) {
	opts := &server.Options{
		ServerName: "arcade-embedded",
		JetStream:  true,
		StoreDir:   dir,
		NoLog:      true,
		NoSigs:     true,
	}
	if listen == "" {
		opts.DontListen = true
	} else {
		host, port, err := splitAddr(listen)
		if err != nil {
			return nil, err
		}
		if port == 0 {
			port = server.RANDOM_PORT // nats-server reads 0 as its default port
		}
		opts.Host, opts.Port = host, port
	}
	return start(opts, false)
}

// NodeConfig is one node of a NATS cluster that arcade servers connect to
// (the arcade nats-node command).
type NodeConfig struct {
	// Name is the node's server name, unique in the cluster.
	Name string
	// Cluster is the cluster's name ("arcade" when empty).
	Cluster string
	// Listen is the client address ("host:port").
	Listen string
	// ClusterListen is the address the other nodes connect to.
	ClusterListen string
	// Routes are the other nodes' cluster URLs ("nats-route://host:port").
	Routes []string
	// Dir is where JetStream keeps its data.
	Dir string
	// Log turns the server's log (to stderr) on.
	Log bool
	// Config is a nats-server configuration file the node starts from
	// (users, nkeys, accounts, permissions, TLS, route authorization);
	// the fields above replace its name, addresses, routes (when given),
	// cluster name (when it names none) and JetStream directory.
	Config string
}

// RunNode starts a clustered NATS server with JetStream and waits until it
// accepts connections.
func RunNode(cfg NodeConfig) (*server.Server, error) {
	if cfg.Name == "" || cfg.Dir == "" || cfg.Listen == "" || cfg.ClusterListen == "" {
		return nil, errors.New("cluster: a node needs a name, a data directory, a client and a cluster address")
	}
	host, port, err := splitAddr(cfg.Listen)
	if err != nil {
		return nil, err
	}
	chost, cport, err := splitAddr(cfg.ClusterListen)
	if err != nil {
		return nil, err
	}
	name := cfg.Cluster
	if name == "" {
		name = "arcade"
	}
	opts := &server.Options{}
	if cfg.Config != "" {
		if opts, err = server.ProcessConfigFile(cfg.Config); err != nil {
			return nil, fmt.Errorf("cluster: NATS configuration: %w", err)
		}
		if cfg.Cluster == "" && opts.Cluster.Name != "" {
			name = opts.Cluster.Name
		}
	}
	opts.ServerName, opts.Host, opts.Port = cfg.Name, host, port
	opts.JetStream, opts.StoreDir = true, cfg.Dir
	opts.NoLog, opts.NoSigs = !cfg.Log, true
	opts.Cluster.Name, opts.Cluster.Host, opts.Cluster.Port = name, chost, cport
	if len(cfg.Routes) > 0 {
		opts.Routes = server.RoutesFromStr(strings.Join(cfg.Routes, ","))
	}
	return start(opts, cfg.Log)
}

// start starts a server and waits for it.
func start(opts *server.Options, log bool) (*server.Server, error) {
	s, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("cluster: nats server: %w", err)
	}
	if log {
		s.ConfigureLogger()
	}
	s.Start()
	if !s.ReadyForConnections(readyWait) {
		s.Shutdown()
		return nil, fmt.Errorf("cluster: nats server %s not ready after %v", opts.ServerName, readyWait)
	}
	return s, nil
}

// splitAddr parses "host:port".
func splitAddr(addr string) (string, int, error) {
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, fmt.Errorf("cluster: address %q: %w", addr, err)
	}
	port, err := strconv.Atoi(p)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("cluster: address %q: bad port", addr)
	}
	return host, port, nil
}
