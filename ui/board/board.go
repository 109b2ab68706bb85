// Package board is the contract between the table screen and the per-game
// board views in ui/<game>. A game's view package registers a Renderer for
// its engine game ID; the table screen draws whatever the engine's View(seat)
// returned through it.
package board

import (
	"fmt"
	"sync"

	"arcade/engine"
	"arcade/ui/theme"
)

// Context is what a renderer may use besides the view.
type Context struct {
	Width, Height int
	Theme         *theme.Theme
	// Names are the display names by seat.
	Names []string
	You   engine.Seat
}

// Name returns the display name of seat s ("seat N" when unknown).
func (c Context) Name(s engine.Seat) string {
	if int(s) >= 0 && int(s) < len(c.Names) && c.Names[s] != "" {
		return c.Names[s]
	}
	return fmt.Sprintf("seat %d", int(s)+1)
}

// Renderer draws one game's board.
type Renderer interface {
	// Render draws view (the engine's View for ctx.You) in at most
	// ctx.Width x ctx.Height cells.
	Render(view any, ctx Context) string
	// MinSize is the smallest terminal the whole table screen needs for
	// this game.
	MinSize() (width, height int)
}

var (
	mu        sync.RWMutex
	renderers = map[string]Renderer{}
)

// Register installs the renderer for a game ID (from an init function).
func Register(gameID string, r Renderer) {
	mu.Lock()
	defer mu.Unlock()
	renderers[gameID] = r
}

// Lookup returns the renderer for a game ID, or nil.
func Lookup(gameID string) Renderer {
	mu.RLock()
	defer mu.RUnlock()
	return renderers[gameID]
}

// Detailer is implemented by renderers with more to say than fits on the
// board (card texts, say); the help screen shows it above the rules.
type Detailer interface {
	Details(view any) string
}
