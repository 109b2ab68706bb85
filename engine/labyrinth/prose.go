package labyrinth

// prose is an event's words as the rules wrote them.
type prose string

// Words implements engine.Fact.
func (s prose) Words() string { return string(s) }
