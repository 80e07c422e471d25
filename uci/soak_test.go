package uci

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"
)

// randChooser draws from a seeded generator.
type randChooser struct{ r *rand.Rand }

func (c randChooser) intn(n int) int {
	if n <= 1 {
		return 0
	}
	return c.r.IntN(n)
}

// TestSoak drives a Threads 2 engine through VIREO_SOAK random GUI-like
// commands (gui_test.go) and checks every answer: no hang, no lost or
// extra bestmove, no illegal move. It is not part of the default run:
//
//	VIREO_SOAK=10000 go test -run Soak -v -timeout 2h ./uci/
//
// VIREO_SOAK_SEED repeats a run (the seed is logged); VIREO_SOAK_BIN=path
// drives that program (a release build) instead of an engine in this
// process.
func TestSoak(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("VIREO_SOAK"))
	if err != nil || n <= 0 {
		t.Skip("set VIREO_SOAK to the number of commands to run (docs/testing.md)")
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("VIREO_SOAK_SEED"); s != "" {
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("VIREO_SOAK_SEED: %v", err)
		}
	}
	bin := os.Getenv("VIREO_SOAK_BIN")
	t.Logf("seed %d, %d commands, engine %s", seed, n, map[bool]string{true: "in process", false: bin}[bin == ""])
	r := randChooser{rand.New(rand.NewPCG(seed, 0x5eed))}
	start := time.Now()
	g := startGUI(r, soakScale, bin, func(msg string) { t.Fatalf("seed %d: %s", seed, msg) },
		"uci", "setoption name Threads value 2", "setoption name Hash value 16")
	for next := 1000; g.sent < n; {
		g.step()
		if g.sent >= next {
			next += 1000
			t.Logf("%d commands, %d searches, %d bestmoves, %v", g.sent, g.started, g.received, time.Since(start).Round(time.Second))
		}
	}
	g.finish()
	t.Logf("done: %d commands, %d searches, %d bestmoves (each legal, one per search), %v", g.sent, g.started, g.received, time.Since(start).Round(time.Second))
}
