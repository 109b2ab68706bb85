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

// scheduleBots arms the bot timer while a bot has something to do.
func (t *table) scheduleBots() {
	switch {
	case t.status != Playing || t.botToMove() < 0:
		t.botTimer.stop()
	case !t.botTimer.active():
		t.botTimer.schedule(t, t.cfg.BotDelay, t.botMove)
	}
}

// botMove lets one bot act. The bot sees only its seat's view and legal
// actions, never the state.
func (t *table) botMove() {
	if t.status != Playing {
		return
	}
	if s := t.botToMove(); s >= 0 {
		legal := t.state.Legal(s)
		a := t.state.Timeout(s)
		if len(legal) > 0 {
			a = t.seatAt(s).bot.Choose(t.state.View(s), slices.Clone(legal), &t.botRNG)
		}
		t.autoApply(s, a)
	}
	t.changed()
}
