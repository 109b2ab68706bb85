package sshserver

import (
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestStallWriterCutsAClientThatStopsReading: a line session's write to a
// client that reads nothing calls onStall within the timeout; onStall
// closing the connection ends the write with an error. A client that
// reads gets everything.
func TestStallWriterCutsAClientThatStopsReading(t *testing.T) {
	r, w := io.Pipe()
	var stalled atomic.Bool
	sw := &stallWriter{w: w, timeout: 50 * time.Millisecond, onStall: func() {
		stalled.Store(true)
		_ = w.CloseWithError(io.ErrClosedPipe)
	}}
	done := make(chan error, 1)
	go func() { _, err := sw.Write([]byte("nobody reads this\n")); done <- err }()
	select {
	case err := <-done:
		if err == nil || !stalled.Load() {
			t.Fatalf("the write ended with %v, stalled %v", err, stalled.Load())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the write to a client that reads nothing was never cut")
	}
	_ = r.Close()

	r, w = io.Pipe()
	sw = &stallWriter{w: w, timeout: time.Second, onStall: func() { t.Error("a reading client was cut") }}
	big := strings.Repeat("x", 3*writePiece+5)
	go func() { _, _ = sw.Write([]byte(big)); _ = w.Close() }()
	got, _ := io.ReadAll(r)
	if string(got) != big {
		t.Fatalf("a reading client got %d bytes of %d", len(got), len(big))
	}
}

// TestParseLineArgs: play and line take --json, --help and one invite
// code.
func TestParseLineArgs(t *testing.T) {
	for _, c := range []struct {
		args    []string
		json    bool
		help    bool
		code    string
		bad     bool
		envJSON bool
	}{
		{args: nil},
		{args: []string{"--json"}, json: true},
		{args: []string{"-json", "ABC234"}, json: true, code: "ABC234"},
		{args: []string{"abc234"}, code: "abc234"},
		{args: []string{"--help"}, help: true},
		{args: []string{"A", "B"}, bad: true},
		{args: nil, envJSON: true, json: true},
	} {
		r, err := parseLineArgs(c.args, c.envJSON)
		if (err != nil) != c.bad || (!c.bad && (r.json != c.json || r.help != c.help || r.code != c.code || !r.ok)) {
			t.Errorf("%q: %+v, %v", c.args, r, err)
		}
	}
}

// TestEnvValue reads the last value of a variable.
func TestEnvValue(t *testing.T) {
	env := []string{"TERM=xterm", "ARCADE_UI=json", "ARCADE_UIX=line", "ARCADE_UI=line"}
	if got := envValue(env, "ARCADE_UI"); got != "line" {
		t.Errorf("ARCADE_UI is %q, want line", got)
	}
	if got := envValue(slices.Clone(env[:1]), "ARCADE_UI"); got != "" {
		t.Errorf("an unset ARCADE_UI is %q", got)
	}
}
