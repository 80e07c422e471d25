package chess

import "testing"

// legalTree checks IsLegal against the generator for every 16-bit move
// code in every position of a small tree, and counts the legal moves.
func legalTree(t *testing.T, p *Position, depth int, accepted *int) {
	walk(p, depth, func(p *Position, moves []Move) {
		// The checkers kept by MakeMove (checkersBy) against the attack
		// lookups of AttackersTo.
		if want := p.AttackersTo(p.KingSquare(p.side), p.byType[0]) & p.byColor[p.side.Other()]; p.Checkers() != want {
			t.Fatalf("%s: checkers %#x, want %#x", p.FEN(), uint64(p.Checkers()), uint64(want))
		}
		legal := make(map[Move]bool, len(moves))
		for _, m := range moves {
			legal[m] = true
		}
		for c := 0; c < 1<<16; c++ {
			m := Move(c)
			if got := p.IsLegal(m); got != legal[m] {
				t.Fatalf("%s: IsLegal(%v, code %#04x) = %v, the generator says %v", p.FEN(), m, c, got, legal[m])
			}
		}
		*accepted += len(moves)
	})
}

// TestIsLegalMatchesGenerator holds IsLegal, whose plain piece moves are
// decided without generating (pieceMoveLegal), to the generator's list
// (and the checkers MakeMove keeps to AttackersTo's):
// every code, including the ones with stray bits that a damaged table
// entry could hold, in the suites' positions and their children (checks,
// double checks, pins, Chess960 castling, en passant).
func TestIsLegalMatchesGenerator(t *testing.T) {
	for _, file := range []string{"perftsuite.epd", "perft960.epd"} {
		cases := readSharedSuite(t, file)
		// Sixteen positions spread over the suite, each with its children:
		// every code of about 500 positions.
		depth, want := 2, 2000
		if testing.Short() {
			depth, want = 1, 200
		}
		step := max(len(cases)/16, 1)
		accepted := 0
		for i := 0; i < len(cases); i += step {
			p := MustParseFEN(cases[i].FEN)
			p.SetChess960(file == "perft960.epd")
			legalTree(t, p, depth, &accepted)
		}
		if accepted < want {
			t.Errorf("%s: only %d legal moves checked; the test proves little", file, accepted)
		}
		t.Logf("%s: %d legal moves and every other code agree", file, accepted)
	}
}
