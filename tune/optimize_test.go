package tune

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"vireo/eval"
)

// TestAdamFromZeroLowersError tunes from zero on a small set and checks
// that the exact evaluation of the rounded result beats the start by a
// clear margin, and that the history is the one reported.
func TestAdamFromZeroLowersError(t *testing.T) {
	d := sample(t, 3000, nil)
	k, _ := d.FitK(eval.Defaults(), 2)
	start := FromZero(eval.Defaults())
	opt := DefaultAdam(k)
	opt.MaxEpochs, opt.Window = 60, 0
	calls := 0
	opt.OnEpoch = func(Epoch, Vector) bool { calls++; return true }
	w, hist, err := Adam(d, nil, VectorOf(start), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 60 || calls != 60 {
		t.Fatalf("%d epochs, %d callbacks, want 60", len(hist), calls)
	}
	before, after := d.Error(start, k, 2), d.Error(w.Params(), k, 2)
	if after > 0.9*before {
		t.Fatalf("error %.5f from zero, %.5f after 60 epochs: want at least 10%% lower", before, after)
	}
	if hist[59].Train >= hist[0].Train {
		t.Fatalf("training error went from %.5f to %.5f", hist[0].Train, hist[59].Train)
	}
	for i, x := range w.Params().Pairs {
		if eval.PairKind(i) == eval.EgOnly && x.MG != 0 {
			t.Fatalf("endgame-only value %d got a middlegame part %d", i, x.MG)
		}
	}
}

// TestCoordLowersError runs one sweep of coordinate descent over the
// non-linear values (king-danger units, scale percentages) and checks that the error it reports is
// the exact error of the parameters it returns, lower than at the start,
// and that only those values moved, attack units among them.
func TestCoordLowersError(t *testing.T) {
	d := sample(t, 2000, nil)
	p := eval.Defaults()
	k, _ := d.FitK(p, 2)
	before := d.Error(p, k, 2)
	// The king-safety attack units and the scale percentages: the
	// scalars, all non-linear.
	mask := TunableMask(eval.KingV, eval.ScaleV)
	for i := range mask {
		mask[i] = mask[i] && i >= scalarBase
	}
	res, after := Coord(d, p, CoordOptions{K: k, Mask: mask, MaxRounds: 1})
	if got := d.Error(res, k, 2); got != after {
		t.Fatalf("Coord reports error %.7f, its parameters give %.7f", after, got)
	}
	if after >= before {
		t.Fatalf("error %.6f before, %.6f after", before, after)
	}
	rv, pv := VectorOf(res), VectorOf(p)
	moved, scalars := 0, 0
	for i := range rv {
		if rv[i] != pv[i] {
			if !mask[i] {
				t.Fatalf("value %d of %s moved", i, GroupOf(i))
			}
			moved++
			if GroupOf(i) == eval.KingV {
				scalars++
			}
		}
	}
	if moved == 0 || scalars == 0 {
		t.Fatalf("%d values moved, %d of them attack units", moved, scalars)
	}
}

// TestImportances checks that every term is reported and that material
// matters most.
func TestImportances(t *testing.T) {
	d := sample(t, 2000, nil)
	p := eval.Defaults()
	k, _ := d.FitK(p, 2)
	imp := Importances(d, p, k, 2)
	if len(imp) != len(eval.Terms()) {
		t.Fatalf("%d importances for %d terms", len(imp), len(eval.Terms()))
	}
	best := imp[0]
	for _, im := range imp {
		if im.Share > best.Share {
			best = im
		}
	}
	if best.Term.Name != "PIECE_VALUE" || best.Share <= 0 {
		t.Fatalf("largest share: %s %.6f, want PIECE_VALUE", best.Term.Name, best.Share)
	}
}

// TestImportancesFuncStops checks the progress callback: called once per
// term, and a false return ends the measurement without a result.
func TestImportancesFuncStops(t *testing.T) {
	d := sample(t, 300, nil)
	p := eval.Defaults()
	calls := 0
	imp, ok := ImportancesFunc(d, p, 1, 2, func(done, total int) bool {
		calls++
		if done != calls || total != len(eval.Terms()) {
			t.Fatalf("callback %d: done %d of %d", calls, done, total)
		}
		return done < 3
	})
	if ok || imp != nil || calls != 3 {
		t.Fatalf("stopped at 3: ok %v, %d results, %d calls", ok, len(imp), calls)
	}
}

// TestCoordCacheMatchesFullPass nudges random values, linear and scalar,
// through the cache, reverting some, and compares its error with a full
// pass of the exact evaluation after every step.
func TestCoordCacheMatchesFullPass(t *testing.T) {
	d := sample(t, 3000, nil)
	p := eval.Defaults()
	k, _ := d.FitK(p, 2)
	c := newCoordCache(d, ints(p), k)
	if full := d.Error(p, k, 2); math.Abs(c.mean()-full) > 1e-12 {
		t.Fatalf("cache %.12f, full pass %.12f", c.mean(), full)
	}
	v := VectorOf(p)
	r := rand.New(rand.NewSource(6))
	for step := range 300 {
		i := r.Intn(NumValues)
		if !Tunable(i) {
			continue
		}
		if step%3 == 0 {
			i = scalarBase + r.Intn(nScalars) // the non-linear values often
		}
		delta := int32(r.Intn(41) - 20)
		got := c.move(i, delta)
		if r.Intn(2) == 0 {
			c.revert(i, delta)
			got = c.mean()
		} else {
			v[i] += float64(delta)
		}
		if full := d.Error(v.Params(), k, 2); math.Abs(got-full) > 1e-12 {
			t.Fatalf("step %d (value %d by %d): cache %.12f, full pass %.12f", step, i, delta, got, full)
		}
	}
}

// TestCoordL2 checks the penalty: a huge one holds every value where it
// started, a moderate one lets fewer values move than none.
func TestCoordL2(t *testing.T) {
	d := sample(t, 2000, nil)
	p := eval.Defaults()
	k, _ := d.FitK(p, 2)
	mask := TunableMask(eval.PassedV)
	movedWith := func(l2 float64) int {
		res, _ := Coord(d, p, CoordOptions{K: k, Mask: mask, MaxRounds: 1, L2: l2})
		rv, pv, n := VectorOf(res), VectorOf(p), 0
		for i := range rv {
			n += int(math.Abs(rv[i] - pv[i]))
		}
		return n
	}
	free, some, held := movedWith(0), movedWith(1e-6), movedWith(1)
	if held != 0 || some >= free || free == 0 {
		t.Fatalf("total distance moved: %d without a penalty, %d with 1e-6, %d with 1", free, some, held)
	}
}

// TestCoordOnStepReportsDataError checks that the error OnStep reports
// with a penalty is the training error of the parameters it is given,
// the penalty left out, and that a false return stops the tune.
func TestCoordOnStepReportsDataError(t *testing.T) {
	d := sample(t, 1000, nil)
	p := eval.Defaults()
	k, _ := d.FitK(p, 2)
	steps := 0
	Coord(d, p, CoordOptions{K: k, Mask: TunableMask(eval.PassedV), L2: 1e-6, OnStep: func(e float64, _, n int, q *eval.Params) bool {
		if full := d.Error(q, k, 2); math.Abs(e-full) > 1e-12 {
			t.Fatalf("step %d: OnStep error %.12f, full pass %.12f", n, e, full)
		}
		steps = n
		return n < 5
	}})
	if steps != 5 {
		t.Fatalf("stopped after %d values, want 5", steps)
	}
}

// TestGroupMask checks the group names (case-insensitive) and the count
// of the values a mask lets move.
func TestGroupMask(t *testing.T) {
	m, err := GroupMask("passedv")
	if err != nil || CountMask(m) != CountMask(TunableMask(eval.PassedV)) || CountMask(m) == 0 {
		t.Fatalf("passedv: %v, %d values", err, CountMask(m))
	}
	if m, err := GroupMask(""); err != nil || m != nil {
		t.Fatalf("no group: mask %v, %v", m != nil, err)
	}
	if CountMask(nil) != CountMask(TunableMask()) {
		t.Fatal("nil mask is not every tunable value")
	}
	if _, err := GroupMask("NoSuchGroup"); err == nil || !strings.Contains(err.Error(), "unknown group") {
		t.Fatalf("unknown group: %v", err)
	}
}

// TestAdamResume: a resumed tune numbers its epochs on from FirstEpoch,
// takes the step size the first run had reached, and pulls towards its
// Origin rather than its own start.
func TestAdamResume(t *testing.T) {
	d := sample(t, 2000, nil)
	k, _ := d.FitK(eval.Defaults(), 2)
	start, origin := VectorOf(perturbed(3)), VectorOf(eval.Defaults())
	dist := func(a, b Vector) float64 {
		s := 0.0
		for i := range a {
			if Tunable(i) {
				s += math.Abs(a[i] - b[i])
			}
		}
		return s
	}
	opt := DefaultAdam(k)
	opt.MaxEpochs, opt.Window, opt.FirstEpoch = 4, 0, 41
	var ns []int
	opt.OnEpoch = func(e Epoch, _ Vector) bool { ns = append(ns, e.N); return true }
	if _, _, err := Adam(d, nil, start, opt); err != nil {
		t.Fatal(err)
	}
	if len(ns) != 4 || ns[0] != 41 || ns[3] != 44 {
		t.Errorf("epochs %v, want 41 to 44", ns)
	}
	// Adam's first step moves a value by at most the step size, and by
	// about that much where the gradient is clear: at epoch 201 the step
	// is 2 x 0.995^200, not 2.
	opt.FirstEpoch, opt.MaxEpochs, opt.OnEpoch = 201, 1, nil
	w, _, _ := Adam(d, nil, start, opt)
	most := 0.0
	for i := range w {
		most = max(most, math.Abs(w[i]-start[i]))
	}
	if want := 2 * math.Pow(0.995, 200); most < 0.9*want || most > 1.0001*want {
		t.Errorf("largest first step %.3f, want about %.3f", most, want)
	}
	// A strong pull towards Origin brings the values back to it.
	opt.FirstEpoch, opt.MaxEpochs, opt.L2, opt.Origin = 0, 20, 1, origin
	w, _, _ = Adam(d, nil, start, opt)
	if before, after := dist(start, origin), dist(w, origin); after > 0.5*before {
		t.Errorf("distance to the origin %.0f, from %.0f: the pull did not act", after, before)
	}
}

// TestAdamEpochSeesKeptTable: with early stopping, each epoch reports the
// table the tune would return if it stopped there, so the last report is
// the returned table (a checkpoint written from it is the tune's result).
func TestAdamEpochSeesKeptTable(t *testing.T) {
	sample(t, 1, nil) // says so when the positions are missing
	train, valid, _, err := Load(LoadOptions{Files: []string{epdPath}, Limit: 4000, Validation: 0.5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	k, _ := train.FitK(eval.Defaults(), 2)
	opt := DefaultAdam(k)
	// The kept table is the one before the best epoch's step, so the
	// weights after the last step are never it.
	opt.MaxEpochs, opt.Patience = 20, 3
	var last Vector
	opt.OnEpoch = func(_ Epoch, w Vector) bool { last = append(last[:0], w...); return true }
	w, _, err := Adam(train, valid, VectorOf(perturbed(5)), opt)
	if err != nil {
		t.Fatal(err)
	}
	for i := range w {
		if w[i] != last[i] {
			t.Fatalf("value %d: the last epoch reported %g, the tune returned %g", i, last[i], w[i])
		}
	}
}
