package rooms

import (
	"errors"
	"fmt"
	"time"
)

// Limits per address as well as per player: a guest is a new player on
// every connection, so a limit per player alone does not hold back one
// machine that connects again and again. Chat lines, reports and wrong
// invite codes are counted per player and per address (token buckets); an
// address that keeps hitting a limit is logged at WARN (Config.Warnf) once
// a minute at most. A guest may chat only GuestQuiet after arriving, and a
// guest's lines carry a speaker ID of their address, so that muting a
// guest mutes whoever comes back from there.

// Limits per address and per player.
const (
	// AddrChatBurst lines one address may say at once, then one every
	// AddrChatEvery (players behind one office address share it).
	AddrChatBurst = 30
	AddrChatEvery = 500 * time.Millisecond
	// ReportBurst reports one player or address may make at once, then one
	// every ReportEvery.
	ReportBurst = 3
	ReportEvery = time.Minute
	// CodeBurst wrong invite codes one player or address may type at once,
	// then one every CodeEvery.
	CodeBurst = 10
	CodeEvery = 6 * time.Second
	// GuestQuiet is how long a guest reads the chat before they may write.
	GuestQuiet = 10 * time.Second
	// abuseWarnEvery is how often an address that hits a limit is logged.
	abuseWarnEvery = time.Minute
)

// Errors of the limits per address.
var (
	// ErrReportTooFast: the player, or their address, reports faster than
	// ReportBurst and ReportEvery allow.
	ErrReportTooFast = errors.New("You have made many reports in a short time: wait a minute, the admins have them.")
	// ErrCodeTooFast: the player, or their address, typed too many wrong
	// invite codes.
	ErrCodeTooFast = errors.New("Too many wrong invite codes: wait a little before the next.")
	// ErrGuestQuiet: a guest who just arrived may not chat yet.
	ErrGuestQuiet = errors.New("Guests can chat a few seconds after they arrive: read along meanwhile.")
)

// addrLimits are the hub's buckets per address (and per player where the
// per-player ones do not live elsewhere).
type addrLimits struct {
	chat    *rateLimit // lines per address
	reports *rateLimit // reports per player and per address ("@" prefix)
	codes   *rateLimit // wrong codes per player and per address ("@" prefix)
	warned  *rateLimit // addresses logged lately
}

func newAddrLimits() addrLimits {
	return addrLimits{
		chat:    newRateLimit(AddrChatBurst, AddrChatEvery),
		reports: newRateLimit(ReportBurst, ReportEvery),
		codes:   newRateLimit(CodeBurst, CodeEvery),
		warned:  newRateLimit(1, abuseWarnEvery),
	}
}

// waitBoth is how long the player must wait for a token of r, theirs and
// their address's; a wait is logged (abuse).
func (h *Hub) waitBoth(r *rateLimit, what string, p Player) time.Duration {
	now := h.cfg.Now()
	wait := r.wait(p.ID, now)
	if p.Addr != "" {
		wait = max(wait, r.wait("@"+p.Addr, now))
	}
	if wait > 0 {
		h.abuse(what, p)
	}
	return wait
}

// takeBoth takes a token of r for the player and for their address.
func (h *Hub) takeBoth(r *rateLimit, p Player) {
	now := h.cfg.Now()
	r.take(p.ID, now)
	if p.Addr != "" {
		r.take("@"+p.Addr, now)
	}
}

// abuse logs, at most once a minute per address, that an address hit a
// limit.
func (h *Hub) abuse(what string, p Player) {
	key := p.Addr
	if key == "" {
		key = p.ID
	}
	now := h.cfg.Now()
	if h.limits.warned.wait(key, now) > 0 {
		return
	}
	h.limits.warned.take(key, now)
	h.cfg.Warnf("rooms: %s from address %s (player %s, %q) hit its limit; further ones are refused for a while", what, p.Addr, p.ID, p.Name)
}

// chatAllowed checks a chat line against the guest's quiet time and the
// address's budget (the player's own budget is chatRate's).
func (h *Hub) chatAllowed(c *Client, p Player) error {
	if p.Guest && time.Since(time.Unix(0, c.arrived)) < GuestQuiet {
		return ErrGuestQuiet
	}
	if p.Addr == "" {
		return nil
	}
	now := h.cfg.Now()
	if wait := h.limits.chat.wait(p.Addr, now); wait > 0 {
		h.abuse("chat", p)
		secs := int64((wait + time.Second - 1) / time.Second)
		return &detailError{msg: fmt.Sprintf("Your address is typing faster than the chat allows: wait %d s.", secs), kind: ErrChatTooFast}
	}
	h.limits.chat.take(p.Addr, now)
	return nil
}

// guessing refuses an invite code, right or wrong, from a player or
// address that typed CodeBurst wrong ones lately (ErrCodeTooFast): codes
// cannot be guessed one after another.
func (c *Client) guessing() error {
	if wait := c.hub.waitBoth(c.hub.limits.codes, "wrong invite codes", c.Player()); wait > 0 {
		secs := int64((wait + time.Second - 1) / time.Second)
		return &detailError{msg: fmt.Sprintf("Too many wrong invite codes: wait %d s before the next.", secs), kind: ErrCodeTooFast}
	}
	return nil
}

// byCode is the table of this node with the code, or nil; a well-formed
// code no table has counts against the player and their address (a typo
// in its shape is no guess).
func (c *Client) byCode(typed string) *table {
	t := c.hub.tableByCode(typed)
	if _, ok := NormalizeCode(typed); t == nil && ok {
		c.hub.takeBoth(c.hub.limits.codes, c.Player())
	}
	return t
}

// speaker is whom a chat line is attributed to for muting: a keyed
// player's ID, a guest's address (a guest is a new player each time).
func speaker(p Player) string {
	if p.Guest && p.Addr != "" {
		return "guest@" + p.Addr
	}
	return p.ID
}
