package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
)

// whyPane is the open "why?" pane: the item asked about and the rule in
// the rules doc's words. fromOldest is the item's place in the list of
// things to explain counted from its oldest end, which new lines of the
// log do not move.
type whyPane struct {
	fromOldest int
	item       rooms.LogLine
	exp        engine.Explanation
	err        error // the rule is not in the doc (a bug in the game's data)
}

// whyWidth is the widest the pane sets the rule's words.
const whyWidth = 76

// refused keeps a refusal that cites a rule, for the why key, and says on
// the status line that it can be explained.
func (ts *tableScreen) refused(msg string, rule engine.Rule) {
	if rule == "" {
		return
	}
	ts.refusal = rooms.LogLine{Text: msg, Rule: rule}
	ts.s.setStatusHint(msg, "("+keyLabels(ts.keys.Why)+": why?)")
}

// Explainable lists what a player at a table may ask why about, newest
// first: their last refusal, when it cites a rule, then the lines of the
// log that cite one.
func Explainable(refusal rooms.LogLine, log []rooms.LogLine) []rooms.LogLine {
	var out []rooms.LogLine
	if refusal.Rule != "" {
		out = append(out, refusal)
	}
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Rule != "" {
			out = append(out, log[i])
		}
	}
	return out
}

// whys lists what the player may ask about (Explainable).
func (ts *tableScreen) whys() []rooms.LogLine { return Explainable(ts.refusal, ts.u.Log) }

// canExplain reports whether the why key has anything to explain.
func (ts *tableScreen) canExplain() bool { return len(ts.whys()) > 0 }

// whyKey opens the why pane on the newest thing to explain, and while it
// is open steps to the one before (the why key again, wrapping round) or
// closes it (esc); any other key closes it and goes on to the table.
func (ts *tableScreen) whyKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	isWhy := keyMatches(k, ts.keys.Why)
	if ts.why == nil {
		if !isWhy {
			return nil, false
		}
		if !ts.canExplain() {
			ts.s.setStatus("Nothing to explain yet: "+keyLabels(ts.keys.Why)+" explains refusals and the rules' effects in the log.", false)
			return nil, true
		}
		ts.showWhy(0)
		return nil, true
	}
	switch {
	case isWhy:
		ts.showWhy(ts.whyShown() + 1)
		return nil, true
	case keyMatches(k, ts.keys.Close):
		ts.why = nil
		return nil, true
	}
	ts.why = nil
	return nil, false
}

// showWhy opens the pane on the at-th newest thing to explain (the
// newest again past the oldest), looking its rule up in the game's rules.
func (ts *tableScreen) showWhy(at int) {
	items := ts.whys()
	if len(items) == 0 {
		ts.why = nil
		return
	}
	at %= len(items)
	p := &whyPane{fromOldest: len(items) - 1 - at, item: items[at]}
	if g, ok := engine.FindGame(ts.s.games, ts.u.Table.Game); ok {
		p.exp, p.err = engine.Explain(g.Info().Rules, p.item.Rule)
	} else {
		p.err = fmt.Errorf("no rules for %s", ts.u.Table.Game)
	}
	ts.why = p
	ts.s.setStatus("", false)
}

// whyShown is where the open pane's item stands among the things to
// explain now, newest first: where it stood, counted from the oldest, or
// the nearest line like it when lines of the log have dropped off.
func (ts *tableScreen) whyShown() int {
	items := ts.whys()
	at := len(items) - 1 - ts.why.fromOldest
	best := -1
	for i, it := range items {
		if it == ts.why.item && (best < 0 || distance(i, at) < distance(best, at)) {
			best = i
		}
	}
	if best < 0 {
		return min(max(at, 0), max(len(items)-1, 0))
	}
	return best
}

// whyView draws the open pane in the board's place, w columns wide and at
// most h lines high: what was asked about, then the rule's section (or
// ruling) and words; the blank lines between go first when h is short.
func (ts *tableScreen) whyView(w, h int) string {
	th, p := ts.s.th, ts.why
	head := th.Heading.Render("WHY?") + th.Faint.Render(fmt.Sprintf(" %d of %d, newest first · %s the one before · %s back to the game",
		ts.whyShown()+1, len(ts.whys()), keyLabels(ts.keys.Why), keyLabels(ts.keys.Close)))
	tw := min(w, whyWidth)
	var what []string
	for _, l := range wrap(engine.ExpandSeats(p.item.Text, ts.nameOf), tw) {
		what = append(what, th.Faint.Render(l))
	}
	var rule []string
	if p.err != nil {
		rule = []string{th.Warn.Render("The rules say nothing under " + string(p.item.Rule) + ".")}
	} else {
		rule = append([]string{th.Heading.Render(p.exp.Title)}, wrap(p.exp.Text, tw)...)
	}
	gap := []string{""}
	if 1+len(what)+len(rule)+2 > h {
		gap = nil
	}
	lines := append(append(append(append([]string{board.Clip(head, w)}, gap...), what...), gap...), rule...)
	return strings.Join(lines, "\n")
}

// distance is how far apart two places in a list are.
func distance(a, b int) int { return max(a-b, b-a) }
