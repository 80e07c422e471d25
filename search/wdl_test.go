package search

import (
	"testing"

	"vireo/chess"
)

// The permille values sum to exactly 1000, the win share never falls and
// the loss share never rises as the score grows, a score and its negation
// mirror each other, and mates are certain.
func TestWDLPermille(t *testing.T) {
	for mat := 0; mat <= 80; mat += 2 {
		pw, pl := -1, 1001
		for s := -3000; s <= 3000; s += 7 {
			w, d, l := WDL(s, mat)
			if w+d+l != 1000 || w < 0 || d < 0 || l < 0 {
				t.Fatalf("score %d material %d: %d %d %d", s, mat, w, d, l)
			}
			if w < pw || l > pl {
				t.Fatalf("score %d material %d: win %d after %d, loss %d after %d", s, mat, w, pw, l, pl)
			}
			pw, pl = w, l
			w2, d2, l2 := WDL(-s, mat)
			if w2 != l || l2 != w || d2 != d {
				t.Fatalf("material %d: %d gives %d %d %d, %d gives %d %d %d", mat, s, w, d, l, -s, w2, d2, l2)
			}
		}
		if w, _, _ := WDL(3000, mat); w < 990 {
			t.Errorf("material %d: +3000 wins only %d permille", mat, w)
		}
		if w, _, l := WDL(0, mat); w != l || w > 500 {
			t.Errorf("material %d: score 0 gives win %d loss %d", mat, w, l)
		}
	}
	for _, c := range []struct{ score, w, d, l int }{
		{MateValue - 1, 1000, 0, 0}, {MateInMax, 1000, 0, 0}, {-MateValue + 2, 0, 0, 1000}, {-MateInMax, 0, 0, 1000},
	} {
		if w, d, l := WDL(c.score, 40); w != c.w || d != c.d || l != c.l {
			t.Errorf("mate score %d: %d %d %d", c.score, w, d, l)
		}
	}
}

// Rounding never leaves a negative draw share, even when the model has
// almost no draws.
func TestWDLRounding(t *testing.T) {
	m := WDLModel{A: [4]float64{1}, B: [4]float64{1}}
	for s := -10; s <= 10; s++ {
		w, d, l := m.Permille(s, 40)
		if w+d+l != 1000 || d < 0 {
			t.Errorf("score %d: %d %d %d", s, w, d, l)
		}
	}
}

func TestMaterial(t *testing.T) {
	if m := Material(chess.StartPosition()); m != 78 {
		t.Errorf("start position: %d, want 78", m)
	}
	if m := Material(chess.MustParseFEN("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1")); m != 6 {
		t.Errorf("KRP v K: %d, want 6", m)
	}
}
