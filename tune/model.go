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
	kdMGDiv    = 4096
	kdEGDiv    = 16
	kdMaxUnits = 9000
	maxPhase   = eval.MaxPhase
	scaleMax   = eval.ScaleMax
)

// linear returns position j's linear middlegame and endgame sums.
func (d *Dataset) linear(j int, w *intWeights) (mg, eg int32) {
	h := &d.hdr[j]
	s, e := h.start, h.start+uint32(h.nLin)
	ent := d.ent[s:e]
	// Two accumulators halve the chain of dependent additions, which is
	// what bounds this loop.
	var sum, sum2 int64
	n := 0
	for ; n+1 < len(ent); n += 2 {
		sum += int64(cf(ent[n])) * w.lin[ix(ent[n])]
		sum2 += int64(cf(ent[n+1])) * w.lin[ix(ent[n+1])]
	}
	if n < len(ent) {
		sum += int64(cf(ent[n])) * w.lin[ix(ent[n])]
	}
	sum += sum2
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
			u += cf(d.ent[x]) * sc[d.ent[x]&(scSize-1)]
		}
		e += n
		if u = min(u, kdMaxUnits); u > 0 {
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
			s += cf(d.ent[x]) * sc[d.ent[x]&(scSize-1)]
		}
		scale = min(max(s, 0), scaleMax)
	}
	ph := int32(h.phase)
	return (mg*ph*scaleMax + eg*scale*(maxPhase-ph)) / (maxPhase * scaleMax)
}

// floatWeights are real-valued parameters (or a gradient) in the form
// the float evaluation reads: fixed-size arrays indexed by masked entry
// indices, so that the inner loops carry no bounds checks.
type floatWeights struct {
	lin [linSize][2]float64 // mg, eg
	sc  [scSize]float64
}

// load sets f from a Vector.
func (f *floatWeights) load(v []float64) {
	for i := range nPairs {
		f.lin[i] = [2]float64{v[2*i], v[2*i+1]}
	}
	copy(f.sc[:], v[scalarBase:])
}

// addTo adds f times s to a Vector.
func (f *floatWeights) addTo(v []float64, s float64) {
	for i := range nPairs {
		v[2*i] += f.lin[i][0] * s
		v[2*i+1] += f.lin[i][1] * s
	}
	for k := range nScalars {
		v[scalarBase+k] += f.sc[k] * s
	}
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
func (d *Dataset) evalFloat(j int, w *floatWeights, f *fwd) {
	h := &d.hdr[j]
	s, e := h.start, h.start+uint32(h.nLin)
	ent := d.ent[s:e]
	// Two pairs of accumulators, as in linear.
	var mg, eg, mg2, eg2 float64
	n := 0
	for ; n+1 < len(ent); n += 2 {
		c, c2 := float64(cf(ent[n])), float64(cf(ent[n+1]))
		x, x2 := &w.lin[ix(ent[n])], &w.lin[ix(ent[n+1])]
		mg += c * x[0]
		eg += c * x[1]
		mg2 += c2 * x2[0]
		eg2 += c2 * x2[1]
	}
	if n < len(ent) {
		c := float64(cf(ent[n]))
		x := &w.lin[ix(ent[n])]
		mg += c * x[0]
		eg += c * x[1]
	}
	mg, eg = mg+mg2, eg+eg2
	sc := &w.sc
	for c := range 2 {
		n := uint32(h.nKS[c])
		var u float64
		for x := e; x < e+n; x++ {
			u += float64(cf(d.ent[x])) * sc[d.ent[x]&(scSize-1)]
		}
		e += n
		f.u[c] = u
		if u = min(u, kdMaxUnits); u > 0 {
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
			v += float64(cf(d.ent[x])) * sc[d.ent[x]&(scSize-1)]
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
func (d *Dataset) backward(j int, f *fwd, g float64, grad *floatWeights) {
	h := &d.hdr[j]
	s, e := h.start, h.start+uint32(h.nLin)
	gm := g * f.ph                       // d v / d mg
	ge := g * f.scale / scaleMax * f.eg1 // d v / d eg
	ent := d.ent[s:e]
	for _, en := range ent {
		c := float64(cf(en))
		x := &grad.lin[ix(en)]
		x[0] += c * gm
		x[1] += c * ge
	}
	gs := &grad.sc
	for c := range 2 {
		n := uint32(h.nKS[c])
		// Past the cap the units no longer move the evaluation.
		if u := f.u[c]; u > 0 && u < kdMaxUnits {
			// White's danger lowers v, Black's raises it.
			sign := -1.0
			if c == 1 {
				sign = 1
			}
			k := sign * (gm*2*u/kdMGDiv + ge/kdEGDiv)
			for x := e; x < e+n; x++ {
				gs[d.ent[x]&(scSize-1)] += float64(cf(d.ent[x])) * k
			}
		}
		e += n
	}
	if f.sLive {
		k := g * f.eg * f.eg1 / scaleMax
		for x := e; x < e+uint32(h.nScale); x++ {
			gs[d.ent[x]&(scSize-1)] += float64(cf(d.ent[x])) * k
		}
	}
}

// sigmoid maps an evaluation (White's view, centipawns) to White's
// expected score: 1/(1+10^(-K v/400)), Texel's form, so that K near 1
// means the evaluation is on the usual Elo-like scale.
func sigmoid(k, v float64) float64 {
	return 1 / (1 + math.Exp(-k*v*(math.Ln10/400)))
}
