package rooms

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// What players and hosts do with tournaments: open one, join, leave,
// drop a player, end it; and the Client's side of every tournament action.

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
	h.listTournament(kv, code)
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
		case tn.entrant(p.ID) >= 0:
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
