package search

import (
	"vireo/chess"
	"vireo/eval"
)

// This file serves the training-data tools: a position whose static
// evaluation is about to change by a capture is a poor tuning sample, so
// the tools replace it with the position at the end of its quiescence
// principal variation. The main search's qsearch shares the table, the
// limits and the worker state, so this is a separate, self-contained copy
// with the same stand-pat, SEE and move-ordering rules that always
// collects the PV.

// Quieter runs PV-collecting quiescence searches. It is not safe for
// concurrent use: give each goroutine its own.
type Quieter struct {
	ev    *eval.Evaluator
	pos   *chess.Position
	pv    [MaxPly + 1][MaxPly + 1]chess.Move
	pvLen [MaxPly + 1]int
	lists [MaxPly + 1]chess.MoveList
	order [MaxPly + 1][chess.MaxMoves]scoredMove
	// Nodes counts the positions visited, over all searches.
	Nodes uint64
}

// NewQuieter returns a Quieter evaluating with p (nil: the compiled-in
// parameters), with an evaluator of its own.
func NewQuieter(p *eval.Params) *Quieter {
	return &Quieter{ev: eval.NewWithParams(p)}
}

// Quiet is the outcome of one quiescence search.
type Quiet struct {
	// Score is the quiescence score of the root from its side to move.
	Score int
	// PV is the principal variation; empty when standing pat was best.
	PV []chess.Move
	// Leaf is the position at the end of the PV (a copy; the root passed
	// in is not changed). Its static evaluation, from its own side to
	// move, is Score negated once per PV move, unless the line ends in
	// mate or a draw.
	Leaf *chess.Position
}

// Search runs quiescence search from pos with a full window.
func (q *Quieter) Search(pos *chess.Position) Quiet {
	q.pos = pos.Copy()
	score := q.qsearch(-Infinite, Infinite, 0)
	pv := append([]chess.Move(nil), q.pv[0][:q.pvLen[0]]...)
	// q.pos is back at the root after the search; play the PV on it.
	for _, m := range pv {
		q.pos.MakeMove(m)
	}
	leaf := q.pos
	q.pos = nil
	return Quiet{Score: score, PV: pv, Leaf: leaf}
}

func (q *Quieter) qsearch(alpha, beta, ply int) int {
	q.pvLen[ply] = ply
	q.Nodes++
	pos := q.pos
	inCheck := pos.InCheck()
	if pos.IsInsufficientMaterial() || (ply > 0 && pos.IsRepetition(ply)) {
		return 0
	}
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return q.ev.Evaluate(pos)
	}
	bestScore := -Infinite
	if !inCheck {
		bestScore = q.ev.Evaluate(pos)
		if bestScore >= beta {
			return bestScore
		}
		alpha = max(alpha, bestScore)
	}
	ml := &q.lists[ply]
	if inCheck {
		pos.GenerateMoves(ml, chess.GenAll) // evasions
	} else {
		pos.GenerateMoves(ml, chess.GenNoisy)
	}
	order := q.order[ply][:0]
	for _, m := range ml.Slice() {
		order = append(order, scoredMove{m, mvvLva(pos, m)})
	}
	for i := range order {
		m := best(order, i).move
		// Captures that lose material by SEE, as in the main qsearch.
		if !inCheck && !pos.SEE(m, 0) {
			continue
		}
		pos.MakeMove(m)
		score := -q.qsearch(-beta, -alpha, ply+1)
		pos.UnmakeMove()
		if score > bestScore {
			bestScore = score
			if score > alpha {
				alpha = score
				q.pv[ply][ply] = m
				n := q.pvLen[ply+1]
				copy(q.pv[ply][ply+1:n], q.pv[ply+1][ply+1:n])
				q.pvLen[ply] = max(n, ply+1)
				if score >= beta {
					break
				}
			}
		}
	}
	if inCheck && len(order) == 0 {
		return -MateValue + ply
	}
	return bestScore
}
