package rooms

import (
	"slices"
	"time"
)

// A tournament's rounds: starting one and opening its tables, the tables'
// wait for their players, and counting each table's result.

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
			e := &tn.Players[tn.entrant(id)]
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
			e := tn.entrant(pid)
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
