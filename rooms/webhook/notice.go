package webhook

import (
	"encoding/json"
	"fmt"
	"time"
)

// The kinds of notice.
const (
	KindYourMove = "your-move" // a decision became the player's
	KindReminder = "reminder"  // the player's clock runs out soon
	KindTest     = "test"      // the player asked to try their address
)

// Version marks the shape of the JSON body, under the key "arcade".
const Version = "v1"

// Caps on the words, in characters: Discord refuses a content over 2000.
const (
	maxTitle = 100
	maxText  = 1000
)

// Notice is what one POST tells. It is all that is sent: fill it only with
// what the player may know.
type Notice struct {
	Kind     string    // KindYourMove, KindReminder or KindTest
	Player   string    // the name of the player it is for
	Game     string    // the game's ID ("chess")
	GameName string    // the game's name ("Chess")
	Table    string    // the table's ID
	Code     string    // the table's invite code
	Deadline time.Time // when the player's clock runs out; zero when never

	// Title and Text are the human words; when empty they are written from
	// the fields above.
	Title string
	Text  string
}

// body is the JSON a notice is posted as (see the package doc).
type body struct {
	Text     string   `json:"text"`
	Content  string   `json:"content"`
	Message  string   `json:"message"`
	Title    string   `json:"title"`
	Kind     string   `json:"kind"`
	Player   string   `json:"player"`
	Game     string   `json:"game"`
	GameName string   `json:"game_name"`
	Table    string   `json:"table"`
	Code     string   `json:"code"`
	Deadline string   `json:"deadline,omitempty"`
	Arcade   string   `json:"arcade"`
	Mentions mentions `json:"allowed_mentions"`
}

// mentions is Discord's allowed_mentions: an empty parse list pings no one.
type mentions struct {
	Parse []string `json:"parse"`
}

// payload is the JSON body of n.
func (n Notice) payload() []byte {
	title, text := n.words()
	b := body{
		Text: text, Content: text, Message: text, Title: title,
		Kind: n.Kind, Player: n.Player, Game: n.Game, GameName: n.GameName,
		Table: n.Table, Code: n.Code, Arcade: Version,
		Mentions: mentions{Parse: []string{}},
	}
	if !n.Deadline.IsZero() {
		b.Deadline = n.Deadline.UTC().Format(time.RFC3339)
	}
	out, _ := json.Marshal(b) // strings and a slice of them always marshal
	return out
}

// words are n's title and sentence: the caller's, or written from its
// fields, cut to the caps.
func (n Notice) words() (title, text string) {
	title, text = n.Title, n.Text
	if title == "" {
		title = n.defaultTitle()
	}
	if text == "" {
		text = n.defaultText()
	}
	return clip(title, maxTitle), clip(text, maxText)
}

func (n Notice) defaultTitle() string {
	switch n.Kind {
	case KindYourMove:
		return "Your move: " + n.GameName
	case KindReminder:
		return "Reminder: " + n.GameName
	default:
		return "Arcade notification"
	}
}

func (n Notice) defaultText() string {
	where := fmt.Sprintf("%s at table %s (code %s)", n.GameName, n.Table, n.Code)
	switch {
	case n.Kind == KindTest:
		return fmt.Sprintf("Test from the arcade: notifications for %s arrive here.", n.Player)
	case n.Kind == KindReminder && !n.Deadline.IsZero():
		return fmt.Sprintf("%s, your clock in %s runs out %s.", n.Player, where, when(n.Deadline))
	case n.Kind == KindReminder:
		return fmt.Sprintf("%s, your move in %s is still waiting.", n.Player, where)
	case !n.Deadline.IsZero():
		return fmt.Sprintf("%s, it is your move in %s, by %s.", n.Player, where, when(n.Deadline))
	default:
		return fmt.Sprintf("%s, it is your move in %s.", n.Player, where)
	}
}

// when writes a deadline for people: "Mon 2 Mar 18:00 UTC".
func when(t time.Time) string { return t.UTC().Format("Mon 2 Jan 15:04 MST") }

// clip cuts s to at most n characters, marking the cut with "…".
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
