package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// "vireo data pgn a.pgn b.pgn" (OUT left off) must not take b.pgn for the
// output and replace its games with EPD lines; nor may any data command
// write over its own input.
func TestDataOutputIsNotAnInput(t *testing.T) {
	dir := t.TempDir()
	game := "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
	a, b := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte(game), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stderr := captured(t, &os.Stderr, func() int { return run([]string{"data", "pgn", a, b}) })
	if code != 2 || !strings.Contains(stderr, "b.pgn") {
		t.Errorf("data pgn a.pgn b.pgn: exit %d, %q; want 2 naming b.pgn", code, stderr)
	}
	if got, _ := os.ReadFile(b); string(got) != game {
		t.Errorf("b.pgn changed to %q", got)
	}
	epd := filepath.Join(dir, "in.epd")
	line := "4k3/8/8/8/8/8/4P3/4K3 w - - ce 120; c9 \"1/2-1/2\";\n"
	os.WriteFile(epd, []byte(line), 0o644)
	for _, args := range [][]string{
		{"data", "quiet", epd, epd},
		{"data", "quiet", epd, filepath.Join(dir, ".", "in.epd")},
		{"data", "rescore", "-depth", "1", "-nodes", "0", epd, epd},
	} {
		code, stderr := captured(t, &os.Stderr, func() int { return run(args) })
		if code == 0 || !strings.Contains(stderr, "also an input") {
			t.Errorf("%v: exit %d, %q; want a refusal", args, code, stderr)
		}
		if got, _ := os.ReadFile(epd); string(got) != line {
			t.Errorf("%v: the input changed to %q", args, got)
		}
	}
}

// TestDataPGNRanges: filter settings that cannot select anything are
// refused before any file is read.
func TestDataPGNRanges(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.epd")
	for _, c := range []struct{ flag, value, want string }{
		{"-per-game", "0", "-per-game 0: want at least 1"},
		{"-per-game", "-3", "-per-game -3: want at least 1"},
		{"-gap", "-1", "-gap -1, -min-ply"},
		{"-min-ply", "-2", "-min-ply -2: want 0 or more"},
	} {
		code, stderr := captured(t, &os.Stderr, func() int {
			return run([]string{"data", "pgn", c.flag, c.value, filepath.Join(dir, "none.pgn"), out})
		})
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("data pgn %s %s: exit %d, %q; want 2 and %q", c.flag, c.value, code, stderr, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an output was written")
	}
}

// data quiet and data rescore refuse thread counts, hash sizes and
// position counts out of range before they read anything.
func TestDataQuietRescoreRanges(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.epd")
	in := filepath.Join(dir, "none.epd")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"quiet", "-threads", "2000000000"}, "-threads 2000000000: want 0"},
		{[]string{"quiet", "-threads", "-1"}, "-threads -1: want 0"},
		{[]string{"rescore", "-threads", "-4"}, "-threads -4: want 0"},
		{[]string{"rescore", "-hash", "-1"}, "-hash -1: want 1"},
		{[]string{"rescore", "-hash", "100000000"}, "-hash 100000000: want 1"},
		{[]string{"rescore", "-positions", "-5"}, "-positions -5"},
		// Both limits: one would be unused while the state recorded it.
		{[]string{"rescore", "-nodes", "5000", "-depth", "8"}, "not both"},
		{[]string{"rescore", "-depth", "5000"}, "-depth 5000: want 1 to"},
	} {
		code, stderr := captured(t, &os.Stderr, func() int {
			return run(append(append([]string{"data"}, c.args...), in, out))
		})
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("data %v: exit %d, %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an output was written")
	}
}
