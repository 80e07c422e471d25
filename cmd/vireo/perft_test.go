package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPerftSuiteCommand: a suite run checks what its lines give and says
// so; a suite with no count to check, a depth given twice or a
// --max-depth out of range is an error, never a pass.
func TestPerftSuiteCommand(t *testing.T) {
	dir := t.TempDir()
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	good := filepath.Join(dir, "good.epd")
	writeTestFile(t, good, start+" ;D1 20 ;D2 400\n")
	bare := filepath.Join(dir, "bare.epd")
	writeTestFile(t, bare, start+"\n")
	deep := filepath.Join(dir, "deep.epd")
	writeTestFile(t, deep, start+" ;D2 400\n")
	twice := filepath.Join(dir, "twice.epd")
	writeTestFile(t, twice, start+" ;D1 20 ;D1 21\n")
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"good", []string{"--suite", good}, 0, "2 counts checked, 0 mismatches", ""},
		{"good to depth 1", []string{"--suite", good, "--max-depth", "1"}, 0, "1 counts checked, 0 mismatches", ""},
		{"a line without counts", []string{"--suite", bare}, 2, "", bare + ":1: no depth counts"},
		{"no count within max-depth", []string{"--suite", deep, "--max-depth", "1"}, 1, "0 counts checked", deep + ": no count was checked"},
		{"max-depth without a suite", []string{"3", "--max-depth", "2"}, 2, "", "--max-depth goes with --suite"},
		{"chess960 with a suite", []string{"--suite", good, "--chess960"}, 2, "", "--suite prints none"},
		{"depth twice", []string{"--suite", twice}, 2, "", twice + ":1: depth 1 given twice"},
		{"max-depth -1", []string{"--suite", good, "--max-depth", "-1"}, 2, "", "--max-depth wants 0 (every depth) or 1 to 20, got -1"},
		{"profile over the suite", []string{"--suite", good, "--cpuprofile", good}, 2, "", "output " + good + " is also an input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := capturedBoth(t, func() int { return cmdPerft(tc.args) })
			if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", code, stdout, stderr, tc.code, tc.stdout, tc.stderr)
			}
		})
	}
	if b, err := os.ReadFile(good); err != nil || !strings.HasPrefix(string(b), start) {
		t.Errorf("the suite after the runs: %q, %v", b, err)
	}
}
