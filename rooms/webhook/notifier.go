package webhook

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"
)

// Config sets up a Notifier. A zero field takes its default.
type Config struct {
	Workers int           // POSTs at once (default 2)
	Queue   int           // notices waiting for a worker (default 256)
	Timeout time.Duration // one try, connecting to reading the answer (default 5 s)
	Burst   int           // notices a player may get at once (default 3)
	Every   time.Duration // then one per this (default 1 min)
	Backoff time.Duration // wait before the second try, doubled before the third (default 1 s)
	MaxWait time.Duration // longest Retry-After honoured; longer gives up (default 30 s)

	// AllowPrivate lets addresses reach this machine and private networks.
	AllowPrivate bool
	// Logf, when set, receives failed deliveries, naming the host only.
	Logf func(format string, args ...any)
	// Transport, when set, replaces the built-in one, and with it the
	// check of private addresses when connecting.
	Transport http.RoundTripper
	// Now, when set, is the clock of the rate limit.
	Now func() time.Time
}

// withDefaults fills the zero fields of c.
func (c Config) withDefaults() Config {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defDur := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.Workers, 2)
	def(&c.Queue, 256)
	def(&c.Burst, 3)
	defDur(&c.Timeout, 5*time.Second)
	defDur(&c.Every, time.Minute)
	defDur(&c.Backoff, time.Second)
	defDur(&c.MaxWait, 30*time.Second)
	if c.Logf == nil {
		c.Logf = func(string, ...any) {}
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Stats counts notices since New.
type Stats struct {
	Sent    uint64 // delivered: the address answered 2xx
	Failed  uint64 // given up after their tries
	Dropped uint64 // not queued: the queue was full or the Notifier closed
	Limited uint64 // refused by a player's rate limit
}

// Notifier posts notices to players' addresses from a few workers. Its
// methods are safe for concurrent use.
type Notifier struct {
	cfg    Config
	client *http.Client
	limit  *limiter
	queue  chan job
	ctx    context.Context // cancelled by Close
	stop   context.CancelFunc
	wg     sync.WaitGroup
	closed sync.Once

	sent, failed, dropped, limited atomic.Uint64
}

// job is one queued notice.
type job struct {
	player string
	target *url.URL
	notice Notice
}

// closeWait bounds how long Close waits for the workers.
const closeWait = 2 * time.Second

var (
	errClosed = errors.New("Notifications are stopped on this server.")
	errFull   = errors.New("Too many notifications are waiting to be sent: this one was dropped.")
)

// New starts a Notifier's workers. Close stops them.
func New(cfg Config) *Notifier {
	cfg = cfg.withDefaults()
	ctx, stop := context.WithCancel(context.Background())
	nt := &Notifier{
		cfg:    cfg,
		client: newClient(cfg),
		limit:  newLimiter(cfg.Burst, cfg.Every),
		queue:  make(chan job, cfg.Queue),
		ctx:    ctx,
		stop:   stop,
	}
	nt.wg.Add(cfg.Workers)
	for range cfg.Workers {
		go nt.work()
	}
	return nt
}

// newClient is the HTTP client of cfg: no proxy, no redirects followed,
// private addresses refused when connecting unless cfg allows them.
func newClient(cfg Config) *http.Client {
	rt := cfg.Transport
	if rt == nil {
		dialer := &net.Dialer{Timeout: cfg.Timeout}
		if !cfg.AllowPrivate {
			dialer.Control = refusePrivate
		}
		rt = &http.Transport{
			DialContext:         dialer.DialContext,
			ForceAttemptHTTP2:   true,
			MaxIdleConns:        16,
			IdleConnTimeout:     90 * time.Second,
			TLSHandshakeTimeout: cfg.Timeout,
		}
	}
	return &http.Client{
		Transport: rt,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// Send queues n for the address target of the player playerID and returns
// at once: it never waits for the network. The error, a sentence, says why
// the notice will not go: a bad address, the player's rate limit, a full
// queue, or a closed Notifier. A queued notice that fails later is
// counted and logged, not returned.
func (nt *Notifier) Send(playerID, target string, n Notice) error {
	u, err := nt.admit(playerID, target)
	if err != nil {
		return err
	}
	select {
	case nt.queue <- job{player: playerID, target: u, notice: n}:
		return nil
	default:
		nt.dropped.Add(1)
		return errFull
	}
}

// Test posts a notice of KindTest for the player playerID, named name, to
// target, once, and waits for the answer (up to Config.Timeout). The error
// is a sentence that tells the player what went wrong. The rate limit
// counts it like any notice.
func (nt *Notifier) Test(playerID, target, name string) error {
	u, err := nt.admit(playerID, target)
	if err != nil {
		return err
	}
	j := job{player: playerID, target: u, notice: Notice{Kind: KindTest, Player: name}}
	err = nt.deliver(j, 1)
	nt.count(j, err)
	return err
}

// admit checks a notice before it goes: the Notifier is open, the address
// valid, and the player within their rate.
func (nt *Notifier) admit(playerID, target string) (*url.URL, error) {
	if nt.ctx.Err() != nil {
		nt.dropped.Add(1)
		return nil, errClosed
	}
	u, err := parseURL(target, nt.cfg.AllowPrivate)
	if err != nil {
		return nil, err
	}
	if err := nt.limit.take(playerID, nt.cfg.Now()); err != nil {
		nt.limited.Add(1)
		return nil, err
	}
	return u, nil
}

// Close stops the workers: what is being posted is abandoned, and what is
// queued is not sent. It waits a little for the workers to return. Later
// calls of Send and Test are refused.
func (nt *Notifier) Close() {
	nt.closed.Do(func() {
		nt.stop()
		done := make(chan struct{})
		go func() {
			nt.wg.Wait()
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(closeWait):
		}
		nt.client.CloseIdleConnections()
	})
}

// Stats returns the counts so far.
func (nt *Notifier) Stats() Stats {
	return Stats{
		Sent:    nt.sent.Load(),
		Failed:  nt.failed.Load(),
		Dropped: nt.dropped.Load(),
		Limited: nt.limited.Load(),
	}
}

// work delivers queued notices until Close.
func (nt *Notifier) work() {
	defer nt.wg.Done()
	for {
		select {
		case <-nt.ctx.Done():
			return
		case j := <-nt.queue:
			nt.count(j, nt.deliver(j, maxTries))
		}
	}
}

// count records the outcome of a delivery of j, logging a failure by host.
func (nt *Notifier) count(j job, err error) {
	if err == nil {
		nt.sent.Add(1)
		return
	}
	nt.failed.Add(1)
	nt.cfg.Logf("webhook: a %s notice for player %s to %s failed: %v", j.notice.Kind, j.player, j.target.Host, err)
}
