package search

import (
	"vireo/chess"
	"vireo/syzygy"
)

// Syzygy is how the search uses endgame tablebases, from the UCI options
// of the same names (Stockfish's). A nil TB switches every probe off, so
// that a search without tables costs one comparison per node.
type Syzygy struct {
	TB *syzygy.Tablebase
	// ProbeDepth is the least depth at which a position with exactly
	// ProbeLimit pieces is probed; smaller ones are probed at any depth.
	ProbeDepth int
	// ProbeLimit caps the piece count probed (the tables' own maximum
	// caps it too).
	ProbeLimit int
	// Rule50 scores cursed wins and blessed losses (decided by the
	// 50-move rule) as draws; false scores them as wins and losses.
	Rule50 bool
}

// TBWin is the score of a tablebase win at the root, less one per ply
// below it: above every evaluation, below every mate score, so that a
// proven mate is still preferred and the UCI score stays "cp".
const TBWin = MateInMax - MaxPly - 1

// cardinality is the largest piece count probed, 0 when probing is off.
func (c *Syzygy) cardinality() int {
	if c.TB == nil {
		return 0
	}
	return min(c.ProbeLimit, c.TB.MaxPieces())
}

// wdlScore turns a WDL value into a search score at ply and the bound it
// is: a win is at least TBWin-ply (a faster mate may exist), a loss at
// most its negation, and a draw exact. With Rule50, a cursed win or a
// blessed loss is a draw nudged by two centipawns towards its side, as
// Stockfish does, so that the better side still prefers it.
func (c *Syzygy) wdlScore(wdl, ply int) (int, Bound) {
	draw := 0
	if c.Rule50 {
		draw = 1
	}
	switch {
	case wdl > draw:
		return TBWin - ply, BoundLower
	case wdl < -draw:
		return -TBWin + ply, BoundUpper
	}
	return 2 * wdl * draw, BoundExact
}

// probeWDL probes the tables inside the search. Only right after a
// capture or pawn move (halfmove clock 0), where the tables' result holds
// whatever the 50-move counter was, and at a position with exactly the
// largest piece count only from ProbeDepth on.
func (w *Worker) probeWDL(depth, ply int) (int, Bound, bool) {
	c := &w.s.Syzygy
	card := c.cardinality()
	if card == 0 {
		return 0, BoundNone, false
	}
	pos := w.pos
	n := pos.Occupied().Count()
	if n > card || (n == card && depth < c.ProbeDepth) || pos.HalfmoveClock() != 0 || pos.CastlingRights() != 0 {
		return 0, BoundNone, false
	}
	wdl, ok := c.TB.ProbeWDL(pos)
	if !ok {
		return 0, BoundNone, false
	}
	w.tbHits.Add(1)
	score, bound := c.wdlScore(wdl, ply)
	return score, bound, true
}

// rootTablebase ranks the root moves by the DTZ tables when the root is
// in them. It keeps only the moves that preserve the result (a win stays
// a win, a draw never becomes a loss), and returns the DTZ-best of them
// with its score: a win or loss is then played from the tables alone,
// since the fastest progress towards a zeroing move is what converts it
// within the 50-move rule, while a draw is left to the search among the
// drawing moves. ok is false when the root is not in the tables.
func (w *Worker) rootTablebase() (best chess.Move, score int, decided, ok bool) {
	c := &w.s.Syzygy
	card := c.cardinality()
	pos := w.pos
	if card == 0 || pos.Occupied().Count() > card || pos.CastlingRights() != 0 {
		return chess.NoMove, 0, false, false
	}
	rms, ok := c.TB.RootMoves(pos, c.Rule50)
	if !ok || len(rms) == 0 {
		return chess.NoMove, 0, false, false
	}
	w.tbHits.Add(uint64(len(rms)))
	keep := syzygy.BestRootMoves(rms)
	kept := w.rootMvs[:0]
	for _, rm := range w.rootMvs {
		for _, k := range keep {
			if k.Move == rm.move {
				kept = append(kept, rm)
				break
			}
		}
	}
	if len(kept) == 0 {
		// searchmoves left out every move that keeps the result: search
		// the ones it allowed.
		return chess.NoMove, 0, false, false
	}
	w.rootMvs = kept
	bm := syzygy.DTZBest(rms)
	score, bound := c.wdlScore(bm.WDL, 0)
	found := false
	for _, rm := range kept {
		found = found || rm.move == bm.Move
	}
	return bm.Move, score, found && bound != BoundExact, true
}
