package tune

import (
	"fmt"

	"vireo/eval"
)

// AutoL2Scale is the L2 penalty times the number of training positions
// that the default --l2 keeps constant. The data term is a mean, so a
// penalty that holds rare values back by the same amount must shrink as
// the data grows; 0.25 is the product of the round-1 tune that won by
// SPRT (1e-6 on 255,195 self-play positions, docs/tuning.md).
const AutoL2Scale = 0.25

// AutoL2 is the default L2 penalty for n training positions.
func AutoL2(n int) float64 {
	if n <= 0 {
		return 0
	}
	return AutoL2Scale / float64(n)
}

// Flip is a value whose sign a tune reversed.
type Flip struct {
	Name     string // TERM, TERM[i], with " mg"/" eg" for pairs
	From, To int
}

// SignFlips lists the values that are non-zero in both from and to with
// opposite signs, in table order: a term that changes sign has changed
// meaning, which the data may or may not support.
func SignFlips(from, to *eval.Params) []Flip {
	var out []Flip
	add := func(name string, a, b int) {
		if a > 0 && b < 0 || a < 0 && b > 0 {
			out = append(out, Flip{name, a, b})
		}
	}
	for _, t := range eval.Terms() {
		for j := range t.Len {
			name := t.Name
			if t.Len > 1 || t.Array {
				name = fmt.Sprintf("%s[%d]", t.Name, j)
			}
			i := t.Index + j
			switch t.Kind {
			case eval.Scalar:
				add(name, from.Scalars[i], to.Scalars[i])
			case eval.EgOnly:
				add(name+" eg", from.Pairs[i].EG, to.Pairs[i].EG)
			default:
				add(name+" mg", from.Pairs[i].MG, to.Pairs[i].MG)
				add(name+" eg", from.Pairs[i].EG, to.Pairs[i].EG)
			}
		}
	}
	return out
}

// DriftReport says how far a tune moved the evaluation's scale and which
// values changed sign. kStart is the K the tune ran with (fitted to the
// start values); K is refitted to the result on train. A K that moves by
// more than a few percent means the tune changed the centipawn scale, so
// search margins set in centipawns no longer mean what they did.
func DriftReport(train *Dataset, start, result *eval.Params, kStart float64, workers int) string {
	kEnd, _ := train.FitK(result, workers)
	s := fmt.Sprintf("K drift: %.4f fitted on the start values, %.4f on the tuned values (%+.1f%%)",
		kStart, kEnd, 100*(kEnd-kStart)/kStart)
	flips := SignFlips(start, result)
	s += fmt.Sprintf("\nsign flips: %d values", len(flips))
	for i, f := range flips {
		if i == 20 {
			s += fmt.Sprintf("\n  ... and %d more", len(flips)-20)
			break
		}
		s += fmt.Sprintf("\n  %s: %d -> %d", f.Name, f.From, f.To)
	}
	return s
}
