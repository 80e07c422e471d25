package chess

import "testing"

// Each case gives the exchange's exact value under SEEValue, worked out by
// hand; the test checks that value passes as a threshold and value+1 fails.
func TestSEE(t *testing.T) {
	tests := []struct {
		name, fen, move string
		value           int
	}{
		{"undefended pawn", "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
		// NxP, NxN, RxN, BxR, QxB, QxQ: best for White is to stop after NxP
		// and lose the knight for a pawn.
		{"x-ray battery", "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", 100 - 320},
		{"quiet move to attacked square", "4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1", "e4c5", -320},
		{"quiet move to safe square", "4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1", "e4f6", 0},
		{"equal trade", "4k3/8/3n4/8/4N3/8/8/4K3 w - - 0 1", "e4d6", 320},
		{"defended knight by queen", "4k3/2p5/3n4/8/8/8/3Q4/4K3 w - - 0 1", "d2d6", 320 - 950},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
		{"en passant recaptured", "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0},
		{"promotion", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 950 - 100},
		{"promotion recaptured", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 950 - 100 - 950},
		{"capture promotion", "r2qk3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", 500 + 950 - 100 - 950},
		{"king cannot recapture defended square", "4k3/8/8/3q4/4K3/8/8/3R4 w - - 0 1", "e4d5", 950},
		{"king recapture", "8/8/8/3pk3/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500},
		// The black knight on d7 is pinned to its king by the rook on a7, so it
		// cannot recapture on e5, so RxP wins a pawn.
		{"pinned defender ignored", "8/R2n3k/8/4p3/8/8/8/4R1K1 w - - 0 1", "e1e5", 100},
		{"castling", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1", 0},
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		m, err := p.ParseUCI(tc.move)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !p.SEE(m, tc.value) {
			t.Errorf("%s: SEE(%s, %d) = false, want true", tc.name, tc.move, tc.value)
		}
		if p.SEE(m, tc.value+1) {
			t.Errorf("%s: SEE(%s, %d) = true, want false", tc.name, tc.move, tc.value+1)
		}
	}
}

// seeMonotoneTree checks, for every legal move of a small tree, that SEE
// is monotone in its threshold: once an exchange fails a threshold it
// fails every higher one. The search relies on it (a move known to pass
// SEE(m, 0) passes every threshold below 0 without another exchange).
func seeMonotoneTree(t *testing.T, p *Position, depth int, moves *int) {
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		last := true
		for th := -1500; th <= 1500; th += 25 {
			got := p.SEE(m, th)
			if got && !last {
				t.Fatalf("%s: SEE(%v, %d) = true after false at %d", p.FEN(), m, th, th-25)
			}
			last = got
		}
		*moves++
		if depth > 1 {
			p.MakeMove(m)
			seeMonotoneTree(t, p, depth-1, moves)
			p.UnmakeMove()
		}
	}
}

func TestSEEMonotone(t *testing.T) {
	cases := readSharedSuite(t, "perftsuite.epd")
	step, want := 1, 15000
	if testing.Short() {
		step, want = 8, 2000
	}
	moves := 0
	for i := 0; i < len(cases); i += step {
		seeMonotoneTree(t, MustParseFEN(cases[i].FEN), 2, &moves)
	}
	if moves < want {
		t.Errorf("only %d moves checked; the test proves little", moves)
	}
	t.Logf("%d moves: SEE monotone in its threshold", moves)
}
