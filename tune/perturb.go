package tune

import (
	"math"
	"math/rand"

	"vireo/eval"
)

// Perturb returns p with every positional value (every tunable value but
// the piece values) moved by frac of its size plus add units, up or down
// at random (seeded): the start of a recovery test, which tunes from
// there on the data p was fitted to and measures how close the values
// come back.
func Perturb(p *eval.Params, frac, add float64, seed int64) *eval.Params {
	return PerturbMasked(p, frac, add, seed, nil)
}

// PerturbMasked is Perturb for the values mask lets move (nil: every
// tunable value): a recovery test of one group leaves the others as
// they are.
func PerturbMasked(p *eval.Params, frac, add float64, seed int64, mask []bool) *eval.Params {
	r := rand.New(rand.NewSource(seed))
	v := VectorOf(p)
	pieces := pieceValues()
	for i := range v {
		if !Tunable(i) || pieces[i] || (mask != nil && !mask[i]) {
			continue
		}
		d := frac*math.Abs(v[i]) + add
		if r.Intn(2) == 0 {
			d = -d
		}
		v[i] += d
	}
	return v.Params()
}

// pieceValues marks the vector values of PIECE_VALUE.
func pieceValues() []bool {
	m := make([]bool, NumValues)
	for _, t := range eval.Terms() {
		if t.Name == "PIECE_VALUE" {
			for _, i := range termValues(t) {
				m[i] = true
			}
		}
	}
	return m
}

// Distance is the mean absolute difference between a and b over the
// values mask lets move (nil: every tunable value) and the largest one.
func Distance(a, b *eval.Params, mask []bool) (mean, most float64) {
	va, vb := VectorOf(a), VectorOf(b)
	n := 0
	for i := range va {
		if (mask == nil && !Tunable(i)) || (mask != nil && !mask[i]) {
			continue
		}
		d := math.Abs(va[i] - vb[i])
		mean += d
		most = max(most, d)
		n++
	}
	if n > 0 {
		mean /= float64(n)
	}
	return mean, most
}
