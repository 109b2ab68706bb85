package engine

// FindGame returns the game in games whose Info().ID is id. The arcade's
// games are wired in one list in cmd/arcade; the hub, the lobby and the
// offline commands look games up in the list they were given.
func FindGame(games []Game, id string) (Game, bool) {
	for _, g := range games {
		if g != nil && g.Info().ID == id {
			return g, true
		}
	}
	return nil, false
}
