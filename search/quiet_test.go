package search

import (
	"testing"

	"vireo/chess"
	"vireo/eval"
)

func TestQuieterResolvesCaptures(t *testing.T) {
	q := NewQuieter(nil)
	ev := eval.New()
	cases := []struct {
		fen    string
		pvLen  int    // -1: any non-empty
		leafSq string // a square that must be empty or changed at the leaf
	}{
		// A queen hangs to a pawn: the PV must take it.
		{"4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", 1, "e4"},
		// Quiet start position: stand pat, no PV.
		{chess.StartFEN, 0, ""},
		// Exchange on d5 with recapture: an even-length or at least one-move PV.
		{"4k3/8/2n5/3p4/4P3/2N5/8/4K3 w - - 0 1", -1, "e4"},
	}
	for _, c := range cases {
		pos := chess.MustParseFEN(c.fen)
		before := pos.FEN()
		r := q.Search(pos)
		if pos.FEN() != before {
			t.Fatalf("%s: root changed to %s", c.fen, pos.FEN())
		}
		if c.pvLen >= 0 && len(r.PV) != c.pvLen || c.pvLen < 0 && len(r.PV) == 0 {
			t.Errorf("%s: PV %v, want length %d", c.fen, r.PV, c.pvLen)
			continue
		}
		if c.leafSq != "" {
			sq, _ := chess.ParseSquare(c.leafSq)
			if r.Leaf.PieceOn(sq) == pos.PieceOn(sq) {
				t.Errorf("%s: leaf %s still has the piece on %s", c.fen, r.Leaf.FEN(), c.leafSq)
			}
		}
		// The leaf is quiet: searching it again stands pat, and its
		// static eval is the root score with the sign of the mover.
		again := q.Search(r.Leaf)
		if len(again.PV) != 0 {
			t.Errorf("%s: leaf %s is not quiet: PV %v", c.fen, r.Leaf.FEN(), again.PV)
		}
		want := r.Score
		if len(r.PV)%2 == 1 {
			want = -want
		}
		if got := ev.Evaluate(r.Leaf); got != want {
			t.Errorf("%s: leaf eval %d, root score %d, want %d", c.fen, got, r.Score, want)
		}
	}
}

func TestQuieterMate(t *testing.T) {
	// Black is in check and mated: no moves, mate score at the root.
	pos := chess.MustParseFEN("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
	r := NewQuieter(nil).Search(pos)
	if r.Score != -MateValue || len(r.PV) != 0 {
		t.Errorf("mated root: score %d PV %v", r.Score, r.PV)
	}
}
