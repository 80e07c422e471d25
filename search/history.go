package search

import "vireo/chess"

// History is seed 004's pair of quiet-move tables: good counts the quiet
// move that caused a beta cutoff, bad counts the quiet moves tried before
// it at the same node. Both grow by depth*depth and are halved when they
// grow large and at the start of each search (aging). A move is ordered by
// its share of good outcomes, which ranks untried moves in the middle:
// above moves that keep failing, below moves that keep cutting.
type History struct {
	good, bad [2][64][64]int32
}

// historyLimit triggers halving before the tables can overflow or let
// ancient results outweigh recent ones.
const historyLimit = 1 << 24

func (h *History) bonus(depth int) int32 { return int32(depth * depth) }

// Score returns the ordering score of a quiet move, 0..historyScale.
func (h *History) Score(c chess.Color, m chess.Move) int32 {
	g := h.good[c][m.From()][m.To()]
	b := h.bad[c][m.From()][m.To()]
	return int32((int64(g) + 1) * historyScale / (int64(g) + int64(b) + 2))
}

const historyScale = 1 << 14

// Update records a cutoff by best after the quiet moves in tried failed.
func (h *History) Update(c chess.Color, best chess.Move, tried []chess.Move, depth int) {
	bonus := h.bonus(depth)
	g := &h.good[c][best.From()][best.To()]
	*g += bonus
	if *g > historyLimit {
		h.Age()
	}
	for _, m := range tried {
		b := &h.bad[c][m.From()][m.To()]
		*b += bonus
		if *b > historyLimit {
			h.Age()
		}
	}
}

// Age halves both tables.
func (h *History) Age() {
	for c := range h.good {
		for f := range h.good[c] {
			for t := range h.good[c][f] {
				h.good[c][f][t] /= 2
				h.bad[c][f][t] /= 2
			}
		}
	}
}

// Clear empties both tables.
func (h *History) Clear() { *h = History{} }
