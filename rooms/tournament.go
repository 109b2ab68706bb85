package rooms

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"time"

	"arcade/engine"
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

// Standings are the entrants by place: Points, then Buchholz (the points of
// the players they met).
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

// entrant is the index in tn.Players of the player with ID id, or -1.
func (tn *Tournament) entrant(id string) int {
	return slices.IndexFunc(tn.Players, func(e Entrant) bool { return e.ID == id })
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

// isSentence reports whether err is one of the tournaments' refusals (said to
// the player as it is), not a store failure.
func isSentence(err error) bool {
	var s sentence
	return errors.As(err, &s) || slices.ContainsFunc([]error{ErrNoTournament, ErrTournamentHost, ErrTournamentStarted,
		ErrRoundUnderway, ErrTournamentOver}, func(e error) bool { return errors.Is(err, e) })
}

// sentence is a refusal made up on the spot.
type sentence string

func (s sentence) Error() string { return string(s) }
