package tune

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"vireo/eval"
)

func TestParsePenalty(t *testing.T) {
	p, err := ParsePenalty("all=0.25, KingV=2.5:zero,pawnv=0:start", Penalty{N: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if p.Scale[eval.MaterialV] != 0.25 || p.ToZero[eval.MaterialV] || p.Scale[eval.KingV] != 2.5 || !p.ToZero[eval.KingV] ||
		p.Scale[eval.PawnV] != 0 || p.ToZero[eval.PawnV] || p.N != 1000 {
		t.Fatalf("parsed %s", p.String())
	}
	// String reads back as the same penalty.
	q, err := ParsePenalty(p.String(), Penalty{N: 1000})
	if err != nil || q.Scale != p.Scale || q.ToZero != p.ToZero {
		t.Fatalf("%s read back as %s (%v)", p.String(), q.String(), err)
	}
	for _, bad := range []string{"KingV", "KingV=x", "KingV=-1", "NoGroup=1", "KingV=1:nowhere", "all=NaN"} {
		if _, err := ParsePenalty(bad, Penalty{}); err == nil || !strings.Contains(err.Error(), "penalty") {
			t.Errorf("%q: error %v, want one naming the penalty", bad, err)
		}
	}
}

// TestPenaltyExpand checks the strength and centre per value: a group
// towards zero has centre 0 (but for the piece values), the others their
// origin, and the strength is the scale over the training positions.
func TestPenaltyExpand(t *testing.T) {
	p, _ := ParsePenalty("all=1,PassedV=4:zero,MaterialV=2:zero", Penalty{N: 200})
	start := VectorOf(eval.Defaults())
	strength, centre := p.Expand(start)
	pieces := pieceValues()
	for i := range strength {
		want, wantC := 1.0/200, start[i]
		switch {
		case GroupOf(i) == eval.PassedV:
			want, wantC = 4.0/200, 0
		case GroupOf(i) == eval.MaterialV:
			want, wantC = 2.0/200, 0
			if pieces[i] {
				wantC = start[i] // piece values keep their start
			}
		}
		if strength[i] != want || centre[i] != wantC {
			t.Fatalf("value %d (%s): strength %g centre %g, want %g, %g", i, GroupOf(i), strength[i], centre[i], want, wantC)
		}
	}
}

// TestAdamPenaltyHolds checks that a strong pull holds a group where it
// is pulled to while the rest moves: towards the start it stays at its
// start, towards zero it shrinks.
func TestAdamPenaltyHolds(t *testing.T) {
	d := sample(t, 2000, nil)
	k, _ := d.FitK(eval.Defaults(), 2)
	start := Perturb(eval.Defaults(), 0.25, 8, 3)
	run := func(spec string) Vector {
		p, err := ParsePenalty(spec, Penalty{N: d.Len()})
		if err != nil {
			t.Fatal(err)
		}
		opt := DefaultAdam(k)
		opt.MaxEpochs, opt.Window, opt.Workers, opt.Penalty = 40, 0, 2, &p
		w, _, err := Adam(d, nil, VectorOf(start), opt)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	mask := TunableMask(eval.PassedV)
	rest := TunableMask()
	for i := range rest {
		rest[i] = rest[i] && !mask[i]
	}
	held := run("all=0,PassedV=1e6").Params()
	if d, _ := Distance(held, start, mask); d > 0.05 {
		t.Errorf("PassedV pulled to its start moved by %.3f on average", d)
	}
	if d, _ := Distance(held, start, rest); d < 1 {
		t.Errorf("the unpenalised groups moved by %.3f on average, want more", d)
	}
	zeroed := run("all=0,PassedV=1e6:zero").Params()
	zero := &eval.Params{}
	d0, _ := Distance(start, zero, mask)
	if d, _ := Distance(zeroed, zero, mask); d > 0.25*d0 {
		t.Errorf("PassedV pulled to zero is %.2f from it on average, %.2f at the start", d, d0)
	}
}

// TestSearchPenalty runs a small search and checks its bookkeeping: the
// first stage tries every grid scale for all groups, every later trial
// is one group's, the chosen penalty's table is the best trial's and no
// worse than the best first-stage trial, and the trials kept are marked.
func TestSearchPenalty(t *testing.T) {
	if _, err := ParseGroup("KingV"); err != nil {
		t.Fatal(err)
	}
	train, valid, _, err := Load(LoadOptions{Files: []string{epdPath}, Limit: 3000, Validation: 0.25, Block: 256, Strict: true, Workers: 2})
	if err != nil {
		t.Skipf("no labelled positions (%s): %v", epdPath, err)
	}
	k, _ := train.FitK(eval.Defaults(), 2)
	start := VectorOf(Perturb(eval.Defaults(), 0.25, 8, 2))
	opt := DefaultAdam(k)
	opt.Patience, opt.MaxEpochs, opt.Workers = 5, 60, 2
	opt.Mask = TunableMask(eval.PassedV, eval.PawnV)
	calls := 0
	pen, w, trials, err := SearchPenalty(train, valid, start, PenaltySearch{Grid: []float64{0, 25}, Zero: true, Adam: opt,
		OnTrial: func(Trial, *Penalty, Vector) bool { calls++; return true }})
	if err != nil {
		t.Fatal(err)
	}
	// 2 first-stage trials, then per group (PawnV, PassedV) the current
	// setting and the others: {0, 25, 25 towards zero} less the current.
	if len(trials) != 2+2*3 || calls != len(trials) {
		t.Fatalf("%d trials, %d callbacks:\n%s", len(trials), calls, FormatTrials(trials))
	}
	first := math.Min(trials[0].Valid, trials[1].Valid)
	got := valid.Error(w.Params(), k, 2)
	if got > first {
		t.Errorf("chosen table's validation error %.6f, the best first-stage trial's %.6f", got, first)
	}
	kept, min := 0, math.Inf(1)
	for _, tr := range trials {
		if tr.Kept {
			kept++
		}
		min = math.Min(min, tr.Valid)
		if tr.Group != eval.NumGroups && tr.Group != eval.PawnV && tr.Group != eval.PassedV {
			t.Errorf("a trial of %s, which the mask leaves out", tr.Group)
		}
	}
	if kept == 0 || got != min {
		t.Errorf("%d trials kept; chosen error %.6f, best trial %.6f\n%s", kept, got, min, FormatTrials(trials))
	}
	if pen.N != train.Len() {
		t.Errorf("penalty for %d positions, training set %d", pen.N, train.Len())
	}
	if _, _, _, err := SearchPenalty(train, nil, start, PenaltySearch{Adam: opt}); err == nil {
		t.Error("a search without a validation set ran")
	}
}

// TestPairedGain checks the paired difference: none between a table and
// itself, and the compiled-in table clearly better than a perturbed one
// on labels it planted, by the same amount either way round.
func TestPairedGain(t *testing.T) {
	d := sample(t, 4000, nil)
	p := eval.Defaults()
	plantLabels(d, p, 1, 0.05, rand.New(rand.NewSource(2)))
	if g, se := d.PairedGain(p, p, 1, 0, 2); g != 0 || se != 0 {
		t.Fatalf("a table against itself: gain %g ± %g", g, se)
	}
	q := Perturb(p, 0.25, 8, 4)
	g, se := d.PairedGain(q, p, 1, 256, 2)
	if want := d.Error(q, 1, 2) - d.Error(p, 1, 2); math.Abs(g-want) > 1e-12 || g <= 3*se || se <= 0 {
		t.Fatalf("perturbed -> planted: gain %g ± %g, errors differ by %g", g, se, want)
	}
	if g2, se2 := d.PairedGain(p, q, 1, 256, 2); math.Abs(g2+g) > 1e-12 || math.Abs(se2-se) > 1e-12 {
		t.Fatalf("the other way round: %g ± %g, want %g ± %g", g2, se2, -g, se)
	}
}
