package rooms

import (
	"encoding/json"
	"slices"

	"arcade/rooms/store"
)

// The lobby's recent results outlive a restart: a result is kept in the
// store's settings (store.Settings; in a cluster, under each node's name)
// before the lobby lists it, and NewHub lists the kept ones again.

// recentSetting is the setting that keeps the lobby's recent results.
const recentSetting = "recent-results"

// recentKey is this hub's recentSetting key.
func (h *Hub) recentKey() string {
	if h.bus != nil {
		return recentSetting + "." + h.bus.Node()
	}
	return recentSetting
}

// loadRecent lists the results the store kept (NewHub).
func (h *Hub) loadRecent() {
	kept, ok := h.store.(store.Settings)
	if !ok {
		return
	}
	v, err := kept.Setting(h.recentKey())
	if err != nil || len(v) == 0 {
		return
	}
	var list []Result
	if err := json.Unmarshal(v, &list); err != nil {
		h.cfg.Logf("rooms: the recent results kept in setting %s do not read, the lobby starts without them: %v", h.recentKey(), err)
		return
	}
	h.mu.Lock()
	h.recent = list[max(0, len(list)-recentKept):]
	h.mu.Unlock()
}

// keepResult keeps r in the store, then lists it in the lobby, off the
// caller's goroutine (a table's actor). A result the store refuses is not
// listed.
func (h *Hub) keepResult(r Result) {
	kept, ok := h.store.(store.Settings)
	if !ok {
		h.addResult(r)
		return
	}
	h.saving.Add(1)
	go func() {
		defer h.saving.Done()
		err := kept.UpdateSetting(h.recentKey(), func(old []byte) ([]byte, error) {
			var list []Result
			if len(old) > 0 && json.Unmarshal(old, &list) != nil {
				list = nil // unreadable: start again
			}
			if slices.ContainsFunc(list, func(o Result) bool { return o.Table == r.Table }) {
				return old, nil
			}
			list = append(list, r)
			return json.Marshal(list[max(0, len(list)-recentKept):])
		})
		if err != nil {
			h.storeFailed("keep result", err)
			return
		}
		h.addResult(r)
	}()
}
