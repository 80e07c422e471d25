package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/chess"
	"vireo/eval"
)

// "eval --write-params F" writes a file that loads back to the same
// evaluation, replacing F whole and leaving no temporary file; a file it
// cannot write is an error, and the old F stays.
func TestEvalWriteParams(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.txt")
	os.WriteFile(path, []byte("old contents\n"), 0o644)
	if code, stderr := captured(t, &os.Stderr, func() int { return run([]string{"eval", "--write-params", path}) }); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	p, err := eval.LoadParams(path)
	if err != nil {
		t.Fatal(err)
	}
	fen := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := eval.NewWithParams(p).Evaluate(pos), eval.NewWithParams(nil).Evaluate(pos); a != b {
		t.Errorf("written table evaluates %d, the compiled-in one %d", a, b)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(m) != 0 {
		t.Errorf("left over: %v", m)
	}
	bad := filepath.Join(dir, "missing-dir", "p.txt")
	if code, stderr := captured(t, &os.Stderr, func() int { return run([]string{"eval", "--write-params", bad}) }); code != 1 || !strings.Contains(stderr, "missing-dir") {
		t.Errorf("unwritable path: exit %d, %q", code, stderr)
	}
}
