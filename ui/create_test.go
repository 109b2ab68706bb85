package ui

import (
	"bytes"
	"strings"
	"testing"

	"charm.land/log/v2"

	"arcade/engine"
	"arcade/engine/firelibrary"
)

// panickyGame is a game whose deal panics.
type panickyGame struct{ firelibrary.Game }

func (panickyGame) New(int, engine.Options, uint64) (engine.State, error) {
	panic("the deck is missing")
}

// TestTryNewLogsPanic checks that a game panicking in the new-table form's
// trial deal does not refuse the form, and goes to the log with its stack.
func TestTryNewLogsPanic(t *testing.T) {
	var buf bytes.Buffer
	old := log.Default()
	log.SetDefault(log.New(&buf))
	defer log.SetDefault(old)
	if err := tryNew(panickyGame{}, 2, engine.Options{}); err != nil {
		t.Fatalf("a panicking deal refused the form: %v", err)
	}
	out := buf.String()
	if !strings.Contains(out, "the deck is missing") || !strings.Contains(out, "runtime/debug.Stack") {
		t.Fatalf("the log lacks the panic and its stack:\n%s", out)
	}
}
