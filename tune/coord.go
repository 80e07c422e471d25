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
	Workers   int
	// OnStep is called after each value is settled, with the error now,
	// the value's vector index, and the number of values settled so far;
	// returning false stops the tune.
	OnStep func(err float64, i, steps int, w *eval.Params) bool
}

// coordState is the exact evaluation's weights being nudged.
type coordState struct {
	d   *Dataset
	w   *intWeights
	p   *eval.Params
	k   float64
	wk  int
	cur float64
}

// nudge moves value i by delta in both the packed weights and the Params.
func (s *coordState) nudge(i, delta int) {
	if i >= scalarBase {
		s.w.sc[i-scalarBase] += int32(delta)
		s.p.Scalars[i-scalarBase] += delta
		return
	}
	if i%2 == 0 {
		s.w.lin[i/2] += pack(delta, 0)
		s.p.Pairs[i/2].MG += delta
	} else {
		s.w.lin[i/2] += pack(0, delta)
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
			s.nudge(i, dir)
			e := s.d.errorInts(s.w, s.k, s.wk)
			if e >= s.cur {
				s.nudge(i, -dir)
				break
			}
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
// next sweep. Returns the tuned parameters and the final error.
func Coord(train *Dataset, start *eval.Params, opt CoordOptions) (*eval.Params, float64) {
	p := *start
	s := &coordState{d: train, w: ints(&p), p: &p, k: opt.K, wk: opt.Workers}
	s.cur = train.errorInts(s.w, s.k, s.wk)
	mask := opt.Mask
	if mask == nil {
		mask = TunableMask()
	}
	red := make([]float64, NumValues)
	steps := 0
	settle := func(i int) bool {
		red[i] = s.try(i)
		steps++
		return opt.OnStep == nil || opt.OnStep(s.cur, i, steps, s.p)
	}
	for round := 1; opt.MaxRounds == 0 || round <= opt.MaxRounds; round++ {
		before := s.cur
		for i, on := range mask {
			if on && !settle(i) {
				return s.p, s.cur
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
				return s.p, s.cur
			}
		}
		if s.cur >= before {
			break
		}
	}
	return s.p, s.cur
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
	base := d.Error(p, k, workers)
	var out []Importance
	for _, t := range eval.Terms() {
		q := *p
		for i := t.Index; i < t.Index+t.Len; i++ {
			if t.Kind == eval.Scalar {
				q.Scalars[i] = 0
			} else {
				q.Pairs[i] = eval.Score{}
			}
		}
		out = append(out, Importance{t, d.Error(&q, k, workers) - base})
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Term.Group != out[b].Term.Group {
			return out[a].Term.Group < out[b].Term.Group
		}
		return out[a].Share > out[b].Share
	})
	return out
}
