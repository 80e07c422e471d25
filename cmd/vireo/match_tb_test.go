package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/match"
)

// TestParseMatchTablebase checks -tb, -tbpieces and -tbignore50, in any
// order, and their errors.
func TestParseMatchTablebase(t *testing.T) {
	two := []string{"-engine", "cmd=/bin/sh", "name=A", "-engine", "cmd=/bin/sh", "name=B", "-each", "tc=1+0.01"}
	cases := []struct {
		name  string
		extra []string
		want  *match.TablebaseRule
		err   string
	}{
		{"off by default", nil, nil, ""},
		{"one directory", []string{"-tb", "/tables"}, &match.TablebaseRule{Paths: "/tables"}, ""},
		{"all options", []string{"-tb", "/a:/b", "-tbpieces", "4", "-tbignore50"},
			&match.TablebaseRule{Paths: "/a:/b", Pieces: 4, Ignore50: true}, ""},
		{"options before -tb", []string{"-tbignore50", "-tbpieces", "5", "-tb", "file=/t"},
			&match.TablebaseRule{Paths: "/t", Pieces: 5, Ignore50: true}, ""},
		{"-tbpieces not a number", []string{"-tb", "/t", "-tbpieces", "x"}, nil, "-tbpieces wants a whole number from 3 to 7"},
		{"-tbpieces too large", []string{"-tb", "/t", "-tbpieces", "8"}, nil, "-tbpieces wants a whole number from 3 to 7"},
		{"-tbpieces without -tb", []string{"-tbpieces", "4"}, nil, "-tbpieces needs -tb DIR"},
		{"-tbignore50 without -tb", []string{"-tbignore50"}, nil, "-tbignore50 needs -tb DIR"},
		{"-tbignore50 with a value", []string{"-tb", "/t", "-tbignore50", "yes"}, nil, "-tbignore50 takes no value"},
		{"-tb without a directory", []string{"-tb"}, nil, "-tb wants one value"},
		{"-tb with an empty directory", []string{"-tb", ""}, nil, "needs a directory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := parseMatchArgs(append(append([]string{}, two...), c.extra...))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case c.want == nil && cfg.Tablebase != nil:
				t.Errorf("tablebase rule %+v, want none", *cfg.Tablebase)
			case c.want != nil && (cfg.Tablebase == nil || *cfg.Tablebase != *c.want):
				t.Errorf("tablebase rule %+v, want %+v", cfg.Tablebase, *c.want)
			}
		})
	}
}

// TestMatchMissingTablebases checks that "vireo match -tb" with no tables
// at the path fails at once, naming the path, rather than playing the
// match without adjudication.
func TestMatchMissingTablebases(t *testing.T) {
	for _, dir := range []string{"/no/such/dir", t.TempDir()} {
		code, msg := captured(t, &os.Stderr, func() int {
			return cmdMatch([]string{"-engine", "cmd=/bin/sh", "name=A", "-engine", "cmd=/bin/sh", "name=B",
				"-each", "tc=1+0.01", "-tb", dir})
		})
		if code != 1 || !strings.Contains(msg, dir) {
			t.Errorf("-tb %s: exit %d, stderr %q; want 1 and a message naming the path", dir, code, msg)
		}
	}
}

// TestMatchRefusedOption checks that a match whose engine refuses one of
// its options (here Vireo with an EvalFile that does not exist) stops
// before the first game, naming the engine and the refusal, instead of
// playing games with other settings than the ones asked for.
func TestMatchRefusedOption(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	engine := filepath.Join(dir, "vireo.sh")
	script := "#!/bin/sh\nVIREO_RUN_MAIN=1 exec " + exe + "\n"
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	// EvalFile, SyzygyPath and BookFile: each refusal stops the match.
	for i, opt := range []string{"EvalFile=/no/such/weights.txt", "SyzygyPath=/no/such/tables", "BookFile=/no/such/book.bin"} {
		pgn := filepath.Join(dir, fmt.Sprintf("games%d.pgn", i))
		code, msg := captured(t, &os.Stderr, func() int {
			return cmdMatch([]string{"-engine", "cmd=" + engine, "name=Good", "-engine", "cmd=" + engine, "name=Broken",
				"option." + opt, "-each", "nodes=1000", "-rounds", "1", "-pgnout", pgn})
		})
		file := opt[strings.IndexByte(opt, '=')+1:]
		if code == 0 || !strings.Contains(msg, "Broken") || !strings.Contains(msg, file) {
			t.Errorf("%s: exit %d, stderr %q; want a failure naming the engine and the file", opt, code, msg)
		}
		if b, err := os.ReadFile(pgn); err == nil && strings.Contains(string(b), "[Result") {
			t.Errorf("%s: a game was played:\n%s", opt, b)
		}
	}
}
