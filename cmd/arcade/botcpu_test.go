package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// TestFlagBotCPU: -bot-cpu and ARCADE_BOT_CPU take a share of the cores or
// a number of cores, the flag beats the variable, the default is half the
// cores, and a malformed value is an error that says what is wanted.
func TestFlagBotCPU(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	for _, tc := range []struct {
		args    []string
		env     []string
		workers int
	}{
		{nil, nil, 4},
		{[]string{"-bot-cpu", "25%"}, nil, 2},
		{[]string{"-bot-cpu", " 100 % "}, nil, 8},
		{[]string{"-bot-cpu", "1%"}, nil, 1},
		{[]string{"-bot-cpu", "3"}, nil, 3},
		{[]string{"-bot-cpu", "64"}, nil, 8},
		{nil, []string{"ARCADE_BOT_CPU", "2"}, 2},
		{[]string{"-bot-cpu", "75%"}, []string{"ARCADE_BOT_CPU", "2"}, 6},
	} {
		c, err := parseServe(tc.args, env(tc.env...), &bytes.Buffer{})
		if err != nil {
			t.Errorf("%v %v: %v", tc.args, tc.env, err)
			continue
		}
		if got := c.botCPU.workers(); got != tc.workers {
			t.Errorf("%v %v: %d bot workers on 8 cores, want %d", tc.args, tc.env, got, tc.workers)
		}
	}
	for _, bad := range []string{"0.5", "0", "0%", "101%", "-2", "half", "%", "50%%"} {
		_, err := parseServe([]string{"-bot-cpu", bad}, env(), &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "-bot-cpu") || !strings.Contains(err.Error(), "like 50%") {
			t.Errorf("-bot-cpu %q: %v, want an error that names the flag and says what it wants", bad, err)
		}
	}
	if _, err := parseServe(nil, env("ARCADE_BOT_CPU", "lots"), &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "ARCADE_BOT_CPU") {
		t.Errorf("a bad ARCADE_BOT_CPU: %v, want an error naming it", err)
	}
}
