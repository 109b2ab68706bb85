package main

import (
	"arcade/rooms"
	"arcade/rooms/webhook"
)

// hubNotifier lets the hub post its notices through a webhook.Notifier.
type hubNotifier struct {
	n            *webhook.Notifier
	allowPrivate bool
}

// Notify implements rooms.Notifier: the notice goes to the queue, or is
// dropped and counted when it is full or the player is over their rate.
func (h hubNotifier) Notify(playerID, url string, n rooms.Notice) {
	_ = h.n.Send(playerID, url, webhook.Notice{Kind: n.Kind, Player: n.Player, Game: n.Game, GameName: n.GameName,
		Table: n.Table, Code: n.Code, Deadline: n.Deadline})
}

// CheckURL implements rooms.Notifier.
func (h hubNotifier) CheckURL(url string) error { return webhook.ValidateURL(url, h.allowPrivate) }

// Test implements rooms.Notifier.
func (h hubNotifier) Test(playerID, url string, n rooms.Notice) error {
	return h.n.Test(playerID, url, n.Player)
}
