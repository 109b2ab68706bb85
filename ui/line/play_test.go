package line

import (
	"encoding/json"
	"testing"

	"arcade/engine"
	"arcade/engine/firelibrary"
	"arcade/engine/fireproto"
	"arcade/engine/firetower"
	"arcade/engine/horror"
	"arcade/engine/labyrinth"
	"arcade/rooms"
	"arcade/ui"
	"arcade/ui/board"
	uifirelibrary "arcade/ui/firelibrary"
	uifireproto "arcade/ui/fireproto"
	uifiretower "arcade/ui/firetower"
	uihorror "arcade/ui/horror"
	uilabyrinth "arcade/ui/labyrinth"
)

// everyGame is every game the arcade serves, with its board.
var everyGame = []ui.Game{
	{Engine: firelibrary.Game{}, Board: uifirelibrary.NewBoard},
	{Engine: fireproto.Game{}, Board: uifireproto.NewBoard},
	{Engine: firetower.Game{}, Board: uifiretower.NewBoard},
	{Engine: horror.Game{}, Board: uihorror.NewBoard},
	{Engine: labyrinth.Game{}, Board: uilabyrinth.NewBoard},
}

// game is a game played without a hub: the engine's state and each
// seat's log, turned into the TableUpdates a hub would send a seat.
type game struct {
	t     *testing.T
	g     ui.Game
	st    engine.State
	names []string
	logs  map[engine.Seat][]rooms.LogLine
	ver   uint64
}

// newGame deals g for players seats from seed.
func newGame(t *testing.T, g ui.Game, players int, seed uint64) *game {
	t.Helper()
	opts, err := g.Engine.Info().Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.Engine.New(players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"anna", "bob", "cleo", "dan", "eve", "finn"}[:players]
	return &game{t: t, g: g, st: st, names: names, logs: map[engine.Seat][]rooms.LogLine{}}
}

// play applies a for seat s and logs its events for every seat that may
// read them.
func (gm *game) play(s engine.Seat, a engine.Action) {
	gm.t.Helper()
	ev, err := gm.st.Apply(s, a)
	if err != nil {
		gm.t.Fatalf("seat %d: %v refused: %v", s, a, err)
	}
	gm.tell(ev)
}

// tell logs a move's events for every seat that may read them.
func (gm *game) tell(ev []engine.Event) {
	gm.ver++
	for _, e := range ev {
		line := rooms.LogLine{Text: e.Text(), Rule: engine.RuleOf(e.Fact)}
		for i := range gm.names {
			if e.VisibleTo(engine.Seat(i)) {
				gm.logs[engine.Seat(i)] = append(gm.logs[engine.Seat(i)], line)
			}
		}
		if e.VisibleTo(engine.Spectator) {
			gm.logs[engine.Spectator] = append(gm.logs[engine.Spectator], line)
		}
	}
}

// update is the TableUpdate the hub would send seat you now.
func (gm *game) update(you engine.Seat) *rooms.TableUpdate {
	in := gm.g.Engine.Info()
	seats := make([]rooms.SeatInfo, len(gm.names))
	for i, n := range gm.names {
		seats[i] = rooms.SeatInfo{Name: n, Connected: true}
	}
	status := rooms.Playing
	if gm.st.Outcome().Done {
		status = rooms.Finished
	}
	return &rooms.TableUpdate{
		Table:   rooms.TableSummary{ID: "t1", Game: in.ID, GameName: in.Name, Seats: len(gm.names), Taken: len(gm.names), Status: status, Host: gm.names[0]},
		You:     you,
		Seats:   seats,
		View:    gm.st.View(you),
		Legal:   gm.st.Legal(you),
		Pending: gm.st.Pending(),
		Log:     gm.logs[you],
		Outcome: gm.st.Outcome(),
		Version: gm.ver,
		Clock:   rooms.ClockOff,
	}
}

// newTeller is a teller with every game's board.
func newTeller() *teller {
	t := &teller{games: map[string]board.Factory{}, rules: map[string]string{}}
	for _, g := range everyGame {
		t.games[g.Engine.Info().ID] = g.Board
	}
	return t
}

// toJSON is v's JSON.
func toJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
