package tune

import (
	"strings"
	"testing"

	"vireo/eval"
)

func TestRescale(t *testing.T) {
	vireo := eval.Score{MG: 72, EG: 103}
	for _, c := range []struct {
		v, from, want eval.Score
	}{
		// A pawn is a pawn in any engine.
		{eval.Score{MG: 105, EG: 118}, eval.Score{MG: 105, EG: 118}, vireo},
		// Ethereal 12's S(10, 20) with its pawn S(105, 118).
		{eval.Score{MG: 10, EG: 20}, eval.Score{MG: 105, EG: 118}, eval.Score{MG: 7, EG: 17}},
		// Negative values round the same way.
		{eval.Score{MG: -64, EG: -213}, eval.Score{MG: 128, EG: 213}, eval.Score{MG: -36, EG: -103}},
		// An anchor without a middlegame pawn gives no middlegame part.
		{eval.Score{MG: 5, EG: 5}, eval.Score{MG: 0, EG: 100}, eval.Score{MG: 0, EG: 5}},
	} {
		if got := Rescale(c.v, c.from, vireo); got != c.want {
			t.Errorf("Rescale(%v, %v) = %v, want %v", c.v, c.from, got, c.want)
		}
	}
	p := eval.Defaults()
	got, err := RescaleFrom("Stockfish11", p, eval.Score{MG: 128, EG: 213})
	if err != nil || len(got) != 1 || got[0] != VireoPawn(p) {
		t.Fatalf("Stockfish 11's pawn in Vireo's units: %v, %v; want %v", got, err, VireoPawn(p))
	}
	if _, err := RescaleFrom("nosuch", p); err == nil || !strings.Contains(err.Error(), "ethereal12") {
		t.Fatalf("unknown anchor: %v", err)
	}
}
