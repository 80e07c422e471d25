package chess

// SEEValue is the material scale of static exchange evaluation.
var SEEValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// SEE reports whether the static exchange on m's destination square, with
// both sides capturing with their least valuable attacker and free to stop,
// gains at least threshold for the side making m.
//
// Conventions: x-ray attackers behind sliders join as the front piece
// leaves. A piece pinned to its own king does not take part unless it
// captures along the pin line (pins are those of the current position; a
// pin that dissolves during the exchange is ignored). Only the move's own
// promotion counts; promotions later in the sequence do not. The king
// captures only if the square is then safe. Castling exchanges nothing.
func (p *Position) SEE(m Move, threshold int) bool {
	if m.Kind() == MoveCastling {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	occ := p.byType[0] ^ SquareBB(from)
	captured := p.board[to].Type()
	if m.Kind() == MoveEnPassant {
		captured = Pawn
		occ ^= SquareBB(to ^ 8)
	}
	gain := SEEValue[captured]
	mover := SEEValue[p.board[from].Type()]
	if pt := m.Promotion(); pt != NoPieceType {
		gain += SEEValue[pt] - SEEValue[Pawn]
		mover = SEEValue[pt]
	}
	// swap holds what the side to move in the exchange stands to lose if
	// it stops now; the exchange is decided as soon as one side can stop
	// with a result on its side of the threshold.
	swap := gain - threshold
	if swap < 0 {
		return false
	}
	swap = mover - swap
	if swap <= 0 {
		return true
	}
	attackers := p.AttackersTo(to, occ) &^ SquareBB(from)
	if attackers&occ&p.byColor[p.side.Other()] == 0 {
		// Nothing can take back: the exchange stops where it began, and
		// the pins below need not be found.
		return true
	}
	diag := p.byType[Bishop] | p.byType[Queen]
	orth := p.byType[Rook] | p.byType[Queen]
	var allowed [2]Bitboard
	for c := White; c <= Black; c++ {
		ksq := p.KingSquare(c)
		pinned := p.Pinned(c)
		allowed[c] = ^pinned
		for b := pinned; b != 0; {
			s := b.PopLSB()
			if lineBB[ksq][s].Has(to) {
				allowed[c] |= SquareBB(s)
			}
		}
	}
	stm := p.side
	res := true
	for {
		stm = stm.Other()
		attackers &= occ
		mine := attackers & p.byColor[stm] & allowed[stm]
		if mine == 0 {
			break
		}
		res = !res
		r := 0
		if res {
			r = 1
		}
		var pt PieceType
		for pt = Pawn; pt <= King; pt++ {
			if mine&p.byType[pt] != 0 {
				break
			}
		}
		if pt == King {
			// The king may only take if nothing can take it back.
			if attackers&p.byColor[stm.Other()]&allowed[stm.Other()] != 0 {
				res = !res
			}
			break
		}
		swap = SEEValue[pt] - swap
		if swap < r {
			break
		}
		occ ^= SquareBB((mine & p.byType[pt]).LSB())
		if pt == Pawn || pt == Bishop || pt == Queen {
			attackers |= BishopAttacks(to, occ) & diag
		}
		if pt == Rook || pt == Queen {
			attackers |= RookAttacks(to, occ) & orth
		}
	}
	return res
}
