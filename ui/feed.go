package ui

import (
	tea "charm.land/bubbletea/v2"

	"arcade/rooms"
)

// Feed is a session's stream of hub updates, as messages for its program.
// A session calls Drain when Notify fires, and Drain(send, true) once when
// Done closes (the hub closed the client).
type Feed struct{ c *rooms.Client }

// NewFeed is the feed of client's updates.
func NewFeed(c *rooms.Client) Feed { return Feed{c: c} }

// Notify fires when updates wait.
func (f Feed) Notify() <-chan struct{} { return f.c.Notify() }

// Done closes when the hub has closed the client.
func (f Feed) Done() <-chan struct{} { return f.c.Done() }

// OnWake sets a function the hub calls (never waiting for it) when Notify
// fires or Done closes.
func (f Feed) OnWake(wake func()) { f.c.OnWake(wake) }

// Drain sends what waits: the latest lobby and table updates, or, once the
// client is closed, the farewell that ends the session.
func (f Feed) Drain(send func(tea.Msg), done bool) {
	lobby, table := f.c.Take()
	if done {
		notice := ""
		if table != nil && table.Closed {
			notice = table.Notice
		}
		send(endedMsg{notice: notice})
		return
	}
	if lobby != nil {
		send(*lobby)
	}
	if table != nil {
		send(*table)
	}
}
