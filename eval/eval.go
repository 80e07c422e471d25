// Package eval is Vireo's static evaluation. This first version is seed
// 004's Rofchade 1: tapered material and asymmetric middlegame/endgame
// piece-square tables, with the game phase taken from remaining material.
// The full Slow Chess-style evaluation replaces it behind the same API.
package eval

import (
	"fmt"
	"strings"

	"vireo/chess"
)

// Score is a tapered pair: middlegame and endgame values in centipawns.
type Score struct{ MG, EG int }

// S builds a Score.
func S(mg, eg int) Score { return Score{mg, eg} }

func (a Score) add(b Score) Score { return Score{a.MG + b.MG, a.EG + b.EG} }
func (a Score) sub(b Score) Score { return Score{a.MG - b.MG, a.EG - b.EG} }

// MaxPhase is the phase of the starting material; the phase counts minor
// pieces 1, rooks 2 and queens 4 and is capped here.
const MaxPhase = 24

var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

// Evaluator evaluates positions. It carries no state between calls yet;
// it is a value so that per-thread caches (a pawn hash) can join it later
// without changing callers.
type Evaluator struct{}

// New returns an evaluator.
func New() *Evaluator { return &Evaluator{} }

// Phase returns the game phase from MaxPhase (all pieces) down to 0.
func Phase(p *chess.Position) int {
	ph := 0
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		ph += phaseWeight[pt] * p.ByType(pt).Count()
	}
	return min(ph, MaxPhase)
}

func taper(s Score, phase int) int {
	return (s.MG*phase + s.EG*(MaxPhase-phase)) / MaxPhase
}

// sideScore sums material and placement for one colour.
func sideScore(p *chess.Position, c chess.Color) Score {
	var s Score
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		for b := p.Pieces(c, pt); b != 0; {
			sq := b.PopLSB()
			if c == chess.Black {
				sq = sq.Flip()
			}
			s = s.add(pst[pt][sq])
		}
	}
	return s
}

// Evaluate returns the static evaluation from the side to move's point of view.
func (e *Evaluator) Evaluate(p *chess.Position) int {
	s := sideScore(p, chess.White).sub(sideScore(p, chess.Black))
	v := taper(s, Phase(p)) + Tempo
	if p.SideToMove() == chess.Black {
		v = -taper(s, Phase(p)) + Tempo
	}
	return v
}

// Tempo is the bonus for having the move.
const Tempo = 10

// Breakdown describes the evaluation term by term for the UCI "eval"
// command, from White's point of view.
func (e *Evaluator) Breakdown(p *chess.Position) string {
	var sb strings.Builder
	phase := Phase(p)
	fmt.Fprintf(&sb, "Phase: %d/%d\n", phase, MaxPhase)
	fmt.Fprintf(&sb, "%-10s %13s %13s %13s\n", "Term", "White mg eg", "Black mg eg", "Total")
	names := [7]string{"", "Pawns", "Knights", "Bishops", "Rooks", "Queens", "King"}
	var tw, tb Score
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		var w, b Score
		for c := chess.White; c <= chess.Black; c++ {
			for bb := p.Pieces(c, pt); bb != 0; {
				sq := bb.PopLSB()
				if c == chess.Black {
					sq = sq.Flip()
					b = b.add(pst[pt][sq])
				} else {
					w = w.add(pst[pt][sq])
				}
			}
		}
		tw, tb = tw.add(w), tb.add(b)
		fmt.Fprintf(&sb, "%-10s %6d %6d %6d %6d %13d\n", names[pt], w.MG, w.EG, b.MG, b.EG, taper(w.sub(b), phase))
	}
	fmt.Fprintf(&sb, "%-10s %6d %6d %6d %6d %13d\n", "Total", tw.MG, tw.EG, tb.MG, tb.EG, taper(tw.sub(tb), phase))
	v := e.Evaluate(p)
	if p.SideToMove() == chess.Black {
		v = -v
	}
	fmt.Fprintf(&sb, "Final evaluation: %+d cp (White's view, tempo included)\n", v)
	return sb.String()
}
