package rooms

import (
	"errors"
	"strings"
	"time"

	"arcade/rooms/store"
)

// Notifications outside SSH: a keyed player may set one URL (a chat or
// push service's webhook); at a correspondence table the hub asks its
// Notifier to post there when a decision becomes theirs while they are
// away, and once more before their clock runs out. A notice carries the
// game, the table, its invite code and the deadline: never a card or
// anything else the table hides.

// Notice is what a notification says.
type Notice struct {
	// Kind is NoticeYourMove, NoticeReminder or NoticeTest.
	Kind     string
	Player   string // the player's name
	Game     string // the game's ID
	GameName string
	Table    string
	Code     string    // the table's invite code
	Deadline time.Time // when the decision's clock runs out (zero: none)
}

// Notice kinds.
const (
	NoticeYourMove = "your-move"
	NoticeReminder = "reminder"
	NoticeTest     = "test"
)

// Notifier posts notices to players' URLs (Config.Notifier).
type Notifier interface {
	// Notify sends n to url, the player's; it must never block.
	Notify(playerID, url string, n Notice)
	// CheckURL says in a sentence why url cannot take notices (nil when
	// it can).
	CheckURL(url string) error
	// Test sends n (a NoticeTest) to url and says in a sentence what went
	// wrong (nil when it arrived); it may take seconds.
	Test(playerID, url string, n Notice) error
}

// webhookKey is the store setting (store.Settings) under which a player's
// notification URL is kept.
func webhookKey(playerID string) string { return "webhook:" + playerID }

// Errors of the notification settings.
var (
	ErrNoNotifications = errors.New("This server does not send notifications.")
	ErrGuestWebhook    = errors.New("Notifications need your SSH key: a guest has no tables to be told about.")
	ErrNoWebhook       = errors.New("Set an address first.")
)

// Webhook returns the URL player p set for notifications ("" for
// none). It reads the store: never call it while drawing.
func (h *Hub) Webhook(p Player) (string, error) {
	if err := h.webhooksFor(p); err != nil {
		return "", err
	}
	return h.webhookOf(p.ID)
}

// SetWebhook sets (or, with "", clears) the URL player p is
// notified at. A URL the Notifier refuses changes nothing. It writes to
// the store: never call it while drawing.
func (h *Hub) SetWebhook(p Player, url string) error {
	if err := h.webhooksFor(p); err != nil {
		return err
	}
	url = strings.TrimSpace(url)
	if url != "" {
		if err := h.cfg.Notifier.CheckURL(url); err != nil {
			return err
		}
	}
	kv := h.store.(store.Settings) // webhooksFor checked it
	if err := kv.UpdateSetting(webhookKey(p.ID), func([]byte) ([]byte, error) { return []byte(url), nil }); err != nil {
		h.storeFailed("webhook", err)
		return ErrSettingUnsaved
	}
	return nil
}

// TestWebhook sends a test notice to p's URL and says how it
// went. It may take seconds: run it off the drawing path.
func (h *Hub) TestWebhook(p Player) error {
	url, err := h.Webhook(p)
	switch {
	case err != nil:
		return err
	case url == "":
		return ErrNoWebhook
	}
	return h.cfg.Notifier.Test(p.ID, url, Notice{Kind: NoticeTest, Player: p.Name})
}

// Webhook is Hub.Webhook for the client's player.
func (c *Client) Webhook() (string, error) { return c.hub.Webhook(c.Player()) }

// SetWebhook is Hub.SetWebhook for the client's player.
func (c *Client) SetWebhook(url string) error { return c.hub.SetWebhook(c.Player(), url) }

// TestWebhook is Hub.TestWebhook for the client's player.
func (c *Client) TestWebhook() error { return c.hub.TestWebhook(c.Player()) }

// webhooksFor says why player p cannot use notifications (nil when they
// can): the server sends none, or p is a guest.
func (h *Hub) webhooksFor(p Player) error {
	if _, ok := h.store.(store.Settings); !ok || h.cfg.Notifier == nil {
		return ErrNoNotifications
	}
	if p.Guest {
		return ErrGuestWebhook
	}
	return nil
}

// webhookOf reads player id's URL from the store ("" for none).
func (h *Hub) webhookOf(id string) (string, error) {
	kv, ok := h.store.(store.Settings)
	if !ok {
		return "", nil
	}
	b, err := kv.Setting(webhookKey(id))
	if err != nil {
		return "", ErrSettingUnsaved
	}
	return string(b), nil
}

// notify sends n to player id's URL, if they set one, off the caller's
// goroutine (a table's actor: the store read must not hold it).
func (h *Hub) notify(id string, n Notice) {
	if h.cfg.Notifier == nil {
		return
	}
	go func() {
		if url, err := h.webhookOf(id); err == nil && url != "" {
			h.cfg.Notifier.Notify(id, url, n)
		}
	}()
}

// reminderShare is how far into a correspondence decision the reminder
// goes out: three quarters, so 6 hours before a day's clock runs out.
const reminderShare = 4

// notifyAway tells the away players the clock runs for that a decision is
// theirs (kind NoticeYourMove, when the decision begins) or that its clock
// runs out soon (NoticeReminder) (actor only).
func (t *table) notifyAway(kind string) {
	if !t.clock.Correspondence() {
		return
	}
	names := t.names()
	for _, s := range t.clockFor {
		st := t.seatAt(s)
		if st == nil || st.client != nil || !t.onClock(st) {
			continue
		}
		t.hub.notify(st.id, Notice{Kind: kind, Player: names[s], Game: t.info.ID, GameName: t.info.Name,
			Table: t.id, Code: t.code, Deadline: t.turnDeadline})
	}
}
