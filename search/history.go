package search

import "vireo/chess"

// History holds a worker's move-ordering statistics. The seed 004 pair of
// quiet tables (good, bad) is the base; the modern tables beside it are
// switched on by search parameters so that each can be proven by SPRT:
// a gravity-form butterfly table that replaces good/bad, continuation
// histories keyed by the moves one and two plies back, capture history,
// and the counter move.
type History struct {
	// The quiet tables are split by threat slot (ThreatHist): whether the
	// move's from and to squares are attacked by the opponent. Slot 0 is
	// the only one used when the split is off.
	good, bad [2][4][64][64]int32
	// share caches shareOf of each (good, bad) pair, so that scoring a
	// quiet move reads one entry and divides nothing; the zero value
	// matches empty tables. Only updateRel and Age write it.
	share [2][4][64][64]int16

	main    [2][4][64][64]int16
	capt    [16][64][8]int16 // [moved piece][to][captured type]
	cont    [16][64]contTable
	counter [16][64]chess.Move

	gravity   bool // main replaces good/bad
	contPlies int  // how many continuation tables (0..2) are used
	captHist  bool
	counterOn bool
	threats   bool  // quiet tables split by threat slot
	prior     int32 // shareOf's prior in quarters (HistPrior)
}

// contTable scores a move by [piece][to], given the earlier move that
// selected the table.
type contTable [16][64]int16

// histMax bounds every gravity-form entry: updates shrink as an entry
// nears it, so recent results keep weight without periodic halving.
const histMax = 16384

// historyLimit triggers halving of the seed 004 tables before they can
// overflow or let ancient results outweigh recent ones.
const historyLimit = 1 << 24

// historyScale is the range of the seed 004 relative score.
const historyScale = 1 << 14

func (h *History) configure(p *Params) {
	h.gravity = p.HistGravity != 0
	h.contPlies = p.ContHistPlies
	h.captHist = p.CaptHist != 0
	h.counterOn = p.CounterMove != 0
	h.threats = p.ThreatHist != 0
	h.prior = int32(p.HistPrior)
}

// slot is m's threat slot given thr, the squares the opponent attacks: a
// quiet move that leaves an attacked square or steps onto one is a
// different move from the same move made in peace, and its history is
// kept apart (Ethereal's threat-split butterfly table).
func (h *History) slot(thr chess.Bitboard, m chess.Move) int {
	if !h.threats {
		return 0
	}
	return 2*b2i(thr.Has(m.From())) + b2i(thr.Has(m.To()))
}

// threatMap is the set of squares the side not to move attacks, the key
// of the threat slots; it is computed only where the split is on.
func (h *History) threatMap(pos *chess.Position) chess.Bitboard {
	if !h.threats {
		return 0
	}
	return attackedSquares(pos, pos.SideToMove().Other())
}

// attackedSquares is every square a piece of side c attacks: the
// lesser-piece layers the quiet order's escape test already builds,
// then the queens and the king.
func attackedSquares(pos *chess.Position, c chess.Color) chess.Bitboard {
	a := threatsTo(pos, c.Other()).byRook
	occ := pos.Occupied()
	for b := pos.Pieces(c, chess.Queen); b != 0; b &= b - 1 {
		a |= chess.QueenAttacks(b.LSB(), occ)
	}
	return a | chess.KingAttacks(pos.KingSquare(c))
}

// shareOf is seed 004's share of good outcomes for g good and b bad,
// 0..historyScale, centred on zero: untried moves rank in the middle,
// above moves that keep failing, below moves that keep cutting. prior4,
// in quarters, counts as that much of each outcome seen beforehand (4,
// Laplace's rule of one each, is seed 004's): a larger prior asks for
// more evidence before a move moves far from the middle, a smaller one
// less (with 4, one failure at depth 1 already puts a move below
// history pruning's limit).
func shareOf(g, b, prior4 int32) int16 {
	p := int64(prior4)
	if p <= 0 {
		p = 4 // a History never configured is seed 004's
	}
	return int16((4*int64(g)+p)*historyScale/(4*int64(g)+4*int64(b)+2*p) - historyScale/2)
}

// conts are the continuation tables that apply at a node, nil where the
// earlier ply made no move (root, null move) or the table is off.
type conts [2]*contTable

// quiet is a quiet move's ordering score, centred on zero.
// thr is the threat map of the position (threatMap).
func (h *History) quiet(c chess.Color, pc chess.Piece, m chess.Move, ct *conts, thr chess.Bitboard) int32 {
	var s int32
	k := h.slot(thr, m)
	if h.gravity {
		s = int32(h.main[c][k][m.From()][m.To()])
	} else {
		s = int32(h.share[c][k][m.From()][m.To()])
	}
	return s + int32(h.contScore(pc, m, ct))
}

// contScore is the continuation tables' part of quiet's score.
func (h *History) contScore(pc chess.Piece, m chess.Move, ct *conts) int {
	s := 0
	for _, t := range ct {
		if t != nil {
			s += int(t[pc][m.To()])
		}
	}
	return s
}

// quietRange is the largest magnitude quiet can return, for scaling it
// into reductions and pruning margins; withConts false leaves out the
// continuation tables.
func (h *History) quietRange(withConts bool) int {
	r := historyScale / 2
	if h.gravity {
		r = histMax
	}
	if withConts {
		r += h.contPlies * histMax
	}
	return r
}

// noisy is a capture's or promotion's ordering score: the victim first,
// then capture history (or the attacker, least valuable first).
func (h *History) noisy(pos *chess.Position, m chess.Move) int32 {
	if !h.captHist {
		return mvvLva(pos, m)
	}
	victim := victimOf(pos, m)
	s := 32*int32(chess.SEEValue[victim]) + int32(h.capt[pos.PieceOn(m.From())][m.To()][victim])
	if m.IsPromotion() {
		s += 32 * int32(chess.SEEValue[m.Promotion()]-chess.SEEValue[chess.Pawn])
	}
	return s
}

func gravity(e *int16, bonus int) {
	*e += int16(bonus - int(*e)*abs(bonus)/histMax)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// statBonus is the gravity update's size for a cutoff at depth.
func statBonus(depth int) int { return min(150*depth-100, 1500) }

// updateQuiet records a cutoff by the quiet move best after the quiet
// moves in tried failed; thr is the position's threat map.
func (h *History) updateQuiet(pos *chess.Position, best chess.Move, tried []chess.Move, depth int, ct *conts, thr chess.Bitboard) {
	c := pos.SideToMove()
	if !h.gravity {
		h.updateRel(c, best, tried, depth, thr)
	} else {
		b := statBonus(depth)
		gravity(&h.main[c][h.slot(thr, best)][best.From()][best.To()], b)
		for _, m := range tried {
			gravity(&h.main[c][h.slot(thr, m)][m.From()][m.To()], -b)
		}
	}
	if h.contPlies > 0 {
		b := statBonus(depth)
		for _, t := range ct {
			if t == nil {
				continue
			}
			gravity(&t[pos.PieceOn(best.From())][best.To()], b)
			for _, m := range tried {
				gravity(&t[pos.PieceOn(m.From())][m.To()], -b)
			}
		}
	}
}

// updateCaptures rewards best, if it is noisy, and punishes the noisy
// moves tried before the cutoff.
func (h *History) updateCaptures(pos *chess.Position, best chess.Move, bestNoisy bool, tried []chess.Move, depth int) {
	if !h.captHist {
		return
	}
	b := statBonus(depth)
	if bestNoisy {
		gravity(h.captEntry(pos, best), b)
	}
	for _, m := range tried {
		gravity(h.captEntry(pos, m), -b)
	}
}

// captScore is a capture's capture-history entry (0 when the table is
// off), for reducing losing captures by how such captures have fared.
func (h *History) captScore(pos *chess.Position, m chess.Move) int32 {
	if !h.captHist {
		return 0
	}
	return int32(*h.captEntry(pos, m))
}

func (h *History) captEntry(pos *chess.Position, m chess.Move) *int16 {
	victim := victimOf(pos, m)
	return &h.capt[pos.PieceOn(m.From())][m.To()][victim]
}

func (h *History) updateRel(c chess.Color, best chess.Move, tried []chess.Move, depth int, thr chess.Bitboard) {
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

// nudge counts n good (or bad) outcomes for the quiet move m of side c
// in threat slot k, outside any cutoff (EvalHist).
func (h *History) nudge(c chess.Color, k int, m chess.Move, good bool, n int32) {
	if h.gravity {
		return
	}
	e := &h.bad[c][k][m.From()][m.To()]
	if good {
		e = &h.good[c][k][m.From()][m.To()]
	}
	*e += n
	h.setShare(c, k, m)
	if *e > historyLimit {
		h.Age()
	}
}

// setShare refreshes the cached share of m after its counts changed.
func (h *History) setShare(c chess.Color, k int, m chess.Move) {
	f, t := m.From(), m.To()
	h.share[c][k][f][t] = shareOf(h.good[c][k][f][t], h.bad[c][k][f][t], h.prior)
}

// Age halves the seed 004 tables at the start of each search; the
// gravity tables need no aging.
func (h *History) Age() {
	slots := 1
	if h.threats {
		slots = len(h.good[0])
	}
	for c := range h.good {
		for k := range slots {
			for f := range h.good[c][k] {
				for t := range h.good[c][k][f] {
					h.good[c][k][f][t] /= 2
					h.bad[c][k][f][t] /= 2
					h.share[c][k][f][t] = shareOf(h.good[c][k][f][t], h.bad[c][k][f][t], h.prior)
				}
			}
		}
	}
}

// Clear empties every table.
func (h *History) Clear() {
	g, n, cp, cm, th, pr := h.gravity, h.contPlies, h.captHist, h.counterOn, h.threats, h.prior
	*h = History{}
	h.gravity, h.contPlies, h.captHist, h.counterOn, h.threats, h.prior = g, n, cp, cm, th, pr
}
