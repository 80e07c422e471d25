package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/eval"
)

// tuneSample writes the first n lines of the shared labelled file, with
// a malformed line in the middle, to a temporary file.
func tuneSample(t *testing.T, n int) string {
	t.Helper()
	f, err := os.Open("../../../shared/data/labeled/engine-games.epd")
	if err != nil {
		t.Skipf("no labelled positions: %v", err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(lines) < n {
		lines = append(lines, sc.Text())
		if len(lines) == n/2 {
			lines = append(lines, "not a position")
		}
	}
	path := filepath.Join(t.TempDir(), "sample.epd")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTuneCommands runs the subcommands end to end on a small file: a
// malformed line is skipped (and stops a --strict run), an Adam tune
// (re-tracing the data twice) writes a parameter file and a plot, a
// second tune resumes from that file, and coordinate descent and
// importance run.
func TestTuneCommands(t *testing.T) {
	data := tuneSample(t, 1500)
	dir := t.TempDir()
	out, plot := filepath.Join(dir, "tuned.txt"), filepath.Join(dir, "err.png")
	if code := run([]string{"tune", "error", "--data", data, "--strict"}); code != 1 {
		t.Fatalf("strict run over a malformed line: exit %d, want 1", code)
	}
	if code := run([]string{"tune", "error", "--data", data, "--passes", "2", "-q"}); code != 0 {
		t.Fatalf("tune error: exit %d", code)
	}
	if code := run([]string{"tune", "adam", "--data", data, "--validation", "0.2", "--block", "100", "--from-zero",
		"--epochs", "30", "--retrace", "10", "--out", out, "--plot", plot, "-q"}); code != 0 {
		t.Fatalf("tune adam: exit %d", code)
	}
	first, err := eval.LoadParams(out)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(plot); err != nil || st.Size() == 0 {
		t.Fatalf("plot: %v", err)
	}
	if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o644 {
		t.Fatalf("parameter file: %v, mode %v, want 0644", err, st.Mode().Perm())
	}
	if code := run([]string{"tune", "adam", "--data", data, "--params", out, "--epochs", "5", "--out", out, "-q"}); code != 0 {
		t.Fatalf("resumed tune adam: exit %d", code)
	}
	second, err := eval.LoadParams(out)
	if err != nil {
		t.Fatal(err)
	}
	if *first == *second || *first == *eval.Defaults() {
		t.Fatal("the tunes did not change the parameters")
	}
	if code := run([]string{"tune", "coord", "--data", data, "--group", "ScaleV", "--out", out, "-q"}); code != 0 {
		t.Fatalf("tune coord: exit %d", code)
	}
	if code := run([]string{"tune", "importance", "--data", data, "--group", "PassedV"}); code != 0 {
		t.Fatalf("tune importance: exit %d", code)
	}
	if code := run([]string{"tune", "adam", "--data", data, "--group", "NoSuchGroup"}); code != 1 {
		t.Fatalf("unknown group: exit %d, want 1", code)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	if len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}
