package tune

import (
	"math"
	"strings"
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

func TestPerturbAndDistance(t *testing.T) {
	p := eval.Defaults()
	q := Perturb(p, 0.25, 8, 1)
	a, b := VectorOf(p), VectorOf(q)
	pieces := pieceValues()
	for i := range a {
		want := 0.0
		if Tunable(i) && !pieces[i] {
			want = 0.25*math.Abs(a[i]) + 8 // then rounded
		}
		if got := math.Abs(b[i] - a[i]); math.Abs(got-want) > 0.5 {
			t.Fatalf("value %d (%s) moved by %g, want %g", i, GroupOf(i), got, want)
		}
	}
	if d, _ := Distance(p, p, nil); d != 0 {
		t.Fatalf("distance to itself %g", d)
	}
	if d, m := Distance(p, q, nil); d < 8 || m < 8 {
		t.Fatalf("distance to the perturbed table %.2f (max %.0f)", d, m)
	}
	// Masked: only PassedV moves, and by the same amounts.
	mask := TunableMask(eval.PassedV)
	m := VectorOf(PerturbMasked(p, 0.25, 8, 1, mask))
	for i := range m {
		if mask[i] != (m[i] != a[i]) {
			t.Fatalf("value %d (%s): masked %v, moved %v", i, GroupOf(i), mask[i], m[i] != a[i])
		}
	}
}

// TestDriftTables moves two values and checks the rows of their term,
// their group and the whole table.
func TestDriftTables(t *testing.T) {
	from := eval.Defaults()
	to := *from
	var pp eval.Term
	for _, term := range eval.Terms() {
		if term.Name == "PP_PASSED_RANK" {
			pp = term
		}
	}
	to.Pairs[pp.Index+2].EG += 6
	to.Pairs[pp.Index].MG -= 2
	terms, groups := DriftTables(from, &to)
	var row Drift
	for _, d := range terms {
		if d.Name == "PP_PASSED_RANK" {
			row = d
		} else if d.Moved != 0 {
			t.Fatalf("term %s moved", d.Name)
		}
	}
	if row.Values != 12 || row.Moved != 2 || row.Max != 6 || row.MaxAt != "PP_PASSED_RANK[2] eg" || math.Abs(row.Mean-8.0/12) > 1e-12 {
		t.Fatalf("PP_PASSED_RANK row %+v", row)
	}
	g := groups[eval.PassedV]
	all := groups[eval.NumGroups]
	if g.Name != "PassedV" || g.Moved != 2 || g.Max != 6 || all.Name != "all" || all.Moved != 2 || all.Values != CountMask(nil) {
		t.Fatalf("group row %+v, all %+v", g, all)
	}
	md := FormatDrift("group", groups)
	if !strings.Contains(md, "| PassedV | ") || !strings.Contains(md, "PP_PASSED_RANK[2] eg") {
		t.Fatalf("table:\n%s", md)
	}
}
