package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"charm.land/log/v2"
	"github.com/nats-io/nats.go"

	"arcade/rooms"
	"arcade/rooms/natsbus"
	"arcade/rooms/store"
	"arcade/rooms/store/sqlite"
	"arcade/rooms/webhook"
	"arcade/sshserver"
	"arcade/sshserver/access"
	"arcade/sshserver/metrics"
	"arcade/ui"
)

// shutdownGrace is how long running sessions get to end after a signal.
const shutdownGrace = 10 * time.Second

// serveConfig is the serve command's settings.
type serveConfig struct {
	listen         string
	data           string
	publicHost     string
	logLevel       logLevel
	maxPerIP       positiveInt
	maxSessions    positiveInt
	maxStartups    positiveInt
	startupsPerIP  positiveInt
	writeTimeout   positiveDuration
	tablesPerKey   positiveInt
	tablesPerAddr  positiveInt
	responseWindow positiveDuration
	botDelay       positiveDuration
	botCPU         botCPU
	forgetKeys     positiveDuration
	newKeysPerAddr positiveInt
	vacationDays   wholeInt
	correspondence positiveInt
	authorizedKeys string
	adminKeys      string
	guests         bool
	leaderboard    bool
	webhooks       bool
	webhooksLocal  bool
	metricsAddr    string
	logFormat      logFormat
	proxyFrom      proxyFrom
	// cluster mode (empty nats: one server alone)
	nats         string
	nodeName     string
	natsReplicas positiveInt
	natsAuth     natsAuth
}

// parseServe reads the serve flags and their environment variables.
func parseServe(args []string, getenv func(string) string, stderr io.Writer) (serveConfig, error) {
	c := serveConfig{
		logLevel:       logLevel(log.InfoLevel),
		maxPerIP:       sshserver.DefaultMaxPerIP,
		maxSessions:    sshserver.DefaultMaxSessions,
		maxStartups:    sshserver.DefaultMaxStartups,
		startupsPerIP:  sshserver.DefaultMaxStartupsPerIP,
		writeTimeout:   positiveDuration(sshserver.DefaultWriteTimeout),
		tablesPerKey:   rooms.DefaultMaxTablesPerPlayer,
		tablesPerAddr:  rooms.DefaultMaxTablesPerAddr,
		responseWindow: positiveDuration(15 * time.Second),
		botDelay:       positiveDuration(700 * time.Millisecond),
		botCPU:         botCPU{percent: rooms.DefaultBotCPUPercent},
		forgetKeys:     positiveDuration(rooms.DefaultForgetKeysAfter),
		newKeysPerAddr: rooms.DefaultNewKeysPerAddr,
		vacationDays:   rooms.DefaultVacationDays,
		correspondence: rooms.DefaultMaxCorrespondence,
		guests:         true,
		leaderboard:    true,
		logFormat:      "text",
		natsReplicas:   3,
	}
	fs := flag.NewFlagSet("arcade serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.listen, "listen", ":2222", "`address` to listen on (ARCADE_LISTEN)")
	fs.StringVar(&c.data, "data", "./.arcade", "data `directory`, holds the host key (ARCADE_DATA)")
	fs.StringVar(&c.publicHost, "public-host", "", "`host[:port]` players ssh to, shown in hints (ARCADE_PUBLIC_HOST)")
	fs.Var(&c.logLevel, "log-level", "log `level`: debug, info, warn or error (ARCADE_LOG_LEVEL) (default info)")
	fs.Var(&c.maxPerIP, "max-per-ip", "live connections allowed from one address, a `number` (ARCADE_MAX_PER_IP)")
	fs.Var(&c.maxSessions, "max-sessions", "sessions allowed at once, a `number` (ARCADE_MAX_SESSIONS)")
	fs.Var(&c.maxStartups, "max-startups", "connections allowed in the SSH handshake at once, a `number` (ARCADE_MAX_STARTUPS)")
	fs.Var(&c.startupsPerIP, "max-startups-per-ip", "connections from one address allowed in the SSH handshake at once, a `number` (ARCADE_MAX_STARTUPS_PER_IP)")
	fs.Var(&c.writeTimeout, "write-timeout", "drop a client that reads nothing for this long, a `duration` (ARCADE_WRITE_TIMEOUT)")
	fs.Var(&c.tablesPerKey, "tables-per-player", "open tables one player may host, a `number` (ARCADE_TABLES_PER_PLAYER)")
	fs.Var(&c.tablesPerAddr, "tables-per-addr", "open tables the players of one address may host, a `number` (ARCADE_TABLES_PER_ADDR)")
	fs.Var(&c.responseWindow, "response-window", "time to answer out of turn, a `duration` (ARCADE_RESPONSE_WINDOW)")
	fs.Var(&c.botDelay, "bot-delay", "pause before a bot moves, a `duration` (ARCADE_BOT_DELAY)")
	fs.Var(&c.botCPU, "bot-cpu", "cores the bots of all tables may think on at once, a `share` of the server's cores like 50% or a number of cores like 2; the rest stay free for the sessions (ARCADE_BOT_CPU)")
	fs.Var(&c.forgetKeys, "forget-keys", "forget a key that never chose a name nor sat at a table once it is unseen this long, a `duration` (ARCADE_FORGET_KEYS)")
	fs.Var(&c.newKeysPerAddr, "new-keys-per-addr", "keys new to the server one address may bring at once before the next are not recorded (one more every 2 min), a `number` (ARCADE_NEW_KEYS_PER_ADDR)")
	fs.Var(&c.vacationDays, "vacation-days", "days a year a keyed player's correspondence clock may run over before the table plays for them, a `number` (0: none) (ARCADE_VACATION_DAYS)")
	fs.Var(&c.correspondence, "correspondence-tables", "correspondence tables (turn clocks of days) one keyed player may hold seats at, a `number` (ARCADE_CORRESPONDENCE_TABLES)")
	fs.StringVar(&c.authorizedKeys, "authorized-keys", "", "admit only the keys in this authorized_keys `file`, re-read when it changes (ARCADE_AUTHORIZED_KEYS)")
	fs.StringVar(&c.adminKeys, "admin-keys", "", "the admins' keys, an authorized_keys `file` (ARCADE_ADMIN_KEYS)")
	fs.BoolVar(&c.guests, "guests", true, "admit keyless guests (ARCADE_GUESTS)")
	fs.BoolVar(&c.leaderboard, "leaderboard", true, "show each game's leaderboard in \"your games\" (ARCADE_LEADERBOARD)")
	fs.BoolVar(&c.webhooks, "webhooks", false, "let keyed players set a web address that is told when a correspondence move is theirs (ARCADE_WEBHOOKS)")
	fs.BoolVar(&c.webhooksLocal, "webhooks-private", false, "with -webhooks, allow addresses on this machine and private networks (ARCADE_WEBHOOKS_PRIVATE)")
	fs.StringVar(&c.metricsAddr, "metrics", "", "serve Prometheus metrics, /healthz and /readyz on this `address`; a bare :port is loopback only (ARCADE_METRICS)")
	fs.Var(&c.proxyFrom, "proxy-from", "load balancers that send the PROXY protocol (v1 or v2), comma-separated `CIDRs` or IPs: from them a PROXY header is required and its address counts as the player's (ARCADE_PROXY_FROM) (default none: off)")
	fs.Var(&c.logFormat, "log-format", "log `format`: text or json (ARCADE_LOG_FORMAT)")
	fs.StringVar(&c.nats, "nats", "", "join a cluster of arcade servers through these NATS `URLs`, comma-separated (ARCADE_NATS)")
	fs.StringVar(&c.nodeName, "node-name", "", "this server's `name` in the cluster and its logs: letters, digits, '-' (ARCADE_NODE_NAME) (default the one in <data>/node-name, made on the first start of the host name and the listen port)")
	fs.Var(&c.natsReplicas, "nats-replicas", "copies the cluster keeps of every table and game, a `number`: 3 for three NATS nodes, 1 for one (ARCADE_NATS_REPLICAS)")
	vars := natsAuthFlags(fs, &c.natsAuth)
	vars = append(vars, []envFlag{
		{"listen", "ARCADE_LISTEN"},
		{"data", "ARCADE_DATA"},
		{"public-host", "ARCADE_PUBLIC_HOST"},
		{"log-level", "ARCADE_LOG_LEVEL"},
		{"max-per-ip", "ARCADE_MAX_PER_IP"},
		{"max-sessions", "ARCADE_MAX_SESSIONS"},
		{"max-startups", "ARCADE_MAX_STARTUPS"},
		{"max-startups-per-ip", "ARCADE_MAX_STARTUPS_PER_IP"},
		{"write-timeout", "ARCADE_WRITE_TIMEOUT"},
		{"tables-per-player", "ARCADE_TABLES_PER_PLAYER"},
		{"tables-per-addr", "ARCADE_TABLES_PER_ADDR"},
		{"response-window", "ARCADE_RESPONSE_WINDOW"},
		{"bot-delay", "ARCADE_BOT_DELAY"},
		{"bot-cpu", "ARCADE_BOT_CPU"},
		{"forget-keys", "ARCADE_FORGET_KEYS"},
		{"new-keys-per-addr", "ARCADE_NEW_KEYS_PER_ADDR"},
		{"vacation-days", "ARCADE_VACATION_DAYS"},
		{"correspondence-tables", "ARCADE_CORRESPONDENCE_TABLES"},
		{"authorized-keys", "ARCADE_AUTHORIZED_KEYS"},
		{"admin-keys", "ARCADE_ADMIN_KEYS"},
		{"guests", "ARCADE_GUESTS"},
		{"leaderboard", "ARCADE_LEADERBOARD"},
		{"webhooks", "ARCADE_WEBHOOKS"},
		{"webhooks-private", "ARCADE_WEBHOOKS_PRIVATE"},
		{"metrics", "ARCADE_METRICS"},
		{"log-format", "ARCADE_LOG_FORMAT"},
		{"proxy-from", "ARCADE_PROXY_FROM"},
		{"nats", "ARCADE_NATS"},
		{"node-name", "ARCADE_NODE_NAME"},
		{"nats-replicas", "ARCADE_NATS_REPLICAS"},
	}...)
	err := parseFlags(fs, vars, args, getenv)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stderr, "usage: arcade [serve] [flags]\n\nflags:")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		fmt.Fprintln(stderr)
		usage(stderr) // the other commands
		return c, err
	}
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err == nil && c.data == "" {
		err = errors.New("invalid value \"\" for flag -data: want a directory")
	}
	if err == nil {
		_, _, err = splitAddr("listen", c.listen)
	}
	if err == nil && c.metricsAddr != "" {
		c.metricsAddr, err = metricsAddr(c.metricsAddr)
	}
	if err == nil && c.nats != "" && c.nodeName != "" {
		err = checkNodeName(c.nodeName)
	}
	if err == nil && c.nats != "" {
		err = c.natsAuth.check(natsURLs(c.nats))
	}
	return c, err
}

// wrapStore stands between the server and its database. It is the
// database itself, except in this package's tests, which put a store there
// that fails on command (a full disk, an I/O error) to check what players
// see then.
var wrapStore = func(s *sqlite.Store) store.Store { return s }

// runServe is the serve command.
func runServe(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	c, err := parseServe(args, getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "arcade: %v\n", err)
		return 2
	}
	logger := log.NewWithOptions(stderr, log.Options{
		ReportTimestamp: true,
		Level:           log.Level(c.logLevel),
		Formatter:       c.logFormat.formatter(),
	})
	// Libraries (Wish among them) log through the default logger.
	log.SetDefault(logger)
	gate, err := openGate(c, logger)
	if err != nil {
		fmt.Fprintf(stderr, "arcade: %v\n", err)
		return 2
	}
	if err := os.MkdirAll(c.data, 0o700); err != nil {
		fmt.Fprintf(stderr, "arcade: data directory: %v\n", err)
		return 1
	}
	warnLowSpace(c.data, logger)
	var db store.Store
	var bus *natsbus.Conn
	nameFile := "" // where the node name came from, when not -node-name
	if c.nats != "" && c.nodeName == "" {
		if c.nodeName, err = storedNodeName(c.data, c.listen); err != nil {
			fmt.Fprintf(stderr, "arcade: %v\n", err)
			return 1
		}
		nameFile = filepath.Join(c.data, nodeNameFile)
	}
	if c.nats == "" {
		var local *sqlite.Store
		if local, err = openStore(c.data); err == nil {
			db = wrapStore(local)
		}
	} else {
		bus, db, err = joinCluster(c, nameFile)
	}
	if err != nil {
		fmt.Fprintf(stderr, "arcade: %v\n", err)
		return 1
	}
	defer db.Close()
	if bus != nil {
		defer bus.Close()
		logger = logger.With("node", c.nodeName)
		log.SetDefault(logger)
		logger.Info("joined the cluster", "nats", c.nats, "replicas", int(c.natsReplicas))
	}
	if gate.Bans, err = openBans(c.data, db, logger); err != nil {
		fmt.Fprintf(stderr, "arcade: %v\n", err)
		return 1
	}
	if err := serve(ctx, c, gate, db, bus, logger); err != nil {
		logger.Error("arcade stopped", "err", err)
		return 1
	}
	return 0
}

// serve runs the server until ctx ends, then shuts it down gracefully: the
// sessions first (with a deadline), then the hub.
func serve(ctx context.Context, c serveConfig, gate *access.Gate, db store.Store, bus *natsbus.Conn, logger *log.Logger) error {
	logger.Info("players connect with: " + connectCommand(c.listen, c.publicHost))
	var observe *metrics.Metrics
	if c.metricsAddr != "" {
		observe = metrics.New()
	}
	bots := c.botCPU.workers()
	logger.Info(fmt.Sprintf("bots think on at most %d of %d cores (-bot-cpu %s)", bots, runtime.GOMAXPROCS(0), &c.botCPU))
	var notifier rooms.Notifier
	if c.webhooks {
		n := webhook.New(webhook.Config{AllowPrivate: c.webhooksLocal,
			Logf: func(format string, args ...any) { logger.Warnf(format, args...) }})
		defer n.Close()
		notifier = hubNotifier{n: n, allowPrivate: c.webhooksLocal}
	}
	hub := rooms.NewHub(rooms.Config{
		Observe: hubObserver(observe),
		OnReport: func(r rooms.Report) {
			logger.Warn("player reported", "table", r.Table, "game", r.Game, "player", r.Who, "name", r.WhoName,
				"by", r.By, "by-name", r.ByName, "reason", r.Reason)
		},
		Games:              ui.Engines(games),
		ResponseWindow:     time.Duration(c.responseWindow),
		BotDelay:           time.Duration(c.botDelay),
		BotWorkers:         bots,
		MaxTablesPerPlayer: int(c.tablesPerKey),
		MaxTablesPerAddr:   int(c.tablesPerAddr),
		ForgetKeysAfter:    time.Duration(c.forgetKeys),
		NewKeysPerAddr:     int(c.newKeysPerAddr),
		VacationDays:       vacationDays(int(c.vacationDays)),
		MaxCorrespondence:  int(c.correspondence),
		Store:              db,
		KeyNames:           sshserver.KeyNames(gate),
		Bus:                hubBus(bus),
		NoLeaderboard:      !c.leaderboard,
		Notifier:           notifier,
		Logf:               func(format string, args ...any) { logger.Errorf(format, args...) },
		Infof:              func(format string, args ...any) { logger.Infof(format, args...) },
		Warnf:              func(format string, args ...any) { logger.Warnf(format, args...) },
	})
	defer hub.Close()
	srv, err := sshserver.New(sshserver.Config{
		Addr:             c.listen,
		HostKeyPath:      filepath.Join(c.data, hostKeyName),
		Hub:              hub,
		Games:            games,
		Logger:           logger,
		PublicHost:       c.publicHost,
		MaxPerIP:         int(c.maxPerIP),
		MaxSessions:      int(c.maxSessions),
		MaxStartups:      int(c.maxStartups),
		MaxStartupsPerIP: int(c.startupsPerIP),
		WriteTimeout:     time.Duration(c.writeTimeout),
		ProxyFrom:        c.proxyFrom,
		Gate:             gate,
		Observe:          serverObserver(observe),
	})
	if err != nil {
		return err
	}
	if observe != nil {
		ln, err := net.Listen("tcp", c.metricsAddr)
		if err != nil {
			return fmt.Errorf("metrics: %w", err)
		}
		observe.Watch(srv, hub, func() bool {
			return srv.Addr() != nil && !hub.Draining() && ctx.Err() == nil && hub.StoreOK()
		})
		logger.Info("serving metrics", "addr", ln.Addr().String())
		// The metrics listener is closed before serve returns, however it
		// returns (deferred calls run last first).
		metricsDone := make(chan struct{})
		defer func() { <-metricsDone }()
		mctx, stopMetrics := context.WithCancel(ctx)
		defer stopMetrics()
		go func() {
			defer close(metricsDone)
			if err := observe.Serve(mctx, ln); err != nil {
				logger.Warn("metrics stopped", "err", err)
			}
		}()
	}
	served := make(chan error, 1)
	go func() { served <- srv.ListenAndServe() }()
	select {
	case err := <-served:
		return err // could not listen
	case <-ctx.Done():
	}
	logger.Info("shutting down", "grace", shutdownGrace)
	if bus != nil {
		// Another server takes every table over before the sessions here end.
		logger.Info("handing the tables over", "tables", hub.HandOver())
	}
	hub.PrepareRestart() // every table stays in the database as it stands now
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		logger.Warn("sessions cut off at the deadline", "err", err)
	}
	if err := <-served; !errors.Is(err, sshserver.ErrServerClosed) {
		return err
	}
	logger.Info("stopped")
	return nil
}

// joinCluster connects to the cluster's NATS servers, claims the node's
// name in the cluster and opens the store every node shares. nameFile is
// the file the name came from, when no -node-name gave it.
func joinCluster(c serveConfig, nameFile string) (*natsbus.Conn, store.Store, error) {
	urls := natsURLs(c.nats)
	auth, err := c.natsAuth.options(urls)
	if err != nil {
		return nil, nil, err
	}
	host, _ := os.Hostname()
	data, _ := filepath.Abs(c.data)
	about := fmt.Sprintf("on host %s, listening on %s, data %s", host, c.listen, data)
	n := int(c.natsReplicas)
	// A cluster that is starting (its JetStream has no leader yet, or too
	// few peers for the replicas) is waited for a while.
	deadline := time.Now().Add(clusterWait)
	for {
		conn, st, err := connectCluster(c.nodeName, urls, n, about, auth)
		if err == nil {
			return conn, st, nil
		}
		var taken *natsbus.NameTakenError
		switch {
		case errors.As(err, &taken) && nameFile == "":
			return nil, nil, fmt.Errorf("%v: give this server a name of its own with -node-name (ARCADE_NODE_NAME)", taken)
		case errors.As(err, &taken):
			return nil, nil, fmt.Errorf("%v, and this server took that name from %s (which two servers share when they share a -data directory): give this one a -data directory of its own, or a name of its own with -node-name (ARCADE_NODE_NAME)", taken, nameFile)
		case errors.Is(err, nats.ErrAuthorization), errors.Is(err, nats.ErrAuthExpired), errors.Is(err, nats.ErrAuthRevoked):
			return nil, nil, fmt.Errorf("-nats: the NATS server refused this server's credentials (%v): give the ones its configuration names with -nats-creds, -nats-nkey or -nats-user and -nats-password-file", err)
		case errors.Is(err, nats.ErrSecureConnRequired), errors.Is(err, nats.ErrSecureConnWanted):
			return nil, nil, fmt.Errorf("-nats: TLS was not agreed with the NATS server (%v): serve NATS with TLS, or connect without TLS with -nats-insecure (ARCADE_NATS_INSECURE=true) only on a private network", err)
		case errors.Is(err, natsbus.ErrNotClustered):
			return nil, nil, fmt.Errorf("-nats-replicas %d: the NATS server is a single server, not a cluster, and keeps one copy of everything: start the arcade with -nats-replicas 1 (ARCADE_NATS_REPLICAS=1), or give it a NATS cluster of %d servers", n, n)
		case errors.Is(err, natsbus.ErrTooFewPeers) && time.Now().After(deadline):
			return nil, nil, fmt.Errorf("-nats-replicas %d: the NATS cluster has fewer than %d servers (%v): start the ones missing, or start the arcade with -nats-replicas set to the number of NATS servers", n, n, err)
		case time.Now().After(deadline):
			return nil, nil, fmt.Errorf("-nats: %w", err)
		case errors.Is(err, natsbus.ErrTooFewPeers):
			log.Warn(fmt.Sprintf("waiting for the NATS cluster to have %d servers for -nats-replicas %d; if it has fewer, start the arcade with -nats-replicas set to their number", n, n), "err", err)
		default:
			log.Warn("waiting for the NATS cluster", "err", err)
		}
		time.Sleep(time.Second)
	}
}

// connectCluster is one try of joinCluster.
func connectCluster(node string, urls []string, replicas int, about string, auth []nats.Option) (*natsbus.Conn, store.Store, error) {
	conn, err := natsbus.Connect(node, urls, natsbus.Options{Replicas: replicas}, auth...)
	if err != nil {
		return nil, nil, err
	}
	st, err := natsbus.NewStore(conn.JetStream(), replicas)
	if err == nil {
		err = conn.ClaimName(about, func() {
			log.Error("another arcade server took this server's name in the cluster: this one did not renew it for 3 s while that one started; give each server a name of its own (-node-name)", "name", node)
		})
		if err != nil {
			st.Close()
		}
	}
	if err != nil {
		conn.Close()
		return nil, nil, err
	}
	return conn, st, nil
}

// clusterWait is how long a server waits at start for its NATS cluster.
const clusterWait = 60 * time.Second

// hubBus is the hub's Bus: nil (no cluster) stays an untyped nil.
func hubBus(c *natsbus.Conn) rooms.Bus {
	if c == nil {
		return nil
	}
	return c
}

// openGate builds the door policy from the flags: the allow list and the
// admins' list (the ban list comes from the store: openBans).
func openGate(c serveConfig, logger *log.Logger) (*access.Gate, error) {
	gate := &access.Gate{NoGuests: !c.guests}
	var err error
	open := func(path, flag, what string) *access.KeyFile {
		if path == "" || err != nil {
			return nil
		}
		var f *access.KeyFile
		if f, err = access.OpenKeyFile(path); err != nil {
			err = fmt.Errorf("-%s: %w", flag, err)
			return nil
		}
		f.OnReload = func(keys int, rerr error) {
			if rerr != nil {
				logger.Warn("kept the last good "+what+": the file has an error", "err", rerr)
				return
			}
			logger.Info("re-read the "+what, "file", path, "keys", keys)
		}
		logger.Info("read the "+what, "file", path, "keys", f.Len())
		return f
	}
	gate.Allowed = open(c.authorizedKeys, "authorized-keys", "list of admitted keys")
	gate.Admins = open(c.adminKeys, "admin-keys", "admins' keys")
	if err != nil {
		return nil, err
	}
	return gate, nil
}

// banRefresh is how soon a ban made on another server of a cluster applies.
const banRefresh = 2 * time.Second

// openBans keeps the ban list in the store (shared by a cluster's servers),
// moving in the list of <data>/bans.json that earlier versions kept.
func openBans(data string, db store.Store, logger *log.Logger) (*access.Bans, error) {
	kv, ok := db.(access.BanStore)
	if !ok {
		return access.OpenBans(filepath.Join(data, "bans.json"))
	}
	path := filepath.Join(data, "bans.json")
	n, err := access.ImportBans(path, kv)
	if err != nil {
		return nil, err
	}
	if n > 0 {
		logger.Info("moved the ban list into the database", "bans", n, "file", path+".imported")
	}
	return access.StoredBans(kv, banRefresh)
}

// hubObserver and serverObserver hand the metrics to the hub and the
// server, or nothing when they are off (a nil *Metrics in an interface
// would not be nil).
func hubObserver(m *metrics.Metrics) rooms.Observer {
	if m == nil {
		return nil
	}
	return m
}

func serverObserver(m *metrics.Metrics) sshserver.Observer {
	if m == nil {
		return nil
	}
	return m
}

// connectCommand is the ssh command that reaches a server listening on
// listen (or on publicHost, when set), to paste: "ssh -p 2222 localhost".
func connectCommand(listen, publicHost string) string {
	addr := listen
	if publicHost != "" {
		addr = publicHost
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		host, port = addr, "22"
		if publicHost == "" {
			port = "2222"
		}
	}
	switch host {
	case "", "0.0.0.0", "::", "127.0.0.1", "::1":
		host = "localhost"
	}
	if port == "22" {
		return "ssh " + host
	}
	return "ssh -p " + port + " " + host
}

// vacationDays is the hub's VacationDays for the -vacation-days flag, whose
// 0 means none (the hub's 0 means its default).
func vacationDays(days int) int {
	if days == 0 {
		return -1
	}
	return days
}
