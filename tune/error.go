package tune

import (
	"math"
	"runtime"
	"sync"

	"vireo/eval"
)

// parallel runs fn over [0, n) split into one contiguous range per
// worker and waits. Ranges keep each worker on its own part of the
// entry slices, which is what makes a pass memory-friendly.
func parallel(n, workers int, fn func(w, lo, hi int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, n))
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := n*w/workers, n*(w+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(w, lo, hi)
		}()
	}
	wg.Wait()
}

// parallelSum runs fn like parallel and returns the sum of what the
// ranges return (each worker sums its own range without sharing).
func parallelSum(n, workers int, fn func(w, lo, hi int) float64) float64 {
	sums := make([]float64, max(workers, runtime.GOMAXPROCS(0)))
	parallel(n, workers, func(w, lo, hi int) { sums[w] = fn(w, lo, hi) })
	var s float64
	for _, x := range sums {
		s += x
	}
	return s
}

// Error returns the mean squared error of the exact evaluation with
// parameters p against the results, with sigmoid scale k.
func (d *Dataset) Error(p *eval.Params, k float64, workers int) float64 {
	return d.errorInts(ints(p), k, workers)
}

// lutHalf bounds the evaluations whose sigmoid is looked up rather than
// computed: the exact evaluation is an integer, so a table built once per
// pass replaces an exponential per position.
const lutHalf = 4096

// sigmoidTable returns sigmoid(k, v) for v in [-lutHalf, lutHalf].
func sigmoidTable(k float64) []float64 {
	t := make([]float64, 2*lutHalf+1)
	for i := range t {
		t[i] = sigmoid(k, float64(i-lutHalf))
	}
	return t
}

func (d *Dataset) errorInts(w *intWeights, k float64, workers int) float64 {
	if d.Len() == 0 {
		return 0
	}
	lut := sigmoidTable(k)
	s := parallelSum(d.Len(), workers, func(_, lo, hi int) float64 {
		var s float64
		for j := lo; j < hi; j++ {
			v := d.evalInt(j, w)
			var p float64
			if uint32(v+lutHalf) <= 2*lutHalf {
				p = lut[v+lutHalf]
			} else {
				p = sigmoid(k, float64(v))
			}
			r := float64(d.hdr[j].target) / targetScale
			s += (p - r) * (p - r)
		}
		return s
	})
	return s / float64(d.Len())
}

// Evals returns every position's exact evaluation (White's view).
func (d *Dataset) Evals(p *eval.Params, workers int) []int32 {
	w := ints(p)
	out := make([]int32, d.Len())
	parallel(d.Len(), workers, func(_, lo, hi int) {
		for j := lo; j < hi; j++ {
			out[j] = d.evalInt(j, w)
		}
	})
	return out
}

// errorOf is the mean squared error of fixed evaluations with scale k.
func (d *Dataset) errorOf(evals []int32, k float64, workers int) float64 {
	a := k * math.Ln10 / 400
	s := parallelSum(len(evals), workers, func(_, lo, hi int) float64 {
		var s float64
		for j := lo; j < hi; j++ {
			p := 1 / (1 + math.Exp(-a*float64(evals[j])))
			r := float64(d.hdr[j].target) / targetScale
			s += (p - r) * (p - r)
		}
		return s
	})
	return s / float64(len(evals))
}

// FitK finds the sigmoid scale that minimises the error of the exact
// evaluation with p: the evaluations are computed once, then a line
// search over K (the error is unimodal in K for any fixed set of
// evaluations with mixed results) narrows [0.01, 10] to 1e-6.
func (d *Dataset) FitK(p *eval.Params, workers int) (k, mse float64) {
	ev := d.Evals(p, workers)
	f := func(k float64) float64 { return d.errorOf(ev, k, workers) }
	k = lineMin(f, 0.01, 10, 1e-6)
	return k, f(k)
}

// lineMin returns the minimum of f, unimodal on [lo, hi], to within tol,
// by golden-section search: one new evaluation of f per step.
func lineMin(f func(float64) float64, lo, hi, tol float64) float64 {
	g := (math.Sqrt(5) - 1) / 2
	x1, x2 := hi-g*(hi-lo), lo+g*(hi-lo)
	f1, f2 := f(x1), f(x2)
	for hi-lo > tol {
		if f1 < f2 {
			hi, x2, f2 = x2, x1, f1
			x1 = hi - g*(hi-lo)
			f1 = f(x1)
		} else {
			lo, x1, f1 = x1, x2, f2
			x2 = lo + g*(hi-lo)
			f2 = f(x2)
		}
	}
	return (lo + hi) / 2
}

// lossGrad returns the mean squared error of the float evaluation with
// weights w and, if grad is not nil, stores its gradient there.
func (d *Dataset) lossGrad(w []float64, k float64, grad []float64, workers int) float64 {
	if d.Len() == 0 {
		return 0
	}
	fw := &floatWeights{}
	fw.load(w)
	var grads []*floatWeights
	if grad != nil {
		grads = make([]*floatWeights, max(workers, runtime.GOMAXPROCS(0)))
	}
	a := k * math.Ln10 / 400
	s := parallelSum(d.Len(), workers, func(wk, lo, hi int) float64 {
		var g *floatWeights
		if grad != nil {
			g = &floatWeights{}
			grads[wk] = g
		}
		var s float64
		var f fwd
		for j := lo; j < hi; j++ {
			d.evalFloat(j, fw, &f)
			p := 1 / (1 + math.Exp(-a*f.v))
			r := float64(d.hdr[j].target) / targetScale
			s += (p - r) * (p - r)
			if g != nil {
				d.backward(j, &f, 2*(p-r)*a*p*(1-p), g)
			}
		}
		return s
	})
	n := float64(d.Len())
	if grad != nil {
		clear(grad)
		for _, g := range grads {
			if g != nil {
				g.addTo(grad, 1/n)
			}
		}
	}
	return s / n
}
