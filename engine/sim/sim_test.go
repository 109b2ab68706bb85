package sim

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"arcade/engine"
)

// nim is a toy game: players take 1 to 3 from a pile of 15 in turn; whoever
// takes the last wins.
type nim struct{}

type nimState struct {
	Pile, Turn, Players int
	Winner              int
}

// nimView hides nothing: the pile, and whose view it is.
type nimView struct {
	You  engine.Seat
	Pile int
}

func (v nimView) Viewer() engine.Seat { return v.You }

func (nim) Info() engine.Info {
	return engine.Info{ID: "simtest-nim", Name: "Nim", MinPlayers: 2, MaxPlayers: 3}
}

func (nim) New(players int, _ engine.Options, seed uint64) (engine.State, error) {
	return &nimState{Pile: 15 + int(seed%3), Players: players, Winner: -1}, nil
}

func (nim) Restore(data []byte) (engine.State, error) {
	var s nimState
	return &s, json.Unmarshal(data, &s)
}

func (nim) DecodeView(data []byte) (engine.View, error) { return engine.DecodeViewAs[nimView](data) }

// Bot implements engine.BotMaker: "hard" plays perfectly (two players),
// "cheat" tries an illegal move, anything else plays at random.
func (nim) Bot(level string) engine.Bot {
	switch level {
	case "hard":
		return perfect{}
	case "cheat":
		return cheat{}
	}
	return engine.RandomBot{}
}

type perfect struct{}

func (perfect) Choose(_ context.Context, view engine.View, legal []engine.Action, _ *engine.RNG) engine.Action {
	pile := view.(nimView).Pile
	if n := pile % 4; n > 0 {
		for _, a := range legal {
			if a.Args[0] == n {
				return a
			}
		}
	}
	return legal[0]
}

type cheat struct{}

func (cheat) Choose(context.Context, engine.View, []engine.Action, *engine.RNG) engine.Action {
	return engine.Action{Kind: "take", Args: []int{99}}
}

func (s *nimState) MarshalJSON() ([]byte, error) {
	type plain nimState
	return json.Marshal((*plain)(s))
}
func (s *nimState) Pending() []engine.Seat {
	if s.Winner >= 0 {
		return nil
	}
	return []engine.Seat{engine.Seat(s.Turn)}
}
func (s *nimState) Legal(seat engine.Seat) []engine.Action {
	if s.Winner >= 0 || int(seat) != s.Turn {
		return nil
	}
	var out []engine.Action
	for n := 1; n <= min(3, s.Pile); n++ {
		out = append(out, engine.Action{Kind: "take", Args: []int{n}})
	}
	return out
}
func (s *nimState) Apply(seat engine.Seat, a engine.Action) ([]engine.Event, error) {
	if _, ok := engine.Find(s.Legal(seat), a); !ok {
		return nil, engine.Illegal("illegal %s", a)
	}
	s.Pile -= a.Args[0]
	if s.Pile == 0 {
		s.Winner = s.Turn
	}
	s.Turn = (s.Turn + 1) % s.Players
	return nil, nil
}
func (s *nimState) View(seat engine.Seat) engine.View { return nimView{You: seat, Pile: s.Pile} }
func (s *nimState) Outcome() engine.Outcome {
	if s.Winner < 0 {
		return engine.Outcome{}
	}
	scores := make([]int, s.Players)
	scores[s.Winner] = 1
	return engine.Outcome{Done: true, Scores: scores, Winners: []engine.Seat{engine.Seat(s.Winner)}}
}
func (s *nimState) Timeout(seat engine.Seat) engine.Action {
	return engine.Action{Kind: "take", Args: []int{1}}
}

// otherNim is nim under another ID.
type otherNim struct{ nim }

func (otherNim) Info() engine.Info {
	return engine.Info{ID: "simtest-othernim", Name: "Other Nim", MinPlayers: 2, MaxPlayers: 3}
}

func TestPerfectBotBeatsRandom(t *testing.T) {
	res, err := Run(Config{Game: nim{}, Players: 2, Bots: []string{"hard", "easy"}, Games: 400, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.IllegalActions != 0 {
		t.Fatalf("illegal actions: %d", res.IllegalActions)
	}
	if res.Seats[0].WinRate < 0.6 || res.Seats[0].Wins+res.Seats[1].Wins != 400 {
		t.Fatalf("perfect play won only %v: %+v", res.Seats[0].WinRate, res.Seats)
	}
	if res.Seats[0].Bot != "hard" || res.Seats[1].Bot != "easy" {
		t.Fatalf("bots by seat: %+v", res.Seats)
	}
}

func TestIllegalActionsAreCountedAndGamesStillEnd(t *testing.T) {
	res, err := Run(Config{Game: nim{}, Players: 2, Bots: []string{"cheat", "easy"}, Games: 10, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if res.IllegalActions == 0 {
		t.Fatal("a cheating bot's moves were not counted as illegal")
	}
}

func TestRecordsReplayExactly(t *testing.T) {
	var recs []engine.Record
	_, err := Run(Config{Game: nim{}, Players: 3, Bots: []string{"easy"}, Games: 20, Seed: 3,
		Record: func(r engine.Record) { recs = append(recs, r) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 20 {
		t.Fatalf("%d records", len(recs))
	}
	for _, r := range recs {
		if _, err := engine.Replay(nim{}, r); err != nil {
			t.Fatal(err)
		}
		// A record replays only with its own game.
		if _, err := engine.Replay(otherNim{}, r); err == nil {
			t.Fatal("a record replayed with another game")
		}
		// A tampered record is caught.
		bad := r
		bad.Moves = append([]engine.Move(nil), r.Moves[:len(r.Moves)-1]...)
		if _, err := engine.Replay(nim{}, bad); err == nil {
			t.Fatal("a record missing its last move replayed without complaint")
		}
	}
}

func TestBadConfigIsRefused(t *testing.T) {
	for _, c := range []Config{
		{Game: nil, Players: 2, Games: 1},
		{Game: nim{}, Players: 9, Games: 1},
		{Game: nim{}, Players: 2, Games: 0},
		{Game: nim{}, Players: 2, Games: 1, Options: engine.Options{"x": "y"}},
	} {
		if _, err := Run(c); err == nil {
			t.Errorf("Run(%+v) accepted a bad config", c)
		}
	}
}

func ExampleRun() {
	res, _ := Run(Config{Game: nim{}, Players: 2, Bots: []string{"hard", "hard"}, Games: 3, Seed: 0})
	fmt.Println(res.Games, res.IllegalActions)
	// Output: 3 0
}
