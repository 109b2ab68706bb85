package line

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
)

// hello greets the player: who they are and how to go on.
func (s *session) hello() {
	p := s.cfg.Player
	if s.cfg.JSON {
		infos := make([]engine.Info, len(s.cfg.Games))
		for i, g := range s.cfg.Games {
			infos[i] = g.Engine.Info()
		}
		s.out.send(helloMsg{Type: "hello", Protocol: Protocol, Name: p.Name, Guest: p.Guest, Games: infos, Clocks: rooms.Clocks})
		return
	}
	s.out.say("Welcome to the arcade, " + p.Name + ". This is line mode: type a command and press enter; help lists the commands, quit ends.")
}

// showTable shows a table update.
func (s *session) showTable(u *rooms.TableUpdate) {
	prev := s.cur
	if prev != nil && (prev.Table.ID != u.Table.ID || prev.You != u.You) {
		prev = nil
	}
	if s.cfg.JSON {
		s.out.send(s.tableMsg(prev, u))
	} else {
		s.out.say(s.tell.update(prev, u)...)
	}
	s.cur = u
	if u.Closed {
		s.cur, s.backInLobby = nil, true
	}
}

// showLobby shows a lobby update: on arriving in the lobby, and its chat
// and notice as they change (its tables only when asked, with tables).
func (s *session) showLobby(l *rooms.LobbyUpdate) {
	prev := s.lobby
	s.lobby = l
	if s.cur != nil {
		return // at a table: the lobby waits
	}
	var chat []rooms.ChatLine
	arrived := prev == nil || s.backInLobby
	if arrived {
		chat = l.Chat
	} else {
		chat = l.Chat[len(l.Chat)-rooms.NewSince(prev.Chat, l.Chat):]
	}
	s.backInLobby = false
	if s.cfg.JSON {
		if arrived || len(chat) > 0 || tablesChanged(prev, l) || l.Notice != prev.Notice {
			s.out.send(s.lobbyMsg(l, chat))
		}
		return
	}
	var out []string
	if arrived {
		out = append(out, fmt.Sprintf("You are in the lobby. %s open, %d online: type tables, new GAME, join CODE or help.", board.Count(len(l.Tables), "table"), l.Online))
	}
	if l.Notice != "" && (prev == nil || l.Notice != prev.Notice) {
		out = append(out, "Notice from the arcade: "+l.Notice)
	}
	for _, c := range chat {
		out = append(out, chatLine(c))
	}
	s.out.say(out...)
}

// tablesChanged reports whether the lobby's tables changed.
func tablesChanged(prev, l *rooms.LobbyUpdate) bool {
	return !slices.Equal(prev.Tables, l.Tables)
}

// lobbyMsg is the lobby as the protocol sends it.
func (s *session) lobbyMsg(l *rooms.LobbyUpdate, chat []rooms.ChatLine) lobbyMsg {
	return lobbyMsg{Type: "lobby", Tables: tableEntries(l.Tables), Away: tableEntries(s.cfg.Client.AwaySeats()), Online: l.Online, Chat: chatEntries(chat), Notice: l.Notice}
}

// tableEntries are tables as the protocol lists them.
func tableEntries(ts []rooms.TableSummary) []tableEntry {
	out := make([]tableEntry, len(ts))
	for i, t := range ts {
		out[i] = tableEntry{ID: t.ID, Game: t.Game, GameName: t.GameName, Seats: t.Seats, Taken: t.Taken, Status: t.Status, Private: t.Private, Host: t.Host, Clock: t.Clock}
	}
	return out
}

// chatEntries are chat lines as the protocol sends them.
func chatEntries(lines []rooms.ChatLine) []chatEntry {
	out := make([]chatEntry, len(lines))
	for i, c := range lines {
		out[i] = chatEntry{At: c.At, From: c.From, Text: c.Text, Spectator: c.Spectator}
	}
	return out
}

// tableMsg is u as the protocol sends it, with the events and chat new
// since prev (nil: all of them).
func (s *session) tableMsg(prev, u *rooms.TableUpdate) tableMsg {
	name := nameOf(u)
	m := tableMsg{
		Type: "table", ID: u.Table.ID, Game: u.Table.Game, Code: u.Code, Status: u.Table.Status,
		Private: u.Table.Private, Options: u.Options, Clock: u.Clock, Version: u.Version,
		You: u.You, Host: u.Host, Pending: u.Pending, YourTurn: len(u.Legal) > 0,
		Watchers: u.Watchers, Rematch: u.Rematch, AutoPass: u.AutoPass,
		Closed: u.Closed, Notice: u.Notice, ServerNotice: u.ServerNotice,
		Deadline: timeOrNil(u.Deadline), TurnDeadline: timeOrNil(u.TurnDeadline),
		Chat: chatEntries(newChat(prev, u)), View: json.RawMessage("null"),
	}
	if m.Pending == nil {
		m.Pending = []engine.Seat{}
	}
	for i, st := range u.Seats {
		m.Seats = append(m.Seats, seatEntry{Seat: engine.Seat(i), Name: st.Name, Empty: st.Empty, Bot: st.Bot, BotLevel: st.BotLevel,
			Connected: st.Connected, StandIn: st.StandIn, Idle: st.Idle, Overdue: st.Overdue})
	}
	if u.View != nil {
		if data, err := json.Marshal(u.View); err == nil {
			m.View = data
		}
	}
	keys := s.tell.keys(u)
	m.Moves = make([]moveEntry, len(u.Legal))
	for i, a := range u.Legal {
		m.Moves[i] = moveEntry{ID: moveID(a), N: i + 1, Key: keys[i], Text: Plain(engine.ExpandSeats(engine.Describe(u.View, a), name)), Action: a}
	}
	events := newLog(prev, u)
	m.Events = make([]string, len(events))
	for i, l := range events {
		m.Events[i] = Plain(engine.ExpandSeats(l.Text, name))
	}
	if u.Outcome.Done {
		o := u.Outcome
		o.Summary = Plain(engine.ExpandSeats(o.Summary, name))
		m.Outcome = &o
	}
	return m
}

// timeOrNil is t, nil when zero.
func timeOrNil(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}
