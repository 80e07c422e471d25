package eval

import (
	"fmt"
	"strings"

	"vireo/chess"
)

// Trace is the evaluation of one position taken apart for a tuner.
//
// The linear part: Pairs[i] holds how many times Params.Pairs[i] was
// added for White ([0]) and for Black ([1]); the middlegame and endgame
// sums are
//
//	mg = sum_i (Pairs[i][0] - Pairs[i][1]) * Params.Pairs[i].MG
//	eg = sum_i (Pairs[i][0] - Pairs[i][1]) * Params.Pairs[i].EG
//
// (EgOnly terms have MG 0 and must keep it), a sparse dot product over
// Sparse(). Phase is the game phase (0..MaxPhase).
//
// The non-linear parts, and how a tuner should treat them:
//
//   - King danger. KS[c] holds the coefficients of the KingV scalars in
//     the attack units against colour c's king: u = sum_k KS[c][k] *
//     Params.Scalars[k], capped at 9,000. If u > 0, c loses u*u/4096 in
//     the middlegame and u/16 in the endgame. The gate (enough
//     attackers) was applied when the trace was taken: a gated-off side
//     has all-zero KS[c]. A tuner recomputes u from these coefficients
//     for every position at every step (a handful of non-zero entries),
//     and differentiates through the curve by the chain rule:
//     d mg / d K_k = -2u*KS[c][k]/4096 for the king's side,
//     d eg / d K_k = -KS[c][k]/16, zero when u <= 0 or u is at the cap.
//     Coordinate descent (Slow Chess's tuner) simply recomputes.
//   - Scaling. The endgame part is multiplied by ScaleFactor/100. When
//     ScaleActive, the factor is clamp(sum_k Scale[k]*Params.Scalars[k],
//     0, 100) over the ScaleV scalars, else 100. The stronger side (the
//     sign of eg) and the choice of formula were fixed when the trace was
//     taken; a tuner recomputes the factor from Scale, treats it as a
//     constant when fitting the Pairs (the gradient of eg terms is
//     multiplied by factor/100 * (24-phase)/24) and re-traces the
//     positions now and then, since a parameter change can flip the
//     stronger side or the rounding.
//
// Evaluate(params) puts these together exactly as the engine does; with
// the parameters the trace was taken with it returns Eval.
type Trace struct {
	Pairs       [NumPairs][2]int32
	KS          [2][NumScalars]int32
	Scale       [NumScalars]int32
	ScaleActive bool
	Strong      chess.Color // side ahead in eg when the scale was chosen
	Phase       int
	ScaleFactor int // the factor at trace time
	SideToMove  chess.Color
	Eval        int // the evaluation at trace time, side to move's view
}

// Trace evaluates p with the evaluator's parameters and returns the
// coefficients. It bypasses the pawn hash and is meant for tuning and
// diagnostics, not for search: Evaluate pays only a nil check for it.
func (e *Evaluator) Trace(p *chess.Position) *Trace {
	t := &Trace{}
	var pe pawnEntry
	a := acc{pr: e.params, pk: e.packed, tr: t}
	evalPawns(p, &a, &pe)
	var st evalState
	st.pr, st.pk, st.tr = e.params, e.packed, t
	v := st.run(p, &pe)
	if p.SideToMove() == chess.Black {
		v = -v
	}
	t.Eval = v
	return t
}

// Linear returns the linear part (White minus Black) with parameters pr.
func (t *Trace) Linear(pr *Params) (mg, eg int) {
	for i, c := range t.Pairs {
		if n := int(c[0] - c[1]); n != 0 {
			mg += n * pr.Pairs[i].MG
			eg += n * pr.Pairs[i].EG
		}
	}
	return mg, eg
}

// Units returns the king-danger units against colour c's king.
func (t *Trace) Units(pr *Params, c chess.Color) int {
	u := 0
	for k, n := range t.KS[c] {
		u += int(n) * pr.Scalars[k]
	}
	return u
}

// KingDanger returns what colour c loses to the attack on its king.
func (t *Trace) KingDanger(pr *Params, c chess.Color) Score {
	if u := min(t.Units(pr, c), kdMaxUnits); u > 0 {
		return Score{u * u / kdMGDiv, u / kdEGDiv}
	}
	return Score{}
}

// ScaleOf returns the endgame scale percentage with parameters pr.
func (t *Trace) ScaleOf(pr *Params) int {
	if !t.ScaleActive {
		return ScaleMax
	}
	s := 0
	for k, n := range t.Scale {
		s += int(n) * pr.Scalars[k]
	}
	return min(max(s, 0), ScaleMax)
}

// Evaluate recomputes the evaluation (side to move's view) from the
// trace with parameters pr, as described on Trace.
func (t *Trace) Evaluate(pr *Params) int {
	mg, eg := t.Linear(pr)
	kw, kb := t.KingDanger(pr, chess.White), t.KingDanger(pr, chess.Black)
	mg += kb.MG - kw.MG
	eg += kb.EG - kw.EG
	v := bound((mg*t.Phase*ScaleMax + eg*t.ScaleOf(pr)*(MaxPhase-t.Phase)) / (MaxPhase * ScaleMax))
	if t.SideToMove == chess.Black {
		return -v
	}
	return v
}

// Breakdown describes the evaluation group by group for the UCI "eval"
// command and "vireo eval": each side's middlegame and endgame sums and
// the tapered, scaled difference, from White's point of view.
func (e *Evaluator) Breakdown(p *chess.Position) string {
	t := e.Trace(p)
	pr := e.params
	var w, b [NumGroups]Score
	for i, c := range t.Pairs {
		g := groupOfPair[i]
		v := pr.Pairs[i]
		w[g] = w[g].add(Score{int(c[0]) * v.MG, int(c[0]) * v.EG})
		b[g] = b[g].add(Score{int(c[1]) * v.MG, int(c[1]) * v.EG})
	}
	// King danger is KingV's non-linear part.
	w[KingV] = w[KingV].sub(t.KingDanger(pr, chess.White))
	b[KingV] = b[KingV].sub(t.KingDanger(pr, chess.Black))
	scale := t.ScaleOf(pr)
	taper := func(s Score) int {
		return (s.MG*t.Phase*ScaleMax + s.EG*scale*(MaxPhase-t.Phase)) / (MaxPhase * ScaleMax)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-10s %7s %7s   %7s %7s   %7s\n", "Group", "White", "", "Black", "", "Total")
	fmt.Fprintf(&sb, "%-10s %7s %7s   %7s %7s   %7s\n", "", "mg", "eg", "mg", "eg", "")
	var tw, tb Score
	for g := Group(0); g < NumGroups; g++ {
		if g == ScaleV {
			fmt.Fprintf(&sb, "%-10s %7s %7s   %7s %7s   %6d%%\n", g, "-", "-", "-", "-", scale)
			continue
		}
		tw, tb = tw.add(w[g]), tb.add(b[g])
		fmt.Fprintf(&sb, "%-10s %7d %7d   %7d %7d   %7d\n", g, w[g].MG, w[g].EG, b[g].MG, b[g].EG, taper(w[g].sub(b[g])))
	}
	fmt.Fprintf(&sb, "%-10s %7d %7d   %7d %7d   %7d\n", "Total", tw.MG, tw.EG, tb.MG, tb.EG, taper(tw.sub(tb)))
	fmt.Fprintf(&sb, "Phase %d/%d, endgame scale %d%% (%s ahead in the endgame part), king danger units: white king %d, black king %d\n",
		t.Phase, MaxPhase, scale, colourName(t.Strong), max(t.Units(pr, chess.White), 0), max(t.Units(pr, chess.Black), 0))
	v := t.Eval
	if p.SideToMove() == chess.Black {
		v = -v
	}
	fmt.Fprintf(&sb, "Final evaluation: %+d cp (White's view, tempo included)\n", v)
	return sb.String()
}

func colourName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}
