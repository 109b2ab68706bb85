package rooms

import (
	"fmt"
	"slices"
	"strings"
)

// Admin actions across nodes: ending a player's sessions on every node
// (Kick), the players connected elsewhere (Elsewhere) and notices.

// Kick names the sessions an admin ends on every node of a cluster: those
// of a player (Who: a name in any case, a player ID or a key fingerprint),
// or of a banned key fingerprint or address (Key, Addr). Why is for the
// logs, and so is By, the admin (another node refuses a Kick without).
type Kick struct {
	Who, Key, Addr, Why string
	By                  Admin
}

// target says whose sessions k ends, for the logs.
func (k Kick) target() string {
	var parts []string
	for _, p := range [][2]string{{"player", k.Who}, {"key", k.Key}, {"address", k.Addr}} {
		if p[1] != "" {
			parts = append(parts, p[0]+" "+p[1])
		}
	}
	return strings.Join(parts, ", ")
}

// Elsewhere is a player connected to another node of the cluster.
type Elsewhere struct {
	Player
	Node string
}

// OnKick sets what this node does when an admin on another node ends
// sessions (KickElsewhere): f ends the matching sessions here (the SSH
// server knows them) and returns how many.
func (h *Hub) OnKick(f func(Kick) int) {
	h.admin.kick.Store(&f)
}

// KickElsewhere asks the other nodes of the cluster to end the sessions k
// names, for the admin k.By (nothing without a cluster).
func (h *Hub) KickElsewhere(k Kick) {
	tell(h, subjectKick, k)
}

// onKick ends the sessions an admin on another node named.
func (h *Hub) onKick(_ string, data []byte) {
	k, from, ok := heard[Kick](h, data)
	if !ok || !h.adminHeard(k.By, from, "end the sessions of "+k.target()) {
		return
	}
	ended := 0
	if f := h.admin.kick.Load(); f != nil && *f != nil {
		ended = (*f)(k)
	}
	h.adminDid(k.By, from, fmt.Sprintf("end the sessions of %s (%s): ended %d here", k.target(), k.Why, ended))
}

// Elsewhere lists the players connected to the other nodes of the cluster,
// as their last states said (for admins), by node then name.
func (h *Hub) Elsewhere() []Elsewhere {
	var out []Elsewhere
	for _, n := range h.nodes.list() {
		for _, p := range n.state.Players {
			out = append(out, Elsewhere{Player: p, Node: n.state.Node})
		}
	}
	slices.SortFunc(out, func(a, b Elsewhere) int {
		if c := strings.Compare(a.Node, b.Node); c != 0 {
			return c
		}
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	return out
}

// tellNotice sends an admin's notice to the other nodes.
func (h *Hub) tellNotice(n adminNotice) {
	tell(h, subjectNotice, n)
}

// onNotice shows a notice an admin posted on another node.
func (h *Hub) onNotice(_ string, data []byte) {
	n, from, ok := heard[adminNotice](h, data)
	if !ok || !h.adminHeard(n.By, from, "post a notice") {
		return
	}
	text := CleanText(n.Text, MaxNoticeRunes)
	h.showNotice(text)
	if text == "" {
		h.adminDid(n.By, from, "take the notice down")
		return
	}
	h.adminDid(n.By, from, fmt.Sprintf("post the notice %q", text))
}
