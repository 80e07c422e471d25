package match

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestClockUseScript: scripts/clock-use.py, whose shares of the clock go
// into the docs and the Elo log, counts every timed move of the PGN this
// runner writes, the last one too (its comment also carries the game's
// ending). Python 3 is installed by .ci/run.
func TestClockUseScript(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3, which the measurement scripts need: %v", err)
	}
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	lim := Limits{TC: mustTC(t, "10+0.1")}
	if _, err := Run(context.Background(), context.Background(), Config{
		Engines: []EngineConfig{fakeConfig(t, "A", "", lim), fakeConfig(t, "B", "", lim)},
		Rounds:  1, Games: 2, Concurrency: 1, MaxMoves: 6, PGNOut: pgn, Out: &syncBuffer{},
	}); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, filepath.Join("..", "scripts", "clock-use.py"), pgn).CombinedOutput()
	if err != nil {
		t.Fatalf("clock-use.py: %v\n%s", err, out)
	}
	// Two games of six moves a side, to the move limit: 12 timed moves each.
	rows := 0
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) >= 3 && (f[0] == "A" || f[0] == "B") && f[1] == "2" {
			rows++
			if f[2] != "12" {
				t.Errorf("%s: %s timed moves, want 12:\n%s", f[0], f[2], out)
			}
		}
	}
	if rows != 2 {
		t.Errorf("want a row for A and for B:\n%s", out)
	}
}
