package access

import "fmt"

// Refusal sentences, shown to the refused client.
const (
	msgNotListed  = "This arcade is private and your SSH key (%s) is not on its list. Send your public key (the .pub file in ~/.ssh) to whoever runs it."
	msgNoListed   = "This arcade is private: it admits only the SSH keys on its list, and your ssh client offered none of them."
	msgNoGuests   = "This arcade does not admit guests: connect with an SSH key (make one with: ssh-keygen -t ed25519)."
	msgBanned     = "You are banned from this arcade."
	msgAddrBanned = "Connections from your address are banned from this arcade."
)

// Reasons a Verdict gives for a refusal, for logs and metrics.
const (
	ReasonNotListed = "not-listed"
	ReasonNoGuests  = "no-guests"
	ReasonBanned    = "banned"
)

// Gate is the server's door policy. The zero Gate admits everyone.
type Gate struct {
	// Allowed, when set, admits only its keys (and the admins').
	Allowed *KeyFile
	// Admins, when set, are the admins' keys; an admin is always
	// admitted and never banned.
	Admins *KeyFile
	// Bans are the banned keys and addresses (nil: none).
	Bans *Bans
	// NoGuests refuses clients that offer no admitted key.
	NoGuests bool
}

// Verdict is what the Gate says of one client.
type Verdict struct {
	Admit bool
	// Admin: the key is on the admins' list.
	Admin bool
	// Listed: the key is on the allow list or the admins' list; a listed
	// key is trusted, so the per-address connection cap does not count it.
	Listed bool
	// Name is the display name the key's line gives ("" when none).
	Name string
	// Refusal is the sentence for a refused client; Reason is its short
	// form (the Reason constants).
	Refusal, Reason string
}

// keyLists are the lists of keys the Gate has (the allow list, then the
// admins').
func (g *Gate) keyLists() []*KeyFile {
	var lists []*KeyFile
	for _, f := range []*KeyFile{g.Allowed, g.Admins} {
		if f != nil {
			lists = append(lists, f)
		}
	}
	return lists
}

// KeyNames returns the display names the allow list and the admins' list
// give their keys, by fingerprint (an admins' line wins; keys whose lines
// give none are left out). The arcade keeps each such name for its keys.
func (g *Gate) KeyNames() map[string]string {
	names := map[string]string{}
	for _, f := range g.keyLists() {
		for fp, name := range f.Names() {
			if name != "" {
				names[fp] = name
			}
		}
	}
	return names
}

// KeyNamesVersion is a number that changes whenever KeyNames may have:
// when either list is re-read.
func (g *Gate) KeyNamesVersion() uint64 {
	var v uint64
	for _, f := range g.keyLists() {
		v += f.Version()
	}
	return v
}

// Key judges a client that authenticates with the key of this fingerprint,
// from address addr.
func (g *Gate) Key(fingerprint, addr string) Verdict {
	if g.Admins != nil {
		if name, ok := g.Admins.Lookup(fingerprint); ok {
			return Verdict{Admit: true, Admin: true, Listed: true, Name: name}
		}
	}
	if v, banned := g.banned(fingerprint, addr); banned {
		return v
	}
	if g.Allowed == nil {
		return Verdict{Admit: true}
	}
	if name, ok := g.Allowed.Lookup(fingerprint); ok {
		return Verdict{Admit: true, Listed: true, Name: name}
	}
	return Verdict{Refusal: fmt.Sprintf(msgNotListed, fingerprint), Reason: ReasonNotListed}
}

// Guest judges a client that authenticated with no admitted key; offered
// is the fingerprint of the last key it offered and the Gate refused ("" if
// none), to name it in the refusal.
func (g *Gate) Guest(offered, addr string) Verdict {
	if offered != "" {
		if v := g.Key(offered, addr); !v.Admit {
			return v // say why that key was refused
		}
	}
	if v, banned := g.banned("", addr); banned {
		return v
	}
	switch {
	case g.Allowed != nil:
		return Verdict{Refusal: msgNoListed, Reason: ReasonNotListed}
	case g.NoGuests:
		return Verdict{Refusal: msgNoGuests, Reason: ReasonNoGuests}
	}
	return Verdict{Admit: true}
}

// Addr judges a connection from addr before its handshake: only an address
// ban refuses it.
func (g *Gate) Addr(addr string) Verdict {
	if v, banned := g.banned("", addr); banned {
		return v
	}
	return Verdict{Admit: true}
}

func (g *Gate) banned(fingerprint, addr string) (Verdict, bool) {
	if g.Bans == nil {
		return Verdict{}, false
	}
	ban, ok := g.Bans.Banned(fingerprint, addr)
	if !ok {
		return Verdict{}, false
	}
	msg := msgBanned
	if ban.Key == "" {
		msg = msgAddrBanned
	}
	if ban.Reason != "" {
		msg += " (" + ban.Reason + ")"
	}
	return Verdict{Refusal: msg, Reason: ReasonBanned}, true
}
