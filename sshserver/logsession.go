package sshserver

import (
	"fmt"
	"time"

	"charm.land/ssh"

	"arcade/rooms"
)

// Reasons a session ended, for its last log line.
const (
	endQuit         = "quit"
	endDisconnected = "client disconnected"
	endShutdown     = "server shutting down"
	endStalled      = "client stopped reading"
	endIdle         = "idle"
)

// identifyAndLog finds who an admitted session is (see identify), keeps it
// in the connection's state for the handlers after it, and logs one INFO
// line when the session starts and one when it ends, with its identity,
// address, duration and why it ended.
func (s *Server) identifyAndLog(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		st := stateOf(sess.Context())
		if st == nil {
			return
		}
		player, err := identify(sess)
		if err != nil {
			s.log.Error("session refused: no identity", "err", err)
			return
		}
		player.Addr = st.conn.key
		key := player.ID
		if !player.Guest {
			player.Key = key
		}
		if id := s.cfg.Hub.LinkedPlayer(key); id != "" {
			player.ID = id // a key linked to a player is that player
			s.cfg.Hub.SawKey(id, key)
		}
		v := st.verdict.Load()
		if v != nil && v.Name != "" {
			player.Name = rooms.CleanName(v.Name)
		}
		player.Admin = v != nil && v.Admin
		st.player.Store(&player)
		pty, _, hasPty := sess.Pty()
		kv := []any{"player", player.ID, "name", player.Name, "addr", player.Addr}
		if key != player.ID {
			kv = append(kv, "key", key)
		}
		if player.Admin {
			kv = append(kv, "admin", true)
		}
		if cmd := sess.Command(); len(cmd) > 0 {
			kv = append(kv, "command", cmd[0])
		}
		if hasPty {
			kv = append(kv, "term", pty.Term, "size", fmt.Sprintf("%dx%d", pty.Window.Width, pty.Window.Height))
		}
		s.log.Info("session start", kv...)
		began := time.Now()
		defer func() {
			s.log.Info("session end", "player", player.ID, "name", player.Name, "addr", player.Addr,
				"duration", time.Since(began).Round(time.Second), "reason", s.endReason(sess, st))
		}()
		next(sess)
	}
}

// endReason says why a session ended.
func (s *Server) endReason(sess ssh.Session, st *connState) string {
	switch why := st.endReason.Load(); {
	case why != nil:
		return *why
	case s.isClosing():
		return endShutdown
	case sess.Context().Err() != nil:
		return endDisconnected
	}
	return endQuit
}
