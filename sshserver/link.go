package sshserver

import (
	"fmt"
	"strings"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"arcade/rooms"
)

// linkHelp is what `ssh host link --help` prints.
const linkHelp = `ssh -p PORT HOST link          from a key you play with: prints a one-time code
ssh -p PORT HOST link CODE     from another key: makes that key yours too
ssh -p PORT HOST link keys     lists the keys linked to you
ssh -p PORT HOST link remove SHA256:...   unlinks one of them
  A linked key is the same player: name, history, ratings and seats. A
  code works once, for 10 minutes. The key you first played with names you
  and cannot be unlinked.
`

// linkCommands runs `ssh host link ...`; other commands pass on.
func (s *Server) linkCommands(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		cmd := sess.Command()
		if len(cmd) == 0 || cmd[0] != "link" {
			next(sess)
			return
		}
		p := stateOf(sess.Context()).player.Load()
		answer(sess)(s.runLink(sess, p, cmd[1:]))
	}
}

// runLink answers `link` for p (nil: not known), whose session is sess.
func (s *Server) runLink(sess ssh.Session, p *rooms.Player, args []string) (string, error) {
	if p == nil || p.Guest {
		return "", rooms.ErrGuestLink
	}
	hub := s.cfg.Hub
	switch {
	case len(args) == 0:
		code, err := hub.NewLinkCode(*p)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("Your link code: %s\nFrom your other key, within 10 minutes: %s link %s\n", code, s.sshCommand(sess, ""), code), nil
	case args[0] == "--help" || args[0] == "-h" || args[0] == "help":
		return linkHelp, nil
	case args[0] == "keys":
		return linkedKeysText(hub, *p, "you", p.Key)
	case args[0] == "remove" && len(args) == 2:
		if err := hub.Unlink(p.ID, keyID(strings.TrimPrefix(args[1], "key:"))); err != nil {
			return "", err
		}
		return "Unlinked " + args[1] + ".\n", nil
	case len(args) == 1:
		key := sess.PublicKey()
		if key == nil {
			return "", rooms.ErrGuestLink
		}
		own := *p
		own.ID = keyID(gossh.FingerprintSHA256(key))
		to, err := hub.LinkKey(args[0], own)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("This key is now %s's: connect with it and you are %s, with your seats, history and ratings.\n", to.Name, to.Name), nil
	}
	return "", fmt.Errorf("link takes nothing, a code, keys, or remove KEY (see: link --help).")
}

// linkedKeysText lists the keys linked to p, whose naming key it calls
// "the key that names" whom ("you", or "this player" for an admin), and
// marks the key whose ID is this (the asker's own; "" for an admin).
func linkedKeysText(hub *rooms.Hub, p rooms.Player, whom, this string) (string, error) {
	keys, err := hub.LinkedKeys(p.ID)
	if err != nil {
		return "", err
	}
	mark := func(id string) string {
		if id == this {
			return "  ← this key"
		}
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (the key that names %s; it cannot be unlinked)%s\n", strings.TrimPrefix(p.ID, "key:"), whom, mark(p.ID))
	for _, k := range keys {
		seen := "not used since"
		if !k.LastSeen.IsZero() {
			seen = "last used " + k.LastSeen.Format("2006-01-02 15:04 MST")
		}
		fmt.Fprintf(&b, "%s (linked %s, %s)%s\n", strings.TrimPrefix(k.ID, "key:"), k.Added.Format("2006-01-02 15:04 MST"), seen, mark(k.ID))
	}
	return b.String(), nil
}
