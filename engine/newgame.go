package engine

import "fmt"

// Check is the first step of every Game.New: it refuses a player count
// outside MinPlayers..MaxPlayers ("Fire Tower needs 2 to 4 players, not
// 5") and resolves the options (Resolve).
func (in Info) Check(players int, opts Options) (Options, error) {
	if players < in.MinPlayers || players > in.MaxPlayers {
		return nil, Illegal("%s needs %d to %d players, not %d", in.Name, in.MinPlayers, in.MaxPlayers, players)
	}
	return in.Resolve(opts)
}

// LoadState is the body of every Game.Restore: it decodes a saved state
// into v strictly (DecodeStrict) and then runs the game's own invariant
// check. Errors name the game: "fireproto: bad saved state: ...".
func LoadState(game string, data []byte, v any, check func() error) error {
	err := DecodeStrict(data, v)
	if err == nil {
		err = check()
	}
	if err != nil {
		return fmt.Errorf("%s: bad saved state: %w", game, err)
	}
	return nil
}
