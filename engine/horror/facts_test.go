package horror

import (
	"testing"

	"arcade/engine"
)

// TestFactWords: the facts the golden games record seldom or never say
// the words players read.
func TestFactWords(t *testing.T) {
	c2 := place{Cell: 7, Tile: 6, Size: 5}
	portal := place{Cell: 4, Tile: portalTile, Size: 3}
	var red, green [numColours]bool
	red[0], green[0], green[2] = true, true, true
	for _, tc := range []struct {
		fact engine.Fact
		want string
	}{
		{summoned{Markers: 3, Why: ghostsOut, Room: c2}, "3 search markers in room 7 (c2), but every ghost is already out"},
		{summoned{Markers: 4, Why: roomFull, Room: c2}, "4 search markers in room 7 (c2), but the room holds 4 ghosts already"},
		{summoned{Markers: 3, Level: 2, Room: c2, Hurt: seatSet(0).with(2).with(0)},
			"3 search markers in room 7 (c2) summon a level 2 ghost! It drains {seat0} and {seat2}'s Fortitude by 2"},
		{drewToken{1, true, false}, "{seat1} draws a Curse token, but every Curse card is held"},
		{drewToken{1, false, true}, "{seat1} draws a Blessing token and takes a Blessing card, face down"},
		{yourCard{false, Restore}, "Your Blessing card is Restore Fortitude"},
		{needs{Horror: 1}, "You need colours still to choose"},
		{needs{0, red}, "You need Brass Crossbow (red)"},
		{needs{0, green}, "You need Brass Crossbow (red) and Garlic Bulb (green)"},
		{bookcaseRolled{0, 2, 5, 3, true}, "{seat0} rolls yellow 2, white 5: black Lore, but that deck is empty"},
		{roundsOver{Rounds: 30, Score: 1, Winners: seatSet(0).with(1)},
			"After 30 rounds nobody has reached the Portal: {seat1} wins with 1 component placed"},
		{roundsOver{Rounds: 60, Score: 2, Winners: seatSet(0).with(3).with(0)},
			"After 60 rounds nobody has reached the Portal: {seat0} and {seat3} share the win with 2 components placed"},
		{protected{2, ProtShoot, Revolver}, "{seat2} plays Protection against shooting: the Revolver does them no harm"},
		{tookBlow{2}, "{seat2} has no Protection to play"},
		{struck{0, 1, Knife, -5, 5}, "The Knife strikes: {seat0} loses 1 Fortitude (-5), {seat1} gains 1 (+5)"},
		{looted{1, 0, false}, "{seat1} takes a spare component from {seat0}"},
		{looted{1, 0, true}, "{seat1} takes a face-down Blessing or Curse card from {seat0}"},
		{tookNothing{1, 0}, "{seat1} takes nothing from {seat0}"},
		{lostComponent{1, 2}, "{seat1} takes your Garlic Bulb (green Herb, Vampire Count)"},
		{lostCard{1, Poison}, "{seat1} takes your Poison"},
		{tookCard{0, LockPicks}, "You take {seat0}'s Lock Picks"},
		{gotComponent{7, true, true}, "You take the Quicksilver (yellow Element, Moorland Werewolf): it goes on your Horror card"},
		{cursed{3, Visitation, -1}, "A visitation drains {seat3}'s Fortitude by 2 (-1)"},
		{cursed{3, Locked, 4}, "A spirit locks {seat3} in the room: they miss their next turn"},
		{cursed{3, Pointless, 0}, "Pointless: {seat3}'s Fortitude falls to +0"},
		{cardPlayed{0, Restore, 5}, "{seat0} plays Restore Fortitude: Fortitude +5"},
		{bagRefilled{}, "The bag is empty: every token goes back in"},
		{went{0, 1, doorPicked, 2, portal}, "{seat0} goes east through a closed door, picking its lock into the Portal"},
		{went{0, 3, doorClosed, -2, c2}, "{seat0} goes west through a closed door (Fortitude -1: -2) into room 7 (c2)"},
		{portalRolled{1, 2, 2, 0, true, c2},
			"{seat1} rolls 2 against a level 2 ghost in the Portal and loses: Fortitude -2 (+0), back to room 7 (c2)"},
		{portalRolled{Seat: 1, Die: 5, Level: 1}, "{seat1} rolls 5 and beats a level 1 ghost in the Portal"},
		{won{1, 9}, "{seat1} enters the Portal with every component, confronts The Phantom Bride and wins the game!"},
	} {
		if got := tc.fact.Words(); got != tc.want {
			t.Errorf("%#v says %q, want %q", tc.fact, got, tc.want)
		}
	}
}
