package rooms

import (
	"errors"

	"arcade/engine"
)

// STUB: the rooms helper replaces this file with the real hub. The exported
// signatures below are the contract the ui and sshserver packages use.

var errTODO = errors.New("rooms: not implemented yet")

// Hub owns every table and knows every connected client.
type Hub struct{}

// NewHub starts a hub.
func NewHub(cfg Config) *Hub { return &Hub{} }

// Connect registers a session's player and returns its client. A non-guest
// player already connected is evicted: the old client gets a final update
// with Closed set and the new one takes over the seat.
func (h *Hub) Connect(p Player) *Client { return &Client{} }

// Lobby returns the current lobby snapshot.
func (h *Hub) Lobby() LobbyUpdate { return LobbyUpdate{} }

// Close stops every table.
func (h *Hub) Close() {}

// Client is one session's handle on the hub. Its methods are safe to call
// from the session's goroutines; each waits for the table's answer.
type Client struct{}

// Player returns who this client is (with the current name).
func (c *Client) Player() Player { return Player{} }

// Notify is signalled (capacity 1) when an update waits to be taken.
func (c *Client) Notify() <-chan struct{} { return nil }

// Take returns the latest lobby and table updates not yet taken (nil when
// there is none of that kind).
func (c *Client) Take() (*LobbyUpdate, *TableUpdate) { return nil, nil }

// Rename changes the display name (cleaned with CleanName) and returns it.
func (c *Client) Rename(name string) (string, error) { return name, errTODO }

// Create opens a table and seats the client at seat 0 as its host.
func (c *Client) Create(game string, seats int, private bool, opts engine.Options) error {
	return errTODO
}

// Join takes a free seat at a table (or the client's own seat back).
func (c *Client) Join(tableID string) error { return errTODO }

// JoinCode joins the private (or public) table with this invite code.
func (c *Client) JoinCode(code string) error { return errTODO }

// Watch follows a table as a spectator.
func (c *Client) Watch(tableID string) error { return errTODO }

// Leave leaves the current table and returns to the lobby.
func (c *Client) Leave() error { return errTODO }

// Start begins the game (host only, every seat filled).
func (c *Client) Start() error { return errTODO }

// AddBot puts a bot of the given level in an empty seat (host only).
func (c *Client) AddBot(seat int, level string) error { return errTODO }

// Act plays an action for the client's seat.
func (c *Client) Act(a engine.Action) error { return errTODO }

// Close ends the client's session.
func (c *Client) Close() {}

// CleanName makes a display name safe to show on other players' terminals:
// control characters and escape sequences stripped, whitespace collapsed,
// length capped. An empty result becomes "guest".
func CleanName(s string) string { return s }
