package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEPDParams: --params scores the suite with the file's evaluation,
// and a file that is missing or malformed stops the run before any
// position is searched instead of scoring the compiled-in evaluation.
func TestEPDParams(t *testing.T) {
	dir := t.TempDir()
	// The queen can take a rook or a knight: the rook is worth more with
	// the compiled-in values, the knight with the file below.
	suite := filepath.Join(dir, "suite.epd")
	writeTestFile(t, suite, "4k2n/r7/8/8/3Q4/8/8/6K1 w - - bm Qxa7; id \"rook\";\n")
	swapped := filepath.Join(dir, "swapped.txt")
	writeTestFile(t, swapped, "[MaterialV]\nPIECE_VALUE = [(80, 100), (900, 900), (330, 330), (100, 100), (1000, 1000)]\nend 1\n")
	bad := filepath.Join(dir, "bad.txt")
	writeTestFile(t, bad, "[MaterialV]\nPIECE_VALUE = [(80, 100), (900\n")
	cut := filepath.Join(dir, "cut.txt") // swapped.txt without its end line
	writeTestFile(t, cut, "[MaterialV]\nPIECE_VALUE = [(80, 100), (900, 900), (330, 330), (100, 100), (1000, 1000)]\n")

	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		solved string
	}{
		{"compiled-in", []string{suite, "--depth", "4", "-q"}, 0, "Solved 1 of 1"},
		{"file", []string{suite, "--depth", "4", "-q", "--params", swapped}, 0, "Solved 0 of 1"},
		{"malformed", []string{suite, "--depth", "4", "--params", bad}, 2, ""},
		{"missing", []string{suite, "--depth", "4", "--params", filepath.Join(dir, "none.txt")}, 2, ""},
		{"cut short", []string{suite, "--depth", "4", "--params", cut}, 2, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out := captured(t, &os.Stdout, func() int { return cmdEPD(tc.args) })
			if code != tc.code {
				t.Fatalf("exit %d, want %d; output:\n%s", code, tc.code, out)
			}
			if tc.solved == "" {
				if out != "" {
					t.Errorf("a rejected parameter file still searched:\n%s", out)
				}
				return
			}
			if !strings.Contains(out, tc.solved) {
				t.Errorf("output %q, want %q", out, tc.solved)
			}
		})
	}
}

func writeTestFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestEPDReadErrors: a suite that cannot be read to its end is an error
// naming the file and line with a non-zero status, never a short count;
// a directory is refused; every skipped line is named with its reason.
func TestEPDReadErrors(t *testing.T) {
	dir := t.TempDir()
	const good = "4k2n/r7/8/8/3Q4/8/8/6K1 w - - bm Qxa7; id \"rook\";\n"
	long := filepath.Join(dir, "long.epd")
	writeTestFile(t, long, good+"4k2n/r7/8/8/3Q4/8/8/6K1 w - - bm Qxa7; id \""+strings.Repeat("x", maxSuiteLine)+"\";\n"+good)
	empty := filepath.Join(dir, "empty.epd")
	writeTestFile(t, empty, "# only a comment\n4k2n/r7/8/8/3Q4/8/8/6K1 w - - id \"no op\";\n")
	skips := filepath.Join(dir, "skips.epd")
	writeTestFile(t, skips, good+"4k2n/r7/8/8/3Q4/8/8/6K1 w - - id \"no op\";\n4k2n/r7/8/8/3Q4/8/8/6K1 w - - bm Qxz9; id \"bad\";\n")
	for _, tc := range []struct {
		name      string
		args      []string
		code      int
		stdout    []string
		stderr    string
		notStdout string
	}{
		// Depth 2 solves the good line; at depth 1 the check Qe3+ looks
		// as good, since quiescence searches two quiet evasions of a
		// check and the block Re7 is not among them.
		{"long line", []string{long, "--depth", "2", "-q"}, 1, []string{"Solved 1 of 1"}, long + ":2: line longer than", ""},
		{"directory", []string{dir, "--depth", "1"}, 2, nil, "is a directory", "Solved"},
		{"skipped lines", []string{skips, "--depth", "2", "-q"}, 0, []string{
			skips + ":2: no bm or am operation (skipped)",
			skips + `:3: bad bm move "Qxz9"`,
			"Solved 1 of 1", "Skipped 2 lines"}, "", ""},
		// A suite that searched nothing passed nothing.
		{"nothing searched", []string{empty, "--depth", "1"}, 1, []string{"Solved 0 of 0"}, "no position with a bm or am operation was searched", ""},
		// Limits out of range are refused, not clamped.
		{"depth -3", []string{skips, "--depth", "-3"}, 2, nil, "--depth wants 0", "Solved"},
		{"depth 500", []string{skips, "--depth", "500"}, 2, nil, "--depth wants 0", "Solved"},
		{"threads 0", []string{skips, "--threads", "0"}, 2, nil, "--threads wants 1 to 256, got 0", "Solved"},
		{"hash 0", []string{skips, "--hash", "0"}, 2, nil, "--hash wants 1 to 65536 MB, got 0", "Solved"},
		// One limit: with two, whichever ends the search first decides.
		{"nodes and depth", []string{skips, "--nodes", "1000", "--depth", "2"}, 2, nil, "three limits: give one", "Solved"},
		{"movetime and depth", []string{skips, "--movetime", "100", "--depth", "2"}, 2, nil, "three limits: give one", "Solved"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := capturedBoth(t, func() int { return cmdEPD(tc.args) })
			if code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			for _, want := range tc.stdout {
				if !strings.Contains(stdout, want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout)
				}
			}
			if tc.notStdout != "" && strings.Contains(stdout, tc.notStdout) {
				t.Errorf("stdout has %q:\n%s", tc.notStdout, stdout)
			}
			if !strings.Contains(stderr, tc.stderr) {
				t.Errorf("stderr %q, want %q", stderr, tc.stderr)
			}
		})
	}
}
