package natsbus

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Options tune a Conn; the zero value is a single-server setup.
type Options struct {
	// Replicas is how many copies of every stream and bucket the cluster
	// keeps: 1 (the default) on one server, 3 in a 3-node cluster.
	Replicas int
	// LeaseEvery is how often this node renews its leases (1 s).
	LeaseEvery time.Duration
	// LeaseTTL is how long another node's lease may go without renewal
	// before its table is orphaned (3 s).
	LeaseTTL time.Duration
}

// withDefaults fills in the zero fields.
func (o Options) withDefaults() Options {
	if o.Replicas <= 0 {
		o.Replicas = 1
	}
	if o.LeaseEvery <= 0 {
		o.LeaseEvery = time.Second
	}
	if o.LeaseTTL <= 0 {
		o.LeaseTTL = 3 * time.Second
	}
	return o
}

// opTimeout bounds one JetStream call.
const opTimeout = 5 * time.Second

// Conn is one node's connection to NATS: it implements rooms.Bus (core
// NATS messaging, and table leases in the KV bucket arcade_leases).
type Conn struct {
	node   string
	opts   Options
	nc     *nats.Conn
	js     jetstream.JetStream
	leases jetstream.KeyValue

	mu    sync.Mutex
	owned map[string]uint64 // this node's leases: table -> revision
	lost  func(table string)
	seen  map[string]*leaseSeen // the watcher's view (WatchLeases)
	// released: the tables this Conn released, with the revision they had,
	// until the watcher sees a newer lease
	released map[string]uint64
	paused   bool       // tests: renewals suspended
	name     *nameClaim // ClaimName's, until Close
	closed   bool
	// down: JetStream did not answer the last renewals (StorageDown,
	// read on every save of a table)
	down atomic.Bool

	stopRenew chan struct{}
	renewDone chan struct{}
}

// ValidName reports whether name can name a node: 1 to 32 letters,
// digits and '-'. (Table IDs may have up to 100 of them.)
func ValidName(name string) bool { return validToken(name, 32) }

// validToken reports whether s is 1 to most letters, digits and '-'.
func validToken(s string, most int) bool {
	if len(s) < 1 || len(s) > most {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// Connect connects node to the NATS servers at urls, reconnecting forever;
// auth adds nats.go's options, such as its credentials and TLS.
func Connect(node string, urls []string, opts Options, auth ...nats.Option) (*Conn, error) {
	if len(urls) == 0 {
		return nil, errors.New("cluster: no NATS server URL")
	}
	return connect(node, opts, strings.Join(urls, ","), auth...)
}

// ConnectEmbedded connects node to an in-process server (natsd.Embedded)
// without a network connection.
func ConnectEmbedded(node string, s nats.InProcessConnProvider, opts Options) (*Conn, error) {
	return connect(node, opts, "", nats.InProcessServer(s))
}

// connect connects to url (or as extra says) and opens the lease bucket.
func connect(node string, opts Options, url string, extra ...nats.Option) (*Conn, error) {
	if !ValidName(node) {
		return nil, fmt.Errorf("cluster: node name %q: use 1 to 32 letters, digits and '-'", node)
	}
	opts = opts.withDefaults()
	nopts := append([]nats.Option{
		nats.Name("arcade-" + node),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
	}, extra...)
	nc, err := nats.Connect(url, nopts...)
	if err != nil {
		return nil, fmt.Errorf("cluster: connect: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("cluster: jetstream: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: "arcade_leases", History: 1, Storage: jetstream.FileStorage, Replicas: opts.Replicas,
	})
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("cluster: lease bucket: %w", placement(err))
	}
	c := &Conn{node: node, opts: opts, nc: nc, js: js, leases: kv, owned: map[string]uint64{},
		seen: map[string]*leaseSeen{}, released: map[string]uint64{}, stopRenew: make(chan struct{}), renewDone: make(chan struct{})}
	go c.renewLoop()
	return c, nil
}

// Node is this node's name.
func (c *Conn) Node() string { return c.node }

// NATS is the underlying connection.
func (c *Conn) NATS() *nats.Conn { return c.nc }

// JetStream is the connection's JetStream context (for NewStore).
func (c *Conn) JetStream() jetstream.JetStream { return c.js }

// Replicas is how many copies the cluster keeps of streams and buckets.
func (c *Conn) Replicas() int { return c.opts.Replicas }

// Close stops renewing leases (they lapse; they are not released), gives
// up the node's name (ClaimName) and closes the connection.
func (c *Conn) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	c.mu.Unlock()
	close(c.stopRenew)
	<-c.renewDone
	c.releaseName()
	c.nc.Close()
	return nil
}

// Publish sends data on subject.
func (c *Conn) Publish(subject string, data []byte) error {
	return c.nc.Publish(subject, data)
}

// Subscribe calls handle for every message on subject, one at a time and
// in order, until stop.
func (c *Conn) Subscribe(subject string, handle func(subject string, data []byte)) (stop func(), err error) {
	sub, err := c.nc.Subscribe(subject, func(m *nats.Msg) { handle(m.Subject, m.Data) })
	if err != nil {
		return nil, fmt.Errorf("cluster: subscribe %s: %w", subject, err)
	}
	return func() { _ = sub.Unsubscribe() }, nil
}

// Serve answers requests on subject with handle's reply, one at a time,
// until stop. It returns once the NATS server routes requests to it.
func (c *Conn) Serve(subject string, handle func(req []byte) []byte) (stop func(), err error) {
	sub, err := c.nc.Subscribe(subject, func(m *nats.Msg) { _ = m.Respond(handle(m.Data)) })
	if err != nil {
		return nil, fmt.Errorf("cluster: serve %s: %w", subject, err)
	}
	// Once Serve returns, the server knows whom to send requests to.
	if err := c.nc.FlushTimeout(opTimeout); err != nil {
		_ = sub.Unsubscribe()
		return nil, fmt.Errorf("cluster: serve %s: %w", subject, err)
	}
	return func() { _ = sub.Unsubscribe() }, nil
}

// Request sends req to the server serving subject and returns its reply;
// when nobody serves it the error satisfies IsNoServer.
func (c *Conn) Request(subject string, req []byte, timeout time.Duration) ([]byte, error) {
	m, err := c.nc.Request(subject, req, timeout)
	if err != nil {
		return nil, fmt.Errorf("cluster: request %s: %w", subject, err)
	}
	return m.Data, nil
}

// IsNoServer reports whether err is a Request's "nobody serves that
// subject" (rooms.ErrNoServer).
func IsNoServer(err error) bool { return errors.Is(err, nats.ErrNoResponders) }
