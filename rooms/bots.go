package rooms

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
)

// BotLevels are the levels AddBot takes.
var BotLevels = []string{"easy", "normal", "hard"}

// makeBot gets a bot from the game's BotMaker, or a RandomBot.
func (t *table) makeBot(level string) engine.Bot {
	if bm, ok := t.game.(engine.BotMaker); ok {
		if b := bm.Bot(level); b != nil {
			return b
		}
	}
	return engine.RandomBot{}
}

// addBot seats a bot (host only): in an empty seat before the game, or in
// the seat of an away player during it (the player keeps the seat's claim
// and its name; SeatInfo.Bot tells the two apart).
func (t *table) addBot(c *Client, s int, level string) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	level = strings.ToLower(strings.TrimSpace(level))
	if !slices.Contains(BotLevels, level) {
		return fmt.Errorf("Bot levels are %s.", strings.Join(BotLevels, ", "))
	}
	st := t.seatAt(engine.Seat(s))
	switch {
	case st == nil:
		return fmt.Errorf("There is no seat %d.", s+1)
	case t.status == Finished:
		return ErrGameOver
	case st.client != nil:
		return fmt.Errorf("Seat %d has a player.", s+1)
	case st.bot != nil:
		return fmt.Errorf("Seat %d already has a bot.", s+1)
	}
	st.bot, st.botLevel, st.timedOut = t.makeBot(level), level, false
	if st.id == "" {
		st.name = strings.ToUpper(level[:1]) + level[1:] + " bot"
		t.logf("%s takes seat %d.", t.name(s), s+1)
	} else {
		t.logf("A %s bot plays for %s until they come back.", level, t.name(s))
	}
	t.changed()
	return nil
}

// removeBot takes a bot out (host only): any bot before the game, a bot
// standing in for an away player during it.
func (t *table) removeBot(c *Client, s int) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	st := t.seatAt(engine.Seat(s))
	switch {
	case st == nil:
		return fmt.Errorf("There is no seat %d.", s+1)
	case st.bot == nil:
		return fmt.Errorf("Seat %d has no bot.", s+1)
	case t.status == Waiting:
		t.logf("%s leaves.", t.name(s))
		*st = seat{}
	case t.status == Finished:
		return ErrGameOver
	case st.id == "":
		return fmt.Errorf("The bot in seat %d plays its own seat; it stays until the game ends.", s+1)
	default:
		st.bot, st.botLevel = nil, ""
		t.logf("The bot stops playing for %s.", t.name(s))
	}
	t.changed()
	return nil
}

// botToMove returns a seat whose bot may act now, or -1.
func (t *table) botToMove() engine.Seat {
	for _, s := range t.pending() {
		if st := t.seatAt(s); st != nil && st.bot != nil && st.client == nil {
			return s
		}
	}
	return -1
}

// scheduleBots arms the bot timer while a bot has something to do and none
// is already thinking.
func (t *table) scheduleBots() {
	switch {
	case t.status != Playing || t.botToMove() < 0:
		t.botTimer.stop()
	case t.thinking:
	case !t.botTimer.active():
		t.botTimer.schedule(t, t.cfg.BotDelay, t.botMove)
	}
}

// botMove lets one bot think, off the actor so that a slow (searching) bot
// never holds up the table: it gets its seat's view and legal actions, never
// the state, and its choice is applied only if no move was made meanwhile.
func (t *table) botMove() {
	if t.status != Playing {
		return
	}
	s := t.botToMove()
	if s < 0 {
		t.changed()
		return
	}
	legal := t.state.Legal(s)
	if len(legal) == 0 {
		t.autoApply(s, t.state.Timeout(s))
		t.changed()
		return
	}
	bot, view, rng, made := t.seatAt(s).bot, t.state.View(s), engine.NewRNG(t.botRNG.Uint64()), len(t.moves)
	t.thinking = true
	go func() {
		a, ok := choose(bot, view, slices.Clone(legal), &rng)
		t.post(func() {
			t.thinking = false
			st := t.seatAt(s)
			if t.status == Playing && len(t.moves) == made && st != nil && st.bot == bot {
				if !ok {
					t.cfg.Logf("rooms: table %s (%s): the bot in seat %d failed; playing its timeout move", t.id, t.info.ID, s+1)
					a = t.state.Timeout(s)
				}
				t.autoApply(s, a)
			}
			t.changed()
		})
	}()
}

// choose asks a bot for a move; a bot that panics yields ok=false.
func choose(bot engine.Bot, view any, legal []engine.Action, rng *engine.RNG) (a engine.Action, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return bot.Choose(view, legal, rng), true
}
