// Package board is the contract between the table screen and the per-game
// board views in ui/<game>. A game's view package offers a Factory of
// Renderers (cmd/arcade wires it next to the engine's game, see ui.Game);
// the table screen draws whatever the engine's View(seat) returned through
// it.
package board

import (
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"

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
	Render(view engine.View, ctx Context) string
	// MinSize is the smallest terminal the whole table screen needs for
	// this game.
	MinSize() (width, height int)
}

// Stateless is implemented by renderers that keep no per-session state:
// what they draw depends on Render's arguments only, so spectators of one
// table can share one drawing of the whole screen.
type Stateless interface {
	Stateless()
}

// Asker is implemented by boards that say over the board what the current
// choice asks and which keys answer it: the moves pane then points there
// rather than counting the moves made on the board.
type Asker interface {
	AsksOnBoard()
}

// KeyHandler is implemented by boards that take keys themselves, such as a
// cursor that places a pattern on the board. The table screen offers every
// key to HandleKey first (after its own overlays).
type KeyHandler interface {
	// HandleKey reacts to a key press given the current view and the seat's
	// legal actions.
	HandleKey(key string, view engine.View, legal []engine.Action) Reply
}

// Reply is a board's answer to a key press. The zero Reply leaves the key
// to the table screen (its move menu and its own keys).
type Reply struct {
	// Action is the legal move to play (nil for none).
	Action *engine.Action
	// Used reports that the board took the key; a used key with no Action
	// only changed the board's own state (the cursor moved, say).
	Used bool
	// Message, when not empty, is shown to the player on the status line.
	Message string
	// Warning shows Message as a refusal (why a placement is not allowed)
	// rather than as information (a choice described, a mode switched).
	Warning bool
	// Rule is the game's rule a refusal applies ("" when it cites none),
	// which the table explains when the player asks why.
	Rule engine.Rule
}

// Stepper is implemented by boards that build one move in several steps
// before it is sent (a card, then a square, then a turn of the pattern):
// each step can be taken back, newest first, until the move is made.
// A move made is final: it may have drawn from a deck or the bag, and the
// others have seen it.
type Stepper interface {
	// Building describes the steps of the move being built so far, in a
	// few words for the key line ("Flare Up, turned"), or "" when no
	// move is being built.
	Building(view engine.View) string
	// Back takes back the newest step of the move being built and says
	// what it took back (Inform), or returns the zero Reply when there
	// is nothing to take back.
	Back(view engine.View) Reply
}

// Play is the Reply that plays a.
func Play(a engine.Action) Reply { return Reply{Action: &a, Used: true} }

// Took is the Reply of a key the board used without a move or a message.
func Took() Reply { return Reply{Used: true} }

// Inform is the Reply of a used key that tells the player msg.
func Inform(msg string) Reply { return Reply{Used: true, Message: msg} }

// Refuse is the Reply of a used key that could not do what the player
// asked, and says why.
func Refuse(why string) Reply { return Reply{Used: true, Message: why, Warning: why != ""} }

// RefuseErr is the Reply of a used key whose move the game's rules refuse
// (err, from a check of the engine's): its words, and the rule it cites
// when it is an *engine.RuleError.
func RefuseErr(err error) Reply {
	r := Refuse(err.Error())
	var re *engine.RuleError
	if errors.As(err, &re) {
		r.Message, r.Rule = re.Msg, re.Rule
	}
	return r
}

// MoveKeyer is implemented by boards that give the game's moves hot keys
// (made with keys.Move and keys.Digit). The table screen's move menu shows
// each binding's help key, and a key press plays the move whose binding
// matches it; a move with no key is chosen with the arrows and enter.
type MoveKeyer interface {
	// MoveKeys returns one binding per legal action, in order, given the
	// seat's view; the zero key.Binding means that move has no hot key.
	MoveKeys(view engine.View, legal []engine.Action) []key.Binding
}

// Defaulter is implemented by boards whose game has a safe move to
// highlight first when a new choice opens (End your turn rather than a
// tool), so that a player who presses enter without reading spends
// nothing.
type Defaulter interface {
	// DefaultMove is the index in legal of the move to highlight, or -1.
	DefaultMove(view engine.View, legal []engine.Action) int
}

// Ranker is implemented by boards whose game ends in its own terms (a
// cooperative game is won or lost together; a score counts something in
// particular; the rules break ties): the game-over pane shows its ranking
// instead of one by score alone.
type Ranker interface {
	// Ranking is the final ranking, from the seat's last view (nil when
	// the game has none) and the outcome.
	Ranking(view engine.View, o engine.Outcome, ctx Context) Ranking
}

// Factory makes a board for one session; boards may keep per-session state
// (a cursor) and are never shared between sessions.
type Factory func() Renderer

// Detailer is implemented by renderers with more to say than fits on the
// board (card texts, say); the help screen shows it above the rules.
type Detailer interface {
	Details(view engine.View) string
}

// Sizer is implemented by boards that read better with more lines than the
// table screen gives by default; the table then shrinks its moves and log
// strip, down to three lines (an 80x23 terminal).
type Sizer interface {
	// PreferredHeight is how many lines the board would like at this
	// terminal width and height.
	PreferredHeight(width, height int) int
}
