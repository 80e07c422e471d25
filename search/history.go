package search

import "vireo/chess"

// History holds a worker's quiet-move ordering statistics: Rofchade's
// search's pair of tables counting good and bad outcomes of each
// [side][from][to], split four ways by threat (Ethereal's threat-indexed
// butterfly table). A move's score is its share of good outcomes.
type History struct {
	// The quiet tables are split by threat slot: whether the move's from
	// and to squares are attacked by the opponent.
	good, bad [2][4][64][64]int32
	// share caches shareOf of each (good, bad) pair, so that scoring a
	// quiet move reads one entry and divides nothing; the zero value
	// matches empty tables. Only updateRel and Age write it.
	share [2][4][64][64]int16
}

// historyLimit triggers halving of the tables before they can overflow
// or let ancient results outweigh recent ones.
const historyLimit = 1 << 24

// historyScale is the range of the relative score.
const historyScale = 1 << 14

// slot is m's threat slot given thr, the squares the opponent attacks: a
// quiet move that leaves an attacked square or steps onto one is a
// different move from the same move made in peace, and its history is
// kept apart (Ethereal's threat-split butterfly table).
func (h *History) slot(thr chess.Bitboard, m chess.Move) int {
	return 2*b2i(thr.Has(m.From())) + b2i(thr.Has(m.To()))
}

// threatMap is the set of squares the side not to move attacks, the key
// of the threat slots.
func (h *History) threatMap(pos *chess.Position) chess.Bitboard {
	return attackedSquares(pos, pos.SideToMove().Other())
}

// attackedSquares is every square a piece of side c attacks.
func attackedSquares(pos *chess.Position, c chess.Color) chess.Bitboard {
	a := lesserAttacks(pos, c)
	occ := pos.Occupied()
	for b := pos.Pieces(c, chess.Queen); b != 0; b &= b - 1 {
		a |= chess.QueenAttacks(b.LSB(), occ)
	}
	return a | chess.KingAttacks(pos.KingSquare(c))
}

// lesserAttacks is every square the pawns, minor pieces and rooks of
// side c attack.
func lesserAttacks(pos *chess.Position, c chess.Color) chess.Bitboard {
	occ := pos.Occupied()
	a := chess.PawnAttacksBB(pos.Pieces(c, chess.Pawn), c)
	for b := pos.Pieces(c, chess.Knight); b != 0; b &= b - 1 {
		a |= chess.KnightAttacks(b.LSB())
	}
	for b := pos.Pieces(c, chess.Bishop); b != 0; b &= b - 1 {
		a |= chess.BishopAttacks(b.LSB(), occ)
	}
	for b := pos.Pieces(c, chess.Rook); b != 0; b &= b - 1 {
		a |= chess.RookAttacks(b.LSB(), occ)
	}
	return a
}

// shareOf is Rofchade's search's share of good outcomes for g good and b
// bad, 0..historyScale, centred on zero: untried moves rank in the
// middle, above moves that keep failing, below moves that keep cutting.
// One outcome of each kind counts as seen beforehand (Laplace's rule).
// Other priors were measured on the bench: slower ones (4 to 64 of each)
// order worse and grow the tree by 20% to 64%; faster ones (a quarter or
// a half of each) order a hair better but let history pruning drop more,
// for trees 4% to 7% larger.
func shareOf(g, b int32) int16 {
	return int16((int64(g)+1)*historyScale/(int64(g)+int64(b)+2) - historyScale/2)
}

// quiet is a quiet move's ordering score, centred on zero, within
// ±historyScale/2. thr is the threat map of the position (threatMap).
func (h *History) quiet(c chess.Color, m chess.Move, thr chess.Bitboard) int32 {
	return int32(h.share[c][h.slot(thr, m)][m.From()][m.To()])
}

// updateQuiet records a cutoff by the quiet move best after the quiet
// moves in tried failed; thr is the position's threat map. An outcome at
// depth d counts d² times.
func (h *History) updateQuiet(pos *chess.Position, best chess.Move, tried []chess.Move, depth int, thr chess.Bitboard) {
	c := pos.SideToMove()
	bonus := int32(depth * depth)
	k := h.slot(thr, best)
	g := &h.good[c][k][best.From()][best.To()]
	*g += bonus
	h.setShare(c, k, best)
	if *g > historyLimit {
		h.Age()
	}
	for _, m := range tried {
		k := h.slot(thr, m)
		b := &h.bad[c][k][m.From()][m.To()]
		*b += bonus
		h.setShare(c, k, m)
		if *b > historyLimit {
			h.Age()
		}
	}
}

// setShare refreshes the cached share of m after its counts changed.
func (h *History) setShare(c chess.Color, k int, m chess.Move) {
	f, t := m.From(), m.To()
	h.share[c][k][f][t] = shareOf(h.good[c][k][f][t], h.bad[c][k][f][t])
}

// Age halves the tables, at the start of each search and when an entry
// nears historyLimit.
//
// Most of the 32,768 pairs are empty, and an empty pair's share is 0
// (shareOf(0, 0)): they are passed over without shareOf's division, which
// made Age 3% of a short bench.
func (h *History) Age() {
	for c := range h.good {
		for k := range h.good[c] {
			for f := range h.good[c][k] {
				g, b, sh := &h.good[c][k][f], &h.bad[c][k][f], &h.share[c][k][f]
				for t := range g {
					if g[t]|b[t] == 0 {
						continue
					}
					g[t] /= 2
					b[t] /= 2
					sh[t] = shareOf(g[t], b[t])
				}
			}
		}
	}
}

// Clear empties every table.
func (h *History) Clear() { *h = History{} }
