package chess

import (
	"os"
	"testing"
)

// readSharedSuite reads a perft suite of the shared data directory,
// skipping the test (with the reason) where the directory is missing.
func readSharedSuite(t *testing.T, file string) []PerftCase {
	t.Helper()
	f, err := os.Open(sharedDataDir + file)
	if err != nil {
		t.Skipf("suite not available: %v", err)
	}
	defer f.Close()
	cases, err := ReadPerftSuite(f, file)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// checkTree compares GivesCheck with making the move, for every move of a
// small tree, and counts the checks seen.
func checkTree(t *testing.T, p *Position, depth int, checks *int) {
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		want := func() bool { p.MakeMove(m); defer p.UnmakeMove(); return p.InCheck() }()
		if got := p.GivesCheck(m); got != want {
			t.Fatalf("%s: GivesCheck(%v) = %v, want %v", p.FEN(), m, got, want)
		}
		if want {
			*checks++
		}
		if depth > 1 {
			p.MakeMove(m)
			checkTree(t, p, depth-1, checks)
			p.UnmakeMove()
		}
	}
}

func TestGivesCheckMatchesMake(t *testing.T) {
	for _, file := range []string{"perftsuite.epd", "perft960.epd"} {
		cases := readSharedSuite(t, file)
		step := 1
		if testing.Short() {
			step = 8
		}
		checks := 0
		for i := 0; i < len(cases); i += step {
			checkTree(t, MustParseFEN(cases[i].FEN), 3, &checks)
		}
		if checks < 1000 {
			t.Errorf("%s: only %d checking moves seen; the test proves little", file, checks)
		}
		t.Logf("%s: %d checking moves agree", file, checks)
	}
}
