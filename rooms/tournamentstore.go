package rooms

import (
	"encoding/json"
	"slices"

	"arcade/rooms/store"
)

// How tournaments are kept: each in the store's settings, changed
// atomically, and the list of their codes.

// tournamentKey is the store setting of the tournament with code.
func tournamentKey(code string) string { return "tournament:" + code }

// tournamentsKey lists the codes of the tournaments not finished.
const tournamentsKey = "tournaments"

// tournamentKV is the store's settings, or ErrNoTournaments.
func (h *Hub) tournamentKV() (store.Settings, error) {
	kv, ok := h.store.(store.Settings)
	if !ok {
		return nil, ErrNoTournaments
	}
	return kv, nil
}

// listTournament adds code to the list of tournaments (tournamentsKey).
func (h *Hub) listTournament(kv store.Settings, code string) {
	err := kv.UpdateSetting(tournamentsKey, func(old []byte) ([]byte, error) {
		var codes []string
		if len(old) > 0 {
			if err := json.Unmarshal(old, &codes); err != nil {
				return nil, err
			}
		}
		return json.Marshal(append(codes, code))
	})
	if err != nil {
		h.storeFailed("tournaments", err)
	}
}

// saveTournament changes the tournament with code atomically (change gets
// a zero Tournament when there is none) and returns what it kept.
func (h *Hub) saveTournament(kv store.Settings, code string, change func(tn *Tournament) error) error {
	_, err := h.changeTournament(kv, code, change)
	return err
}

// changeTournament is saveTournament returning the tournament kept.
func (h *Hub) changeTournament(kv store.Settings, code string, change func(tn *Tournament) error) (Tournament, error) {
	var tn Tournament
	err := kv.UpdateSetting(tournamentKey(code), func(old []byte) ([]byte, error) {
		tn = Tournament{}
		if len(old) > 0 {
			if err := json.Unmarshal(old, &tn); err != nil {
				return nil, err
			}
		}
		if err := change(&tn); err != nil {
			return nil, err
		}
		return json.Marshal(tn)
	})
	if err != nil && !isSentence(err) {
		h.storeFailed("tournament", err)
		return tn, ErrSettingUnsaved
	}
	return tn, err
}

// TournamentByCode reads a tournament.
func (h *Hub) TournamentByCode(code string) (Tournament, error) {
	kv, err := h.tournamentKV()
	if err != nil {
		return Tournament{}, err
	}
	code, ok := NormalizeCode(code)
	if !ok {
		return Tournament{}, ErrNoTournament
	}
	b, err := kv.Setting(tournamentKey(code))
	if err != nil {
		return Tournament{}, ErrSettingUnsaved
	}
	if len(b) == 0 {
		return Tournament{}, ErrNoTournament
	}
	var tn Tournament
	err = json.Unmarshal(b, &tn)
	return tn, err
}

// Tournaments lists the tournaments not finished, and those the player
// entered, newest first.
func (h *Hub) Tournaments(playerID string) []Tournament {
	kv, err := h.tournamentKV()
	if err != nil {
		return nil
	}
	b, err := kv.Setting(tournamentsKey)
	if err != nil || len(b) == 0 {
		return nil
	}
	var codes []string
	if json.Unmarshal(b, &codes) != nil {
		return nil
	}
	var out []Tournament
	for _, code := range slices.Backward(codes) {
		tn, err := h.TournamentByCode(code)
		if err != nil {
			continue
		}
		if tn.State != TournamentFinished || tn.entrant(playerID) >= 0 {
			out = append(out, tn)
		}
	}
	return out
}

// TournamentView is a tournament as its screen shows it, with the
// standings.
func (h *Hub) TournamentView(code string) (Tournament, []EntrantStanding, error) {
	tn, err := h.TournamentByCode(code)
	if err != nil {
		return tn, nil, err
	}
	return tn, tn.Standings(), nil
}
