package rooms

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"

	"arcade/rooms/rating"
	"arcade/rooms/store"
)

// Ratings: every keyed player has a rating per game (package rating), moved
// by each rated game they finish. A table is rated when its host leaves it
// so (Client.SetRated), every seat is a keyed human at the start and the
// game is not cooperative (engine.Info.Cooperative); a game whose players
// all share one result (a full tie) moves nobody, nor does a game the
// table ended early. The ratings of a game are
// kept in the store's settings (store.Settings, under "ratings:GAME"), so
// that every server of a cluster shares them, and RebuildRatings computes
// them again from the history alone, to the same numbers.

// ProvisionalGames is how many rated games a rating takes to be shown
// without its provisional mark.
const ProvisionalGames = 5

// PlayerRating is a player's rating in one game.
type PlayerRating struct {
	rating.Rating
	Games int    `json:"games"` // rated games played
	Name  string `json:"name"`  // the name they last played under
	// Trail is the conservative estimate (Ordinal) after each of the
	// last TrailGames rated games, oldest first: the profile's chart.
	Trail []float64 `json:"trail,omitempty"`
}

// TrailGames is how many games PlayerRating.Trail remembers.
const TrailGames = 12

// Provisional reports whether the rating rests on too few games to trust.
func (r PlayerRating) Provisional() bool { return r.Games < ProvisionalGames }

// Ratings are a game's ratings by player ID.
type Ratings map[string]PlayerRating

// ratingsKey is the store setting that keeps a game's ratingSheet.
func ratingsKey(game string) string { return "ratings:" + game }

// ratingSheet is what the store keeps of a game's ratings: the players'
// and the tables whose games counted lately (a game saved again after a
// crash must not count twice).
type ratingSheet struct {
	Players Ratings  `json:"players"`
	Counted []string `json:"counted,omitempty"`
}

// maxCounted bounds ratingSheet.Counted.
const maxCounted = 1000

// rate rates g (Ratings.Rate) unless its table's game counted already.
func (s *ratingSheet) rate(g *store.Game) bool {
	if s.Players == nil {
		s.Players = Ratings{}
	}
	if slices.Contains(s.Counted, g.TableID) || !s.Players.Rate(g) {
		return false
	}
	s.Counted = append(s.Counted, g.TableID)
	if len(s.Counted) > maxCounted {
		s.Counted = slices.Delete(s.Counted, 0, len(s.Counted)-maxCounted)
	}
	return true
}

// readSheet decodes a kept ratingSheet (nil: an empty one).
func readSheet(b []byte) (ratingSheet, error) {
	var s ratingSheet
	if b != nil {
		if err := json.Unmarshal(b, &s); err != nil {
			return s, err
		}
	}
	if s.Players == nil {
		s.Players = Ratings{}
	}
	return s, nil
}

// Rate moves the ratings of a finished game's players, when the game counts
// (rated, every seat a keyed human, not one result for all), and reports
// whether it did. Live play and RebuildRatings both rate through it.
func (r Ratings) Rate(g *store.Game) bool {
	if !g.Record.Rated || g.Record.EndedEarly || len(g.Seats) < 2 {
		return false
	}
	ranks := seatRanks(g.Seats)
	if slices.Min(ranks) == slices.Max(ranks) {
		return false
	}
	teams := make([][]rating.Rating, len(g.Seats))
	for i, s := range g.Seats {
		if !keyedSeat(s) {
			return false
		}
		now, ok := r[s.PlayerID]
		if !ok {
			now.Rating = rating.New()
		}
		teams[i] = []rating.Rating{now.Rating}
	}
	after := rating.Rate(teams, ranks)
	for i, s := range g.Seats {
		pr := r[s.PlayerID]
		pr.Rating, pr.Name = after[i][0], s.Name
		pr.Games++
		pr.Trail = append(pr.Trail, pr.Ordinal())
		if len(pr.Trail) > TrailGames {
			pr.Trail = slices.Delete(pr.Trail, 0, len(pr.Trail)-TrailGames)
		}
		r[s.PlayerID] = pr
	}
	return true
}

// keyedSeat reports whether a finished game's seat is a keyed human's.
func keyedSeat(s store.GameSeat) bool {
	return s.PlayerID != "" && s.BotLevel == "" && !strings.HasPrefix(s.PlayerID, "guest:")
}

// seatRanks places a finished game's seats: the winners first, then the
// others by score, ties sharing a place (1 is first).
func seatRanks(seats []store.GameSeat) []int {
	ranks := make([]int, len(seats))
	for i, s := range seats {
		ranks[i] = 1
		for _, o := range seats {
			if o.Winner && !s.Winner || o.Winner == s.Winner && o.Score > s.Score {
				ranks[i]++
			}
		}
	}
	return ranks
}

// ratingBook keeps the ratings the hub read or wrote last, by game, for
// the screens (which must not wait for the store). A leaf lock.
type ratingBook struct {
	mu     sync.Mutex
	byGame map[string]Ratings
	// saving makes a game's save and its rating one step at a time, so that
	// ratings move in the order of the history (RebuildRatings' order).
	saving sync.Mutex
}

// get returns game's ratings as last read (nil when never read).
func (b *ratingBook) get(game string) Ratings {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.byGame[game]
}

// put keeps game's ratings (not changed afterwards).
func (b *ratingBook) put(game string, r Ratings) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.byGame == nil {
		b.byGame = map[string]Ratings{}
	}
	b.byGame[game] = r
}

// loadRatings reads game's ratings from the store into the book (off the
// actors: a store read).
func (h *Hub) loadRatings(game string) {
	kv, ok := h.store.(store.Settings)
	if !ok {
		return
	}
	b, err := kv.Setting(ratingsKey(game))
	if err != nil {
		h.storeFailed("ratings", err)
		return
	}
	sheet, err := readSheet(b)
	if err != nil {
		h.cfg.Logf("rooms: the ratings of %s cannot be read: %v", game, err)
		return
	}
	h.ratings.put(game, sheet.Players)
}

// ratingsOf returns game's ratings as last read, and starts reading them
// when they never were (the next update shows them).
func (h *Hub) ratingsOf(game string) Ratings {
	r := h.ratings.get(game)
	if r == nil {
		h.ratings.put(game, Ratings{}) // read once
		go h.loadRatings(game)
	}
	return r
}

// rateGame moves the ratings of finished game g's players in the store and
// the book (on the goroutine that saved g).
func (h *Hub) rateGame(g *store.Game) {
	kv, ok := h.store.(store.Settings)
	if !ok || !g.Record.Rated {
		return
	}
	var after Ratings
	err := kv.UpdateSetting(ratingsKey(g.Game), func(old []byte) ([]byte, error) {
		sheet, err := readSheet(old)
		if err != nil {
			return nil, err
		}
		if !sheet.rate(g) {
			return nil, errUnrated
		}
		after = sheet.Players
		return json.Marshal(sheet)
	})
	switch {
	case errors.Is(err, errUnrated):
	case err != nil:
		h.storeFailed("ratings", err)
	default:
		h.ratings.put(g.Game, after)
	}
}

// errUnrated: the game moves no rating (nothing is written).
var errUnrated = errors.New("the game is not rated")

// byRating orders a leaderboard: rated players by their conservative
// estimate (rating.Rating.Ordinal), provisional ratings after the others,
// then the unrated as they came (by games won). The sort is stable.
func byRating(board []Standing) {
	class := func(s Standing) int {
		switch {
		case s.Rating.Games == 0:
			return 2
		case s.Rating.Provisional():
			return 1
		}
		return 0
	}
	slices.SortStableFunc(board, func(a, b Standing) int {
		if ca, cb := class(a), class(b); ca != cb || ca == 2 {
			return ca - cb
		}
		switch oa, ob := a.Rating.Ordinal(), b.Rating.Ordinal(); {
		case oa > ob:
			return -1
		case oa < ob:
			return 1
		}
		return 0
	})
}

// RebuildRatings computes every game's ratings again from the history,
// game after game in the order they were saved, and replaces the kept
// ones. list returns every finished game with its record, oldest first.
func RebuildRatings(kv store.Settings, games []string, list func(yield func(store.Game) bool) error) (map[string]Ratings, error) {
	sheets := map[string]*ratingSheet{}
	for _, g := range games {
		sheets[g] = &ratingSheet{Players: Ratings{}}
	}
	err := list(func(g store.Game) bool {
		if s, ok := sheets[g.Game]; ok {
			s.rate(&g)
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	all := map[string]Ratings{}
	for game, s := range sheets {
		all[game] = s.Players
		b, err := json.Marshal(s)
		if err != nil {
			return nil, err
		}
		if err := kv.UpdateSetting(ratingsKey(game), func([]byte) ([]byte, error) { return b, nil }); err != nil {
			return nil, err
		}
	}
	return all, nil
}

// ErrRatedStarted: whether a game is rated is chosen before it starts.
var ErrRatedStarted = errors.New("Whether the game is rated is chosen before it starts.")

// SetRated chooses whether the client's table is rated (host only, before
// the start). A rated table counts only when every seat is a keyed human
// at the start; casual never counts.
func (c *Client) SetRated(on bool) error { return c.onTable(cmdReq{Op: opRated, On: on}) }

// setRated is SetRated on the table's actor.
func setRated(t *table, c member, req cmdReq) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	if t.status != Waiting {
		return ErrRatedStarted
	}
	t.casual = !req.On
	if t.casual {
		t.logf("The game will be casual: no rating moves.")
	} else {
		t.logf("The game will be rated if every seat is a keyed player's.")
	}
	t.changed()
	return nil
}

// ratable reports whether the game starting now counts for ratings: the
// host left it rated, there are two seats or more, and each is a keyed
// human's (actor only).
func (t *table) ratable() bool {
	if t.casual || t.info.Cooperative || len(t.seats) < 2 || t.hub.store == nil {
		return false
	}
	for i := range t.seats {
		if st := &t.seats[i]; st.id == "" || st.guest || st.bot != nil {
			return false
		}
	}
	return true
}

// ReadRatings reads game's kept ratings from kv (empty when none).
func ReadRatings(kv interface {
	Setting(key string) ([]byte, error)
}, game string) (Ratings, error) {
	b, err := kv.Setting(ratingsKey(game))
	if err != nil {
		return nil, err
	}
	sheet, err := readSheet(b)
	return sheet.Players, err
}

// RatingBoard lists r's players, best first as a leaderboard orders them
// (Name and Rating filled in).
func RatingBoard(r Ratings) []Standing {
	out := make([]Standing, 0, len(r))
	for _, pr := range r {
		out = append(out, Standing{Name: pr.Name, Rating: pr})
	}
	slices.SortFunc(out, func(a, b Standing) int { return strings.Compare(a.Name, b.Name) })
	byRating(out)
	return out
}

// Ratings returns the client's player's rating in each game they played
// rated (by game ID). It reads the store: never call it while drawing.
func (c *Client) Ratings() map[string]PlayerRating {
	p := c.Player()
	out := map[string]PlayerRating{}
	if p.Guest {
		return out
	}
	for id := range c.hub.games {
		c.hub.loadRatings(id)
		if r, ok := c.hub.ratings.get(id)[p.ID]; ok {
			out[id] = r
		}
	}
	return out
}
