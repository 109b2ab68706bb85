package horror

import (
	"strconv"

	"arcade/engine"
)

// The rolls of the dice the state shows (state.Roll) that are made again
// and again, their texts and dice built once: a move that rolls them
// allocates nothing. The dice slices are shared by every state; nothing
// writes to a Roll's Dice, and their capacity is their length, so that an
// append copies them.

// rollDice records a roll of one or two dice (b 0: one) for everyone to
// see, its text what.
func (g *state) rollDice(s engine.Seat, what string, a, b int) {
	g.Roll = Roll{Seat: s, Dice: diceOf(a, b), What: what}
}

// diceOf is the dice a and b (b 0: a alone) from diceTable.
func diceOf(a, b int) []int {
	if a < 1 || a > 6 || b < 0 || b > 6 {
		if b == 0 {
			return []int{a}
		}
		return []int{a, b}
	}
	return diceTable[a-1][b]
}

// diceTable holds diceOf's slices, by the first die less one and the
// second (0: none).
var diceTable = func() (out [6][7][]int) {
	backing := diceBacking[:0]
	for a := range 6 {
		for b := range 7 {
			n := len(backing)
			backing = append(backing, a+1)
			if b > 0 {
				backing = append(backing, b)
			}
			out[a][b] = backing[n:len(backing):len(backing)]
		}
	}
	return out
}()

// diceBacking holds diceTable's dice.
var diceBacking [6 * (1 + 2*6)]int

// bookcaseRolls are the texts of a bookcase's roll by the yellow and the
// white die, less one.
var bookcaseRolls = func() (out [6][6]string) {
	for y := range 6 {
		for w := range 6 {
			col := screen[w][y]
			out[y][w] = "bookcase: yellow " + itoa(y+1) + ", white " + itoa(w+1) + ": " + colourNames[col] + " " + colourKinds[col]
		}
	}
	return out
}()

// pictureRolls are the texts of a picture's roll by the die less one.
var pictureRolls = func() (out [6]string) {
	for d := range 6 {
		out[d] = pictureRoll(d + 1)
	}
	return out
}()

// pictureRoll is the text of a picture's roll of d.
func pictureRoll(d int) string { return "picture: " + itoa(d) + " gives Fortitude +" + itoa((d+1)/2) }

// drawerRolls are the texts of a drawer's token: a Blessing, a Curse.
var drawerRolls = [2]string{"drawer: a Blessing token", "drawer: a Curse token"}

// attackRolls are the texts of an attack's roll by the dice less one and
// the ghost's level less one.
var attackRolls = func() (out [6][6][2]string) {
	for d1 := range 6 {
		for d2 := range 6 {
			for lv := range 2 {
				out[d1][d2][lv] = attackRoll(d1+1, d2+1, lv+1)
			}
		}
	}
	return out
}()

// attackRoll is the text of an attack's roll of d1 and d2 on a ghost of
// level lv (6 or more beats it).
func attackRoll(d1, d2, lv int) string {
	verdict := " loses to the level "
	if d1+d2 >= 6 {
		verdict = " beats the level "
	}
	return "attack: " + itoa(d1) + "+" + itoa(d2) + "=" + itoa(d1+d2) + verdict + itoa(lv) + " ghost (6+)"
}

// attackText is attackRoll from attackRolls when it is there.
func attackText(d1, d2, lv int) string {
	if d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6 && lv >= 1 && lv <= 2 {
		return attackRolls[d1-1][d2-1][lv-1]
	}
	return attackRoll(d1, d2, lv)
}

// itoa is n in words of digits.
func itoa(n int) string { return strconv.Itoa(n) }
