package rooms

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"arcade/rooms/store"
)

// Linked keys: one player, several SSH keys. A player asks for a one-time
// code from a key they play with (NewLinkCode); typing it from another key
// (LinkKey) makes that key theirs too: whoever connects with it is the same
// player (ID, name, history, ratings, seats), so a seat follows the key
// that connected last and the older session is told it was replaced. The
// links live in the store's settings, shared by a cluster's servers:
//
//	link:KEY       the player ID a key belongs to (KEY: "key:SHA256:...")
//	keys:PLAYER    the keys linked to a player (LinkedKey, JSON)
//	linkcode:CODE  a code not used yet (linkOffer, JSON)
//
// A player's ID is the key they first played with; that key cannot be
// unlinked (it names the player), the others can. A key that played on
// its own before being linked keeps its old history under its own ID.

// LinkCodeTTL is how long a link code may be used.
const LinkCodeTTL = 10 * time.Minute

// LinkedKey is a key linked to a player.
type LinkedKey struct {
	ID    string    `json:"id"` // "key:SHA256:..."
	Added time.Time `json:"added"`
	// LastSeen is when a session last came with the key (zero: never
	// since it was linked).
	LastSeen time.Time `json:"last_seen,omitzero"`
}

// linkOffer is a link code's promise, kept until it is used or expires.
type linkOffer struct {
	Player  string    `json:"player"`
	Name    string    `json:"name"`
	Expires time.Time `json:"expires"`
}

// Errors of linking.
var (
	ErrNoLinks      = errors.New("This server does not keep linked keys.")
	ErrGuestLink    = errors.New("Linking needs an SSH key: a guest has nothing to link. Connect with your key (ssh -i KEY ...).")
	ErrLinkCode     = errors.New("That link code is wrong, used or older than 10 minutes: ask for a new one with ssh host link from your other key.")
	ErrLinkSelf     = errors.New("This key is already that player's.")
	ErrLinkFirstKey = errors.New("The key you first played with names you here and cannot be unlinked.")
	ErrLinkUnknown  = errors.New("No such key is linked to you.")
)

// linkKV is the store's settings, or ErrNoLinks.
func (h *Hub) linkKV() (store.Settings, error) {
	kv, ok := h.store.(store.Settings)
	if !ok {
		return nil, ErrNoLinks
	}
	return kv, nil
}

// linkAttempts limits link codes asked for and tried, per player and per
// address: 5 at once, then one a minute.
const (
	linkBurst = 5
	linkEvery = time.Minute
)

// linkLimited spends a link attempt of p's key and address, or says how
// long to wait.
func (h *Hub) linkLimited(p Player) error {
	now := h.cfg.Now()
	for _, key := range []string{"key " + p.ID, "addr " + p.Addr} {
		if p.Addr == "" && strings.HasPrefix(key, "addr ") {
			continue
		}
		if wait := h.links.wait(key, now); wait > 0 {
			return fmt.Errorf("Too many link attempts: try again in %d s.", int64((wait+time.Second-1)/time.Second))
		}
	}
	h.links.take("key "+p.ID, now)
	if p.Addr != "" {
		h.links.take("addr "+p.Addr, now)
	}
	return nil
}

// NewLinkCode makes a one-time code for p (a keyed player, by the ID their
// key resolves to) that links another key to them within LinkCodeTTL.
func (h *Hub) NewLinkCode(p Player) (string, error) {
	if p.Guest {
		return "", ErrGuestLink
	}
	kv, err := h.linkKV()
	if err != nil {
		return "", err
	}
	if err := h.linkLimited(p); err != nil {
		return "", err
	}
	code := linkCodeWords()
	offer, _ := json.Marshal(linkOffer{Player: p.ID, Name: p.Name, Expires: h.cfg.Now().Add(LinkCodeTTL)})
	if err := kv.UpdateSetting("linkcode:"+code, func([]byte) ([]byte, error) { return offer, nil }); err != nil {
		h.storeFailed("link code", err)
		return "", ErrSettingUnsaved
	}
	h.cfg.Infof("link code made for %s (%s) from %s", p.ID, p.Name, p.Addr)
	return code, nil
}

// linkCodeWords is a new code: three groups of four of the invite codes'
// letters ("K7MQ-2XPA-9RTD"), 60 bits.
func linkCodeWords() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b[:4]) + "-" + string(b[4:8]) + "-" + string(b[8:])
}

// normalLinkCode reads a code as typed (any case, with or without dashes).
func normalLinkCode(code string) string {
	code = strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(code))
	if len(code) != 12 {
		return ""
	}
	return code[:4] + "-" + code[4:8] + "-" + code[8:]
}

// LinkKey joins key (a keyed session's own key, as it arrived: its ID is
// the key's) to the player who made code, and returns that player. The
// code is used up whether or not the link is then kept.
func (h *Hub) LinkKey(code string, key Player) (Player, error) {
	if key.Guest {
		return Player{}, ErrGuestLink
	}
	kv, err := h.linkKV()
	if err != nil {
		return Player{}, err
	}
	if err := h.linkLimited(key); err != nil {
		return Player{}, err
	}
	code = normalLinkCode(code)
	if code == "" {
		return Player{}, ErrLinkCode
	}
	var offer linkOffer
	err = kv.UpdateSetting("linkcode:"+code, func(old []byte) ([]byte, error) {
		if len(old) == 0 || json.Unmarshal(old, &offer) != nil || h.cfg.Now().After(offer.Expires) {
			return nil, ErrLinkCode
		}
		return []byte{}, nil // used
	})
	if err != nil {
		if !errors.Is(err, ErrLinkCode) {
			h.storeFailed("link code", err)
			return Player{}, ErrSettingUnsaved
		}
		h.cfg.Warnf("a wrong or used link code was tried by %s from %s", key.ID, key.Addr)
		return Player{}, err
	}
	was := h.LinkedPlayer(key.ID)
	if offer.Player == key.ID || was == offer.Player {
		return Player{}, ErrLinkSelf
	}
	if was != "" {
		// The key leaves the player it was linked to.
		if err := h.updateKeys(kv, was, func(keys []LinkedKey) ([]LinkedKey, error) {
			return slices.DeleteFunc(keys, func(k LinkedKey) bool { return k.ID == key.ID }), nil
		}); err != nil {
			return Player{}, err
		}
	}
	if err := kv.UpdateSetting("link:"+key.ID, func([]byte) ([]byte, error) { return []byte(offer.Player), nil }); err != nil {
		h.storeFailed("link", err)
		return Player{}, ErrSettingUnsaved
	}
	err = h.updateKeys(kv, offer.Player, func(keys []LinkedKey) ([]LinkedKey, error) {
		keys = slices.DeleteFunc(keys, func(k LinkedKey) bool { return k.ID == key.ID })
		return append(keys, LinkedKey{ID: key.ID, Added: h.cfg.Now().UTC()}), nil
	})
	if err != nil {
		return Player{}, err
	}
	h.cfg.Infof("key %s from %s linked to player %s (%s)", key.ID, key.Addr, offer.Player, offer.Name)
	return Player{ID: offer.Player, Name: offer.Name}, nil
}

// updateKeys changes the list of keys linked to player.
func (h *Hub) updateKeys(kv store.Settings, player string, change func([]LinkedKey) ([]LinkedKey, error)) error {
	err := kv.UpdateSetting("keys:"+player, func(old []byte) ([]byte, error) {
		var keys []LinkedKey
		if len(old) > 0 {
			if err := json.Unmarshal(old, &keys); err != nil {
				return nil, err
			}
		}
		keys, err := change(keys)
		if err != nil {
			return nil, err
		}
		return json.Marshal(keys)
	})
	if err != nil && !errors.Is(err, ErrLinkUnknown) {
		h.storeFailed("linked keys", err)
		return ErrSettingUnsaved
	}
	return err
}

// LinkedPlayer returns the player ID key (a "key:SHA256:..." ID) is linked
// to, or "" when it is nobody's but its own. It reads the store (a login
// asks it once).
func (h *Hub) LinkedPlayer(key string) string {
	kv, err := h.linkKV()
	if err != nil || strings.HasPrefix(key, "guest:") {
		return ""
	}
	b, err := kv.Setting("link:" + key)
	if err != nil {
		h.storeFailed("link", err)
		return ""
	}
	return string(b)
}

// SawKey notes that a session came with key, linked to player (LinkedKey's
// LastSeen), at most once an hour a key: it writes to the store.
func (h *Hub) SawKey(player, key string) {
	kv, err := h.linkKV()
	if err != nil || key == player {
		return
	}
	now := h.cfg.Now().UTC()
	_ = h.updateKeys(kv, player, func(keys []LinkedKey) ([]LinkedKey, error) {
		i := slices.IndexFunc(keys, func(k LinkedKey) bool { return k.ID == key })
		if i < 0 || now.Sub(keys[i].LastSeen) < time.Hour {
			return nil, ErrLinkUnknown // nothing to write
		}
		keys[i].LastSeen = now
		return keys, nil
	})
}

// LinkedKeys lists the keys linked to player besides the one that names
// them, oldest first.
func (h *Hub) LinkedKeys(player string) ([]LinkedKey, error) {
	kv, err := h.linkKV()
	if err != nil {
		return nil, err
	}
	b, err := kv.Setting("keys:" + player)
	if err != nil {
		return nil, ErrSettingUnsaved
	}
	var keys []LinkedKey
	if len(b) > 0 {
		if err := json.Unmarshal(b, &keys); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// Unlink takes key from player: it is nobody's but its own again. The key
// that names the player cannot be unlinked.
func (h *Hub) Unlink(player, key string) error {
	if key == player {
		return ErrLinkFirstKey
	}
	kv, err := h.linkKV()
	if err != nil {
		return err
	}
	err = h.updateKeys(kv, player, func(keys []LinkedKey) ([]LinkedKey, error) {
		i := slices.IndexFunc(keys, func(k LinkedKey) bool { return k.ID == key })
		if i < 0 {
			return nil, ErrLinkUnknown
		}
		return slices.Delete(keys, i, i+1), nil
	})
	if err != nil {
		return err
	}
	err = kv.UpdateSetting("link:"+key, func(old []byte) ([]byte, error) {
		if string(old) != player {
			return nil, ErrLinkUnknown // linked to someone else since: theirs now
		}
		return []byte{}, nil
	})
	if err != nil && !errors.Is(err, ErrLinkUnknown) {
		h.storeFailed("link", err)
		return ErrSettingUnsaved
	}
	h.cfg.Infof("key %s unlinked from player %s", key, player)
	return nil
}

// LinkedKeys lists the keys linked to the client's player (Hub.LinkedKeys).
func (c *Client) LinkedKeys() ([]LinkedKey, error) {
	p := c.Player()
	if p.Guest {
		return nil, ErrGuestLink
	}
	return c.hub.LinkedKeys(p.ID)
}

// Unlink takes key from the client's player (Hub.Unlink).
func (c *Client) Unlink(key string) error {
	p := c.Player()
	if p.Guest {
		return ErrGuestLink
	}
	return c.hub.Unlink(p.ID, key)
}
