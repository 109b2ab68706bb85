package ui

import (
	"maps"
	"runtime/debug"
	"slices"

	"charm.land/log/v2"

	"arcade/engine"
)

// What the game makes of the new-table form's choices: whether it refuses
// them, which values of an option it accepts, and the options sent.

// check notes why the game would refuse the chosen setup, if it would
// (a game is dealt with it and thrown away, as the hub does at Create).
func (f *createScreen) check() {
	f.problem = ""
	if err := f.refusal(f.opts); err != nil {
		f.problem = errorText(err)
	}
}

// refusal is why the game would refuse a table of the form's seats with
// opts (moot options at their defaults, as chosen sends them), or nil.
func (f *createScreen) refusal(opts engine.Options) error {
	g := f.games[f.game]
	in := g.Info()
	resolved, err := in.Resolve(in.Applicable(f.seats, opts))
	if err == nil {
		err = tryNew(g, f.seats, resolved)
	}
	return err
}

// nextChoice is the choice of option o after the current one in direction
// d, passing over those the game refuses with the seats and the other
// options chosen (Fire in the Library's Robot at six seats, a two-player
// mode at one seat), unless it refuses them all.
func (f *createScreen) nextChoice(o engine.OptionSpec, d int) string {
	n := len(o.Choices)
	i := max(slices.Index(o.Choices, f.opts[o.Key]), 0)
	for k := 1; k <= n; k++ {
		c := o.Choices[((i+d*k)%n+n)%n]
		opts := maps.Clone(f.opts)
		opts[o.Key] = c
		if f.refusal(opts) == nil {
			return c
		}
	}
	return o.Choices[((i+d)%n+n)%n]
}

// settle puts a setup the game refuses right, where one option can: the
// first Choice option with a value the game accepts takes the first such
// value (one seat: Fire in the Library's first solo mode; back to two
// seats: its standard mode).
func (f *createScreen) settle() {
	if f.refusal(f.opts) == nil {
		return
	}
	for _, o := range f.games[f.game].Info().Options {
		if o.Kind != engine.Choice {
			continue
		}
		for _, c := range o.Choices {
			opts := maps.Clone(f.opts)
			opts[o.Key] = c
			if f.refusal(opts) == nil {
				f.opts = opts
				return
			}
		}
	}
}

// chosen is the options the form sends: those the seats and the other
// options make moot (hidden from the form) at their defaults.
func (f *createScreen) chosen() engine.Options {
	return f.games[f.game].Info().Applicable(f.seats, f.opts)
}

// tryNew deals a game with these seats and options and reports the
// game's refusal. A game that panics is not this form's to judge: the hub
// says what went wrong when the table opens. The panic goes to the
// server's log (the default logger) with its stack.
func tryNew(g engine.Game, seats int, opts engine.Options) (err error) {
	defer func() {
		if r := recover(); r != nil {
			log.Errorf("ui: %s panicked dealing a game for the new-table form: %v\n%s", g.Info().ID, r, debug.Stack())
			err = nil
		}
	}()
	_, err = g.New(seats, opts, 1)
	return err
}
