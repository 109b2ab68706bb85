package engine

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

var (
	regMu sync.RWMutex
	games = map[string]Game{}
)

// Register adds a game to the registry; game packages call it from init.
// Registering two games with one ID panics.
func Register(g Game) {
	regMu.Lock()
	defer regMu.Unlock()
	id := g.Info().ID
	if _, dup := games[id]; dup {
		panic(fmt.Sprintf("engine: game %q registered twice", id))
	}
	games[id] = g
}

// Lookup finds a registered game by ID.
func Lookup(id string) (Game, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	g, ok := games[id]
	return g, ok
}

// Games lists the registered games sorted by name, ignoring case (so "Fire
// in the Library" comes before "Fire Tower", as a reader expects).
func Games() []Game {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]Game, 0, len(games))
	for _, g := range games {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		return strings.ToLower(out[i].Info().Name) < strings.ToLower(out[j].Info().Name)
	})
	return out
}
