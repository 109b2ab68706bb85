package sshserver

import (
	"arcade/rooms"
	"arcade/sshserver/access"
)

// keyID is the player ID of the key with this SHA256 fingerprint.
func keyID(fingerprint string) string { return "key:" + fingerprint }

// KeyNames are the names the door policy's key lists give their keys
// (access.Gate.KeyNames), by player ID, for the hub to keep for those keys
// (rooms.Config.KeyNames); a list re-read shows at once.
func KeyNames(g *access.Gate) rooms.KeyNames { return gateNames{g} }

// gateNames is KeyNames' rooms.KeyNames.
type gateNames struct{ gate *access.Gate }

// KeyNamesVersion implements rooms.KeyNames.
func (n gateNames) KeyNamesVersion() uint64 { return n.gate.KeyNamesVersion() }

// KeyNames implements rooms.KeyNames.
func (n gateNames) KeyNames() map[string]string {
	byKey := n.gate.KeyNames()
	names := make(map[string]string, len(byKey))
	for fp, name := range byKey {
		names[keyID(fp)] = name
	}
	return names
}
