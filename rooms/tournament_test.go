package rooms

import (
	"errors"
	"slices"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// waitTournament waits until the tournament satisfies ok.
func waitTournament(t *testing.T, h *Hub, code string, what string, ok func(Tournament) bool) Tournament {
	t.Helper()
	var tn Tournament
	var err error
	for end := time.Now().Add(patience); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if tn, err = h.TournamentByCode(code); err == nil && ok(tn) {
			return tn
		}
	}
	t.Fatalf("waited for %s: %+v %v", what, tn, err)
	return tn
}

// playRound plays every table of the round the probes sit at to its end.
func playRound(t *testing.T, ps []*probe) {
	t.Helper()
	for end := time.Now().Add(patience); time.Now().Before(end); time.Sleep(2 * time.Millisecond) {
		done := 0
		for _, p := range ps {
			p.drain()
			u := p.tu
			switch {
			case u == nil || u.Closed:
			case u.Table.Status == Finished:
				done++
			case len(u.Legal) > 0:
				_ = p.Act(addOne)
			}
		}
		if done == len(ps) {
			return
		}
	}
	t.Fatal("the round never ended")
}

// TestSwissTournamentThroughARestart: four players, three Swiss rounds at
// tables of two; the arcade seats the players waiting in the lobby and
// starts each table; nobody meets the same player twice while another is
// free; a restart in the middle of round two loses nothing; the final
// standings hold every game's points.
func TestSwissTournamentThroughARestart(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db, AwayGrace: time.Hour, RestoreGrace: time.Minute}
	h := testHub(t, cfg)
	names := []string{"anna", "bob", "cy", "di"}
	connectAll := func(h *Hub) []*probe {
		ps := make([]*probe, len(names))
		for i, n := range names {
			ps[i] = connect(t, h, n)
		}
		return ps
	}
	ps := connectAll(h)
	spec := TournamentSpec{Game: toyID, Options: engine.Options{"target": "3"}, Format: Swiss, Rounds: 3, TableSize: 2}
	if _, err := ps[0].CreateTournament(TournamentSpec{Game: toyID, Format: Swiss, Rounds: 3, TableSize: 5}); err == nil {
		t.Fatal("a table of five of a game for two")
	}
	code, err := ps[0].CreateTournament(spec)
	must(t, err)
	if err := ps[0].StartRound(code); err == nil {
		t.Fatal("a round of one player")
	}
	for _, p := range ps[1:] {
		must(t, p.JoinTournament(code))
	}
	if err := ps[1].StartRound(code); !errors.Is(err, ErrTournamentHost) {
		t.Fatalf("a player started a round: %v", err)
	}

	met := map[[2]string]bool{}
	pairsOf := func(tn Tournament, round int) [][]string {
		var out [][]string
		for _, rt := range tn.Tables {
			if rt.Round == round {
				out = append(out, rt.Players)
			}
		}
		return out
	}
	checkNew := func(tn Tournament, round int) {
		for _, pair := range pairsOf(tn, round) {
			k := [2]string{min(pair[0], pair[1]), max(pair[0], pair[1])}
			if met[k] {
				t.Fatalf("round %d pairs %v again", round, pair)
			}
			met[k] = true
		}
	}

	// Round one: everyone waits in the lobby and is seated.
	must(t, ps[0].StartRound(code))
	if err := ps[0].StartRound(code); !errors.Is(err, ErrRoundUnderway) {
		t.Fatalf("a second round at once: %v", err)
	}
	tn := waitTournament(t, h, code, "round 1's tables", func(tn Tournament) bool {
		return len(pairsOf(tn, 1)) == 2 && tn.Tables[0].Table != "" && tn.Tables[1].Table != ""
	})
	checkNew(tn, 1)
	for _, p := range ps {
		u := p.table("seated and started", func(u *TableUpdate) bool { return u.Table.Status == Playing })
		if u.Tournament != code {
			t.Fatalf("%s's table is not the tournament's: %q", p.Player().Name, u.Tournament)
		}
	}
	playRound(t, ps)
	waitTournament(t, h, code, "round 1's end", func(tn Tournament) bool { return tn.State == TournamentBetween })

	// Round two, with a restart in its middle.
	for _, p := range ps {
		must(t, p.Leave())
	}
	must(t, ps[0].StartRound(code))
	tn = waitTournament(t, h, code, "round 2's tables", func(tn Tournament) bool {
		return len(pairsOf(tn, 2)) == 2 && tn.Tables[2].Table != "" && tn.Tables[3].Table != ""
	})
	checkNew(tn, 2)
	for _, p := range ps {
		p.table("round 2 under way", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	}
	h2 := restartHub(t, h, cfg)
	ps = connectAll(h2)
	for _, p := range ps {
		p.table("back at the round-2 table", func(u *TableUpdate) bool { return u.Table.Status == Playing && u.Tournament == code })
	}
	playRound(t, ps)
	waitTournament(t, h2, code, "round 2's end", func(tn Tournament) bool { return tn.State == TournamentBetween && tn.Round == 2 })

	// Round three, and the final standings.
	for _, p := range ps {
		must(t, p.Leave())
	}
	must(t, ps[0].StartRound(code))
	tn = waitTournament(t, h2, code, "round 3's tables", func(tn Tournament) bool {
		return len(pairsOf(tn, 3)) == 2 && tn.Tables[4].Table != "" && tn.Tables[5].Table != ""
	})
	checkNew(tn, 3)
	playRound(t, ps)
	tn = waitTournament(t, h2, code, "the end", func(tn Tournament) bool { return tn.State == TournamentFinished })
	total := 0.0
	for _, s := range tn.Standings() {
		total += s.Points
		if len(s.Met) != 3 {
			t.Fatalf("%s met %v", s.Name, s.Met)
		}
	}
	if total != 6 {
		t.Fatalf("the standings hold %v points, want 6: %+v", total, tn.Standings())
	}
	if err := ps[0].StartRound(code); !errors.Is(err, ErrTournamentOver) {
		t.Fatalf("a fourth round: %v", err)
	}
	if st := tn.Standings(); st[0].Points < st[3].Points || !slices.IsSortedFunc(st, func(a, b EntrantStanding) int { return a.Place - b.Place }) {
		t.Fatalf("standings out of order: %+v", st)
	}
}

// TestRoundRobinMeetsEveryone: the circle method pairs every player with
// every other once, with one bye a round for an odd number.
func TestRoundRobinMeetsEveryone(t *testing.T) {
	es := []Entrant{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}, {ID: "e"}}
	met := map[[2]string]int{}
	byes := map[string]int{}
	for r := 0; r < 5; r++ {
		tables, bye, err := roundRobin(es, r)
		must(t, err)
		for _, tb := range tables {
			met[[2]string{min(tb[0], tb[1]), max(tb[0], tb[1])}]++
		}
		for _, b := range bye {
			byes[b]++
		}
	}
	if len(met) != 10 || len(byes) != 5 {
		t.Fatalf("met %v, byes %v", met, byes)
	}
	for k, n := range met {
		if n != 1 {
			t.Fatalf("%v met %d times", k, n)
		}
	}
	if _, _, err := roundRobin(es, 5); err == nil {
		t.Fatal("a sixth round of five players")
	}
}

// TestTablePoints: winners beat the others, scores order the rest, ties
// share.
func TestTablePoints(t *testing.T) {
	got := tablePoints(engine.Outcome{Done: true, Winners: []engine.Seat{2}, Scores: []int{5, 5, 9, 1}}, 4)
	want := []float64{1.5 / 3, 1.5 / 3, 1, 0}
	if !slices.Equal(got, want) {
		t.Fatalf("points %v, want %v", got, want)
	}
}

// TestTournamentsPerHostAreCapped: a player hosts at most
// MaxTournamentsHosted tournaments that are not over.
func TestTournamentsPerHostAreCapped(t *testing.T) {
	h := testHub(t, Config{Store: store.NewMemory(), CreateBurst: 10})
	anna := Player{ID: "key:anna", Name: "anna"}
	spec := TournamentSpec{Game: toyID, Format: Swiss, Rounds: 1, TableSize: 2}
	var codes []string
	for range MaxTournamentsHosted {
		code, err := h.CreateTournament(anna, spec)
		must(t, err)
		codes = append(codes, code)
	}
	if _, err := h.CreateTournament(anna, spec); err == nil {
		t.Fatal("a fourth tournament")
	}
	must(t, h.EndTournament(anna, codes[0]))
	if _, err := h.CreateTournament(anna, spec); err != nil {
		t.Fatalf("after ending one: %v", err)
	}
}

// TestFinishedTournamentsLeaveTheList: the list keeps every tournament not
// finished and only the newest finished ones (keptFinished), so listing
// them reads a bounded number of settings; an old one is still found by
// its code.
func TestFinishedTournamentsLeaveTheList(t *testing.T) {
	defer func(k int) { keptFinished = k }(keptFinished)
	keptFinished = 1
	h := testHub(t, Config{Store: store.NewMemory(), CreateBurst: 10})
	anna := Player{ID: "key:anna", Name: "anna"}
	spec := TournamentSpec{Game: toyID, Format: Swiss, Rounds: 1, TableSize: 2}
	var codes []string
	for i := range 3 {
		code, err := h.CreateTournament(anna, spec)
		must(t, err)
		codes = append(codes, code)
		if i < 2 {
			must(t, h.EndTournament(anna, code))
		}
	}
	var listed []string
	for _, tn := range h.Tournaments(anna.ID) {
		listed = append(listed, tn.Code)
	}
	if want := []string{codes[2], codes[1]}; !slices.Equal(listed, want) {
		t.Fatalf("anna's tournaments %v, want %v (the open one, then the newest finished)", listed, want)
	}
	if tn, err := h.TournamentByCode(codes[0]); err != nil || tn.State != TournamentFinished {
		t.Fatalf("the oldest by its code: %+v, %v", tn, err)
	}
}

// TestPruneFinished keeps the newest finished codes and every other one,
// in order.
func TestPruneFinished(t *testing.T) {
	codes := []string{"A", "B", "C", "D", "E", "F"}
	finished := map[string]bool{"A": true, "B": true, "D": true, "F": true}
	got := pruneFinished(codes, finished, 2)
	if want := []string{"C", "D", "E", "F"}; !slices.Equal(got, want) {
		t.Fatalf("pruned %v, want %v", got, want)
	}
	if got := pruneFinished(codes, finished, 10); !slices.Equal(got, codes) {
		t.Fatalf("nothing to prune: %v", got)
	}
}

// TestTournamentTableHasNoHost: at a round's table that waits for a
// player who is away, the player who is there is nobody's host: they
// cannot change the tournament's options or clock, seat a bot, put the
// absent player out or start the game, and no screen offers it.
func TestTournamentTableHasNoHost(t *testing.T) {
	h := testHub(t, Config{Store: store.NewMemory(), AwayGrace: time.Hour, TournamentGrace: time.Hour})
	anna, bob := connect(t, h, "anna"), connect(t, h, "bob")
	code, err := anna.CreateTournament(TournamentSpec{Game: toyID, Options: engine.Options{"target": "3"}, Format: Swiss, Rounds: 1, TableSize: 2})
	must(t, err)
	must(t, bob.JoinTournament(code))
	bob.Close()
	must(t, anna.StartRound(code))
	u := anna.table("the round's table", func(u *TableUpdate) bool { return u.Tournament == code })
	if u.Table.Status != Waiting || u.Host {
		t.Fatalf("the round's table: status %s, host %v", u.Table.Status, u.Host)
	}
	bobSeat := slices.IndexFunc(u.Seats, func(s SeatInfo) bool { return s.Name == "bob" })
	if bobSeat < 0 {
		t.Fatalf("no seat kept for bob: %+v", u.Seats)
	}
	for what, err := range map[string]error{
		"options": anna.SetOptions(engine.Options{"target": "10"}),
		"clock":   anna.SetClock(ClockBlitz),
		"rated":   anna.SetRated(false),
		"kick":    anna.Kick(bobSeat),
		"bot":     anna.AddBot(bobSeat, "easy"),
		"host":    anna.HandHost(bobSeat),
		"start":   anna.Start(),
	} {
		if !errors.Is(err, ErrTournamentTable) {
			t.Errorf("%s at a tournament's table: %v", what, err)
		}
	}
	u = anna.table("still waiting", func(u *TableUpdate) bool { return true })
	if u.Options["target"] != "3" || u.Clock != ClockRelaxed || u.Seats[bobSeat].Name != "bob" || u.Host || hasLine(u.Log, "anna is now the host.") {
		t.Fatalf("the table changed: options %v, clock %s, seats %+v, host %v, log %q", u.Options, u.Clock, u.Seats, u.Host, u.Log)
	}
}
