package chess

// Perft counts the leaf nodes of the legal move tree to the given depth.
// The last ply is counted in bulk (the number of legal moves), as
// Stockfish's "go perft" does, so the two can be timed against each other.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One move list per ply, allocated once: a fresh local list would be
	// zeroed at every node.
	lists := make([]MoveList, depth)
	return perft(p, lists)
}

func perft(p *Position, lists []MoveList) uint64 {
	ml := &lists[0]
	p.GenerateMoves(ml, GenAll)
	if len(lists) == 1 {
		return uint64(ml.Len)
	}
	var n uint64
	for _, m := range ml.Moves[:ml.Len] {
		p.MakeMove(m)
		n += perft(p, lists[1:])
		p.UnmakeMove()
	}
	return n
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide runs perft below each root move, for finding generator bugs by
// comparison with another engine.
func Divide(p *Position, depth int) []DivideEntry {
	var ml MoveList
	p.GenerateMoves(&ml, GenAll)
	out := make([]DivideEntry, 0, ml.Len)
	for _, m := range ml.Moves[:ml.Len] {
		p.MakeMove(m)
		out = append(out, DivideEntry{m, Perft(p, depth-1)})
		p.UnmakeMove()
	}
	return out
}
