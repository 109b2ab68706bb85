// Package line is the arcade in lines: a session on a rooms.Client that
// prints one plain line per event or prompt and reads one command per
// line, for screen readers, scripts and bots. It never draws a screen and
// never writes an escape sequence.
//
// It speaks two ways. Text, for people: sentences out ("Your turn. 3
// moves: 1 Draw a token, ..."), commands in ("look", "2", "say hi").
// JSON, for programs: one object per line each way, the protocol that
// docs/protocol.md documents (Protocol is its version).
//
// What a session shows is made from the client's updates alone (the
// TableUpdate of its own seat, whose view the engine made for that seat),
// so a line or JSON seat sees exactly what a full-screen one may.
package line

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"golang.org/x/time/rate"

	"arcade/rooms"
	"arcade/ui"
	"arcade/ui/board"
)

// Limits of a session's input.
const (
	// MaxLine is the longest command line taken, in bytes; a longer one
	// is refused whole.
	MaxLine = 4096
	// commandBurst and commandEvery bound how fast commands are taken:
	// commandBurst at once, then one every commandEvery.
	commandBurst = 50
	commandEvery = 10 * time.Millisecond
)

// Config is what a line session runs on.
type Config struct {
	// Client is the session's handle on the hub; Run does not close it.
	Client *rooms.Client
	// Player is who the session is.
	Player rooms.Player
	// Games are the games the arcade serves, with their boards (for the
	// moves' hot keys and the board in words).
	Games []ui.Game
	// JSON: speak the JSON protocol instead of sentences.
	JSON bool
	// Echo: the client sends keys as they are typed (it asked for a
	// terminal), so the session echoes them and edits the line itself;
	// otherwise the client sends whole lines.
	Echo bool
	// In is what the client types; Out is where the session writes (the
	// caller bounds how long a write may block).
	In  io.Reader
	Out io.Writer
	// InviteCode, when set, is joined at once (ssh host line CODE).
	InviteCode string
	// ConnectHint is the ssh command that reaches the server, for help.
	ConnectHint string
}

// errQuit ends a session the player quit.
var errQuit = errors.New("quit")

// Run runs the session until the player quits, the input ends, ctx is
// done, the client is done or a write fails. It returns nil when the
// session ended normally.
func Run(ctx context.Context, cfg Config) error {
	s := newSession(cfg)
	input := make(chan []byte)
	readDone, stop := make(chan error, 1), make(chan struct{})
	defer close(stop)
	go readInput(cfg.In, input, readDone, stop)
	s.hello()
	if cfg.InviteCode != "" {
		_ = s.exec(command{name: "join", args: []string{cfg.InviteCode}})
	}
	s.deliver()
	for s.out.err == nil {
		select {
		case <-ctx.Done():
			s.bye("The session is over.")
			return nil
		case <-cfg.Client.Done():
			s.deliver()
			s.bye("This session was closed.")
			return s.out.err
		case <-cfg.Client.Notify():
			s.deliver()
		case chunk := <-input:
			if err := s.typed(chunk); err != nil {
				s.bye("You quit.")
				return ignoreQuit(err)
			}
		case <-readDone:
			return nil
		}
	}
	return s.out.err
}

// bye sends a JSON session's last message.
func (s *session) bye(reason string) {
	if s.cfg.JSON {
		s.out.send(byeMsg{Type: "bye", Reason: reason})
		s.out.flush(&s.ed)
	}
}

// ignoreQuit is err, nil for the player quitting.
func ignoreQuit(err error) error {
	if errors.Is(err, errQuit) {
		return nil
	}
	return err
}

// readInput sends what the client types to input, a chunk at a time (the
// channel is unbuffered: a client that types faster than the session reads
// waits in its SSH window), and err to done when the input ends. It stops
// when stop closes.
func readInput(r io.Reader, input chan<- []byte, done chan<- error, stop <-chan struct{}) {
	buf := make([]byte, 1024)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			select {
			case input <- append([]byte(nil), buf[:n]...):
			case <-stop:
				return
			}
		}
		if err != nil {
			done <- err
			return
		}
	}
}

// session is one line session's state; it lives on Run's goroutine.
type session struct {
	cfg     Config
	out     *writer
	ed      editor
	limiter *rate.Limiter
	// cur is the table update last shown (nil: in the lobby); lobby the
	// lobby update last shown.
	cur   *rooms.TableUpdate
	lobby *rooms.LobbyUpdate
	// backInLobby: the player just left a table; the next lobby update
	// greets them.
	backInLobby bool
	tell        *teller
	// refused is the last refusal that cited a rule (why).
	refused rooms.LogLine
}

func newSession(cfg Config) *session {
	s := &session{
		cfg:     cfg,
		out:     &writer{w: cfg.Out, json: cfg.JSON},
		ed:      editor{echo: cfg.Echo},
		limiter: rate.NewLimiter(rate.Every(commandEvery), commandBurst),
		tell:    &teller{games: map[string]board.Factory{}, rules: map[string]string{}},
	}
	for _, g := range cfg.Games {
		in := g.Engine.Info()
		s.tell.games[in.ID], s.tell.rules[in.ID] = g.Board, in.Rules
	}
	return s
}

// typed takes a chunk of input: complete lines run as commands.
func (s *session) typed(chunk []byte) error {
	for _, l := range s.ed.feed(chunk, s.out) {
		if err := s.line(l); err != nil {
			return err
		}
	}
	return s.out.err
}

// line runs one line the player typed.
func (s *session) line(l inputLine) error {
	if l.tooLong {
		s.refuse(command{}, fmt.Sprintf("That line is too long: commands are at most %d characters.", MaxLine))
		s.out.flush(&s.ed)
		return s.out.err
	}
	if l.interrupt {
		return errQuit
	}
	var quit error
	switch cmd, err := parse(l.text, s.cfg.JSON); {
	case err != nil:
		s.refuse(cmd, err.Error())
	case cmd.name == "":
	case cmd.name != "quit" && !s.limiter.Allow(): // leaving never waits
		s.refuse(cmd, "Too many commands at once: wait a moment and send it again.")
	default:
		s.deliver() // what the command acts on is what the player was shown
		quit = s.exec(cmd)
	}
	s.out.flush(&s.ed)
	if quit != nil {
		return quit
	}
	return s.out.err
}

// deliver shows what came from the hub since the last time.
func (s *session) deliver() {
	lobby, table := s.cfg.Client.Take()
	if table != nil {
		s.showTable(table)
	}
	if lobby != nil {
		s.showLobby(lobby)
	}
	s.out.flush(&s.ed)
}
