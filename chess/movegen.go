package chess

// GenKind selects which legal moves to generate, so that a staged move
// picker can take noisy moves first and quiet moves only if it needs them.
type GenKind uint8

const (
	// GenNoisy: captures (en passant and capturing promotions included)
	// and queen promotions.
	GenNoisy GenKind = 1 << iota
	// GenQuiet: the rest: non-captures, castling and non-capturing
	// underpromotions.
	GenQuiet
	// GenAll: every legal move.
	GenAll = GenNoisy | GenQuiet
)

var rookRays, bishopRays [64]Bitboard

func init() {
	for s := Square(0); s < 64; s++ {
		rookRays[s] = slowSlide(s, 0, rookDirs)
		bishopRays[s] = slowSlide(s, 0, bishopDirs)
	}
}

// Pinned returns colour c's pieces pinned to their own king.
func (p *Position) Pinned(c Color) Bitboard {
	st := p.st
	if st.pinsKnown&(1<<c) == 0 {
		st.pins[c&1] = p.pinned(c, p.KingSquare(c))
		st.pinsKnown |= 1 << c
	}
	return st.pins[c&1]
}

func (p *Position) pinned(c Color, ksq Square) Bitboard {
	them := p.byColor[c.Other()]
	snipers := (rookRays[ksq]&(p.byType[Rook]|p.byType[Queen]) |
		bishopRays[ksq]&(p.byType[Bishop]|p.byType[Queen])) & them
	occ := p.byType[0]
	var pinned Bitboard
	for snipers != 0 {
		s := snipers.PopLSB()
		b := betweenBB[ksq][s] & occ
		if b != 0 && !b.More() {
			pinned |= b & p.byColor[c]
		}
	}
	return pinned
}

// LegalMoves fills ml with every legal move.
func (p *Position) LegalMoves(ml *MoveList) { p.GenerateMoves(ml, GenAll) }

// GenerateMoves appends the legal moves of the given kind to ml (after
// resetting it). Legality is decided here, from pins and the check mask,
// so callers never need to make a move to test it.
func (p *Position) GenerateMoves(ml *MoveList, kind GenKind) {
	ml.Len = 0
	us := p.side
	them := us.Other()
	occ := p.byType[0]
	ours, theirs := p.byColor[us], p.byColor[them]
	ksq := (ours & p.byType[King]).LSB()
	checkers := p.st.checkers

	var targets Bitboard
	if kind&GenNoisy != 0 {
		targets |= theirs
	}
	if kind&GenQuiet != 0 {
		targets |= ^occ
	}

	// King moves: test each destination with the king lifted off the board,
	// so that it cannot hide behind itself from a slider.
	kt := kingAttacks[ksq] & targets
	occNoKing := occ ^ SquareBB(ksq)
	for kt != 0 {
		to := kt.PopLSB()
		if !p.attackedBy(to, them, occNoKing) {
			ml.add(NewMove(ksq, to))
		}
	}
	if checkers.More() {
		return
	}

	checkMask := ^Bitboard(0)
	if checkers != 0 {
		checkMask = betweenBB[ksq][checkers.LSB()] | checkers
	}
	pinned := p.Pinned(us)
	mask := targets & checkMask

	p.genPawns(ml, kind, ksq, pinned, checkMask)

	knights := p.byType[Knight] & ours &^ pinned // a pinned knight never moves
	for knights != 0 {
		from := knights.PopLSB()
		addMoves(ml, from, knightAttacks[from]&mask)
	}
	diag := (p.byType[Bishop] | p.byType[Queen]) & ours
	for b := diag &^ pinned; b != 0; {
		from := b.PopLSB()
		addMoves(ml, from, BishopAttacks(from, occ)&mask)
	}
	for b := diag & pinned; b != 0; {
		from := b.PopLSB()
		addMoves(ml, from, BishopAttacks(from, occ)&mask&lineBB[ksq][from])
	}
	orth := (p.byType[Rook] | p.byType[Queen]) & ours
	for b := orth &^ pinned; b != 0; {
		from := b.PopLSB()
		addMoves(ml, from, RookAttacks(from, occ)&mask)
	}
	for b := orth & pinned; b != 0; {
		from := b.PopLSB()
		addMoves(ml, from, RookAttacks(from, occ)&mask&lineBB[ksq][from])
	}

	if kind&GenQuiet != 0 && checkers == 0 && p.st.castling != 0 {
		p.genCastling(ml, us, ksq)
	}
}

func addMoves(ml *MoveList, from Square, to Bitboard) {
	base := Move(from)
	n := ml.Len
	for to != 0 {
		ml.Moves[uint8(n)] = base | Move(to.PopLSB())<<6
		n++
	}
	ml.Len = n
}

func addPawnMoves(ml *MoveList, to Bitboard, delta int) {
	n := ml.Len
	for to != 0 {
		t := to.PopLSB()
		ml.Moves[uint8(n)] = Move(int(t)-delta) | Move(t)<<6
		n++
	}
	ml.Len = n
}

func addPromotions(ml *MoveList, from, to Square, kind GenKind, capture bool) {
	if kind&GenNoisy != 0 {
		ml.add(NewPromotion(from, to, Queen))
	}
	if (capture && kind&GenNoisy != 0) || (!capture && kind&GenQuiet != 0) {
		ml.add(NewPromotion(from, to, Knight))
		ml.add(NewPromotion(from, to, Rook))
		ml.add(NewPromotion(from, to, Bishop))
	}
}

func (p *Position) genPawns(ml *MoveList, kind GenKind, ksq Square, pinned, checkMask Bitboard) {
	us := p.side
	them := us.Other()
	occ := p.byType[0]
	empty := ^occ
	enemies := p.byColor[them] & checkMask
	pawns := p.byType[Pawn] & p.byColor[us]
	up, rank7, rank3 := 8, RankMask(6), RankMask(2)
	if us == Black {
		up, rank7, rank3 = -8, RankMask(1), RankMask(5)
	}
	// Pinned pawns are rare; each is handled alone below.
	free := pawns &^ pinned
	normal, promoting := free&^rank7, free&rank7

	if kind&GenQuiet != 0 {
		one := normal.Forward(us) & empty
		two := (one & rank3).Forward(us) & empty & checkMask
		addPawnMoves(ml, one&checkMask, up)
		addPawnMoves(ml, two, 2*up)
	}
	if kind&GenNoisy != 0 {
		f := normal.Forward(us)
		addPawnMoves(ml, f.West()&enemies, up-1)
		addPawnMoves(ml, f.East()&enemies, up+1)
	}
	if promoting != 0 {
		f := promoting.Forward(us)
		for b := f & empty & checkMask; b != 0; {
			to := b.PopLSB()
			addPromotions(ml, Square(int(to)-up), to, kind, false)
		}
		if kind&GenNoisy != 0 {
			for b := f.West() & enemies; b != 0; {
				to := b.PopLSB()
				addPromotions(ml, Square(int(to)-up+1), to, kind, true)
			}
			for b := f.East() & enemies; b != 0; {
				to := b.PopLSB()
				addPromotions(ml, Square(int(to)-up-1), to, kind, true)
			}
		}
	}
	for b := pawns & pinned; b != 0; {
		from := b.PopLSB()
		line := lineBB[ksq][from] & checkMask
		promo := rank7.Has(from)
		if kind&GenQuiet != 0 || promo {
			to := Square(int(from) + up)
			if empty.Has(to) {
				if line.Has(to) {
					if promo {
						addPromotions(ml, from, to, kind, false)
					} else if kind&GenQuiet != 0 {
						ml.add(NewMove(from, to))
					}
				}
				to2 := Square(int(to) + up)
				if kind&GenQuiet != 0 && rank3.Forward(us.Other()).Has(from) && empty.Has(to2) && line.Has(to2) {
					ml.add(NewMove(from, to2))
				}
			}
		}
		if kind&GenNoisy != 0 {
			for c := pawnAttacks[us][from] & enemies & line; c != 0; {
				to := c.PopLSB()
				if promo {
					addPromotions(ml, from, to, kind, true)
				} else {
					ml.add(NewMove(from, to))
				}
			}
		}
	}
	if ep := p.st.ep; ep != NoSquare && kind&GenNoisy != 0 {
		capSq := ep ^ 8
		for b := pawnAttacks[them][ep] & pawns; b != 0; {
			from := b.PopLSB()
			if p.epLegal(from, ep, capSq, ksq) {
				ml.add(newSpecial(from, ep, MoveEnPassant))
			}
		}
	}
}

// epLegal tests en passant directly on the resulting occupancy: two pawns
// leave one rank at once, which pin masks cannot describe.
func (p *Position) epLegal(from, to, capSq, ksq Square) bool {
	them := p.side.Other()
	occ := p.byType[0] ^ SquareBB(from) ^ SquareBB(capSq) | SquareBB(to)
	theirs := p.byColor[them]
	if RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])&theirs != 0 {
		return false
	}
	if BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])&theirs != 0 {
		return false
	}
	// A knight or pawn check must be answered by capturing that pawn.
	return p.st.checkers&^SquareBB(capSq)&(p.byType[Knight]|p.byType[Pawn]) == 0
}

func (p *Position) genCastling(ml *MoveList, us Color, ksq Square) {
	them := us.Other()
	occ := p.byType[0]
	for i := int(us) * 2; i < int(us)*2+2; i++ {
		if p.st.castling&(1<<i) == 0 {
			continue
		}
		rsq := p.castleRook[i]
		if p.castlePath[i]&occ != 0 {
			continue
		}
		ok := true
		for b := p.castleKing[i]; b != 0; {
			if p.attackedBy(b.PopLSB(), them, occ) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		// In Chess960 the castling rook may shield the king's destination
		// from a rook or queen behind it on the back rank.
		kTo, _ := castleTargets(us, ksq, rsq)
		if p.attackedBy(kTo, them, occ^SquareBB(rsq)) {
			continue
		}
		ml.add(newSpecial(ksq, rsq, MoveCastling))
	}
}

// IsLegal reports whether m is a legal move in this position. It is meant
// for moves from untrusted places (the transposition table, killers, user
// input), not for the generator's own output.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove || m == NullMove {
		return false
	}
	pc := p.board[m.From()]
	if pc == NoPiece || pc.Color() != p.side {
		return false
	}
	// A plain move's code has no bits beyond its squares (NewMove); a
	// code from the table with stray bits is no move of the generator's.
	if m == NewMove(m.From(), m.To()) && pc.Type() != Pawn {
		return p.pieceMoveLegal(pc.Type(), m.From(), m.To())
	}
	var ml MoveList
	kind := GenQuiet
	if p.board[m.To()] != NoPiece && !m.IsCastling() || m.IsEnPassant() || m.Promotion() == Queen {
		kind = GenNoisy
	}
	p.GenerateMoves(&ml, kind)
	return ml.Contains(m)
}

// pieceMoveLegal is IsLegal for a plain move of a piece other than a
// pawn, by the generator's own tests instead of the generation: most
// table moves are such moves, and IsLegal runs for one at almost every
// node. TestIsLegalMatchesGenerator checks it against GenerateMoves.
func (p *Position) pieceMoveLegal(pt PieceType, from, to Square) bool {
	us := p.side
	if p.byColor[us].Has(to) {
		return false
	}
	occ := p.byType[0]
	if pt == King {
		return kingAttacks[from&63].Has(to) && !p.attackedBy(to, us.Other(), occ^SquareBB(from))
	}
	checkers := p.st.checkers
	if checkers.More() || !Attacks(pt, from, occ).Has(to) {
		return false
	}
	ksq := p.KingSquare(us) & 63
	if checkers != 0 && !(betweenBB[ksq][checkers.LSB()&63] | checkers).Has(to) {
		return false
	}
	if p.Pinned(us).Has(from) {
		// A pinned knight never moves; a slider moves along the pin.
		return pt != Knight && lineBB[ksq][from&63].Has(to)
	}
	return true
}

// IsCapture reports whether m captures (en passant included). Castling,
// encoded as king takes own rook, is not a capture.
func (p *Position) IsCapture(m Move) bool {
	return (p.board[m.To()] != NoPiece && m.Kind() != MoveCastling) || m.Kind() == MoveEnPassant
}

// IsNoisy reports whether m is generated with GenNoisy: a capture or a
// queen promotion.
func (p *Position) IsNoisy(m Move) bool {
	return p.IsCapture(m) || m.Promotion() == Queen
}

// MovedPiece returns the piece that m moves.
func (p *Position) MovedPiece(m Move) Piece { return p.board[m.From()] }

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var ml MoveList
	p.GenerateMoves(&ml, GenAll)
	return ml.Len > 0
}

// IsCheckmate reports whether the side to move is mated.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsStalemate reports whether the side to move has no move and is not in check.
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMove() }

// GivesCheck reports whether the legal move m checks the opponent, without
// making it, so that a search can decide how to treat a move first.
func (p *Position) GivesCheck(m Move) bool {
	if m.IsCastling() || m.IsEnPassant() {
		// Rare, and they move two pieces: let make decide.
		p.MakeMove(m)
		check := p.InCheck()
		p.UnmakeMove()
		return check
	}
	us := p.side
	ksq := p.KingSquare(us ^ 1)
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	if m.IsPromotion() {
		pt = m.Promotion()
	}
	occ := p.byType[0]&^SquareBB(from) | SquareBB(to)
	// A direct check by a slider is the king on one of its rays with
	// nothing between, which needs no attack lookup.
	to &= 63
	ksq &= 63
	switch pt {
	case Pawn:
		if PawnAttacks(us, to).Has(ksq) {
			return true
		}
	case Knight:
		if knightAttacks[to].Has(ksq) {
			return true
		}
	case Bishop, Rook, Queen:
		var rays Bitboard
		if pt != Rook {
			rays |= bishopRays[to]
		}
		if pt != Bishop {
			rays |= rookRays[to]
		}
		if rays.Has(ksq) && betweenBB[to][ksq]&occ == 0 {
			return true
		}
	}
	// A slider of ours that now sees the king: the move uncovered it (the
	// opponent, not to move, cannot have been in check before). A piece
	// captured on to is no longer theirs to block with, but to is occupied.
	// Only a piece that left one of the king's rays can uncover a line.
	ours := p.byColor[us] &^ SquareBB(from)
	if bishopRays[ksq].Has(from) {
		if bishops := ours & (p.byType[Bishop] | p.byType[Queen]); BishopAttacks(ksq, occ)&bishops&^SquareBB(to) != 0 {
			return true
		}
	}
	if rookRays[ksq].Has(from) {
		rooks := ours & (p.byType[Rook] | p.byType[Queen])
		return RookAttacks(ksq, occ)&rooks&^SquareBB(to) != 0
	}
	return false
}
