package tune

import (
	"sort"

	"vireo/eval"
)

// CoordOptions configure the coordinate-descent tuner.
type CoordOptions struct {
	K         float64
	Mask      []bool // values that move (nil: every Tunable value)
	MaxRounds int    // full sweeps at most (0: until a sweep finds nothing)
	// L2 adds L2 * sum (w - start)^2 to the error minimised, as for
	// Adam: on a few thousand games a whole-table descent without it
	// fits the training set and loses on the validation set.
	L2      float64
	Workers int
	// OnStep is called after each value is settled, with the training
	// error now (the mean squared error, without the L2 penalty, as
	// Adam's Epoch reports it), the value's vector index, the number of
	// values settled so far and the parameters now (the tuner's own,
	// which change after OnStep returns: copy them to keep them);
	// returning false stops the tune.
	OnStep func(err float64, i, steps int, w *eval.Params) bool
}

// coordState is the parameters being nudged and the cache that scores
// a nudge.
type coordState struct {
	c    *coordCache
	p    *eval.Params
	cur  float64 // mean error plus penalty
	l2   float64
	dist []float64 // value minus its start, per vector value
}

// penaltyDelta is the change of the L2 penalty if value i moves by d.
func (s *coordState) penaltyDelta(i, d int) float64 {
	x := s.dist[i]
	y := x + float64(d)
	return s.l2 * (y*y - x*x)
}

// nudge moves value i of the Params by delta.
func (s *coordState) nudge(i, delta int) {
	switch {
	case i >= scalarBase:
		s.p.Scalars[i-scalarBase] += delta
	case i%2 == 0:
		s.p.Pairs[i/2].MG += delta
	default:
		s.p.Pairs[i/2].EG += delta
	}
}

// try nudges value i by +1, or else by -1, and keeps nudging in the
// direction that lowered the error for as long as it does. It returns
// the total reduction (0 when neither direction helped).
func (s *coordState) try(i int) float64 {
	start := s.cur
	for _, dir := range []int{1, -1} {
		moved := false
		for {
			pen := s.cur - s.c.mean() + s.penaltyDelta(i, dir)
			e := s.c.move(i, int32(dir)) + pen
			if e >= s.cur {
				s.c.revert(i, int32(dir))
				break
			}
			s.nudge(i, dir)
			s.dist[i] += float64(dir)
			s.cur, moved = e, true
		}
		if moved {
			break
		}
	}
	return start - s.cur
}

// Coord tunes start by Slow Chess's coordinate descent on the exact
// evaluation (king-danger curve, scaling and integer rounding included):
// a sweep nudges every value by ±1 while the error drops and stores each
// value's reduction; then the value with the greatest stored reduction is
// adjusted again, and again, until no stored reduction is left; then the
// next sweep. Each nudge re-evaluates only the positions the value enters
// (see coordCache). Returns the tuned parameters and their error.
func Coord(train *Dataset, start *eval.Params, opt CoordOptions) (*eval.Params, float64) {
	p := *start
	s := &coordState{c: newCoordCache(train, ints(&p), opt.K), p: &p, l2: opt.L2, dist: make([]float64, NumValues)}
	s.cur = s.c.mean()
	// The error returned is a full pass over the result, not the sum of
	// many increments.
	final := func() (*eval.Params, float64) { return s.p, train.Error(s.p, opt.K, opt.Workers) }
	mask := opt.Mask
	if mask == nil {
		mask = TunableMask()
	}
	red := make([]float64, NumValues)
	steps := 0
	settle := func(i int) bool {
		red[i] = s.try(i)
		steps++
		return opt.OnStep == nil || opt.OnStep(s.c.mean(), i, steps, s.p)
	}
	for round := 1; opt.MaxRounds == 0 || round <= opt.MaxRounds; round++ {
		before := s.cur
		for i, on := range mask {
			if on && !settle(i) {
				return final()
			}
		}
		for {
			best := -1
			for i, r := range red {
				if r > 0 && (best < 0 || r > red[best]) {
					best = i
				}
			}
			if best < 0 {
				break
			}
			if !settle(best) {
				return final()
			}
		}
		if s.cur >= before {
			break
		}
		pen := s.cur - s.c.mean()
		s.c.resum()
		s.cur = s.c.mean() + pen
	}
	return final()
}

// Importance is one term's share of the error.
type Importance struct {
	Term  eval.Term
	Share float64 // error with the term zeroed minus the current error
}

// Importances zeroes each named term in turn (all its values) and
// reports how much the error grows, sorted by group and then by share,
// largest first.
func Importances(d *Dataset, p *eval.Params, k float64, workers int) []Importance {
	out, _ := ImportancesFunc(d, p, k, workers, nil)
	return out
}

// ImportancesFunc is Importances with a callback after each term, given
// the terms done and their number; when it returns false the
// measurement stops and ImportancesFunc returns nil and false.
func ImportancesFunc(d *Dataset, p *eval.Params, k float64, workers int, each func(done, total int) bool) ([]Importance, bool) {
	base := d.Error(p, k, workers)
	var out []Importance
	terms := eval.Terms()
	for _, t := range terms {
		q := *p
		for i := t.Index; i < t.Index+t.Len; i++ {
			if t.Kind == eval.Scalar {
				q.Scalars[i] = 0
			} else {
				q.Pairs[i] = eval.Score{}
			}
		}
		out = append(out, Importance{t, d.Error(&q, k, workers) - base})
		if each != nil && !each(len(out), len(terms)) {
			return nil, false
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Term.Group != out[b].Term.Group {
			return out[a].Term.Group < out[b].Term.Group
		}
		return out[a].Share > out[b].Share
	})
	return out, true
}
