package rooms

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"arcade/rooms/store"
)

// Chat: one line at a time, per table and in the lobby. A line is cleaned
// like a name (no control characters or escape sequences: nothing a player
// types may paint on another terminal), capped at MaxChatRunes, and each
// player may say ChatBurst lines at once, then one every ChatEvery. The last
// chatKept lines are kept and sent with every update (a shared, read-only
// slice); a session mutes a speaker by ChatLine.Who.

// Chat limits.
const (
	MaxChatRunes = 200
	ChatBurst    = 5
	ChatEvery    = 2 * time.Second
	chatKept     = 100
)

// Errors of Client.Say.
var (
	// ErrChatEmpty: nothing left to say once the line was cleaned.
	ErrChatEmpty = errors.New("Nothing to say: type some text first.")
	// ErrChatTooFast: the player says lines faster than ChatEvery. The
	// error returned says when to go on.
	ErrChatTooFast = errors.New("You are typing faster than the chat allows.")
)

// ChatLine is one line of chat.
type ChatLine struct {
	At   time.Time
	From string // the speaker's display name then
	// Who tells speakers apart for muting without showing their identity:
	// the same player has the same Who on this server, others never.
	Who string
	// Spectator: said by someone watching the table, not playing.
	Spectator bool
	// Admin: said by one of the arcade's admins (the UI marks the name).
	Admin bool
	Text  string
	// OwnsName: the speaker's name is kept for their key
	// (Player.OwnsName; the UI marks it).
	OwnsName bool
}

// chatLog is a bounded list of chat lines; a new line makes a new slice,
// so updates may share the old one.
type chatLog []ChatLine

// add returns the log with line appended and the oldest dropped.
func (l chatLog) add(line ChatLine) chatLog {
	start := max(len(l)+1-chatKept, 0)
	return append(slices.Clone(l[start:]), line)
}

// chatWho is the opaque speaker ID of a player on this server.
func (h *Hub) chatWho(playerID string) string {
	sum := sha256.Sum256([]byte(h.chatSalt + playerID))
	return hex.EncodeToString(sum[:8])
}

// newChatSalt makes the salt of a hub's speaker IDs.
func newChatSalt() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Say adds a line to the chat of the client's table, or of the lobby when
// it sits at none. It fails with ErrChatEmpty, ErrChatTooFast or ErrClosed.
func (c *Client) Say(text string) error {
	text, err := cleanChat(text)
	if err != nil {
		return err
	}
	p := c.Player()
	if err := c.hub.chatAllowed(c, p); err != nil {
		return err
	}
	line, err := c.hub.spendLine(p, text)
	if err != nil {
		return err
	}
	_, at, err := c.seat()
	if err != nil {
		return err
	}
	if at != nil {
		return at.say(c, line)
	}
	c.hub.addLobbyChat(line)
	c.hub.tellChat(line)
	return nil
}

// cleanChat cleans a chat line's text, and refuses an empty one.
func cleanChat(text string) (string, error) {
	if text = CleanText(text, MaxChatRunes); text == "" {
		return "", ErrChatEmpty
	}
	return text, nil
}

// spendLine makes p's chat line of text, within p's budget of lines.
func (h *Hub) spendLine(p Player, text string) (ChatLine, error) {
	if err := h.chatRate.spend(p.ID, h.cfg.Now()); err != nil {
		return ChatLine{}, err
	}
	return ChatLine{At: h.cfg.Now().UTC(), From: p.Name, Who: h.chatWho(speaker(p)), Admin: p.Admin, OwnsName: p.OwnsName, Text: text}, nil
}

// sayAt adds line, said by m, to the chat of m's table t.
func sayAt(t *table, m member, line ChatLine) error {
	return t.callKept(func() error {
		line.Spectator = t.seatOf(m) < 0
		t.chat = t.chat.add(line)
		t.publish() // chat changes nothing the store keeps
		return nil
	})
}

// addLobbyChat adds a line to the lobby's chat.
func (h *Hub) addLobbyChat(line ChatLine) {
	h.mu.Lock()
	h.lobbyChat = h.lobbyChat.add(line)
	h.lobbyChangedLocked()
	h.mu.Unlock()
}

// rateLimit is a token bucket per key: burst tokens, one more every every.
// It is safe for concurrent use.
type rateLimit struct {
	burst int
	every time.Duration

	mu    sync.Mutex
	full  map[string]time.Time // key -> when its bucket is full again
	swept time.Time            // last sweep of full
}

func newRateLimit(burst int, every time.Duration) *rateLimit {
	return &rateLimit{burst: burst, every: every, full: map[string]time.Time{}}
}

// wait is how long key must wait for a token (0: it has one). The empty key
// never waits.
func (r *rateLimit) wait(key string, now time.Time) time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	full, ok := r.full[key]
	if key == "" || !ok {
		return 0
	}
	// A token is free while the bucket lacks fewer than burst of them.
	return max(full.Sub(now)-time.Duration(r.burst-1)*r.every, 0)
}

// take spends a token of key (the empty key is free).
func (r *rateLimit) take(key string, now time.Time) {
	if key == "" {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.full[key] = later(r.full[key], now).Add(r.every)
	// Every entry set before the last sweep is full by now: sweeping once
	// per refill time bounds the map by the keys of two such periods.
	if now.Sub(r.swept) >= time.Duration(r.burst)*r.every {
		for k, t := range r.full {
			if !t.After(now) {
				delete(r.full, k)
			}
		}
		r.swept = now
	}
}

// spend takes a token of key for a chat line, or says how long to wait.
func (r *rateLimit) spend(key string, now time.Time) error {
	if wait := r.wait(key, now); wait > 0 {
		secs := int64((wait + time.Second - 1) / time.Second)
		return &detailError{msg: fmt.Sprintf("You are typing faster than the chat allows: wait %d s.", secs), kind: ErrChatTooFast}
	}
	r.take(key, now)
	return nil
}

// Quiet reports whether the client's player silenced their your-turn
// signals (the bell and the title), as SetQuiet last set it on this server
// (for a guest: in this session).
func (c *Client) Quiet() bool {
	return c.hub.quiet.has(c.Player().ID)
}

// SetQuiet silences (or restores) the player's your-turn signals; a keyed
// player finds the setting again when they reconnect, after a restart too
// and on any server of a cluster (the store keeps it, when it keeps
// settings). A guest's ends with their session. When the store refuses
// it, nothing changes and the error is ErrSettingUnsaved. It may wait for
// the store (a network call in a cluster): never call it while drawing.
func (c *Client) SetQuiet(on bool) error {
	p := c.Player()
	if kv, ok := c.hub.store.(store.Settings); ok && !p.Guest {
		err := kv.UpdateSetting(quietKey, func(old []byte) ([]byte, error) {
			var ids []string
			if old != nil {
				if err := json.Unmarshal(old, &ids); err != nil {
					return nil, err
				}
			}
			ids = slices.DeleteFunc(ids, func(id string) bool { return id == p.ID })
			if on {
				ids = append(ids, p.ID)
			}
			return json.Marshal(ids)
		})
		if err != nil {
			c.hub.cfg.Logf("rooms: keeping %s's your-turn signals setting failed: %v", p.ID, err)
			return ErrSettingUnsaved
		}
	}
	c.hub.quiet.set(p.ID, on)
	return nil
}

// quietSet is the set of players who silenced their your-turn signals.
// Its lock is a leaf.
type quietSet struct {
	mu  sync.Mutex
	ids map[string]bool
}

func (q *quietSet) has(id string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.ids[id]
}

func (q *quietSet) set(id string, on bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case on && q.ids == nil:
		q.ids = map[string]bool{id: true}
	case on:
		q.ids[id] = true
	default:
		delete(q.ids, id)
	}
}

// quietKey is the store setting that lists the keyed players who silenced
// their your-turn signals.
const quietKey = "quiet"

// loadQuiet reads whether keyed player id silenced their signals, from the
// store (Connect).
func (h *Hub) loadQuiet(id string) {
	kv, ok := h.store.(store.Settings)
	if !ok {
		return
	}
	data, err := kv.Setting(quietKey)
	var ids []string
	if err == nil && data != nil {
		err = json.Unmarshal(data, &ids)
	}
	if err != nil {
		h.cfg.Logf("rooms: reading the your-turn signals settings failed: %v", err)
		return
	}
	h.quiet.set(id, slices.Contains(ids, id))
}
