package tune

import (
	"testing"

	"vireo/eval"
)

func TestSignFlips(t *testing.T) {
	from := eval.Defaults()
	to := *from
	var bp, tempo eval.Term
	for _, term := range eval.Terms() {
		switch term.Name {
		case "BISHOP_PAIR":
			bp = term
		case "TEMPO":
			tempo = term
		}
	}
	if bp.Name == "" || tempo.Name == "" {
		t.Fatal("BISHOP_PAIR or TEMPO not in the table")
	}
	// BISHOP_PAIR's endgame half reversed; TEMPO's middlegame half set
	// to zero (no flip: a zero has no sign).
	to.Pairs[bp.Index].EG = -from.Pairs[bp.Index].EG
	to.Pairs[tempo.Index].MG = 0
	flips := SignFlips(from, &to)
	if len(flips) != 1 || flips[0].Name != "BISHOP_PAIR eg" || flips[0].To != -flips[0].From {
		t.Fatalf("flips %+v, want BISHOP_PAIR eg alone", flips)
	}
	if got := SignFlips(from, from); len(got) != 0 {
		t.Fatalf("no change, flips %+v", got)
	}
}

func TestAutoL2(t *testing.T) {
	for _, c := range []struct {
		n    int
		want float64
	}{{0, 0}, {250_000, 1e-6}, {1_000_000, 2.5e-7}} {
		if got := AutoL2(c.n); got != c.want {
			t.Errorf("AutoL2(%d) = %g, want %g", c.n, got, c.want)
		}
	}
}
