package data

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestQuietFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.epd")
	lines := []string{
		// White's queen takes a hanging queen: the leaf has Black to move
		// and the score changes sign.
		`4k3/8/8/3q4/8/1Q6/8/4K3 w - - ce 900; c9 "1-0";`,
		// Already quiet: unchanged.
		`4k3/8/8/8/8/8/4P3/4K3 w - - ce 120; c9 "1/2-1/2";`,
		`not a position at all`,
		`4k3/8/8/3q4/8/1Q6/8/4K3 b - - [0.0]`,
		// The game and ply stay, the ply moved on with the position.
		`4k3/8/8/8/8/8/4P3/4K3 w - - ce 120; c9 "1/2-1/2"; game 1.7; ply 12;`,
		`4k3/8/8/3q4/8/1Q6/8/4K3 w - - ce 900; c9 "1-0"; game 1.8; ply 30;`,
	}
	os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	out := filepath.Join(dir, "out.epd")
	var errs strings.Builder
	st, err := QuietFile(in, out, QuietOptions{Threads: 2, Errors: &errs})
	if err != nil {
		t.Fatal(err)
	}
	if st.Read != 6 || st.Bad != 1 || st.Written != 5 || st.Moved != 3 {
		t.Errorf("stats %+v", st)
	}
	if !strings.Contains(errs.String(), in+":3:") {
		t.Errorf("malformed line not reported with file:line: %q", errs.String())
	}
	got, _, err := ReadLabeledFile(out, true)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`4k3/8/8/3Q4/8/8/8/4K3 b - - ce -900; c9 "1-0";`,
		`4k3/8/8/8/8/8/4P3/4K3 w - - ce 120; c9 "1/2-1/2";`,
		`4k3/8/8/8/8/1q6/8/4K3 w - - c9 "0-1";`,
		`4k3/8/8/8/8/8/4P3/4K3 w - - ce 120; c9 "1/2-1/2"; game 1.7; ply 12;`,
		`4k3/8/8/3Q4/8/8/8/4K3 b - - ce -900; c9 "1-0"; game 1.8; ply 31;`,
	}
	for i, l := range got {
		if i < len(want) && FormatLabeled(l) != want[i] {
			t.Errorf("line %d: %s, want %s", i+1, FormatLabeled(l), want[i])
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d lines, want %d", len(got), len(want))
	}
	// No temporary file is left beside the output.
	if _, err := os.Stat(TempName(out)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s left over (%v)", TempName(out), err)
	}
}

// TestQuietSharedLabeled quiets a slice of the team's labelled file and
// checks every output position is quiet and keeps its result.
func TestQuietSharedLabeled(t *testing.T) {
	src := "../../shared/data/labeled/engine-games.epd"
	b, err := os.ReadFile(src)
	if err != nil {
		t.Skip(err)
	}
	lines := strings.SplitN(string(b), "\n", 3001)[:3000]
	dir := t.TempDir()
	in := filepath.Join(dir, "in.epd")
	os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	out := filepath.Join(dir, "out.epd")
	st, err := QuietFile(in, out, QuietOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ins, _, _ := ReadLabeledFile(in, true)
	outs, _, err := ReadLabeledFile(out, true)
	if err != nil {
		t.Fatal(err)
	}
	if st.Written != len(outs) || st.Read != len(ins) || len(outs) < len(ins)-10 || st.Moved == 0 {
		t.Fatalf("stats %+v, %d in, %d out", st, len(ins), len(outs))
	}
	results := map[float64]int{}
	for _, l := range ins {
		results[l.Result]++
	}
	for _, l := range outs {
		results[l.Result]--
	}
	for r, n := range results {
		if n < 0 || n > st.Dropped {
			t.Errorf("result %v: %d more in input than output", r, n)
		}
	}
}

// TestEmptyOutputRefused: an input that gives no position (empty, or in
// another format) is an error, and OUT keeps what it held.
func TestEmptyOutputRefused(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.epd")
	const kept = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 [1.0]\n"
	os.WriteFile(out, []byte(kept), 0o644)
	empty := filepath.Join(dir, "empty.epd")
	os.WriteFile(empty, nil, 0o644)
	pgn := filepath.Join(dir, "games.pgn")
	os.WriteFile(pgn, []byte("[Event \"x\"]\n\n1. e4 e5 1-0\n"), 0o644)
	if _, err := QuietFile(empty, out, QuietOptions{Threads: 1}); err == nil || !strings.Contains(err.Error(), "no position written") {
		t.Errorf("quiet of an empty file: %v", err)
	}
	if _, err := QuietFile(pgn, out, QuietOptions{Threads: 1}); err == nil || !strings.Contains(err.Error(), "no position written") {
		t.Errorf("quiet of a PGN: %v", err)
	}
	if _, err := ImportPGN([]string{empty}, out, DefaultPGNFilter(), nil); err == nil || !strings.Contains(err.Error(), "no position written") {
		t.Errorf("pgn import of an empty file: %v", err)
	}
	if b, _ := os.ReadFile(out); string(b) != kept {
		t.Errorf("OUT was replaced: %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 {
		t.Errorf("the refused runs left %d files, want the 3 there before", len(ents))
	}
}
