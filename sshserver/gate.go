package sshserver

import (
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"arcade/sshserver/access"
)

// The door policy (Config.Gate) is applied twice:
//
//   - during authentication, a key the policy refuses is refused, so that
//     the client offers its next key (a player with several keys gets in
//     with the listed one); keyboard-interactive, the method clients try
//     when no key worked, always succeeds, so that
//   - when the session starts, the policy judges the key the connection
//     really authenticated with (or its absence) once more, and a refused
//     client is told why in a sentence before the connection closes,
//     instead of a bare "Permission denied".
//
// Address bans are applied by the listener, before any SSH work.

// stateOf is the connection state of ctx (nil if none).
func stateOf(ctx ssh.Context) *connState {
	st, _ := ctx.Value(connKey{}).(*connState)
	return st
}

// keyAuth is the public key callback.
func (s *Server) keyAuth(ctx ssh.Context, key ssh.PublicKey) bool {
	st := stateOf(ctx)
	if st == nil {
		return false
	}
	fp := gossh.FingerprintSHA256(key)
	if v := s.cfg.Gate.Key(fp, st.conn.key); !v.Admit {
		st.offered.Store(&fp)
		return false
	}
	st.conn.loggedIn()
	s.cfg.Observe.Handshake("ok")
	return true
}

// guestAuth is the keyboard-interactive callback: no questions asked; the
// session decides (see judge).
func (s *Server) guestAuth(ctx ssh.Context, _ gossh.KeyboardInteractiveChallenge) bool {
	st := stateOf(ctx)
	if st == nil {
		return false
	}
	st.conn.loggedIn()
	s.cfg.Observe.Handshake("ok")
	return true
}

// judge is the door policy's word on the session's client.
func (s *Server) judge(sess ssh.Session, st *connState) access.Verdict {
	if pk := sess.PublicKey(); pk != nil {
		return s.cfg.Gate.Key(gossh.FingerprintSHA256(pk), st.conn.key)
	}
	var offered string
	if p := st.offered.Load(); p != nil {
		offered = *p
	}
	return s.cfg.Gate.Guest(offered, st.conn.key)
}

// gatekeep is the first session handler: it refuses, with the policy's
// sentence, a client the door policy does not admit, and frees the address
// slot of a listed key (see access.Verdict.Listed).
func (s *Server) gatekeep(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		st := stateOf(sess.Context())
		if st == nil {
			return
		}
		v := s.judge(sess, st)
		if !v.Admit {
			s.cfg.Observe.Refused(v.Reason)
			s.logRefusal("not admitted: "+v.Reason, "addr", st.conn.key, "user", sess.User(), "key", keyName(sess, st))
			sayLine(sess, v.Refusal)
			_ = sess.Exit(1)
			return
		}
		if v.Listed {
			st.conn.freeAddrSlot()
		}
		st.verdict.Store(&v)
		next(sess)
	}
}

// keyName is the fingerprint of the key the session authenticated with,
// else of the last key it offered, else "none".
func keyName(sess ssh.Session, st *connState) string {
	if pk := sess.PublicKey(); pk != nil {
		return gossh.FingerprintSHA256(pk)
	}
	if p := st.offered.Load(); p != nil {
		return *p
	}
	return "none"
}
