package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// OptionKind says how an option's value is chosen.
type OptionKind int

const (
	// Bool options take "true" or "false".
	Bool OptionKind = iota
	// Choice options take one of Choices.
	Choice
)

// OptionSpec describes one table option (a variant or setting).
type OptionSpec struct {
	Key     string     `json:"key"`
	Name    string     `json:"name"`
	Help    string     `json:"help"`
	Kind    OptionKind `json:"kind"`
	Choices []string   `json:"choices,omitempty"`
	Default string     `json:"default"`
	// MinPlayers and MaxPlayers, when not 0, bound the numbers of players
	// the option means anything for (a team variant: 4 and 4).
	MinPlayers int `json:"min_players,omitempty"`
	MaxPlayers int `json:"max_players,omitempty"`
	// When, when set, is another option whose value this one needs (a
	// solo level: a solo mode).
	When *OptionWhen `json:"when,omitempty"`
}

// OptionWhen names another option and the values of it that an option
// needs.
type OptionWhen struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
}

// Applies reports whether the option means anything for a game of
// players with the other options opts: a form need not offer it
// otherwise, and its default stands.
func (s OptionSpec) Applies(players int, opts Options) bool {
	switch {
	case s.MinPlayers > 0 && players < s.MinPlayers, s.MaxPlayers > 0 && players > s.MaxPlayers:
		return false
	case s.When != nil:
		return slices.Contains(s.When.Values, opts[s.When.Key])
	}
	return true
}

// Scope says in words when the option applies ("" always): "4 players
// only", "for 2 or more players", "only with Mode solo-robot or
// lone-librarian"; in names the When option.
func (s OptionSpec) Scope(in Info) string {
	var out []string
	switch lo, hi := s.MinPlayers, s.MaxPlayers; {
	case lo > 0 && lo == hi:
		out = append(out, fmt.Sprintf("%d players only", lo))
	case lo > 0 && hi > 0:
		out = append(out, fmt.Sprintf("for %d to %d players", lo, hi))
	case lo > 0:
		out = append(out, fmt.Sprintf("for %d or more players", lo))
	case hi > 0:
		out = append(out, fmt.Sprintf("for up to %d players", hi))
	}
	if s.When != nil {
		name := s.When.Key
		if i := slices.IndexFunc(in.Options, func(o OptionSpec) bool { return o.Key == s.When.Key }); i >= 0 {
			name = in.Options[i].Name
		}
		out = append(out, "only with "+name+" "+JoinOr(s.When.Values))
	}
	return strings.Join(out, ", ")
}

// Options are the chosen values, keyed by OptionSpec.Key.
type Options map[string]string

// Bool reads a boolean option (false when absent).
func (o Options) Bool(key string) bool { return o[key] == "true" }

// Resolve fills defaults into opts and checks every value against the specs.
func (in Info) Resolve(opts Options) (Options, error) {
	out := Options{}
	for k := range opts {
		if !slices.ContainsFunc(in.Options, func(s OptionSpec) bool { return s.Key == k }) {
			return nil, Illegal("%s has no option %q", in.Name, k)
		}
	}
	for _, s := range in.Options {
		v, ok := opts[s.Key]
		if !ok {
			v = s.Default
		}
		switch s.Kind {
		case Bool:
			if v != "true" && v != "false" {
				return nil, Illegal("option %s must be true or false, not %q", s.Key, v)
			}
		case Choice:
			if !slices.Contains(s.Choices, v) {
				return nil, Illegal("option %s must be one of %s, not %q", s.Key, strings.Join(s.Choices, ", "), v)
			}
		}
		out[s.Key] = v
	}
	return out, nil
}

// MarshalJSON writes the kind as "bool" or "choice".
func (k OptionKind) MarshalJSON() ([]byte, error) {
	if k == Choice {
		return []byte(`"choice"`), nil
	}
	return []byte(`"bool"`), nil
}

// UnmarshalJSON reads "bool" or "choice".
func (k *OptionKind) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"choice"`:
		*k = Choice
	case `"bool"`:
		*k = Bool
	default:
		return fmt.Errorf("option kind must be \"bool\" or \"choice\", not %s", b)
	}
	return nil
}

// Applicable is opts with every option that does not apply to a game of
// players (OptionSpec.Applies) set back to its default, so that a value
// chosen before the seats or a mode changed does not linger unseen.
func (in Info) Applicable(players int, opts Options) Options {
	out := maps.Clone(opts)
	for _, s := range in.Options {
		if _, set := out[s.Key]; set && !s.Applies(players, opts) {
			out[s.Key] = s.Default
		}
	}
	return out
}
