// Package ui holds the Bubble Tea models of the arcade: the app router, the
// lobby, the table screen, help and the too-small screen. Per-game boards live
// in ui/<game>.
package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"arcade/rooms"
)

// Options configure one session's app.
type Options struct {
	// InviteCode, when set, joins that table at once (ssh -t host CODE).
	InviteCode string
}

// App is the root model of one session.
type App struct {
	client *rooms.Client
	opts   Options
}

// New builds the root model for a session bound to client.
func New(client *rooms.Client, opts Options) *App { return &App{client: client, opts: opts} }

// Init implements tea.Model.
func (a *App) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "q" {
		return a, tea.Quit
	}
	return a, nil
}

// View implements tea.Model.
func (a *App) View() tea.View {
	v := tea.NewView("arcade lobby (stub) - q quits")
	v.AltScreen = true
	return v
}

// Forward delivers the client's hub updates to the session's program until
// ctx ends. send is tea.Program.Send; it may block while the client does not
// read, which only delays this session: the hub never waits for it.
func Forward(ctx context.Context, c *rooms.Client, send func(tea.Msg)) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.Notify():
			lobby, table := c.Take()
			if lobby != nil {
				send(*lobby)
			}
			if table != nil {
				send(*table)
			}
		}
	}
}
