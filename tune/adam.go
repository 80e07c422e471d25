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
	// RetraceEvery, when > 0 with Retrace set, replaces the data sets by
	// fresh traces with the current parameters every so many epochs: a
	// trace fixes which side is stronger for the endgame scale formula.
	RetraceEvery int
	Retrace      func(p *eval.Params) (train, valid *Dataset, err error)
	Workers      int
	// OnEpoch is called after every epoch with the weights after the
	// step; returning false stops the tune.
	OnEpoch func(e Epoch, w Vector) bool
}

// DefaultAdam are settings that converge from zero on this project's data
// in about a hundred epochs. The stopping rule (less than 0.05% better
// over 20 epochs) ends a from-zero tune of engine-games.epd near epoch 90
// with the training error within 0.1% of where 174 epochs take it.
func DefaultAdam(k float64) AdamOptions {
	return AdamOptions{K: k, LR: 2, Decay: 0.995, Beta1: 0.9, Beta2: 0.999,
		MaxEpochs: 2000, Tol: 5e-4, Window: 20}
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
	m := make([]float64, NumValues)
	v := make([]float64, NumValues)
	grad := make([]float64, NumValues)
	var hist []Epoch
	var obj []float64 // objective per epoch
	bestBefore := func(n int) float64 {
		b := math.Inf(1)
		for _, x := range obj[:n] {
			b = math.Min(b, x)
		}
		return b
	}
	t0 := time.Now()
	lr := opt.LR
	b1t, b2t := 1.0, 1.0
	for n := 1; n <= opt.MaxEpochs; n++ {
		if opt.RetraceEvery > 0 && opt.Retrace != nil && n > 1 && (n-1)%opt.RetraceEvery == 0 {
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
		if opt.L2 > 0 {
			for i := range grad {
				if mask[i] {
					dw := w[i] - start[i]
					grad[i] += 2 * opt.L2 * dw
					o += opt.L2 * dw * dw
				}
			}
		}
		obj = append(obj, o)
		b1t *= opt.Beta1
		b2t *= opt.Beta2
		for i, g := range grad {
			if !mask[i] {
				continue
			}
			m[i] = opt.Beta1*m[i] + (1-opt.Beta1)*g
			v[i] = opt.Beta2*v[i] + (1-opt.Beta2)*g*g
			mh := m[i] / (1 - b1t)
			vh := v[i] / (1 - b2t)
			w[i] -= lr * mh / (math.Sqrt(vh) + 1e-12)
		}
		lr *= opt.Decay
		e.Elapsed = time.Since(t0)
		hist = append(hist, e)
		if opt.OnEpoch != nil && !opt.OnEpoch(e, w) {
			break
		}
		if k := len(obj) - opt.Window; opt.Window > 0 && k > 0 {
			old := bestBefore(k)
			if old-bestBefore(len(obj)) < opt.Tol*old {
				break
			}
		}
	}
	return w, hist, nil
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
