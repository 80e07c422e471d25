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

// walk calls visit on p and on every position below it to depth plies
// (depth 1: p alone), with each position's legal moves.
func walk(p *Position, depth int, visit func(p *Position, legal []Move)) {
	var ml MoveList
	p.LegalMoves(&ml)
	visit(p, ml.Slice())
	if depth > 1 {
		for _, m := range ml.Slice() {
			p.MakeMove(m)
			walk(p, depth-1, visit)
			p.UnmakeMove()
		}
	}
}

// checkTree compares GivesCheck with making the move, for every move of a
// small tree, and counts the checks seen.
func checkTree(t *testing.T, p *Position, depth int, checks *int) {
	walk(p, depth, func(p *Position, legal []Move) {
		for _, m := range legal {
			want := func() bool { p.MakeMove(m); defer p.UnmakeMove(); return p.InCheck() }()
			if got := p.GivesCheck(m); got != want {
				t.Fatalf("%s: GivesCheck(%v) = %v, want %v", p.FEN(), m, got, want)
			}
			if want {
				*checks++
			}
		}
	})
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
