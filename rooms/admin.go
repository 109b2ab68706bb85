package rooms

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
)

// What a server's admins may do, and what it tells its operators. The
// server checks that the caller is an admin; the hub trusts it.

// ErrDraining: the server is in drain mode and opens no new tables.
var ErrDraining = errors.New("No new tables: the arcade is about to close for maintenance.")

// Notices of a last TableUpdate that an admin caused.
const (
	NoticeAdminClosed = "An admin closed the table."
)

// MaxNoticeRunes caps a server-wide notice.
const MaxNoticeRunes = 200

// adminState is the hub's admin-set state, read without the hub's lock.
type adminState struct {
	draining atomic.Bool
	notice   atomic.Pointer[string]
	kick     atomic.Pointer[func(Kick) int] // ends sessions here for other nodes' admins (OnKick)
}

// TableInfo is a table as an admin sees it: private tables too, with the
// invite code and who sits where.
type TableInfo struct {
	TableSummary
	Code string
	// Seats are the seats' names ("" for an empty one), with "(bot)" or
	// "(away)" after bots and away players.
	Seats      []string
	Spectators int
}

// Tables lists every open table, private ones included, oldest first.
func (h *Hub) Tables() []TableInfo {
	h.mu.Lock()
	tables := make([]*table, 0, len(h.tables))
	for _, t := range h.tables {
		tables = append(tables, t)
	}
	h.mu.Unlock()
	slices.SortFunc(tables, func(a, b *table) int { return cmp.Compare(a.seq, b.seq) })
	out := make([]TableInfo, 0, len(tables))
	for _, t := range tables {
		var info TableInfo
		if t.call(func() error { info = t.adminInfo(); return nil }) == nil {
			out = append(out, info)
		}
	}
	return append(out, h.remoteTables()...)
}

// adminInfo is the table as an admin sees it (actor only).
func (t *table) adminInfo() TableInfo {
	names := t.names()
	info := TableInfo{TableSummary: t.makeSummary(names), Code: t.code, Spectators: len(t.spectators)}
	for i := range t.seats {
		s := &t.seats[i]
		switch {
		case s.empty():
			info.Seats = append(info.Seats, "")
		case s.bot != nil:
			info.Seats = append(info.Seats, names[i]+" (bot)")
		case s.away():
			info.Seats = append(info.Seats, names[i]+" (away)")
		default:
			info.Seats = append(info.Seats, names[i])
		}
	}
	return info
}

// AdminTables is Hub.Tables for a client whose player is one of the
// server's admins (ErrNotAdmin for anyone else): what the admin's "all
// tables" screen lists, private tables with their codes included.
func (c *Client) AdminTables() ([]TableInfo, error) {
	if !c.Player().Admin {
		return nil, ErrNotAdmin
	}
	return c.hub.Tables(), nil
}

// Admin names the admin behind an admin action: their player ID (their
// key, "key:SHA256:...") and name. An action that another node of a
// cluster carries out (a close, a notice, a kick) travels with its Admin;
// that node logs it, and refuses an action that names no admin. The
// front-ends trust one another (only they may publish on the cluster's
// subjects): the Admin is for accountability in the logs, not a proof.
type Admin struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// AdminOf names admin p as the admin behind an action.
func AdminOf(p Player) Admin { return Admin{ID: p.ID, Name: p.Name} }

// named reports whether a names an admin: admins are known by their keys.
func (a Admin) named() bool { return strings.HasPrefix(a.ID, "key:") }

// String names the admin in a log line: "ann" (key:SHA256:...).
func (a Admin) String() string { return fmt.Sprintf("%q (%s)", a.Name, a.ID) }

// CloseTable closes a table (found by ID or invite code) for admin by:
// its players and spectators go back to the lobby with NoticeAdminClosed,
// plus reason when given. It fails with ErrNoTable, and with ErrNotAdmin
// when by names no admin.
func (h *Hub) CloseTable(by Admin, idOrCode, reason string) error {
	if !by.named() {
		return ErrNotAdmin
	}
	t := h.tableByID(strings.TrimSpace(idOrCode))
	if t == nil {
		t = h.tableByCode(idOrCode)
	}
	if t == nil {
		r, ok := h.remoteByID(strings.TrimSpace(idOrCode))
		if !ok {
			r, ok = h.remoteByCode(idOrCode)
		}
		if !ok {
			return ErrNoTable
		}
		return h.ask(r.id, nil, cmdReq{Op: opAdminClose, Text: reason, By: by, From: clientRef{Node: h.bus.Node()}})
	}
	notice := NoticeAdminClosed
	if reason = CleanText(reason, MaxNoticeRunes); reason != "" {
		notice += " " + reason
	}
	return t.call(func() error { t.shut(notice); return nil })
}

// SetDraining turns drain mode on or off: while on, Create fails with
// ErrDraining and the lobby says so; games under way go on.
func (h *Hub) SetDraining(on bool) {
	if h.admin.draining.Swap(on) != on {
		h.lobbyChanged()
	}
}

// Draining reports whether drain mode is on.
func (h *Hub) Draining() bool { return h.admin.draining.Load() }

// SetNotice posts a server-wide notice for admin by (cleaned with
// CleanText; "" takes it down): the lobby shows it (LobbyUpdate.Notice)
// and so does every table (TableUpdate.ServerNotice), at once; in a
// cluster, on every node (which refuses it when by names no admin).
func (h *Hub) SetNotice(by Admin, text string) {
	text = CleanText(text, MaxNoticeRunes)
	h.showNotice(text)
	h.tellNotice(adminNotice{By: by, Text: text})
}

// showNotice shows the notice on this node.
func (h *Hub) showNotice(text string) {
	if old := h.admin.notice.Swap(&text); old != nil && *old == text {
		return
	}
	h.lobbyChanged()
	for _, t := range h.openTables() {
		t.post(t.publish)
	}
}

// Notice is the server-wide notice ("" when none).
func (h *Hub) Notice() string {
	if p := h.admin.notice.Load(); p != nil {
		return *p
	}
	return ""
}

// nameFree says whether c may take name: not one whose words mix
// look-alike alphabets, nor one that passes for an admin's (unless c's
// player is an admin), nor another online player's.
func (h *Hub) nameFree(c *Client, name string) error {
	p := c.Player()
	if mixedScripts(name) {
		return ErrNameMixed
	}
	if reservedName(name) && !p.Admin {
		return ErrNameReserved
	}
	if h.ownedByOther(p.ID, name) {
		return ErrNameOwned
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.nameTakenLocked(p.ID, name) {
		return ErrNameTaken
	}
	return nil
}

// nameTakenLocked reports whether an online player other than id has a
// name that passes for name.
func (h *Hub) nameTakenLocked(id, name string) bool {
	f := nameFold(name)
	for _, other := range h.byFold[f] {
		if other.Player().ID != id {
			return true
		}
	}
	for _, n := range h.nodes.list() {
		if who, ok := n.state.Names[f]; ok && who != id {
			return true // a player online on another node of the cluster
		}
	}
	return false
}

// ownedByOther reports whether a key other than id chose a name that
// passes for name. A store that cannot say is logged and leaves the name
// free.
func (h *Hub) ownedByOther(id, name string) bool {
	if h.store == nil {
		return false
	}
	owner, err := h.store.NameOwner(nameFold(name))
	if err != nil {
		h.storeFailed("find a name's owner", err)
		return false
	}
	return owner != "" && owner != id
}

// arrivalNameLocked is the name a player arriving with name gets: "guest"
// for a name kept for admins or one whose words mix look-alike alphabets,
// and a number added to one an online player has ("ann 2") or, when owned
// is set, another key chose.
func (h *Hub) arrivalNameLocked(p Player, owned bool) string {
	first := p.Name
	if mixedScripts(first) || reservedName(first) && !p.Admin {
		first = "guest"
	}
	name := first
	for k := 2; (owned && name == first || h.nameTakenLocked(p.ID, name)) && k < 1000; k++ {
		suffix := fmt.Sprintf(" %d", k)
		base := []rune(first)
		if len(base)+len(suffix) > MaxNameRunes {
			base = base[:MaxNameRunes-len(suffix)]
		}
		name = CleanName(string(base) + suffix)
	}
	return name
}

// TableCount is how many open tables play one game in one status.
type TableCount struct {
	Game   string // engine game ID
	Status Status
	N      int
}

// TableCounts counts the open tables, private ones included, by game and
// status, without stopping any table: for metrics scraped often.
func (h *Hub) TableCounts() []TableCount {
	type key struct {
		game   string
		status Status
	}
	counts := map[key]int{}
	h.mu.Lock()
	for _, t := range h.tables {
		if sum := t.summary.Load(); sum != nil {
			counts[key{sum.Game, sum.Status}]++
		}
	}
	h.mu.Unlock()
	out := make([]TableCount, 0, len(counts))
	for k, n := range counts {
		out = append(out, TableCount{Game: k.game, Status: k.status, N: n})
	}
	slices.SortFunc(out, func(a, b TableCount) int {
		return cmp.Or(cmp.Compare(a.Game, b.Game), cmp.Compare(a.Status, b.Status))
	})
	return out
}
