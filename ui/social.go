package ui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
)

// The social side of a session: the chat line of the lobby and of each
// table (opened with keys.ChatKey, which no game uses), muting, and the
// your-turn signal (a bell and the terminal's title).

// promptChat labels the chat's prompt.
const promptChat = "Say"

// chatPlaceholder is what the empty chat line says.
const chatPlaceholder = "say something · /mute NAME hides a player"

// social is a session's chat and signal settings.
type social struct {
	// muted maps the speakers this player hides (rooms.ChatLine.Who) to
	// the name they had when muted; nil until the first mute.
	muted map[string]string
	// chatBack is how many lines the chat is scrolled back (0: newest).
	chatBack int
	// quiet: no bell and no title change when a decision becomes yours.
	quiet bool
}

// chatHere is the chat of where the session is: its table's, or the
// lobby's.
func (s *session) chatHere() []rooms.ChatLine {
	if s.tableChat != nil {
		return *s.tableChat
	}
	return s.lobby.Chat
}

// openChat opens the chat line: enter says it (or runs /mute, /unmute).
func (s *session) openChat() tea.Cmd { return s.openChatOn("") }

// openChatOn opens the chat line on value.
func (s *session) openChatOn(value string) tea.Cmd {
	s.chatBack = 0
	return s.openPrompt(promptChat, value, chatPlaceholder, rooms.MaxChatRunes, s.sayLine)
}

// chatOpen reports whether the chat line is open.
func (s *session) chatOpen() bool { return s.prompt != nil && s.prompt.label == promptChat }

// sayLine sends a chat line, or runs a chat command.
func (s *session) sayLine(line string) tea.Cmd {
	word, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	switch strings.ToLower(word) {
	case "/mute":
		s.mute(strings.TrimSpace(arg), true)
		return nil
	case "/unmute":
		s.mute(strings.TrimSpace(arg), false)
		return nil
	}
	return func() tea.Msg {
		err := s.client.Say(line)
		if errors.Is(err, rooms.ErrChatTooFast) {
			// The line stays, to be sent again in a moment.
			return resultMsg{err: err, again: func() tea.Cmd { return s.openChatOn(line) }}
		}
		if err != nil {
			return resultMsg{err: err}
		}
		return resultMsg{}
	}
}

// mute hides (or shows again) the lines of the speaker called name here;
// with no name it lists who is muted.
func (s *session) mute(name string, on bool) {
	if name == "" {
		var names []string
		for _, n := range s.muted {
			names = append(names, n)
		}
		slices.Sort(names)
		if len(names) == 0 {
			s.setStatus("Nobody is muted. /mute NAME hides a player's chat lines.", false)
		} else {
			s.setStatus("Muted: "+strings.Join(names, ", ")+". /unmute NAME shows them again.", false)
		}
		return
	}
	if !on {
		for who, n := range s.muted {
			if strings.EqualFold(n, name) {
				delete(s.muted, who)
				s.setStatus(n+"'s chat lines show again.", false)
				return
			}
		}
		s.setStatus(name+" is not muted.", true)
		return
	}
	chat := s.chatHere()
	for i := len(chat) - 1; i >= 0; i-- {
		if l := chat[i]; strings.EqualFold(l.From, name) {
			if l.Who == s.myWho() {
				s.setStatus("You cannot mute yourself.", true)
				return
			}
			if s.muted == nil {
				s.muted = map[string]string{}
			}
			s.muted[l.Who] = l.From
			s.setStatus(fmt.Sprintf("%s is muted: you no longer see their chat lines (/unmute %s).", l.From, l.From), false)
			return
		}
	}
	s.setStatus(fmt.Sprintf("Nobody called %q has said anything here.", name), true)
}

// myWho is this player's speaker ID, from a line they said here ("" when
// they have said none).
func (s *session) myWho() string {
	me := s.client.Player().Name
	chat := s.chatHere()
	for i := len(chat) - 1; i >= 0; i-- {
		if chat[i].From == me {
			return chat[i].Who
		}
	}
	return ""
}

// mutedKey names the session's mutes for memo keys ("" for none, as most
// sessions have).
func (s *session) mutedKey() string {
	if len(s.muted) == 0 {
		return ""
	}
	whos := make([]string, 0, len(s.muted))
	for w := range s.muted {
		whos = append(whos, w)
	}
	slices.Sort(whos)
	return strings.Join(whos, ",")
}

// chatPane draws the chat in w x h: a heading, then the newest lines that
// fit (scrolled back by chatBack while the chat line is open), muted
// speakers left out, spectators marked.
func (s *session) chatPane(chat []rooms.ChatLine, w, h int) string {
	th := s.th
	head := th.Heading.Render("CHAT")
	hints := []string{" · " + keyLabels(tableKeys.Chat) + " to talk"}
	if s.chatOpen() {
		hints = []string{" · enter says it · esc closes · pgup/pgdn scroll", " · enter says it · esc closes", ""}
	}
	for _, h := range hints {
		if board.Width(head)+board.Width(h) <= w {
			head += th.Faint.Render(h)
			break
		}
	}
	var lines []string
	var speakers []string // per line: the speaker of a wrapped line's rest, "" on a first line
	for _, l := range chat {
		if _, hidden := s.muted[l.Who]; hidden {
			continue
		}
		for i, row := range board.WrapHang(s.chatLine(l), max(w, 8), 2) {
			lines = append(lines, row)
			speakers = append(speakers, "")
			if i > 0 {
				speakers[len(speakers)-1] = s.speaker(l)
			}
		}
	}
	if len(lines) == 0 {
		lines, speakers = []string{th.Faint.Render("Nobody has said anything yet.")}, []string{""}
	}
	back := 0
	if s.chatOpen() {
		s.chatBack = min(s.chatBack, max(len(lines)-(h-1), 0))
		back = s.chatBack
	}
	shown := lastLines(lines, h-1, back)
	if len(shown) > 0 {
		// A long line whose start scrolled off keeps its speaker.
		first := len(lines) - back - len(shown)
		if who := speakers[first]; who != "" {
			k := 1 // the shown rows of that line
			for k < len(shown) && speakers[first+k] == who {
				k++
			}
			shown = append(s.lineEnd(who, shown[:k], w), shown[k:]...)
		}
	}
	return board.Clip(head, w) + "\n" + strings.Join(shown, "\n")
}

// lineEnd is the end of a chat line whose start scrolled off, rows its
// rows in sight, said again after its speaker ("bob: …") in at most as
// many rows of width w: as many of its last words as they hold.
func (s *session) lineEnd(who string, rows []string, w int) []string {
	w = max(w, 8)
	words := strings.Fields(strings.Join(rows, " "))
	for {
		out := board.WrapHang(s.th.Accent.Render(who)+": …"+strings.Join(words, " "), w, 2)
		if len(out) <= len(rows) || len(words) <= 1 {
			return out[:min(len(out), len(rows))]
		}
		words = words[1:]
	}
}

// lastChat is the newest chat line not muted, on one line of width w.
func (s *session) lastChat(chat []rooms.ChatLine, w int) string {
	for i := len(chat) - 1; i >= 0; i-- {
		if _, hidden := s.muted[chat[i].Who]; !hidden {
			return board.Clip(s.chatLine(chat[i]), w)
		}
	}
	return ""
}

// The marks after a name, in plain text so that they read without colour
// and aloud: an admin's, and one for a name kept for its player's key
// (rooms.Player.OwnsName), so that a guest or another key cannot pass for
// that player.
const (
	adminMark = " [admin]"
	keyMark   = " [key]"
)

// markedName is a name as the chat, the people list and the seats show
// it: with adminMark for an admin, else keyMark when the name is kept for
// its player's key (an admin's key is listed: one mark says it all).
func markedName(name string, admin, ownsName bool) string {
	switch {
	case admin:
		return name + adminMark
	case ownsName:
		return name + keyMark
	}
	return name
}

// chatLine is one chat line as the pane shows it: the speaker, then the
// text.
func (s *session) chatLine(l rooms.ChatLine) string {
	return s.th.Accent.Render(s.speaker(l)) + ": " + l.Text
}

// speaker is who said a chat line: the name marked (see markedName), and
// "(watching)" for a spectator.
func (s *session) speaker(l rooms.ChatLine) string {
	who := markedName(l.From, l.Admin, l.OwnsName)
	if l.Spectator {
		who += " (watching)"
	}
	return who
}

// chatScroll scrolls the open chat: pgup and pgdown, which the line
// editor does not use. It reports whether the key was one of them.
func (s *session) chatScroll(k tea.KeyPressMsg) bool {
	switch k.String() {
	case "pgup":
		s.chatBack += 3
	case "pgdown":
		s.chatBack = max(s.chatBack-3, 0)
	default:
		return false
	}
	return true
}

// yourDecision reports whether u asks this session's player to decide
// something: a move on their turn, or an answer in an out-of-turn window
// that auto-pass does not answer for them.
func yourDecision(u *rooms.TableUpdate) bool {
	return u != nil && u.Table.Status == rooms.Playing && u.You != engine.Spectator && len(u.Legal) > 0 && !autoPassing(u)
}

// autoPassing reports whether the player's auto-pass answers the window
// open now: it is on, a window runs, and the only answer is the pass.
func autoPassing(u *rooms.TableUpdate) bool {
	return u.AutoPass && !u.Deadline.IsZero() && len(u.Legal) == 1
}

// bell rings the terminal's bell (the bridge lets this raw byte through).
var bell = tea.Raw(string(rune(ansi.BEL)))

// Window titles.
const (
	titlePlain = "The Arcade"
	titleTurn  = "(!) your turn · The Arcade"
)

// signal is the command that tells the player a decision became theirs
// (nil when none did, or they silenced it), and notes whether one is
// theirs now, for the title.
func (a *App) signal(u *rooms.TableUpdate) tea.Cmd {
	was := a.yours
	a.yours = yourDecision(u)
	if a.yours && !was && !a.s.quiet {
		return bell
	}
	return nil
}

// title is the terminal's title now.
func (a *App) title() string {
	if a.yours && !a.s.quiet && !a.ended {
		return titleTurn
	}
	return titlePlain
}

// clockLeft is what a countdown shows for a deadline, and when to draw it
// again ("" and 0 once it has passed): seconds under a minute ("45s"),
// minutes and tens of seconds under an hour ("59:30"), hours and minutes
// under a day ("23h 59m"), else days and hours ("2d 4h"), each rounded up.
// A countdown of days is drawn again once an hour, not every second.
func clockLeft(deadline time.Time, now time.Time) (string, time.Duration) {
	d := deadline.Sub(now)
	if deadline.IsZero() || d <= 0 {
		return "", 0
	}
	unit := time.Second
	switch {
	case d > 24*time.Hour:
		unit = time.Hour
	case d > time.Hour:
		unit = time.Minute
	case d > time.Minute:
		unit = 10 * time.Second
	}
	n := (d + unit - 1) / unit
	next := d - (n-1)*unit
	switch unit {
	case time.Hour:
		return fmt.Sprintf("%dd %dh", n/24, n%24), next
	case time.Minute:
		return fmt.Sprintf("%dh %02dm", n/60, n%60), next
	case 10 * time.Second:
		return fmt.Sprintf("%d:%02d", n/6, n%6*10), next
	}
	return fmt.Sprintf("%ds", n), next
}
