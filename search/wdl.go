package search

import (
	"math"

	"vireo/chess"
)

// WDLModel turns a score into win, draw and loss probabilities in the
// manner of Stockfish's: the side to move wins with probability
//
//	P(win | s, m) = 1 / (1 + exp(-(s - a(m)) / b(m)))
//
// loses with P(win | -s, m) and draws otherwise, where s is the score in
// centipawns from the side to move, m the material on the board (pawn 1,
// knight and bishop 3, rook 5, queen 9, both sides; 78 at the start) and
// a, b cubic polynomials in t = (m - 41) / 37, m clamped to [4, 78] so t
// is in [-1, 1]. a(m) is the score at which a win becomes as likely as
// not, b(m) how quickly the chance grows around it. The coefficients are
// fitted to Vireo's own self-play games by "vireo tune wdl"
// (docs/wdl.md).
type WDLModel struct {
	A, B [4]float64 // a(t) = A[0] + A[1] t + A[2] t^2 + A[3] t^3; b likewise
}

// The material range of the model.
const (
	WDLMinMaterial = 4
	WDLMaxMaterial = 78
)

// WDLParamMin bounds a and b from below: a(m) >= 1 keeps the draw
// probability positive, b(m) >= 1 the curve finite.
const WDLParamMin = 1.0

// DefaultWDL is the model fitted to Vireo's self-play (docs/wdl.md):
// "vireo tune wdl --data ../gen/selfplay.epd --sample 300000" on the
// first million-position set (269,679 positions fitted, 29,991 held out).
var DefaultWDL = WDLModel{
	A: [4]float64{84.058, -29.577, 158.169, -155.921},
	B: [4]float64{122.881, 68.437, 33.074, -78.055},
}

// WDLT maps material to the polynomials' variable t in [-1, 1].
func WDLT(material int) float64 {
	m := min(max(material, WDLMinMaterial), WDLMaxMaterial)
	return float64(m-41) / 37
}

// Params returns a(m) and b(m), each at least WDLParamMin.
func (md *WDLModel) Params(material int) (a, b float64) {
	t := WDLT(material)
	a = ((md.A[3]*t+md.A[2])*t+md.A[1])*t + md.A[0]
	b = ((md.B[3]*t+md.B[2])*t+md.B[1])*t + md.B[0]
	return max(a, WDLParamMin), max(b, WDLParamMin)
}

// Probs returns the probabilities of a win, draw and loss for the side
// to move at score (centipawns, not a mate score) and material.
func (md *WDLModel) Probs(score float64, material int) (w, d, l float64) {
	a, b := md.Params(material)
	w = 1 / (1 + math.Exp(-(score-a)/b))
	l = 1 / (1 + math.Exp(-(-score-a)/b))
	return w, max(1-w-l, 0), l
}

// Permille returns the probabilities in permille, summing to exactly
// 1000: win and loss are rounded, the draw is the rest. A mate score
// gives 1000 0 0 or 0 0 1000.
func (md *WDLModel) Permille(score, material int) (w, d, l int) {
	switch {
	case score >= MateInMax:
		return 1000, 0, 0
	case score <= -MateInMax:
		return 0, 0, 1000
	}
	pw, _, pl := md.Probs(float64(score), material)
	w, l = int(math.Round(1000*pw)), int(math.Round(1000*pl))
	d = 1000 - w - l
	if d < 0 { // both rounded up with no draw chance left
		if w > l {
			w += d
		} else {
			l += d
		}
		d = 0
	}
	return w, d, l
}

// WDL is DefaultWDL.Permille.
func WDL(score, material int) (w, d, l int) { return DefaultWDL.Permille(score, material) }

// Material counts the material of both sides for the WDL model: pawn 1,
// knight and bishop 3, rook 5, queen 9.
func Material(p *chess.Position) int {
	n := func(pt chess.PieceType) int { return p.ByType(pt).Count() }
	return n(chess.Pawn) + 3*n(chess.Knight) + 3*n(chess.Bishop) + 5*n(chess.Rook) + 9*n(chess.Queen)
}
