package search

import (
	"testing"

	"vireo/chess"
)

// TestCorrectionUpdate checks both update forms: entries move toward the
// error, stay within the limit, and the correction has the error's sign.
func TestCorrectionUpdate(t *testing.T) {
	pos := chess.MustParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	for _, ema := range []int{0, 1} {
		var c Correction
		p := DefaultParams()
		p.CorrPawnW, p.CorrNonPawnW, p.CorrMajorW, p.CorrMinorW, p.CorrContW, p.CorrEMA = 1024, 1024, 1024, 1024, 1024, ema
		s := c.slots(pos, nil, nil)
		if s.amount(&p) != 0 {
			t.Fatalf("ema=%d: fresh tables correct by %d", ema, s.amount(&p))
		}
		for i := 0; i < 200; i++ {
			s.update(&p, 300, 10) // the search keeps finding +300 over the eval
		}
		got := s.amount(&p)
		if got <= 0 {
			t.Errorf("ema=%d: correction %d after positive errors, want > 0", ema, got)
		}
		for _, e := range []*int16{s.pawn, s.nonPawnW, s.nonPawnB, s.major, s.minor} {
			if *e <= 0 || *e > corrLimit {
				t.Errorf("ema=%d: entry %d, want in (0, %d]", ema, *e, corrLimit)
			}
		}
		for i := 0; i < 400; i++ {
			s.update(&p, -300, 10)
		}
		if got := s.amount(&p); got >= 0 {
			t.Errorf("ema=%d: correction %d after negative errors, want < 0", ema, got)
		}
		// A table with weight 0 is neither read nor written.
		p.CorrMajorW = 0
		before := *s.major
		s.update(&p, 300, 10)
		if *s.major != before {
			t.Errorf("ema=%d: a switched-off table changed", ema)
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
