package rooms

import (
	"cmp"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// Defaults of Config's table caps and key keeping, for flags that show them.
const (
	DefaultMaxTablesPerPlayer = 3
	DefaultMaxTablesPerAddr   = 10
	DefaultForgetKeysAfter    = 90 * 24 * time.Hour
	DefaultNewKeysPerAddr     = 30
)

// newKeyEvery is how often an address may bring one more new key once it
// brought Config.NewKeysPerAddr.
const newKeyEvery = 2 * time.Minute

// Defaults for the zero fields of Config.
const (
	defaultResponseWindow = 15 * time.Second
	defaultBotDelay       = 700 * time.Millisecond
	defaultMaxTables      = 500
	defaultLogLines       = 200
	defaultMaxSpectators  = 50
	defaultAwayGrace      = 60 * time.Second
	defaultEmptyGrace     = 2 * time.Minute
	defaultLobbyEvery     = 200 * time.Millisecond
	defaultCreateBurst    = 5
	defaultCreateEvery    = 10 * time.Second
	// logCap is how many events a table keeps.
	logCap = 500
)

func orDefault[T cmp.Ordered](v, def T) T {
	var zero T
	if v <= zero {
		return def
	}
	return v
}

func (c Config) withDefaults() Config {
	c.ResponseWindow = orDefault(c.ResponseWindow, defaultResponseWindow)
	c.BotDelay = orDefault(c.BotDelay, defaultBotDelay)
	c.MaxTables = orDefault(c.MaxTables, defaultMaxTables)
	c.LogLines = min(orDefault(c.LogLines, defaultLogLines), logCap)
	c.MaxSpectators = orDefault(c.MaxSpectators, defaultMaxSpectators)
	c.AwayGrace = orDefault(c.AwayGrace, defaultAwayGrace)
	c.RestoreGrace = orDefault(c.RestoreGrace, 5*time.Minute)
	// Off unless the table's host picks a clock.
	c.DefaultClock = orDefault(c.DefaultClock, ClockOff)
	c.AutoPassWindow = orDefault(c.AutoPassWindow, 3*time.Second)
	c.RelaxedTime = orDefault(c.RelaxedTime, DefaultRelaxedTime)
	c.BlitzTime = orDefault(c.BlitzTime, DefaultBlitzTime)
	c.Day = orDefault(c.Day, DefaultDay)
	c.TournamentGrace = orDefault(c.TournamentGrace, DefaultTournamentGrace)
	if c.VacationDays == 0 {
		c.VacationDays = DefaultVacationDays
	}
	if c.MaxCorrespondence == 0 {
		c.MaxCorrespondence = DefaultMaxCorrespondence
	}
	c.EmptyGrace = orDefault(c.EmptyGrace, defaultEmptyGrace)
	if c.ForgetKeysAfter == 0 {
		c.ForgetKeysAfter = DefaultForgetKeysAfter
	}
	c.NewKeysPerAddr = orDefault(c.NewKeysPerAddr, DefaultNewKeysPerAddr)
	c.LobbyEvery = orDefault(c.LobbyEvery, defaultLobbyEvery)
	c.LobbyScreens = orDefault(c.LobbyScreens, defaultLobbyScreens)
	c.MaxTablesPerPlayer = orDefault(c.MaxTablesPerPlayer, DefaultMaxTablesPerPlayer)
	c.MaxTablesPerAddr = orDefault(c.MaxTablesPerAddr, DefaultMaxTablesPerAddr)
	c.CreateBurst = orDefault(c.CreateBurst, defaultCreateBurst)
	c.CreateEvery = orDefault(c.CreateEvery, defaultCreateEvery)
	c.BotWorkers = orDefault(c.BotWorkers, BotWorkersFor(DefaultBotCPUPercent))
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Observe == nil {
		c.Observe = nopObserver{}
	}
	if c.Logf == nil {
		c.Logf = func(string, ...any) {}
	}
	if c.Infof == nil {
		c.Infof = func(string, ...any) {}
	}
	if c.Warnf == nil {
		c.Warnf = func(string, ...any) {}
	}
	return c
}

// Hub owns every table and knows every connected client.
//
// Only clients in the lobby receive LobbyUpdates; changes are coalesced and
// broadcast at most once per interval, which grows with the sessions
// connected (lobby.go), so idle sessions cost next to nothing and a storm
// of arrivals a bounded share of the CPU. The hub has no goroutine of its
// own: each table has one, the lobby broadcast runs on a timer, and bots
// think on a pool of at most Config.BotWorkers goroutines that exist only
// while there is work.
type Hub struct {
	cfg   Config
	games map[string]engine.Game // cfg.Games by ID
	wg    sync.WaitGroup         // table goroutines
	store store.Store            // nil: nothing persists

	// mu guards the state below that is read together for one consistent
	// answer: the tables and their codes with the table caps (a new table
	// is admitted and listed at once), the clients with the seats they
	// are away from (Connect decides where a client goes), and the lobby
	// built from all of these and the lobby's chat and results.
	mu        sync.Mutex
	closed    bool
	tables    map[string]*table
	codes     map[string]*table
	clients   map[*Client]struct{}
	byFold    map[string][]*Client // clients by their names' folds (names.go)
	byID      map[string]*Client   // non-guest clients by player ID
	byCID     map[uint64]*Client   // this node's clients by number, in a cluster
	away      map[string][]*table  // player ID -> tables where the player dropped mid-game, the latest last
	lobby     lobbyCast            // the lobby's snapshots and broadcasts (lobby.go)
	lobbyChat chatLog
	recent    []Result // finished public games
	byPlayer  quota    // tables created by player ID
	byAddr    quota    // tables created by address
	// forgetTimer forgets idle keys (forget.go).
	forgetTimer *time.Timer

	// Parts with locks of their own (the order is in the package doc):
	// standIns beside mu, never taken with it; the others leaves, taken
	// alone or under mu, that call nothing while held.
	standIns standIns   // other nodes' sessions at this node's tables (standin.go)
	nodes    nodeMap    // the other nodes' last states (gossip.go)
	quiet    quietSet   // player IDs who silenced their your-turn signals (chat.go)
	reports  reportLog  // recent reports (report.go)
	chatRate *rateLimit // lines per player
	limits   addrLimits // chat, reports and codes per address (addrlimits.go)
	// newKeys limits the new keys recorded per address.
	newKeys *rateLimit
	// links limits link codes asked for and tried (links.go).
	links *rateLimit
	seqs  seqs    // table numbers (ids.go)
	bots  botPool // the bots' workers (bots.go)
	// keyNames are the folds of the names Config.KeyNames keeps (names.go).
	keyNames keyNameFolds
	// storeHealth counts the writes the store refused (storehealth.go).
	storeHealth storeHealth
	ratings     ratingBook // the ratings read or written last (ratings.go)
	unanswered  tally      // requests to other nodes' tables that got no answer (askFailed)

	// Lock-free: set once, or atomic.
	admin    adminState // drain mode, the notice, kicks from other nodes (admin.go)
	chatSalt string     // makes ChatLine.Who
	// restarting is set by PrepareRestart and Close: nothing is written
	// to the store any more, and tables closing stay in it.
	restarting atomic.Bool
	saving     sync.WaitGroup // finished games being written (Close waits)

	// cluster (see cluster.go); nil bus: this hub is alone
	bus          Bus
	nextCID      atomic.Uint64
	clusterStops []func()
	storageDown  atomic.Bool // the bus said the storage does not answer (watchStorage)
	boot         string      // when the hub started, base 36 nanoseconds (tableID)
}

// Stats are the hub's counters, for logs and health checks.
type Stats struct {
	Online  int // connected clients
	Tables  int // open tables, private ones included
	Playing int // tables whose game is under way
	// BotsQueued counts bot decisions waiting for a worker (one per table
	// at most); BotsThinking those running (at most Config.BotWorkers).
	BotsQueued   int
	BotsThinking int
}

// NewHub starts a hub that offers cfg.Games. Zero fields of cfg take their
// defaults.
func NewHub(cfg Config) *Hub {
	cfg = cfg.withDefaults()
	games := make(map[string]engine.Game, len(cfg.Games))
	for _, g := range cfg.Games {
		id := g.Info().ID
		if _, dup := games[id]; dup {
			panic(fmt.Sprintf("rooms: two games with the ID %q", id))
		}
		games[id] = g
	}
	h := &Hub{
		cfg:      cfg,
		store:    cfg.Store,
		chatSalt: newChatSalt(),
		chatRate: newRateLimit(ChatBurst, ChatEvery),
		limits:   newAddrLimits(),
		newKeys:  newRateLimit(cfg.NewKeysPerAddr, newKeyEvery),
		links:    newRateLimit(linkBurst, linkEvery),
		games:    games,
		bots:     botPool{size: cfg.BotWorkers},
		tables:   map[string]*table{},
		codes:    map[string]*table{},
		clients:  map[*Client]struct{}{},
		byFold:   map[string][]*Client{},
		byID:     map[string]*Client{},
		away:     map[string][]*table{},
		bus:      cfg.Bus,
		byCID:    map[uint64]*Client{},
		byPlayer: newQuota(cfg.MaxTablesPerPlayer, "You already host %d open tables: close one first.",
			cfg.CreateBurst, cfg.CreateEvery),
		byAddr: newQuota(cfg.MaxTablesPerAddr, "Players from your address already host %d open tables: close one first, or join a table.",
			cfg.CreateBurst, cfg.CreateEvery),
	}
	h.refoldNames() // before anyone arrives: names are compared by their folds
	h.loadRecent()  // before restore: a restored game's end adds to them
	if _, shared := h.store.(store.Shared); h.store != nil && !(shared && h.bus != nil) {
		// A cluster's tables come back by being taken over (takeOver).
		h.restore()
	}
	h.startForgetting()
	if h.bus != nil {
		h.boot = strconv.FormatInt(time.Now().UnixNano(), 36)
		if err := h.startCluster(); err != nil {
			cfg.Logf("%v", err)
		}
	}
	return h
}

// Connect registers a session's player and returns its client. The name is
// cleaned with CleanName; a player without an ID becomes a guest with a
// random one. A non-guest player already connected is evicted: the old
// client gets a final update with Closed set (NoticeReplaced) and the new
// one takes over its seat or spectator place. A non-guest player who
// dropped out of a game in progress (Close, not Leave) is put back in the
// seat. Otherwise the client starts in the lobby with a LobbyUpdate.
// After Close, Connect returns a client that is already closed.
func (h *Hub) Connect(p Player) *Client {
	p.Name = CleanName(p.Name)
	if p.ID == "" {
		p.ID, p.Guest = randomGuestID(), true
	}
	p.Name = h.knownName(p)
	if !p.Guest {
		h.loadQuiet(p.ID)
		// Their older sessions' stand-ins here end first: the seats
		// they held are away now, and this session takes them back.
		h.endStandInsOf(p.ID)
	}
	owned, own := h.nameHold(p, p.Name)
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		c := newClient(h, p)
		c.shutdown()
		return c
	}
	name := p.Name
	p.Name = h.arrivalNameLocked(p, owned)
	p.OwnsName = own && p.Name == name
	c := newClient(h, p)
	var old *Client
	var resume *table
	if !p.Guest {
		old = h.byID[p.ID]
		h.byID[p.ID] = c
		if old == nil {
			// The latest seat takes them back; the lobby lists the others.
			// Correspondence tables only wait in that list: a player may
			// hold seats at many, and picks one from the lobby.
			resume = latestLive(h.away[p.ID])
			h.awayDropLocked(p.ID, resume)
		}
	}
	delete(h.clients, old)
	h.unfoldLocked(old)
	h.clients[c] = struct{}{}
	h.foldLocked(c, p.Name)
	if h.bus != nil {
		h.byCID[c.cid] = c
	}
	var far nodeTableRef
	if resume == nil && old == nil && !p.Guest && h.bus != nil {
		if nt, owner, ok := h.remoteAwayLocked(p.ID); ok {
			far = nodeTableRef{id: nt.Sum.ID, owner: owner}
		}
	}
	h.peopleChangedLocked()
	h.mu.Unlock()

	placed := false
	switch {
	case old != nil:
		placed = old.evict(c)
	case resume != nil:
		placed = resume.callKept(func() error { return resume.join(c, p, false, true) }) == nil
	case far.id != "":
		placed = c.enterRemote(far, cmdReq{Op: opJoin, Resume: true}) == nil
	}
	if !placed {
		h.sendLobby(c)
	}
	if h.bus != nil && !p.Guest {
		h.tellArrived(p.ID)
	}
	return c
}

// Lobby returns the current lobby snapshot (shared: read-only).
func (h *Hub) Lobby() LobbyUpdate {
	h.mu.Lock()
	defer h.mu.Unlock()
	return *h.freshLobbyLocked()
}

// Stats returns the hub's counters.
func (h *Hub) Stats() Stats {
	var s Stats
	s.BotsQueued, s.BotsThinking = h.bots.load()
	h.mu.Lock()
	defer h.mu.Unlock()
	s.Online, s.Tables = len(h.clients), len(h.tables)
	for _, t := range h.tables {
		if sum := t.summary.Load(); sum != nil && sum.Status == Playing {
			s.Playing++
		}
	}
	return s
}

// Close stops every table: each session at a table gets a last TableUpdate
// with Closed set (NoticeShutdown), every client is closed, and Close
// returns when every table goroutine and bot worker has ended and every
// finished game is in the store. Tables stay in the store, to be restored
// by the next hub. Close is idempotent.
func (h *Hub) Close() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	h.restarting.Store(true)
	h.lobby.stop()
	if h.forgetTimer != nil {
		h.forgetTimer.Stop()
	}
	tables := make([]*table, 0, len(h.tables))
	for _, t := range h.tables {
		tables = append(tables, t)
	}
	clients := make([]*Client, 0, len(h.clients))
	for c := range h.clients {
		clients = append(clients, c)
	}
	h.mu.Unlock()

	for _, t := range tables {
		_ = t.call(func() error { t.shut(NoticeShutdown); return nil })
	}
	if h.bus != nil {
		h.stopCluster()
	}
	h.wg.Wait()
	h.saving.Wait()
	h.bots.stop()
	for _, c := range clients {
		c.shutdown()
	}
}

// forget unregisters a closed client.
func (h *Hub) forget(c *Client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.clients, c)
	h.unfoldLocked(c)
	if h.byCID[c.cid] == c {
		delete(h.byCID, c.cid)
	}
	p := c.Player()
	if h.byID[p.ID] == c {
		delete(h.byID, p.ID)
	}
	if p.Guest {
		h.quiet.set(p.ID, false) // nobody can come back as this guest
	}
	h.peopleChangedLocked()
}
