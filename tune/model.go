package tune

import (
	"math"

	"vireo/eval"
)

// The tuner's view of eval.Params: one flat vector of NumValues numbers,
// Params.Pairs[i].MG at 2i, .EG at 2i+1, then Params.Scalars from
// scalarBase. The same layout serves the integer weights of the exact
// evaluation, the float weights of the gradient optimiser and gradients.
const (
	nPairs     = eval.NumPairs
	nScalars   = eval.NumScalars
	scalarBase = 2 * nPairs
	// NumValues is the length of a parameter vector.
	NumValues = scalarBase + nScalars
)

// Vector is a parameter vector in the tuner's layout.
type Vector []float64

// VectorOf returns p as a Vector.
func VectorOf(p *eval.Params) Vector {
	v := make(Vector, NumValues)
	for i, s := range p.Pairs {
		v[2*i], v[2*i+1] = float64(s.MG), float64(s.EG)
	}
	for k, s := range p.Scalars {
		v[scalarBase+k] = float64(s)
	}
	return v
}

// Params rounds v to a parameter set. Endgame-only values keep MG 0.
func (v Vector) Params() *eval.Params {
	p := &eval.Params{}
	for i := range p.Pairs {
		p.Pairs[i] = eval.Score{MG: int(math.Round(v[2*i])), EG: int(math.Round(v[2*i+1]))}
		if eval.PairKind(i) == eval.EgOnly {
			p.Pairs[i].MG = 0
		}
	}
	for k := range p.Scalars {
		p.Scalars[k] = int(math.Round(v[scalarBase+k]))
	}
	return p
}

// linSize bounds the pair indices so that a uint16 index masked with
// linSize-1 needs no bounds check in the inner loop.
const linSize = 1024

// scSize does the same for the scalars.
const scSize = 64

// Fails to compile if the pairs or scalars outgrow linSize or scSize.
var (
	_ = [linSize - nPairs]struct{}{}
	_ = [scSize - nScalars]struct{}{}
)

// intWeights are integer parameters as the exact evaluation reads them:
// each pair packed into one int64 (endgame in the high 32 bits, as the
// engine's own packed scores), so that a linear entry costs one multiply,
// and the scalars.
type intWeights struct {
	lin [linSize]int64
	sc  [scSize]int32
}

func pack(mg, eg int) int64 { return int64(eg)<<32 + int64(mg) }

// ints returns p as integer weights.
func ints(p *eval.Params) *intWeights {
	w := &intWeights{}
	for i, s := range p.Pairs {
		w.lin[i] = pack(s.MG, s.EG)
	}
	for k, s := range p.Scalars {
		w.sc[k] = int32(s)
	}
	return w
}

// Tunable reports whether value i of the vector may move: everything but
// the middlegame half of an endgame-only term.
func Tunable(i int) bool {
	return i >= scalarBase || i%2 == 1 || eval.PairKind(i/2) != eval.EgOnly
}

// GroupOf returns the parameter group of vector value i.
func GroupOf(i int) eval.Group {
	if i >= scalarBase {
		return eval.ScalarGroup(i - scalarBase)
	}
	return eval.PairGroup(i / 2)
}

// King-danger curve and tapering, as in eval (see eval.Trace).
const (
	kdMGDiv  = 4096
	kdEGDiv  = 16
	maxPhase = eval.MaxPhase
	scaleMax = eval.ScaleMax
)

// linear returns position j's linear middlegame and endgame sums.
func (d *Dataset) linear(j int, w *intWeights) (mg, eg int32) {
	h := &d.hdr[j]
	s, e := h.start, h.start+uint32(h.nLin)
	idx, coef := d.idx[s:e], d.coef[s:e]
	coef = coef[:len(idx)]
	var sum int64
	for n, i := range idx {
		sum += int64(coef[n]) * w.lin[i&(linSize-1)]
	}
	// The packed sum is exact while each half fits in 32 bits: the low
	// half is the middlegame sum, the rest (after its borrow) the endgame.
	mg = int32(uint32(sum))
	return mg, int32((sum - int64(mg)) >> 32)
}

// evalInt returns position j's evaluation from White's point of view
// with integer weights w, exactly as eval.Trace.Evaluate computes it
// (integer divisions included).
func (d *Dataset) evalInt(j int, w *intWeights) int32 {
	mg, eg := d.linear(j, w)
	h := &d.hdr[j]
	e := h.start + uint32(h.nLin)
	sc := &w.sc
	for c := range 2 {
		n := uint32(h.nKS[c])
		var u int32
		for x := e; x < e+n; x++ {
			u += int32(d.coef[x]) * sc[d.idx[x]&(scSize-1)]
		}
		e += n
		if u > 0 {
			dm, de := u*u/kdMGDiv, u/kdEGDiv
			if c == 0 {
				mg, eg = mg-dm, eg-de
			} else {
				mg, eg = mg+dm, eg+de
			}
		}
	}
	scale := int32(scaleMax)
	if h.active != 0 {
		var s int32
		for x := e; x < e+uint32(h.nScale); x++ {
			s += int32(d.coef[x]) * sc[d.idx[x]&(scSize-1)]
		}
		scale = min(max(s, 0), scaleMax)
	}
	ph := int32(h.phase)
	return (mg*ph*scaleMax + eg*scale*(maxPhase-ph)) / (maxPhase * scaleMax)
}

// fwd is what the float evaluation of one position keeps for its
// gradient.
type fwd struct {
	v       float64    // evaluation, White's view
	eg      float64    // endgame sum before scaling
	u       [2]float64 // king-danger units against each king
	scale   float64    // scale factor 0..100
	sLive   bool       // scale strictly inside its clamp: it has a gradient
	ph, eg1 float64    // phase/24 and (24-phase)/24
}

// evalFloat is the evaluation with real-valued weights: the same formula
// without the integer divisions, so that it is differentiable.
func (d *Dataset) evalFloat(j int, w []float64, f *fwd) {
	h := &d.hdr[j]
	s, e := h.start, h.start+uint32(h.nLin)
	idx, coef := d.idx[s:e], d.coef[s:e]
	var mg, eg float64
	for n, i := range idx {
		c := float64(coef[n])
		mg += c * w[2*int(i)]
		eg += c * w[2*int(i)+1]
	}
	sc := w[scalarBase:]
	for c := range 2 {
		n := uint32(h.nKS[c])
		var u float64
		for x := e; x < e+n; x++ {
			u += float64(d.coef[x]) * sc[d.idx[x]]
		}
		e += n
		f.u[c] = u
		if u > 0 {
			dm, de := u*u/kdMGDiv, u/kdEGDiv
			if c == 0 {
				mg, eg = mg-dm, eg-de
			} else {
				mg, eg = mg+dm, eg+de
			}
		}
	}
	f.scale, f.sLive = scaleMax, false
	if h.active != 0 {
		var v float64
		for x := e; x < e+uint32(h.nScale); x++ {
			v += float64(d.coef[x]) * sc[d.idx[x]]
		}
		f.scale = min(max(v, 0), scaleMax)
		f.sLive = v > 0 && v < scaleMax
	}
	f.ph = float64(h.phase) / maxPhase
	f.eg1 = 1 - f.ph
	f.eg = eg
	f.v = mg*f.ph + eg*f.scale/scaleMax*f.eg1
}

// backward adds g * d(evaluation)/d(weight) to grad for position j.
func (d *Dataset) backward(j int, f *fwd, g float64, grad []float64) {
	h := &d.hdr[j]
	s, e := h.start, h.start+uint32(h.nLin)
	gm := g * f.ph                       // d v / d mg
	ge := g * f.scale / scaleMax * f.eg1 // d v / d eg
	idx, coef := d.idx[s:e], d.coef[s:e]
	for n, i := range idx {
		c := float64(coef[n])
		grad[2*int(i)] += c * gm
		grad[2*int(i)+1] += c * ge
	}
	gs := grad[scalarBase:]
	for c := range 2 {
		n := uint32(h.nKS[c])
		if u := f.u[c]; u > 0 {
			// White's danger lowers v, Black's raises it.
			sign := -1.0
			if c == 1 {
				sign = 1
			}
			k := sign * (gm*2*u/kdMGDiv + ge/kdEGDiv)
			for x := e; x < e+n; x++ {
				gs[d.idx[x]] += float64(d.coef[x]) * k
			}
		}
		e += n
	}
	if f.sLive {
		k := g * f.eg * f.eg1 / scaleMax
		for x := e; x < e+uint32(h.nScale); x++ {
			gs[d.idx[x]] += float64(d.coef[x]) * k
		}
	}
}

// sigmoid maps an evaluation (White's view, centipawns) to White's
// expected score: 1/(1+10^(-K v/400)), Texel's form, so that K near 1
// means the evaluation is on the usual Elo-like scale.
func sigmoid(k, v float64) float64 {
	return 1 / (1 + math.Exp(-k*v*(math.Ln10/400)))
}
