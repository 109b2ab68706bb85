package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// ask is a question a screen asks on its status line before doing
// something that cannot be undone (ending a game, unlinking a key): yes
// does it, no leaves it.
type ask struct {
	question string
	yes      func() tea.Cmd
}

// answer takes key k while q is asked: the yes binding does it, no leaves
// it, and any other key asks again. It returns the command and whether
// the question is over.
func (q *ask) answer(s *session, k tea.KeyPressMsg, yes, no key.Binding) (tea.Cmd, bool) {
	switch {
	case keyMatches(k, yes):
		return q.yes(), true
	case keyMatches(k, no):
		s.setStatus("", false)
		return nil, true
	}
	s.setStatus("Press "+keyLabels(yes)+" to go ahead or "+keyLabels(no)+" to leave it.", true)
	return nil, false
}
