package main

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// maxFileLines is the most lines a hand-written source file of rooms or ui
// may have: a newcomer should be able to read one in a sitting.
const maxFileLines = 500

// sourceFiles walks dir (relative to the repository root) and calls fn for
// every non-test Go file that is not generated and not in a test-helper
// package (a folder ending in "test").
func sourceFiles(t *testing.T, dir string, fn func(path string)) {
	t.Helper()
	root := filepath.Join("..", "..", dir)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "testdata" || strings.HasSuffix(d.Name(), "test")):
			return filepath.SkipDir
		case d.IsDir(), !strings.HasSuffix(path, ".go"), strings.HasSuffix(path, "_test.go"):
			return nil
		}
		fn(path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// countLines is a file's line count, and whether it says it is generated.
func countLines(t *testing.T, path string) (lines int, generated bool) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		lines++
		if strings.HasPrefix(sc.Text(), "// Code generated") {
			generated = true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines, generated
}

// imports lists the packages a file imports.
func imports(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestLayout holds the code's shape to what docs/architecture.md promises:
// no file in rooms or ui longer than a sitting's read, views cross the
// cluster's wire through the engine contract (no reflection in rooms), and
// the screens read history through rooms, never the store beneath it.
func TestLayout(t *testing.T) {
	for _, dir := range []string{"rooms", "ui"} {
		sourceFiles(t, dir, func(path string) {
			if n, gen := countLines(t, path); n > maxFileLines && !gen {
				t.Errorf("%s has %d lines (at most %d): split it by job", path, n, maxFileLines)
			}
			for _, im := range imports(t, path) {
				switch {
				case dir == "rooms" && im == "reflect":
					t.Errorf("%s imports reflect: views cross the wire through the engine contract", path)
				case dir == "ui" && (im == "arcade/rooms/store" || strings.HasPrefix(im, "arcade/rooms/store/")):
					t.Errorf("%s imports %s: the screens read history through rooms", path, im)
				}
			}
		})
	}
}

// outside is the folder beside the repository that its documents once
// pointed at (written in two parts so that this file does not match).
const outside = "../" + "shared"

// mdLink is a Markdown link's target.
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocLinks checks that every relative link in the repository's
// Markdown files leads to a file that is there, and that no document or
// source file points outside it: a clone alone has every page its manual
// points at.
func TestDocLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root:
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".md") && !strings.HasSuffix(path, ".go"):
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(text), outside) {
			t.Errorf("%s points at %s, outside the repository", path, outside)
		}
		if !strings.HasSuffix(path, ".md") {
			return nil
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(text), -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(path), target)); err != nil {
				t.Errorf("%s links to %s, which is not in the repository", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
