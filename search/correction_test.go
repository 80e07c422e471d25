package search

import (
	"testing"

	"vireo/chess"
)

// TestCorrectionUpdate checks the update: entries move toward the error,
// stay within the limit, and the correction has the error's sign.
func TestCorrectionUpdate(t *testing.T) {
	pos := chess.MustParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	{
		var c Correction
		p := DefaultParams()
		p.CorrPawnW, p.CorrNonPawnW, p.CorrMajorW, p.CorrMinorW, p.CorrContW = 1024, 1024, 1024, 1024, 1024
		s := c.slots(pos, nil, nil)
		if s.amount(&p) != 0 {
			t.Fatalf("fresh tables correct by %d", s.amount(&p))
		}
		for i := 0; i < 200; i++ {
			s.update(&p, 300, 10) // the search keeps finding +300 over the eval
		}
		got := s.amount(&p)
		if got <= 0 {
			t.Errorf("correction %d after positive errors, want > 0", got)
		}
		for _, e := range []*int16{s.pawn, s.nonPawnW, s.nonPawnB, s.major, s.minor} {
			if *e <= 0 || *e > corrLimit {
				t.Errorf("entry %d, want in (0, %d]", *e, corrLimit)
			}
		}
		for i := 0; i < 400; i++ {
			s.update(&p, -300, 10)
		}
		if got := s.amount(&p); got >= 0 {
			t.Errorf("correction %d after negative errors, want < 0", got)
		}
		// A table with weight 0 is neither read nor written.
		p.CorrMajorW = 0
		before := *s.major
		s.update(&p, 300, 10)
		if *s.major != before {
			t.Errorf("a switched-off table changed")
		}
	}
	if v := corrected(MateInMax-5, 500); v >= MateInMax {
		t.Errorf("corrected eval %d reaches the mate range", v)
	}
}

// TestCorrectionSearch runs searches with every table on: the tables
// learn something and mates are still found.
func TestCorrectionSearch(t *testing.T) {
	s := NewSearcher(16)
	s.Params.CorrPawnW, s.Params.CorrNonPawnW, s.Params.CorrMajorW, s.Params.CorrMinorW, s.Params.CorrContW = 512, 512, 256, 256, 256
	pos := chess.MustParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	res := s.Search(pos, Limits{Depth: 6})
	if res.Score != MateValue-1 {
		t.Errorf("score %d, want mate in 1 (%d)", res.Score, MateValue-1)
	}
	pos = chess.MustParseFEN("r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10")
	s.Search(pos, Limits{Depth: 9})
	nonzero := 0
	for c := range s.workers[0].corr.pawn {
		for _, e := range s.workers[0].corr.pawn[c] {
			if e != 0 {
				nonzero++
			}
		}
	}
	if nonzero == 0 {
		t.Error("a depth-9 search left the pawn correction table empty")
	}
}

// TestLearnsCorrection covers each case in which the correction-history
// tutorial leaves the tables alone, and the cases next to them that do
// update.
func TestLearnsCorrection(t *testing.T) {
	tests := []struct {
		name           string
		inCheck, noisy bool
		bound          Bound
		best, eval     int
		want           bool
	}{
		{"quiet exact", false, false, BoundExact, 40, 10, true},
		{"in check", true, false, BoundExact, 40, 10, false},
		{"capture or promotion best", false, true, BoundExact, 40, 10, false},
		{"upper bound above eval", false, false, BoundUpper, 40, 10, false},
		{"upper bound at eval", false, false, BoundUpper, 10, 10, false},
		{"upper bound below eval", false, false, BoundUpper, -40, 10, true},
		{"lower bound below eval", false, false, BoundLower, -40, 10, false},
		{"lower bound at eval", false, false, BoundLower, 10, 10, false},
		{"lower bound above eval", false, false, BoundLower, 40, 10, true},
		{"mate for", false, false, BoundExact, MateValue - 7, 10, false},
		{"mate against", false, false, BoundExact, -MateValue + 8, 10, false},
		{"edge of the mate range", false, false, BoundExact, MateInMax - 1, 10, true},
	}
	for _, tc := range tests {
		if got := learnsCorrection(tc.inCheck, tc.noisy, tc.bound, tc.best, tc.eval); got != tc.want {
			t.Errorf("%s: learnsCorrection = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestCorrectionSlots checks that the entries a position reads are those
// its keys select, with the keys kept incrementally through a game equal
// to the keys of the same position parsed afresh.
func TestCorrectionSlots(t *testing.T) {
	var c Correction
	pos := chess.MustParseFEN(chess.StartFEN)
	for _, uci := range []string{"e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6", "b1c3", "a7a6", "c1e3", "e7e5", "d4b3", "c8e6", "f2f3", "f8e7", "d1d2", "e8g8", "e1c1"} {
		m, err := pos.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
		fresh := chess.MustParseFEN(pos.FEN())
		stm := fresh.SideToMove()
		s := c.slots(pos, nil, nil)
		if s.pawn != &c.pawn[stm][fresh.PawnKey()%corrSize] ||
			s.nonPawnW != &c.nonPawn[stm][chess.White][fresh.NonPawnKey(chess.White)%corrSize] ||
			s.nonPawnB != &c.nonPawn[stm][chess.Black][fresh.NonPawnKey(chess.Black)%corrSize] ||
			s.major != &c.major[stm][fresh.MajorKey()%corrSize] ||
			s.minor != &c.minor[stm][fresh.MinorKey()%corrSize] {
			t.Fatalf("after %s: slots differ from those of the keys of %s", uci, pos.FEN())
		}
		if s.cont != nil {
			t.Fatalf("no previous moves given, but a continuation slot")
		}
	}
	// The pawn entry is shared by positions with the same pawns and side
	// to move, whatever the pieces; the piece tables tell them apart.
	a := c.slots(chess.MustParseFEN("4k3/pp6/8/8/8/8/PP6/4K2R w - - 0 1"), nil, nil)
	b := c.slots(chess.MustParseFEN("4k3/pp6/8/8/8/8/PP6/4KB2 w - - 0 1"), nil, nil)
	if a.pawn != b.pawn || a.major == b.major || a.minor == b.minor {
		t.Errorf("pawn entry shared %v, major %v, minor %v; want true, false, false", a.pawn == b.pawn, a.major == b.major, a.minor == b.minor)
	}
}
