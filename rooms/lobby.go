package rooms

import (
	"cmp"
	"slices"
	"strings"
	"time"
)

// The lobby's broadcasts. Every broadcast is drawn on every lobby screen,
// so with a broadcast per change a change would cost work in proportion to
// everyone present, and a storm of arrivals the square of its size. So:
//   - changes are coalesced into one broadcast per interval, and the
//     interval grows with the sessions connected so that broadcasts cost at
//     most about Config.LobbyScreens screen updates a second: who is online
//     (Online, People) goes out at that rate, what a player acts on (the
//     tables, the chat, notices, results) at four times it and never later
//     than boardLatest after it changed (lobbyInterval);
//   - the sorted list of who is online is kept between snapshots and
//     sorted again only after someone arrived, left or moved;
//   - a session arriving gets the last snapshot built, not a new one: its
//     own arrival shows in the next broadcast.

// Defaults and bounds of the lobby's broadcasts.
const (
	defaultLobbyScreens = 2000
	// boardLatest bounds the wait of a change to the tables, chat or
	// notices, so a table opening shows within a second however many
	// sessions there are.
	boardLatest = 750 * time.Millisecond
	// boardShare is how many times faster than the list of who is online
	// the tables and chat may go out.
	boardShare = 4
	// lobbySettle is how long a lobby change waits for the changes that
	// come with it before it is broadcast.
	lobbySettle = 5 * time.Millisecond
)

// lobbyCast is the hub's lobby snapshot and broadcast timer, under h.mu.
type lobbyCast struct {
	timer *time.Timer
	gen   uint64    // the pending timer's; an older timer does nothing
	due   time.Time // when the pending timer fires
	last  time.Time // the last broadcast

	snap    *LobbyUpdate // the last one built (nil: none yet)
	version uint64       // snap's Version
	sent    uint64       // the Version of the last broadcast
	// boardStale: the tables, chat or notices changed since snap was
	// built; peopleStale: someone arrived, left or moved since people was
	// sorted.
	boardStale, peopleStale bool
	people                  []Person // this node's people, sorted by name
}

// stop stops the pending broadcast (Close).
func (l *lobbyCast) stop() {
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	l.gen++
}

// lobbyInterval is the least time between two broadcasts for n sessions:
// who is online (board false) or the tables, chat and notices (board true).
func lobbyInterval(every time.Duration, screens, n int, board bool) time.Duration {
	scaled := time.Duration(n) * time.Second / time.Duration(screens)
	if board {
		scaled = min(scaled/boardShare, boardLatest)
	}
	return max(every, scaled)
}

// lobbyChanged notes that the lobby's tables, chat, notices or results
// changed; a broadcast follows within lobbyInterval.
func (h *Hub) lobbyChanged() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lobbyChangedLocked()
}

func (h *Hub) lobbyChangedLocked() {
	h.lobby.boardStale = true
	h.scheduleLobbyLocked(true)
}

// peopleChanged notes that someone arrived, left, moved or was renamed;
// a broadcast follows within lobbyInterval.
func (h *Hub) peopleChanged() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.peopleChangedLocked()
}

func (h *Hub) peopleChangedLocked() {
	h.lobby.peopleStale = true
	h.scheduleLobbyLocked(false)
}

// scheduleLobbyLocked sets the broadcast timer for a change, unless it
// fires sooner already. Even a lobby quiet for long waits a moment: one
// action makes several changes (a player moves to a new table, then the
// table shows), and they go out in one broadcast.
func (h *Hub) scheduleLobbyLocked(board bool) {
	l := &h.lobby
	if h.closed {
		return
	}
	every := lobbyInterval(h.cfg.LobbyEvery, h.cfg.LobbyScreens, len(h.clients), board)
	now := time.Now()
	due := now.Add(max(every-now.Sub(l.last), min(lobbySettle, every)))
	if l.timer != nil && !l.due.After(due) {
		return
	}
	l.stop()
	gen := l.gen
	l.due = due
	l.timer = time.AfterFunc(due.Sub(now), func() { h.broadcast(gen) })
}

// broadcast sends the lobby to every client in the lobby, unless a later
// timer took the place of this one (gen).
func (h *Hub) broadcast(gen uint64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	l := &h.lobby
	if h.closed || gen != l.gen {
		return
	}
	l.timer = nil
	l.last = time.Now()
	snap := h.freshLobbyLocked()
	if snap.Version == l.sent {
		return
	}
	l.sent = snap.Version
	for c := range h.clients {
		c.putLobby(snap)
	}
	h.cfg.Observe.FannedOut("lobby", time.Since(l.last))
	if h.bus != nil {
		go h.tellState()
	}
}

// sendLobby gives a client that arrived in the lobby the last snapshot,
// built again only when the tables or chat changed since (who is online
// waits for the next broadcast). It puts the snapshot under the hub's
// lock, as broadcast does, so that a broadcast that came in meanwhile is
// never overwritten by this older snapshot.
func (h *Hub) sendLobby(c *Client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	snap := h.lobby.snap
	if snap == nil || h.lobby.boardStale {
		snap = h.buildLobbyLocked(snap == nil)
	}
	c.putLobby(snap)
}

// freshLobbyLocked returns the lobby as it is now, built again if it
// changed.
func (h *Hub) freshLobbyLocked() *LobbyUpdate {
	l := &h.lobby
	if l.snap != nil && !l.boardStale && !l.peopleStale {
		return l.snap
	}
	return h.buildLobbyLocked(true)
}

// tableRank orders the lobby's tables: the ones a player can join first,
// then full ones waiting to start, then games in progress.
func tableRank(t TableSummary) int {
	switch {
	case t.Status == Waiting && t.Taken < t.Seats:
		return 0
	case t.Status == Waiting:
		return 1
	case t.Status == Playing:
		return 2
	}
	return 3
}

// buildLobbyLocked builds a new snapshot: public tables, joinable ones
// first (tableRank), oldest first, and who is online, sorted again when freshPeople is
// set and someone arrived, left or moved since.
func (h *Hub) buildLobbyLocked(freshPeople bool) *LobbyUpdate {
	type entry struct {
		created time.Time
		seq     uint64
		sum     TableSummary
	}
	l := &h.lobby
	list := make([]entry, 0, len(h.tables))
	for _, t := range h.tables {
		// Finished games leave the list: Recent shows their results.
		if sum := t.summary.Load(); sum != nil && !t.private && sum.Status != Finished {
			list = append(list, entry{t.created, t.seq, *sum})
		}
	}
	if freshPeople && (l.peopleStale || l.people == nil) {
		l.people = h.localPeopleLocked()
		slices.SortFunc(l.people, comparePeople)
		l.peopleStale = false
	}
	online, people, recent := len(l.people), l.people, h.recent
	nodes := h.nodes.list()
	for _, n := range nodes {
		for _, nt := range n.state.Tables {
			if _, mine := h.tables[nt.Sum.ID]; !mine && !nt.Sum.Private && nt.Sum.Status != Finished {
				list = append(list, entry{nt.Created, 0, nt.Sum})
			}
		}
		online += len(n.state.People)
	}
	if len(nodes) > 0 {
		people, recent = clusterPeople(people, nodes), h.clusterRecentLocked(nodes)
	}
	slices.SortFunc(list, func(a, b entry) int {
		return cmp.Or(cmp.Compare(tableRank(a.sum), tableRank(b.sum)),
			a.created.Compare(b.created), cmp.Compare(a.seq, b.seq), cmp.Compare(a.sum.ID, b.sum.ID))
	})
	l.version++
	snap := &LobbyUpdate{Tables: make([]TableSummary, len(list)), Online: online, Version: l.version,
		Notice: h.Notice(), Draining: h.Draining(), Chat: h.lobbyChat, People: people, Recent: recent}
	for i, e := range list {
		snap.Tables[i] = e.sum
	}
	l.snap, l.boardStale = snap, false
	return snap
}

// localPeopleLocked lists this node's clients and where they are (h.mu
// held), in no order.
func (h *Hub) localPeopleLocked() []Person {
	people := make([]Person, 0, len(h.clients))
	for c := range h.clients {
		c.mu.Lock()
		p, t, r, id := Person{Name: c.player.Name, Watching: c.watching, Admin: c.player.Admin, OwnsName: c.player.OwnsName}, c.table, c.remote, c.player.ID
		c.mu.Unlock()
		switch {
		case t != nil:
			p.Game = t.info.Name
			if !p.Watching {
				p.Rating = h.ratings.get(t.info.ID)[id]
			}
			if !t.private {
				p.Table = t.id
			}
			if sum := t.summary.Load(); sum != nil {
				p.Status = sum.Status
			}
		case r != nil:
			p.Game, p.Watching = r.game, r.watching
			if !r.private {
				p.Table = r.table
			}
			p.Status = h.remoteStatusLocked(r.table)
		default:
			p.Watching = false
		}
		people = append(people, p)
	}
	return people
}

// remoteStatusLocked is the status of another node's table id as that
// node last said (h.mu held), "" when it did not say.
func (h *Hub) remoteStatusLocked(id string) Status {
	for _, n := range h.nodes.list() {
		for _, nt := range n.state.Tables {
			if nt.Sum.ID == id {
				return nt.Sum.Status
			}
		}
	}
	return ""
}

func comparePeople(a, b Person) int {
	return cmp.Or(cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)), cmp.Compare(a.Table, b.Table))
}

// clusterPeople adds the other nodes' people to this node's, by name.
func clusterPeople(local []Person, nodes []*nodeSeen) []Person {
	all := slices.Clone(local) // local is kept between snapshots
	for _, n := range nodes {
		all = append(all, n.state.People...)
	}
	slices.SortFunc(all, comparePeople)
	return all
}

// clusterRecentLocked merges this node's recent results (h.mu held) with
// the other nodes', oldest first, the newest recentKept; a table's result
// is listed once (a node that took a finished table over lists it too).
func (h *Hub) clusterRecentLocked(nodes []*nodeSeen) []Result {
	all := slices.Clone(h.recent)
	for _, n := range nodes {
		all = append(all, n.state.Recent...)
	}
	slices.SortStableFunc(all, func(a, b Result) int { return a.Ended.Compare(b.Ended) })
	seen := make(map[string]bool, len(all))
	all = slices.DeleteFunc(all, func(r Result) bool {
		dup := r.Table != "" && seen[r.Table]
		seen[r.Table] = true
		return dup
	})
	return all[max(0, len(all)-recentKept):]
}
