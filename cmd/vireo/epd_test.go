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
	writeTestFile(t, swapped, "[MaterialV]\nPIECE_VALUE = [(80, 100), (900, 900), (330, 330), (100, 100), (1000, 1000)]\n")
	bad := filepath.Join(dir, "bad.txt")
	writeTestFile(t, bad, "[MaterialV]\nPIECE_VALUE = [(80, 100), (900\n")

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
