package sshserver

import (
	"cmp"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"arcade/sshserver/access"
)

// The door policy (Config.Gate) is applied twice:
//
//   - during authentication, a key the policy refuses is refused, so that
//     the client offers its next key (a player with several keys gets in
//     with the listed one); keyboard-interactive, the method clients try
//     when no key worked, asks no questions: it admits a guest the policy
//     admits, and tells a refused client why in an authentication banner
//     (ssh prints it before its "Permission denied") and refuses it, so
//     that it leaves at once and stops counting against its address;
//   - when the session starts, the policy judges the key once more (the
//     lists may have changed meanwhile) and a refused client is told why
//     in a sentence before the connection closes.
//
// A client still logging in a second before the handshake's deadline is
// told that it took too long. An authenticated connection that opens no
// session within Config.SessionTimeout is closed. Address bans are applied
// by the listener, before any SSH work.

// stateOf is the connection state of ctx (nil if none).
func stateOf(ctx ssh.Context) *connState {
	st, _ := ctx.Value(connKey{}).(*connState)
	return st
}

// keyAuth is the public key callback. A listed key trusts its address
// (see door).
func (s *Server) keyAuth(ctx ssh.Context, key ssh.PublicKey) bool {
	st := stateOf(ctx)
	if st == nil {
		return false
	}
	fp := gossh.FingerprintSHA256(key)
	v := s.cfg.Gate.Key(fp, st.conn.key)
	if !v.Admit {
		st.offered.Store(&fp)
		return false
	}
	if v.Listed {
		s.door.trust(st.conn.key)
	}
	s.authenticated(st)
	return true
}

// guestAuth is the keyboard-interactive callback: no questions asked. A
// client the policy refuses is told why (once: clients try the method
// again) and refused; its address slot is given back at once. A refused
// client is first asked no questions (an empty challenge): clients built
// on golang.org/x/crypto/ssh take a refusal only after a challenge.
func (s *Server) guestAuth(ctx ssh.Context, challenge gossh.KeyboardInteractiveChallenge) bool {
	st := stateOf(ctx)
	if st == nil {
		return false
	}
	var offered string
	if p := st.offered.Load(); p != nil {
		offered = *p
	}
	if v := s.cfg.Gate.Guest(offered, st.conn.key); !v.Admit {
		if st.firstTelling() {
			st.conn.freeAddrSlot()
			s.noteRefusal(v.Reason, "not admitted: "+v.Reason, "addr", st.conn.key, "user", ctx.User(), "key", cmp.Or(offered, "none"))
			st.tell(v.Refusal)
		}
		_, _ = challenge("", "", nil, nil)
		return false
	}
	s.authenticated(st)
	return true
}

// authenticated notes a successful authentication and closes the
// connection if it opens no session within SessionTimeout.
func (s *Server) authenticated(st *connState) {
	st.conn.authenticated()
	s.cfg.Observe.Handshake("ok")
	st.conn.after(s.cfg.SessionTimeout, func() {
		if !st.session.Load() {
			st.end("no session opened in time")
		}
	})
}

// judge is the door policy's word on the session's client, on its key.
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
			s.noteRefusal(v.Reason, "not admitted: "+v.Reason, "addr", st.conn.key, "user", sess.User(), "key", keyName(sess, st))
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
