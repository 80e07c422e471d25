package chess

import (
	"strings"
	"testing"
)

// What FEN prints, ParseFEN accepts, however many moves were played:
// counters past ParseFEN's bounds are printed at them.
func TestFENCountersPastBounds(t *testing.T) {
	p := StartPosition()
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for i := 0; i < 2*maxFullmoveFEN+8; i++ {
		m, err := p.ParseUCI(shuffle[i%4])
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	if p.HalfmoveClock() <= maxHalfmoveFEN || p.FullmoveNumber() <= maxFullmoveFEN {
		t.Fatalf("counters %d %d not past the bounds", p.HalfmoveClock(), p.FullmoveNumber())
	}
	fen := p.FEN()
	q, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(FEN()) = %v for %q", err, fen)
	}
	if q.FEN() != fen || q.Key() != p.Key() {
		t.Errorf("round trip: %q, key %x; want %q, key %x", q.FEN(), q.Key(), fen, p.Key())
	}
	if !strings.HasSuffix(fen, " 10000 100000") {
		t.Errorf("FEN %q should end with the bounds", fen)
	}
}

func TestCheckStandardCastling(t *testing.T) {
	for _, tc := range []struct{ fen, err string }{
		{StartFEN, ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1", ""},
		{"4k3/8/8/8/8/8/8/3K3R w K - 0 1", "white king-side right has the king on d1 and the rook on h1"},
		{"4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", "white queen-side right has the king on d1"},
		{"4k1r1/8/8/8/8/8/8/4K3 w k - 0 1", "black king-side right has the king on e8 and the rook on g8"},
	} {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.fen, err)
		}
		err = p.CheckStandardCastling()
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.fen, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one with %q", tc.fen, err, tc.err)
		}
	}
}
