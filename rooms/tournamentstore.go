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

// tournamentsKey lists the codes of the tournaments not finished and of
// the newest finished ones (keptFinished), oldest first.
const tournamentsKey = "tournaments"

// keptFinished is how many finished tournaments stay listed, the newest:
// their entrants find the final standings there. Older ones leave the
// list when a tournament opens (their games stay in every player's
// history), so that listing the tournaments reads a bounded number of
// settings however long the server runs.
var keptFinished = 100

// tournamentKV is the store's settings, or ErrNoTournaments.
func (h *Hub) tournamentKV() (store.Settings, error) {
	kv, ok := h.store.(store.Settings)
	if !ok {
		return nil, ErrNoTournaments
	}
	return kv, nil
}

// listTournament adds code to the list of tournaments (tournamentsKey),
// leaving out the finished ones beyond the newest keptFinished.
func (h *Hub) listTournament(kv store.Settings, code string) {
	finished := map[string]bool{}
	for _, c := range h.listedCodes(kv) {
		if tn, err := h.TournamentByCode(c); err == nil && tn.State == TournamentFinished {
			finished[c] = true
		}
	}
	err := kv.UpdateSetting(tournamentsKey, func(old []byte) ([]byte, error) {
		var codes []string
		if len(old) > 0 {
			if err := json.Unmarshal(old, &codes); err != nil {
				return nil, err
			}
		}
		return json.Marshal(append(pruneFinished(codes, finished, keptFinished), code))
	})
	if err != nil {
		h.storeFailed("tournaments", err)
	}
}

// pruneFinished is codes (oldest first) without the finished ones beyond
// the newest keep of them; the others keep their order.
func pruneFinished(codes []string, finished map[string]bool, keep int) []string {
	out := make([]string, 0, len(codes))
	seen := 0
	for _, c := range slices.Backward(codes) {
		if finished[c] {
			if seen++; seen > keep {
				continue
			}
		}
		out = append(out, c)
	}
	slices.Reverse(out)
	return out
}

// listedCodes reads the list of tournament codes (nil if none or
// unreadable).
func (h *Hub) listedCodes(kv store.Settings) []string {
	b, err := kv.Setting(tournamentsKey)
	if err != nil || len(b) == 0 {
		return nil
	}
	var codes []string
	if json.Unmarshal(b, &codes) != nil {
		return nil
	}
	return codes
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
	var out []Tournament
	for _, code := range slices.Backward(h.listedCodes(kv)) {
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
