package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// usageFlag is a flag's line in serve's usage ("  -max-per-ip number"),
// usageEnv the variable its text names ("(ARCADE_MAX_PER_IP)").
var (
	usageFlag = regexp.MustCompile(`(?m)^  -([a-z-]+)`)
	usageEnv  = regexp.MustCompile(`\((ARCADE_[A-Z_]+)\)`)
	rowFlag   = regexp.MustCompile("`-([a-z-]+)`")
	rowEnv    = regexp.MustCompile("`(ARCADE_[A-Z_]+)`")
)

// TestReadmeListsEveryFlag: the README's table of serve's flags has a row
// for every flag serve takes, with the environment variable the flag
// reads, and no row for a flag serve does not take.
func TestReadmeListsEveryFlag(t *testing.T) {
	var usage bytes.Buffer
	parseServe([]string{"-h"}, func(string) string { return "" }, &usage)
	// Each flag and the variable named in its text, up to the next flag.
	want := map[string]string{}
	text := usage.String()
	locs := usageFlag.FindAllStringSubmatchIndex(text, -1)
	for i, l := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		env := usageEnv.FindStringSubmatch(text[l[0]:end])
		if env == nil {
			t.Errorf("-%s's usage names no environment variable", text[l[2]:l[3]])
			continue
		}
		want[text[l[2]:l[3]]] = env[1]
	}
	if len(want) < 30 {
		t.Fatalf("found %d flags in serve's usage:\n%s", len(want), text)
	}

	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for line := range strings.SplitSeq(string(readme), "\n") {
		if !strings.HasPrefix(line, "| `-") {
			continue
		}
		cells := strings.Split(line, "|")
		flags, envs := rowFlag.FindAllStringSubmatch(cells[1], -1), rowEnv.FindAllStringSubmatch(cells[2], -1)
		if len(flags) != len(envs) {
			t.Errorf("README row %q: %d flags, %d variables", line, len(flags), len(envs))
			continue
		}
		for i, f := range flags {
			got[f[1]] = envs[i][1]
		}
	}
	for f, env := range want {
		if got[f] != env {
			t.Errorf("the README's flag table has -%s as %q, want a row with %s", f, got[f], env)
		}
	}
	for f := range got {
		if _, ok := want[f]; !ok {
			t.Errorf("the README's flag table lists -%s, which serve does not take", f)
		}
	}
}
