package tune

import (
	"math"
	"math/rand"
	"os"
	"testing"

	"vireo/eval"
)

// plantLabels replaces every target of d by what the planted parameters
// predict, sigmoid(k x evaluation), plus Gaussian noise of deviation
// sigma, clamped to 0..1.
func plantLabels(d *Dataset, planted *eval.Params, k, sigma float64, r *rand.Rand) {
	for j, v := range d.Evals(planted, 2) {
		x := sigmoid(k, float64(v)) + sigma*r.NormFloat64()
		d.hdr[j].target = uint8(math.Round(min(max(x, 0), 1) * targetScale))
	}
}

// seen marks the tunable values that enter at least n positions of d
// with a non-zero coefficient (the middlegame half only where the phase
// is not all endgame, the endgame half only where it is not all
// middlegame); the others the data cannot pin down.
func seen(d *Dataset, n int) []bool {
	count := make([]int, NumValues)
	for j := range d.hdr {
		h := &d.hdr[j]
		e := h.start + uint32(h.nLin)
		for x := h.start; x < e; x++ {
			i := int(ix(d.ent[x]))
			if h.phase > 0 {
				count[2*i]++
			}
			if h.phase < maxPhase {
				count[2*i+1]++
			}
		}
		for x := e; x < e+uint32(h.nKS[0])+uint32(h.nKS[1])+uint32(h.nScale); x++ {
			count[scalarBase+int(d.ent[x]&(scSize-1))]++
		}
	}
	m := make([]bool, NumValues)
	for i := range m {
		m[i] = Tunable(i) && count[i] >= n
	}
	return m
}

// evalDistance is the root mean square difference, in centipawns,
// between the evaluations of a and b over d.
func evalDistance(d *Dataset, a, b *eval.Params) float64 {
	ea, eb := d.Evals(a, 2), d.Evals(b, 2)
	var s float64
	for j := range ea {
		x := float64(ea[j] - eb[j])
		s += x * x
	}
	return math.Sqrt(s / float64(len(ea)))
}

// TestRecoveryFromPerturbed is the recovery test on labels the tuner can
// fit exactly: the compiled-in table is planted, every position of a
// sample gets the planted evaluation's expected score plus noise as its
// label, every positional value is moved by ±(25% + 8 units), and Adam
// with early stopping on the validation error tunes from there. The
// tuned table must come back near the planted one, in its values and in
// its evaluations, and its validation error near the planted table's.
func TestRecoveryFromPerturbed(t *testing.T) {
	if _, err := os.Stat(epdPath); err != nil {
		t.Skipf("no positions for the recovery test: %v", err)
	}
	n := 24000
	if testing.Short() {
		n = 12000
	}
	train, valid, _, err := Load(LoadOptions{Files: []string{epdPath}, Limit: n, Validation: 0.2, Strict: true, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	planted := eval.Defaults()
	const k, sigma = 1.0, 0.05
	r := rand.New(rand.NewSource(1))
	plantLabels(train, planted, k, sigma, r)
	plantLabels(valid, planted, k, sigma, r)
	start := Perturb(planted, 0.25, 8, 1)

	opt := DefaultAdam(k)
	opt.Patience, opt.Workers, opt.MaxEpochs = 50, 2, 1000
	opt.Penalty = UniformPenalty(0, train.Len())
	w, hist, err := Adam(train, valid, VectorOf(start), opt)
	if err != nil {
		t.Fatal(err)
	}
	res := w.Params()

	well := seen(train, 200)
	d0, _ := Distance(start, planted, well)
	d1, m1 := Distance(res, planted, well)
	all0, _ := Distance(start, planted, nil)
	all1, _ := Distance(res, planted, nil)
	ev0, ev1 := evalDistance(valid, start, planted), evalDistance(valid, res, planted)
	ePlanted, eStart, eRes := valid.Error(planted, k, 2), valid.Error(start, k, 2), valid.Error(res, k, 2)
	t.Logf("%d epochs (best %d); %d of %d values in >= 200 positions", len(hist), BestEpoch(hist).N, CountMask(well), CountMask(nil))
	t.Logf("distance to the planted values, well-seen: %.2f -> %.2f (max %.0f); all: %.2f -> %.2f", d0, d1, m1, all0, all1)
	t.Logf("evaluation distance (rms cp): %.1f -> %.1f", ev0, ev1)
	t.Logf("validation error: planted %.6f, start %.6f, tuned %.6f", ePlanted, eStart, eRes)

	// Early stopping ended the tune, Patience epochs after the last gain
	// of at least ValidTol (a smaller gain, later, still makes the best
	// table but does not reset the patience), and returned the best
	// epoch's table.
	reset, since := 0, math.Inf(1)
	for _, e := range hist {
		if e.Valid < since*(1-opt.ValidTol) {
			since, reset = e.Valid, e.N
		}
	}
	best := BestEpoch(hist)
	if len(hist) >= opt.MaxEpochs || len(hist)-reset < opt.Patience {
		t.Errorf("%d epochs, the patience last reset at %d: early stopping did not end the tune", len(hist), reset)
	}
	if got := valid.lossGrad(w, k, nil, 2); got != best.Valid {
		t.Errorf("returned table's validation error %.9f, best epoch's %.9f", got, best.Valid)
	}
	// The values the data sees come back: at least 40% of the
	// perturbation undone on average. (Rarely seen values, and the
	// directions the evaluation cannot tell apart, such as every square
	// of a placement table against the piece value, are not identifiable
	// from these positions.)
	if d1 > 0.6*d0 {
		t.Errorf("well-seen values %.2f from the planted ones, start %.2f: want at most 60%%", d1, d0)
	}
	// The evaluation comes back: the rms difference shrinks 2.5 times.
	if ev1 > ev0/2.5 {
		t.Errorf("evaluations %.1f cp from the planted ones, start %.1f: want at most %.1f", ev1, ev0, ev0/2.5)
	}
	// So does the error: at least 90% of the gap the perturbation opened.
	if rec := (eStart - eRes) / (eStart - ePlanted); rec < 0.9 {
		t.Errorf("validation error %.6f, planted %.6f, start %.6f: %.0f%% of the gap closed, want 90%%", eRes, ePlanted, eStart, 100*rec)
	}
}
