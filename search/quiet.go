package search

import (
	"vireo/chess"
	"vireo/eval"
)

// This file serves the training-data tools: a position whose static
// evaluation is about to change by a capture is a poor tuning sample, so
// the tools replace it with the position at the end of its quiescence
// principal variation. A Quieter is the main search's qsearch run in PV
// mode (which always collects the PV and takes no table cutoffs) on a
// searcher of its own, so that tools can run one per goroutine.

// Quieter runs PV-collecting quiescence searches. It is not safe for
// concurrent use: give each goroutine its own.
type Quieter struct {
	s *Searcher
	// Nodes counts the positions visited, over all searches.
	Nodes uint64
}

// NewQuieter returns a Quieter evaluating with p (nil: the compiled-in
// parameters), with a searcher (a 1 MB table and an evaluator) of its own.
func NewQuieter(p *eval.Params) *Quieter {
	s := NewSearcher(1)
	if p != nil {
		s.SetEvalParams(p)
	}
	s.workers[0].setParams(s.Params)
	return &Quieter{s: s}
}

// Clear empties the table. The PV-mode search takes no cutoffs from it,
// but it orders by the table's move, and among equal captures or quiet
// evasions the order can change the leaf: a tool that must give the same
// output whichever thread handles a batch clears it at every batch.
func (q *Quieter) Clear() { q.s.NewGame() }

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
	w := q.s.workers[0]
	w.pos = pos.Copy()
	w.limits, w.stopped, w.rootDepth = Limits{}, false, 0 // no limits apply
	before := w.nodes
	score := w.qsearch(-Infinite, Infinite, 0, true)
	q.Nodes += w.nodes - before
	pv := append([]chess.Move(nil), w.pv[0][:w.pvLen[0]]...)
	// w.pos is back at the root after the search; play the PV on it.
	leaf := w.pos
	for _, m := range pv {
		leaf.MakeMove(m)
	}
	w.pos = nil
	return Quiet{Score: score, PV: pv, Leaf: leaf}
}
