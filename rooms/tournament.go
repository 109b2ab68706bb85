package rooms

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// Tournaments: a host opens one (a game, its options, Swiss or round-robin,
// a number of rounds, a table size), players join by its code, and each
// round the arcade opens the tables with a seat kept for each player,
// seats those who wait in the lobby, starts each table once its players
// are there (after Config.TournamentGrace a bot plays for a player who has not
// come, if the host allowed it, else the table plays for them as for one
// who is away), and scores each game: a seat earns, against each other
// seat, 1 for finishing ahead and 1/2 for a tie, divided by the number of
// other seats. Standings order by points, then by the points of the
// players met (Buchholz), then by name. A tournament lives in the store's
// settings ("tournament:CODE"), written atomically, so it survives
// restarts and is the same on every server of a cluster; its tables are
// ordinary tables that know their tournament (store.Table.Tournament).

// Formats of a tournament.
const (
	Swiss      = "swiss"
	RoundRobin = "round-robin"
)

// Tournament states.
const (
	TournamentOpen     = "open"     // taking players
	TournamentPlaying  = "playing"  // a round's tables are under way
	TournamentBetween  = "between"  // a round is over, the next not begun
	TournamentFinished = "finished" // the last round is over, or the host ended it
)

// DefaultTournamentGrace is how long a round's table waits for its players
// before it starts without those who have not come (Config.TournamentGrace).
const DefaultTournamentGrace = 3 * time.Minute

// TournamentSpec is what a host chooses.
type TournamentSpec struct {
	Game    string         `json:"game"`
	Options engine.Options `json:"options,omitempty"`
	Format  string         `json:"format"`
	Rounds  int            `json:"rounds"`
	// TableSize is the seats of each table (2 for round-robin).
	TableSize int `json:"table_size"`
	// Bots: a bot plays for a player who does not come, and fills a table
	// short of players.
	Bots  bool  `json:"bots,omitempty"`
	Clock Clock `json:"clock,omitempty"`
}

// Tournament is a tournament as kept and shown.
type Tournament struct {
	Code     string         `json:"code"`
	Host     string         `json:"host"` // the host's player ID
	HostName string         `json:"host_name"`
	Spec     TournamentSpec `json:"spec"`
	State    string         `json:"state"`
	Round    int            `json:"round"` // the round under way or last played (0: none yet)
	Players  []Entrant      `json:"players"`
	Tables   []RoundTable   `json:"tables,omitempty"`
	Created  time.Time      `json:"created"`
	// Grace ends the wait of the current round's tables for their players.
	Grace time.Time `json:"grace,omitzero"`
}

// Entrant is a player of a tournament.
type Entrant struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Points  float64 `json:"points"`
	Dropped bool    `json:"dropped,omitempty"`
	// Met are the IDs of the players met, once per game.
	Met []string `json:"met,omitempty"`
	// Byes counts the rounds without a table (a point each).
	Byes int `json:"byes,omitempty"`
}

// RoundTable is a table of a round.
type RoundTable struct {
	Round   int       `json:"round"`
	Table   string    `json:"table,omitempty"` // "" until it is open
	Players []string  `json:"players"`         // player IDs by seat ("" for a bot)
	Done    bool      `json:"done,omitempty"`
	Points  []float64 `json:"points,omitempty"` // by seat, once done
}

// Standing is an entrant's place: Points, then Buchholz (the points of the
// players they met).
func (tn *Tournament) Standings() []EntrantStanding {
	points := map[string]float64{}
	for _, e := range tn.Players {
		points[e.ID] = e.Points
	}
	out := make([]EntrantStanding, len(tn.Players))
	for i, e := range tn.Players {
		out[i] = EntrantStanding{Entrant: e}
		for _, id := range e.Met {
			out[i].Buchholz += points[id]
		}
	}
	slices.SortStableFunc(out, func(a, b EntrantStanding) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Buchholz, a.Buchholz); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	for i := range out {
		out[i].Place = i + 1
		if i > 0 && out[i].Points == out[i-1].Points && out[i].Buchholz == out[i-1].Buchholz {
			out[i].Place = out[i-1].Place
		}
	}
	return out
}

// EntrantStanding is an entrant with their place in the standings.
type EntrantStanding struct {
	Entrant
	Buchholz float64
	Place    int
}

// Errors of tournaments.
var (
	ErrNoTournaments     = errors.New("This server keeps no tournaments.")
	ErrNoTournament      = errors.New("There is no tournament with that code.")
	ErrTournamentHost    = errors.New("Only the tournament's host (or an admin) may do that.")
	ErrTournamentStarted = errors.New("The tournament has started: players join before the first round.")
	ErrTournamentGuest   = errors.New("Tournaments need your SSH key: a guest could not come back to their seat.")
	ErrRoundUnderway     = errors.New("A round is under way: the next begins when its tables are done.")
	ErrTournamentOver    = errors.New("The tournament is over.")
)

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

// checkSpec says what is wrong with spec, in a sentence.
func (h *Hub) checkSpec(spec *TournamentSpec) error {
	g, ok := h.games[spec.Game]
	if !ok {
		return fmt.Errorf("This server has no game %q.", spec.Game)
	}
	info := g.Info()
	opts, err := info.Resolve(spec.Options)
	if err != nil {
		return err
	}
	spec.Options = opts
	switch {
	case spec.Format != Swiss && spec.Format != RoundRobin:
		return fmt.Errorf("A tournament is %s or %s, not %q.", Swiss, RoundRobin, spec.Format)
	case spec.TableSize < info.MinPlayers || spec.TableSize > info.MaxPlayers:
		return fmt.Errorf("%s is played by %d to %d players a table.", info.Name, info.MinPlayers, info.MaxPlayers)
	case spec.Format == RoundRobin && spec.TableSize != 2:
		return errors.New("A round-robin is played at tables of two.")
	case spec.Rounds < 1 || spec.Rounds > 20:
		return errors.New("A tournament has 1 to 20 rounds.")
	}
	if spec.Clock == "" {
		spec.Clock = ClockRelaxed
	}
	if _, err := ParseClock(string(spec.Clock)); err != nil {
		return err
	}
	return nil
}

// CreateTournament opens a tournament hosted by player p, who
// joins it, and returns its code.
func (h *Hub) CreateTournament(p Player, spec TournamentSpec) (string, error) {
	if p.Guest {
		return "", ErrTournamentGuest
	}
	kv, err := h.tournamentKV()
	if err != nil {
		return "", err
	}
	if err := h.checkSpec(&spec); err != nil {
		return "", err
	}
	if err := h.tournamentsAllowed(p); err != nil {
		return "", err
	}
	code := randomCode()
	tn := Tournament{Code: code, Host: p.ID, HostName: p.Name, Spec: spec, State: TournamentOpen,
		Players: []Entrant{{ID: p.ID, Name: p.Name}}, Created: h.cfg.Now().UTC()}
	if err := h.saveTournament(kv, code, func(old *Tournament) error {
		if old.Code != "" {
			return errors.New("rooms: a tournament code came up twice")
		}
		*old = tn
		return nil
	}); err != nil {
		return "", err
	}
	err = kv.UpdateSetting(tournamentsKey, func(old []byte) ([]byte, error) {
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
	h.cfg.Infof("tournament %s of %s opened by %s (%s)", code, spec.Game, p.ID, p.Name)
	return code, nil
}

// MaxTournamentsHosted caps the tournaments one player hosts that are not
// finished.
const MaxTournamentsHosted = 3

// tournamentsAllowed refuses p a new tournament when they host
// MaxTournamentsHosted unfinished ones already, or open them faster than
// tables may be opened (Config.CreateBurst and CreateEvery, by player and
// by address).
func (h *Hub) tournamentsAllowed(p Player) error {
	hosted := 0
	for _, tn := range h.Tournaments(p.ID) {
		if tn.Host == p.ID && tn.State != TournamentFinished {
			hosted++
		}
	}
	if hosted >= MaxTournamentsHosted {
		return sentence(fmt.Sprintf("You host %d tournaments that are not over: end one first.", hosted))
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	now := h.cfg.Now()
	if wait := max(h.byPlayer.wait(p.ID, now), h.byAddr.wait(p.Addr, now)); wait > 0 {
		return sentence(fmt.Sprintf("Too many new tournaments: try again in %d s.", int64((wait+time.Second-1)/time.Second)))
	}
	h.byPlayer.take(p.ID, now)
	h.byAddr.take(p.Addr, now)
	return nil
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

// isSentence reports whether err is one of this file's refusals (said to
// the player as it is), not a store failure.
func isSentence(err error) bool {
	var s sentence
	return errors.As(err, &s) || slices.ContainsFunc([]error{ErrNoTournament, ErrTournamentHost, ErrTournamentStarted,
		ErrRoundUnderway, ErrTournamentOver}, func(e error) bool { return errors.Is(err, e) })
}

// sentence is a refusal made up on the spot.
type sentence string

func (s sentence) Error() string { return string(s) }

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
		if tn.State != TournamentFinished || slices.ContainsFunc(tn.Players, func(e Entrant) bool { return e.ID == playerID }) {
			out = append(out, tn)
		}
	}
	return out
}

// JoinTournament enters player p in the tournament with code.
func (h *Hub) JoinTournament(p Player, code string) error {
	if p.Guest {
		return ErrTournamentGuest
	}
	kv, err := h.tournamentKV()
	if err != nil {
		return err
	}
	code, ok := NormalizeCode(code)
	if !ok {
		return ErrNoTournament
	}
	return h.saveTournament(kv, code, func(tn *Tournament) error {
		switch {
		case tn.Code == "":
			return ErrNoTournament
		case tn.State != TournamentOpen:
			return ErrTournamentStarted
		case slices.ContainsFunc(tn.Players, func(e Entrant) bool { return e.ID == p.ID }):
			return nil
		case len(tn.Players) >= 64:
			return sentence("The tournament is full (64 players).")
		}
		tn.Players = append(tn.Players, Entrant{ID: p.ID, Name: p.Name})
		return nil
	})
}

// LeaveTournament takes player p out of a tournament: before the
// first round they are forgotten, later they are dropped (no more tables;
// their points stay).
func (h *Hub) LeaveTournament(p Player, code string) error {
	return h.dropEntrant(code, p.ID, "")
}

// DropFromTournament drops the entrant named name (host or admin).
func (h *Hub) DropFromTournament(p Player, code, name string) error {
	return h.dropEntrant(code, "", name, p)
}

// dropEntrant drops the entrant with ID id or name (by, when given, must
// be the host or an admin).
func (h *Hub) dropEntrant(code, id, name string, by ...Player) error {
	kv, err := h.tournamentKV()
	if err != nil {
		return err
	}
	code, _ = NormalizeCode(code)
	return h.saveTournament(kv, code, func(tn *Tournament) error {
		if tn.Code == "" {
			return ErrNoTournament
		}
		if len(by) > 0 && by[0].ID != tn.Host && !by[0].Admin {
			return ErrTournamentHost
		}
		i := slices.IndexFunc(tn.Players, func(e Entrant) bool {
			return (id != "" && e.ID == id) || (name != "" && strings.EqualFold(e.Name, name))
		})
		if i < 0 {
			return sentence("No such player is in the tournament.")
		}
		if tn.State == TournamentOpen {
			tn.Players = slices.Delete(tn.Players, i, i+1)
		} else {
			tn.Players[i].Dropped = true
		}
		return nil
	})
}

// EndTournament ends a tournament now (host or admin): the standings are
// final; tables under way play on but count no more.
func (h *Hub) EndTournament(p Player, code string) error {
	_, err := h.hostChange(p, code, func(tn *Tournament) error {
		if tn.State == TournamentFinished {
			return ErrTournamentOver
		}
		tn.State = TournamentFinished
		return nil
	})
	return err
}

// hostChange changes the tournament with code for its host (or an admin),
// p, and returns what it kept.
func (h *Hub) hostChange(p Player, code string, change func(tn *Tournament) error) (Tournament, error) {
	kv, err := h.tournamentKV()
	if err != nil {
		return Tournament{}, err
	}
	code, _ = NormalizeCode(code)
	return h.changeTournament(kv, code, func(tn *Tournament) error {
		switch {
		case tn.Code == "":
			return ErrNoTournament
		case p.ID != tn.Host && !p.Admin:
			return ErrTournamentHost
		}
		return change(tn)
	})
}

// ExtendRound gives the current round's latecomers d more before their
// tables start without them (host or admin).
func (h *Hub) ExtendRound(p Player, code string, d time.Duration) error {
	tn, err := h.hostChange(p, code, func(tn *Tournament) error {
		if tn.State != TournamentPlaying {
			return sentence("No round is under way.")
		}
		tn.Grace = later(tn.Grace, h.cfg.Now()).Add(d)
		return nil
	})
	if err != nil {
		return err
	}
	for _, rt := range tn.Tables {
		if t := h.tableByID(rt.Table); t != nil && rt.Round == tn.Round {
			t.post(func() { t.graceUntil(tn.Grace) })
		}
	}
	return nil
}

// StartRound pairs the next round (host or admin), opens its tables and
// seats the players who wait in the lobby.
func (h *Hub) StartRound(p Player, code string) error {
	tn, err := h.hostChange(p, code, func(tn *Tournament) error {
		switch {
		case tn.State == TournamentFinished:
			return ErrTournamentOver
		case tn.State == TournamentPlaying:
			return ErrRoundUnderway
		}
		tables, byes, err := pairRound(tn)
		if err != nil {
			return err
		}
		tn.Round++
		tn.State = TournamentPlaying
		tn.Grace = h.cfg.Now().Add(h.cfg.TournamentGrace).UTC()
		for _, id := range byes {
			e := &tn.Players[slices.IndexFunc(tn.Players, func(e Entrant) bool { return e.ID == id })]
			e.Points++
			e.Byes++
		}
		for _, seats := range tables {
			tn.Tables = append(tn.Tables, RoundTable{Round: tn.Round, Players: seats})
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.openRound(tn)
}

// openRound opens the current round's tables that are not open yet.
func (h *Hub) openRound(tn Tournament) error {
	kv, err := h.tournamentKV()
	if err != nil {
		return err
	}
	g := h.games[tn.Spec.Game]
	info := g.Info()
	names := map[string]string{}
	for _, e := range tn.Players {
		names[e.ID] = e.Name
	}
	for i, rt := range tn.Tables {
		if rt.Round != tn.Round || rt.Table != "" {
			continue
		}
		t, err := h.newTable(g, info, len(rt.Players), true, tn.Spec.Options, nil, Player{Name: "Tournament " + tn.Code})
		if err != nil {
			return err
		}
		seats := rt.Players
		err = t.call(func() error {
			t.tournament, t.clock, t.shared, t.host = tn.Code, tn.Spec.Clock, true, 0
			for s, id := range seats {
				if id == "" {
					t.seats[s] = seat{name: botName("normal"), bot: t.makeBot("normal"), botLevel: "normal"}
					continue
				}
				t.seats[s] = seat{id: id, name: names[id]}
			}
			t.logf("Round %d of tournament %s: the game starts when every player is here, or at %s.",
				tn.Round, tn.Code, tn.Grace.Format("15:04 MST"))
			t.graceUntil(tn.Grace)
			t.changed()
			return nil
		})
		if err != nil {
			return err
		}
		h.claim(t)
		h.reserve(t)
		index := i
		if err := h.saveTournament(kv, tn.Code, func(kept *Tournament) error {
			kept.Tables[index].Table = t.id
			return nil
		}); err != nil {
			return err
		}
		h.seatWaiting(t, seats)
	}
	return nil
}

// seatWaiting seats at t the players among ids who wait in this node's
// lobby (the others find the seat in their list of tables).
func (h *Hub) seatWaiting(t *table, ids []string) {
	h.mu.Lock()
	var here []*Client
	for _, id := range ids {
		if c := h.byID[id]; c != nil {
			if _, at, err := c.seat(); err == nil && at == nil {
				here = append(here, c)
			}
		}
	}
	h.mu.Unlock()
	for _, c := range here {
		go func() { _ = c.Join(t.id) }()
	}
}

// pairRound seats the next round: the tables' player IDs ("" for a bot)
// and the players with a bye.
func pairRound(tn *Tournament) (tables [][]string, byes []string, err error) {
	var active []Entrant
	for _, e := range tn.Players {
		if !e.Dropped {
			active = append(active, e)
		}
	}
	size := tn.Spec.TableSize
	switch {
	case tn.Round >= tn.Spec.Rounds:
		return nil, nil, ErrTournamentOver
	case len(active) < 2:
		return nil, nil, sentence("A round needs at least two players.")
	case len(active) < size && !tn.Spec.Bots:
		return nil, nil, sentence(fmt.Sprintf("A table of %d needs %d players, or bots allowed to fill it.", size, size))
	}
	if tn.Spec.Format == RoundRobin {
		return roundRobin(active, tn.Round)
	}
	// Swiss: by points (then by order of entry), each table the best
	// placed player left with those of the next who met them least.
	slices.SortStableFunc(active, func(a, b Entrant) int { return cmp.Compare(b.Points, a.Points) })
	left := active
	for len(left) > 0 {
		if len(left) < size {
			switch {
			case tn.Spec.Bots:
				seats := ids(left)
				for len(seats) < size {
					seats = append(seats, "")
				}
				tables = append(tables, seats)
			default:
				byes = append(byes, ids(left)...)
			}
			break
		}
		first := left[0]
		rest := slices.Clone(left[1:])
		slices.SortStableFunc(rest, func(a, b Entrant) int {
			return cmp.Compare(timesMet(first, a.ID), timesMet(first, b.ID))
		})
		table := append([]Entrant{first}, rest[:size-1]...)
		tables = append(tables, ids(table))
		left = slices.DeleteFunc(left, func(e Entrant) bool { return slices.ContainsFunc(table, func(t Entrant) bool { return t.ID == e.ID }) })
	}
	return tables, byes, nil
}

// roundRobin is round r (from 0) of a round-robin at tables of two, by the
// circle method: every player meets every other once over len-1 rounds
// (len rounds with an odd number of players, one bye each).
func roundRobin(active []Entrant, r int) (tables [][]string, byes []string, err error) {
	ring := ids(active)
	if len(ring)%2 == 1 {
		ring = append(ring, "")
	}
	n := len(ring)
	if r >= n-1 {
		return nil, nil, sentence("Every player has met every other: the round-robin is complete.")
	}
	// Keep the first in place, turn the others r steps.
	turned := append([]string{ring[0]}, append(slices.Clone(ring[n-r:]), ring[1:n-r]...)...)
	for i := range n / 2 {
		a, b := turned[i], turned[n-1-i]
		switch {
		case a == "":
			byes = append(byes, b)
		case b == "":
			byes = append(byes, a)
		default:
			tables = append(tables, []string{a, b})
		}
	}
	return tables, byes, nil
}

// ids are the entrants' IDs.
func ids(es []Entrant) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

// timesMet counts the games e played against id.
func timesMet(e Entrant, id string) int {
	n := 0
	for _, m := range e.Met {
		if m == id {
			n++
		}
	}
	return n
}

// tablePoints scores a finished game's seats: against each other seat, 1
// for finishing ahead and 1/2 for a tie, over the number of other seats.
func tablePoints(o engine.Outcome, n int) []float64 {
	seats := make([]store.GameSeat, n)
	for i := range seats {
		seats[i].Winner = slices.Contains(o.Winners, engine.Seat(i))
		if i < len(o.Scores) {
			seats[i].Score = o.Scores[i]
		}
	}
	ranks := seatRanks(seats)
	points := make([]float64, n)
	for i := range n {
		for j := range n {
			switch {
			case i == j:
			case ranks[i] < ranks[j]:
				points[i]++
			case ranks[i] == ranks[j]:
				points[i] += 0.5
			}
		}
		points[i] /= float64(n - 1)
	}
	return points
}

// tournamentResult scores the finished (or closed, unfinished: everyone
// ties) game of table id in its tournament, and ends the round when it was
// its last table.
func (h *Hub) tournamentResult(code, id string, points []float64) {
	kv, err := h.tournamentKV()
	if err != nil {
		return
	}
	err = h.saveTournament(kv, code, func(tn *Tournament) error {
		i := slices.IndexFunc(tn.Tables, func(rt RoundTable) bool { return rt.Table == id })
		if i < 0 || tn.Tables[i].Done || tn.State == TournamentFinished {
			return sentence("counted already")
		}
		rt := &tn.Tables[i]
		rt.Done, rt.Points = true, points
		for s, pid := range rt.Players {
			e := slices.IndexFunc(tn.Players, func(e Entrant) bool { return e.ID == pid })
			if pid == "" || e < 0 {
				continue
			}
			tn.Players[e].Points += points[s]
			for _, other := range rt.Players {
				if other != "" && other != pid {
					tn.Players[e].Met = append(tn.Players[e].Met, other)
				}
			}
		}
		if !slices.ContainsFunc(tn.Tables, func(rt RoundTable) bool { return rt.Round == tn.Round && !rt.Done }) {
			tn.State = TournamentBetween
			if tn.Round >= tn.Spec.Rounds {
				tn.State = TournamentFinished
			}
		}
		return nil
	})
	if err != nil && err.Error() != "counted already" {
		h.cfg.Logf("rooms: tournament %s: table %s's result was not kept: %v", code, id, err)
	}
}

// graceUntil starts the table's wait for its tournament players, which
// ends at until (actor only).
func (t *table) graceUntil(until time.Time) {
	t.graceTimer.schedule(t, max(time.Until(until), 0), t.startWithoutLatecomers)
}

// startWithoutLatecomers starts a tournament table whose grace is over: a
// bot plays for each player not here, when the tournament allows bots;
// otherwise the table plays for them as for one who is away.
func (t *table) startWithoutLatecomers() {
	if t.status != Waiting {
		return
	}
	tn, err := t.hub.TournamentByCode(t.tournament)
	for i := range t.seats {
		if st := &t.seats[i]; st.id != "" && st.client == nil && err == nil && tn.Spec.Bots {
			st.bot, st.botLevel = t.makeBot("normal"), "normal"
			t.logf("%s has not come: a normal bot plays for them.", t.name(i))
		}
	}
	t.beginGame()
	t.changed()
}

// autoStart starts a tournament table once every seat is here (actor only).
func (t *table) autoStart() {
	if t.tournament == "" || t.status != Waiting || slices.ContainsFunc(t.seats, func(s seat) bool { return !s.filled() }) {
		return
	}
	t.graceTimer.stop()
	t.beginGame()
}

// reportToTournament tells a tournament table's tournament how its game
// went (actor only): the outcome's points once it is over; a tie for all
// when it closes unfinished.
func (t *table) reportToTournament() {
	if t.tournament == "" || t.told || t.hub.restarting.Load() {
		return
	}
	points := make([]float64, len(t.seats))
	if t.status == Finished {
		points = tablePoints(t.outcome(), len(t.seats))
	} else {
		for i := range points {
			points[i] = 0.5
		}
	}
	t.told = true
	go t.hub.tournamentResult(t.tournament, t.id, points)
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

// Tournaments lists the client's tournaments and the open ones
// (Hub.Tournaments).
func (c *Client) Tournaments() []Tournament { return c.hub.Tournaments(c.Player().ID) }

// CreateTournament is Hub.CreateTournament for the client's player.
func (c *Client) CreateTournament(spec TournamentSpec) (string, error) {
	return c.hub.CreateTournament(c.Player(), spec)
}

// JoinTournament is Hub.JoinTournament for the client's player.
func (c *Client) JoinTournament(code string) error { return c.hub.JoinTournament(c.Player(), code) }

// LeaveTournament is Hub.LeaveTournament for the client's player.
func (c *Client) LeaveTournament(code string) error { return c.hub.LeaveTournament(c.Player(), code) }

// DropFromTournament is Hub.DropFromTournament for the client's player.
func (c *Client) DropFromTournament(code, name string) error {
	return c.hub.DropFromTournament(c.Player(), code, name)
}

// EndTournament is Hub.EndTournament for the client's player.
func (c *Client) EndTournament(code string) error { return c.hub.EndTournament(c.Player(), code) }

// ExtendRound is Hub.ExtendRound for the client's player.
func (c *Client) ExtendRound(code string, d time.Duration) error {
	return c.hub.ExtendRound(c.Player(), code, d)
}

// StartRound is Hub.StartRound for the client's player.
func (c *Client) StartRound(code string) error { return c.hub.StartRound(c.Player(), code) }

// TournamentView is Hub.TournamentView, for the client's screens.
func (c *Client) TournamentView(code string) (Tournament, []EntrantStanding, error) {
	return c.hub.TournamentView(code)
}
