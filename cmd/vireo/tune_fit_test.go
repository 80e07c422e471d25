package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/eval"
)

// TestTuneAdamFitFlags runs the recovery test's command on a small file
// (perturbed start, --ref, a penalty per group, the drift file), a
// penalty search over a two-scale grid, and the flags' refusals.
func TestTuneAdamFitFlags(t *testing.T) {
	data := tuneSample(t, 1500)
	dir := t.TempDir()
	ref, out, drift := filepath.Join(dir, "ref.txt"), filepath.Join(dir, "out.txt"), filepath.Join(dir, "drift.md")
	var b strings.Builder
	if err := eval.WriteParams(&b, eval.Defaults()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ref, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"tune", "adam", "--data", data, "--validation", "0.2", "--block", "100", "--perturb", "0.25+8",
		"--ref", ref, "--penalty", "all=0.25,KingV=1:zero", "--patience", "5", "--epochs", "40", "--drift", drift, "--out", out, "-q"}); code != 0 {
		t.Fatalf("recovery command: exit %d", code)
	}
	md, err := os.ReadFile(drift)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| group |", "| PassedV |", "| term |", "| PP_PASSED_RANK |", "| all |"} {
		if !strings.Contains(string(md), want) {
			t.Fatalf("drift file lacks %q:\n%s", want, md)
		}
	}
	res, err := eval.LoadParams(out)
	if err != nil || *res == *eval.Defaults() {
		t.Fatalf("tuned file: %v (unchanged: %v)", err, err == nil && *res == *eval.Defaults())
	}
	if code := run([]string{"tune", "adam", "--data", data, "--validation", "0.2", "--block", "100", "--group", "PassedV",
		"--penalty-search", "--penalty-grid", "0,5", "--patience", "3", "--epochs", "20", "--out", out, "-q"}); code != 0 {
		t.Fatalf("penalty search: exit %d", code)
	}
	for _, bad := range [][]string{
		{"--perturb", "0.25"},
		{"--perturb", "x+8"},
		{"--perturb", "0.25+8", "--from-zero"},
		{"--penalty", "KingV=-1"},
		{"--penalty-search"}, // without --validation
		{"--penalty-grid", "0,-1", "--validation", "0.2"},
		{"--patience", "-1"},
		{"--penalty-z", "-1"},
		{"--penalty-search", "--validation", "0.2", "--retrace", "5"},
	} {
		args := append([]string{"tune", "adam", "--data", data, "--epochs", "1", "--out", out, "-q"}, bad...)
		if code := run(args); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}
