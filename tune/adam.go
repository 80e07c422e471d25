package tune

import (
	"math"
	"time"

	"vireo/eval"
)

// Epoch is one step of a tune, for progress, plots and checkpoints.
type Epoch struct {
	N            int     // 1-based
	Train, Valid float64 // errors before this epoch's step (Valid 0 without a validation set)
	Elapsed      time.Duration
}

// AdamOptions configure the gradient optimiser.
type AdamOptions struct {
	K float64 // sigmoid scale, fixed during the tune
	// LR is the step size in parameter units (centipawns, attack units,
	// percentages): Adam moves every value by about LR per epoch at
	// first, whatever the size of its gradient. It decays by Decay per
	// epoch so that the end of the tune settles.
	LR, Decay    float64
	Beta1, Beta2 float64
	MaxEpochs    int
	// Converged when the best objective (training error plus the L2
	// penalty) of the last Window epochs is less than Tol (relative)
	// below the best before them. Best, not last: Adam's first epochs
	// from zero overshoot and bounce.
	Tol    float64
	Window int
	Mask   []bool // values that move (nil: every Tunable value)
	// L2 adds L2 * sum (w - start)^2 to the error being minimised (the
	// reported errors leave it out): a value the data says little about,
	// such as a placement square a piece rarely visits, stays near where
	// it started instead of fitting the few games it appears in.
	L2 float64
	// Penalty, when set, replaces L2: a strength and a centre per value
	// (Penalty.Expand), so that each group can be pulled by its own
	// strength, towards its start or towards zero.
	Penalty *Penalty
	// Origin, when set, is the start that L2 and Penalty pull towards in
	// place of the tune's own start: a tune resumed from a checkpoint
	// keeps the pull of the tune it continues.
	Origin Vector
	// FirstEpoch numbers the first epoch (0 or 1: the first). A resumed
	// tune gives the checkpoint's epoch plus one, so that its step size
	// goes on from LR x Decay^(FirstEpoch-1) instead of starting over.
	FirstEpoch int
	// Patience, with a validation set, stops the tune when the
	// validation error has not improved for Patience epochs and returns
	// the weights of the epoch with the lowest validation error, not the
	// last ones. The training-error rule (Tol, Window) is then not used:
	// the training error goes on falling while the fit gets worse.
	Patience int
	// ValidTol is the relative improvement of the validation error that
	// resets the patience (a lower error is always kept as the best): a
	// tune whose validation error creeps down by less stops.
	ValidTol float64
	// RetraceEvery, when > 0 with Retrace set, replaces the data sets by
	// fresh traces with the current parameters every so many epochs: a
	// trace fixes which side is stronger for the endgame scale formula.
	RetraceEvery int
	Retrace      func(p *eval.Params) (train, valid *Dataset, err error)
	Workers      int
	// OnEpoch is called after every epoch with the weights the tune
	// would return if it stopped there (with Patience, the best on the
	// validation set so far; else those after the step): a checkpoint
	// must not keep a table the tune itself would throw away. Returning
	// false stops the tune.
	OnEpoch func(e Epoch, w Vector) bool
}

// DefaultAdam are settings that converge from zero on this project's data
// in about a hundred epochs. The training-error stopping rule (less than
// 0.05% better over 20 epochs) ends a from-zero tune of engine-games.epd
// near epoch 90 with the training error within 0.1% of where 174 epochs
// take it. Patience is left to the caller: it needs a validation set.
func DefaultAdam(k float64) AdamOptions {
	return AdamOptions{K: k, LR: 2, Decay: 0.995, Beta1: 0.9, Beta2: 0.999,
		MaxEpochs: 2000, Tol: 5e-4, Window: 20, ValidTol: 1e-5}
}

// TunableMask returns the mask of the values in the given groups (none:
// every group) that may move.
func TunableMask(groups ...eval.Group) []bool {
	m := make([]bool, NumValues)
	for i := range m {
		if !Tunable(i) {
			continue
		}
		if len(groups) == 0 {
			m[i] = true
			continue
		}
		for _, g := range groups {
			if GroupOf(i) == g {
				m[i] = true
			}
		}
	}
	return m
}

// Adam tunes start with full-batch Adam on the float evaluation and
// returns the final weights and the error history.
func Adam(train, valid *Dataset, start Vector, opt AdamOptions) (Vector, []Epoch, error) {
	w := append(Vector(nil), start...)
	mask := opt.Mask
	if mask == nil {
		mask = TunableMask()
	}
	st := newAdamState(NumValues, opt.Beta1, opt.Beta2)
	grad := make([]float64, NumValues)
	var hist []Epoch
	var obj []float64 // objective per epoch
	origin := start
	if opt.Origin != nil {
		origin = opt.Origin
	}
	strength, centre := l2Vectors(opt, origin)
	early := opt.Patience > 0 && valid != nil && valid.Len() > 0
	var best Vector // weights of the best validation error so far
	bestValid, bestN := math.Inf(1), 0
	sinceValid := math.Inf(1) // the error that last reset the patience
	t0 := time.Now()
	first := max(opt.FirstEpoch, 1)
	lr := opt.LR * math.Pow(opt.Decay, float64(first-1))
	for n := first; n < first+opt.MaxEpochs; n++ {
		if opt.RetraceEvery > 0 && opt.Retrace != nil && n > first && (n-first)%opt.RetraceEvery == 0 {
			tr, va, err := opt.Retrace(w.Params())
			if err != nil {
				return w, hist, err
			}
			train, valid = tr, va
		}
		e := Epoch{N: n}
		e.Train = train.lossGrad(w, opt.K, grad, opt.Workers)
		if valid != nil && valid.Len() > 0 {
			e.Valid = valid.lossGrad(w, opt.K, nil, opt.Workers)
		}
		o := e.Train
		if strength != nil {
			for i := range grad {
				if mask[i] && strength[i] > 0 {
					dw := w[i] - centre[i]
					grad[i] += 2 * strength[i] * dw
					o += strength[i] * dw * dw
				}
			}
		}
		obj = append(obj, o)
		if early && e.Valid < bestValid {
			// e.Valid is the error of w before this epoch's step.
			if e.Valid < sinceValid*(1-opt.ValidTol) {
				sinceValid, bestN = e.Valid, n
			}
			bestValid = e.Valid
			best = append(best[:0], w...)
		}
		st.step(w, grad, mask, lr)
		lr *= opt.Decay
		e.Elapsed = time.Since(t0)
		hist = append(hist, e)
		if opt.OnEpoch != nil {
			kept := w
			if early && best != nil {
				kept = best
			}
			if !opt.OnEpoch(e, kept) {
				break
			}
		}
		if early {
			if n-bestN >= opt.Patience {
				break
			}
		} else if stalled(obj, opt.Window, opt.Tol) {
			break
		}
	}
	if early && best != nil {
		return best, hist, nil
	}
	return w, hist, nil
}

// BestEpoch returns the epoch of hist with the lowest validation error
// (the one an early-stopped tune returns), or the last epoch without a
// validation set.
func BestEpoch(hist []Epoch) Epoch {
	if len(hist) == 0 {
		return Epoch{}
	}
	b := hist[len(hist)-1]
	if b.Valid == 0 {
		return b
	}
	for _, e := range hist {
		if e.Valid < b.Valid {
			b = e
		}
	}
	return b
}

// l2Vectors returns the penalty's strength and centre per value (nil
// strength: no penalty); start is what "towards the start" means.
func l2Vectors(opt AdamOptions, start Vector) (strength, centre []float64) {
	if opt.Penalty != nil {
		return opt.Penalty.Expand(start)
	}
	if opt.L2 <= 0 {
		return nil, nil
	}
	strength = make([]float64, len(start))
	for i := range strength {
		strength[i] = opt.L2
	}
	return strength, start
}

// adamState is Adam's moment estimates for a vector of weights; Adam
// and the WDL fit (wdl.go) step with it.
type adamState struct {
	beta1, beta2 float64
	m, v         []float64
	b1t, b2t     float64 // beta1^t, beta2^t
}

func newAdamState(n int, beta1, beta2 float64) *adamState {
	return &adamState{beta1: beta1, beta2: beta2, m: make([]float64, n), v: make([]float64, n), b1t: 1, b2t: 1}
}

// step moves every weight of w whose mask entry is true (nil: all) by
// about lr against its gradient.
func (s *adamState) step(w, grad []float64, mask []bool, lr float64) {
	s.b1t *= s.beta1
	s.b2t *= s.beta2
	for i, g := range grad {
		if mask != nil && !mask[i] {
			continue
		}
		s.m[i] = s.beta1*s.m[i] + (1-s.beta1)*g
		s.v[i] = s.beta2*s.v[i] + (1-s.beta2)*g*g
		mh := s.m[i] / (1 - s.b1t)
		vh := s.v[i] / (1 - s.b2t)
		w[i] -= lr * mh / (math.Sqrt(vh) + 1e-12)
	}
}

// stalled is the stopping rule of Adam and the WDL fit: the best
// objective of the last window epochs is less than tol (relative) below
// the best before them.
func stalled(obj []float64, window int, tol float64) bool {
	k := len(obj) - window
	if window <= 0 || k <= 0 {
		return false
	}
	bestOf := func(xs []float64) float64 {
		b := math.Inf(1)
		for _, x := range xs {
			b = math.Min(b, x)
		}
		return b
	}
	old := bestOf(obj[:k])
	return old-bestOf(obj) < tol*old
}

// FromZero returns p with every linear positional value zero: only the
// piece values are kept. The king-danger and scale scalars keep their
// values, because zero is a dead point for them: with no attack units
// the danger curve is flat (units <= 0 cost nothing, so no gradient),
// and a zero scale clamps every scaled endgame to nothing.
func FromZero(p *eval.Params) *eval.Params {
	out := *p
	for _, t := range eval.Terms() {
		if t.Kind == eval.Scalar || t.Name == "PIECE_VALUE" {
			continue
		}
		for i := t.Index; i < t.Index+t.Len; i++ {
			out.Pairs[i] = eval.Score{}
		}
	}
	return &out
}
