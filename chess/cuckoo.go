package chess

// Upcoming repetitions, by Marcel van Kervinck's cuckoo tables (the method
// Stockfish uses): every reversible move of a piece between two squares,
// keyed by the XOR of the two positions it connects, so that one lookup of
// the difference between the current key and an earlier one says whether
// a single move separates them.
var (
	cuckooKey  [8192]uint64
	cuckooMove [8192]Move
)

func cuckooH1(k uint64) int { return int(k & 0x1fff) }
func cuckooH2(k uint64) int { return int(k >> 16 & 0x1fff) }

// reversibleStep reports whether a piece of type t can move between a and
// b on an empty board, in either direction (pawns never move back).
func reversibleStep(t PieceType, a, b Square) bool {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	df, dr = max(df, -df), max(dr, -dr)
	switch t {
	case Knight:
		return df*dr == 2
	case Bishop:
		return df == dr && df > 0
	case Rook:
		return (df == 0) != (dr == 0)
	case Queen:
		return reversibleStep(Bishop, a, b) || reversibleStep(Rook, a, b)
	case King:
		return max(df, dr) == 1
	}
	return false
}

// initCuckoo fills the tables from the Zobrist keys with the 3,668
// reversible moves. It runs from the Zobrist keys' init, which it needs.
func initCuckoo() {
	for c := White; c <= Black; c++ {
		for t := Knight; t <= King; t++ {
			pc := MakePiece(c, t)
			for a := Square(0); a < 64; a++ {
				for b := a + 1; b < 64; b++ {
					if !reversibleStep(t, a, b) {
						continue
					}
					k := zobristPiece[pc][a] ^ zobristPiece[pc][b] ^ zobristSide
					m := NewMove(a, b)
					// Cuckoo insertion: an occupied slot's entry moves to
					// its other slot until one is free.
					i := cuckooH1(k)
					for {
						cuckooKey[i], k = k, cuckooKey[i]
						cuckooMove[i], m = m, cuckooMove[i]
						if m == NoMove {
							break
						}
						if i == cuckooH1(k) {
							i = cuckooH2(k)
						} else {
							i = cuckooH1(k)
						}
					}
				}
			}
		}
	}
}

// UpcomingRepetition reports whether the side to move has a move that
// returns to a position of the last searchPly plies, the ones inside the
// search: it can then hold a draw at will, so the node is worth at least
// a draw before any move is searched. The move found must be the side to
// move's own piece stepping back along a clear path; it is legal, since
// the position it reaches occurred with the other side to move.
func (p *Position) UpcomingRepetition(searchPly int) bool {
	end := min(p.st.halfmove, p.st.pliesFromNull, len(p.states)-1, searchPly-1)
	if end < 3 {
		return false
	}
	last := len(p.states) - 1
	key := p.st.key
	occ := p.Occupied()
	for i := 3; i <= end; i += 2 {
		diff := key ^ p.states[last-i].key
		j := cuckooH1(diff)
		if cuckooKey[j] != diff {
			j = cuckooH2(diff)
			if cuckooKey[j] != diff {
				continue
			}
		}
		m := cuckooMove[j]
		from, to := m.From(), m.To()
		if Between(from, to)&occ != 0 {
			continue
		}
		s := from
		if p.board[s] == NoPiece {
			s = to
		}
		if p.board[s] != NoPiece && p.board[s].Color() == p.side {
			return true
		}
	}
	return false
}
