package chess

// state is what make must remember so that unmake can restore it, plus the
// keys, which are cheaper to keep than to recompute.
type state struct {
	key, pawnKey       uint64
	nonPawnKey         [2]uint64
	majorKey, minorKey uint64
	castling           uint8
	ep                 Square
	halfmove           int
	fullmove           int
	pliesFromNull      int
	captured           Piece
	checkers           Bitboard
	move               Move
	// pins caches each colour's pinned pieces, computed the first time
	// they are asked for (bit c of pinsKnown): move generation and every
	// SEE of the position need them, and a node calls SEE many times.
	pins      [2]Bitboard
	pinsKnown uint8
}

// Position is a chess position with the history needed to unmake moves and
// to detect repetitions. The zero value is not usable: build one with
// NewPosition, ParseFEN or StartPosition.
type Position struct {
	board   [64]Piece
	byType  [7]Bitboard // index 0 holds all occupied squares
	byColor [2]Bitboard
	side    Color
	states  []state
	st      *state

	// Castling geometry, fixed by the starting position. Index by right
	// (0 = white O-O, 1 = white O-O-O, 2 = black O-O, 3 = black O-O-O).
	chess960     bool
	castleRook   [4]Square
	castlePath   [4]Bitboard // squares that must be empty (king and rook excepted)
	castleKing   [4]Bitboard // squares the king crosses, destination included
	castleRights [64]uint8   // rights that survive a move touching this square
}

// Board access ----------------------------------------------------------------

// PieceOn returns the piece on s.
func (p *Position) PieceOn(s Square) Piece { return p.board[s] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// Pieces returns the pieces of colour c and type pt.
func (p *Position) Pieces(c Color, pt PieceType) Bitboard { return p.byColor[c] & p.byType[pt] }

// ByType returns the pieces of type pt of both colours.
func (p *Position) ByType(pt PieceType) Bitboard { return p.byType[pt] }

// ByColor returns all pieces of colour c.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// KingSquare returns the square of colour c's king.
func (p *Position) KingSquare(c Color) Square { return (p.byColor[c] & p.byType[King]).LSB() }

// SideToMove returns whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// Key returns the Zobrist key of the position.
func (p *Position) Key() uint64 { return p.st.key }

// PawnKey hashes the pawns of both colours only.
func (p *Position) PawnKey() uint64 { return p.st.pawnKey }

// NonPawnKey hashes colour c's pieces other than pawns, king included.
func (p *Position) NonPawnKey(c Color) uint64 { return p.st.nonPawnKey[c] }

// MajorKey hashes kings, queens and rooks of both colours.
func (p *Position) MajorKey() uint64 { return p.st.majorKey }

// MinorKey hashes kings, bishops and knights of both colours.
func (p *Position) MinorKey() uint64 { return p.st.minorKey }

// CastlingRights returns the castling-right bits.
func (p *Position) CastlingRights() uint8 { return p.st.castling }

// EnPassant returns the en passant target square or NoSquare. It is set only
// when a pawn of the side to move stands ready to capture.
func (p *Position) EnPassant() Square { return p.st.ep }

// HalfmoveClock counts plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.st.halfmove }

// FullmoveNumber is the FEN move counter of the current position.
func (p *Position) FullmoveNumber() int { return p.st.fullmove }

// Ply returns the number of moves made since the position was set up.
func (p *Position) Ply() int { return len(p.states) - 1 }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.st.checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.st.checkers != 0 }

// Chess960 reports whether castling moves use Chess960 notation.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 chooses Chess960 notation (king takes rook) for castling.
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// CheckStandardCastling returns an error naming the first castling right
// that only Chess960 allows. ParseFEN accepts X-FEN and Shredder-FEN
// rights wherever king and rook stand; in standard chess a right needs the
// king on e1 (e8) and the rook in that side's corner, or the engine would
// castle in ways no standard GUI accepts (d1g1 with the king on d1).
func (p *Position) CheckStandardCastling() error {
	for i := 0; i < 4; i++ {
		if p.st.castling&(1<<i) == 0 {
			continue
		}
		c := Color(i / 2)
		rank := Square(0)
		if c == Black {
			rank = 56
		}
		king, corner, side := rank+E1, rank+H1, "king"
		if i%2 == 1 {
			corner, side = rank+A1, "queen"
		}
		if ksq, rsq := p.KingSquare(c), p.castleRook[i]; ksq != king || rsq != corner {
			return fenErr("castling", "the %s %s-side right has the king on %v and the rook on %v: standard chess castles from %v with the rook on %v (that right needs Chess960)",
				colorName(c), side, ksq, rsq, king, corner)
		}
	}
	return nil
}

// Phase-free material helpers ------------------------------------------------

// HasNonPawnMaterial reports whether colour c has any piece besides pawns and king.
func (p *Position) HasNonPawnMaterial(c Color) bool {
	return p.byColor[c]&^(p.byType[Pawn]|p.byType[King]) != 0
}

// Attacks ----------------------------------------------------------------------

// AttackersTo returns the pieces of both colours that attack s, given occ.
// A slider's lookup is made only when a slider stands on one of s's empty-
// board rays: most squares see none, and the attacks never leave the rays.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	s &= 63
	a := pawnAttacks[Black][s]&p.Pieces(White, Pawn) |
		pawnAttacks[White][s]&p.Pieces(Black, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King]
	if rq := p.byType[Rook] | p.byType[Queen]; rq&rookRays[s] != 0 {
		a |= RookAttacks(s, occ) & rq
	}
	if bq := p.byType[Bishop] | p.byType[Queen]; bq&bishopRays[s] != 0 {
		a |= BishopAttacks(s, occ) & bq
	}
	return a
}

// attackedBy reports whether colour c attacks s given occ.
func (p *Position) attackedBy(s Square, c Color, occ Bitboard) bool {
	them := p.byColor[c]
	if pawnAttacks[c.Other()][s]&p.byType[Pawn]&them != 0 ||
		knightAttacks[s]&p.byType[Knight]&them != 0 ||
		kingAttacks[s]&p.byType[King]&them != 0 {
		return true
	}
	rq := (p.byType[Rook] | p.byType[Queen]) & them
	if rq&rookRays[s&63] != 0 && RookAttacks(s, occ)&rq != 0 {
		return true
	}
	bq := (p.byType[Bishop] | p.byType[Queen]) & them
	return bq&bishopRays[s&63] != 0 && BishopAttacks(s, occ)&bq != 0
}

// Piece placement with key maintenance -----------------------------------------

// KeyAfter returns the key the position will have after the quiet move,
// capture or promotion m, for a search to prefetch its table entry before
// making m. Castling, en passant and changes of castling or en passant
// rights are left out, so for those moves it is only close: good enough
// for a prefetch, never for a lookup.
func (p *Position) KeyAfter(m Move) uint64 {
	from, to := m.From(), m.To()
	pc := p.board[from]
	k := p.st.key ^ zobristSide ^ zobristPiece[pc][from]
	if cap := p.board[to]; cap != NoPiece {
		k ^= zobristPiece[cap][to]
	}
	if pt := m.Promotion(); pt != NoPieceType {
		pc = MakePiece(p.side, pt)
	}
	return k ^ zobristPiece[pc][to]
}

func (p *Position) hashPiece(pc Piece, s Square) {
	k := zobristPiece[pc][s]
	st := p.st
	st.key ^= k
	pt := pc.Type()
	if pt == Pawn {
		st.pawnKey ^= k
		return
	}
	st.nonPawnKey[pc.Color()] ^= k
	if isMajorKeyPiece(pt) {
		st.majorKey ^= k
	}
	if isMinorKeyPiece(pt) {
		st.minorKey ^= k
	}
}

func (p *Position) put(pc Piece, s Square) {
	b := SquareBB(s)
	p.board[s] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := SquareBB(s)
	p.board[s] = NoPiece
	p.byType[0] &^= b
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
}

func (p *Position) move(from, to Square) {
	pc := p.board[from]
	b := SquareBB(from) | SquareBB(to)
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
}

// Make and unmake ----------------------------------------------------------------

func (p *Position) pushState() *state {
	prev := p.st
	p.states = append(p.states, state{})
	st := &p.states[len(p.states)-1]
	st.key, st.pawnKey, st.nonPawnKey = prev.key, prev.pawnKey, prev.nonPawnKey
	st.majorKey, st.minorKey = prev.majorKey, prev.minorKey
	st.castling, st.ep = prev.castling, NoSquare
	st.halfmove, st.pliesFromNull = prev.halfmove+1, prev.pliesFromNull+1
	st.fullmove = prev.fullmove
	if p.side == Black {
		st.fullmove++
	}
	p.st = st
	return st
}

// castleIndex returns the castling-right index (0..3) for a king of colour
// c castling towards rook square rsq.
func castleIndex(c Color, kingSq, rookSq Square) int {
	i := int(c) * 2
	if rookSq < kingSq {
		i++
	}
	return i
}

// castleTargets returns where king and rook end up after castling.
func castleTargets(c Color, kingSq, rookSq Square) (kTo, rTo Square) {
	rank := Square(0)
	if c == Black {
		rank = 56
	}
	if rookSq > kingSq {
		return rank + G1, rank + F1
	}
	return rank + C1, rank + D1
}

// MakeMove plays a legal move. Passing an illegal move corrupts the position.
func (p *Position) MakeMove(m Move) {
	// Re-slicing may move the array, so the key of the previous state is
	// read before pushState.
	oldEP, oldCastling := p.st.ep, p.st.castling
	st := p.pushState()
	st.move = m
	us, them := p.side, p.side.Other()
	from, to := m.From(), m.To()
	pc := p.board[from]

	if oldEP != NoSquare {
		st.key ^= zobristEP[oldEP.File()]
	}
	switch m.Kind() {
	case MoveCastling:
		kTo, rTo := castleTargets(us, from, to)
		rook := p.board[to]
		p.hashPiece(pc, from)
		p.hashPiece(rook, to)
		p.remove(from)
		p.remove(to)
		p.put(pc, kTo)
		p.put(rook, rTo)
		p.hashPiece(pc, kTo)
		p.hashPiece(rook, rTo)
		st.captured = NoPiece
	case MoveEnPassant:
		capSq := to ^ 8
		cap := p.board[capSq]
		p.hashPiece(cap, capSq)
		p.remove(capSq)
		p.hashPiece(pc, from)
		p.hashPiece(pc, to)
		p.move(from, to)
		st.captured = cap
		st.halfmove = 0
	default:
		cap := p.board[to]
		if cap != NoPiece {
			p.hashPiece(cap, to)
			p.remove(to)
			st.halfmove = 0
		}
		st.captured = cap
		p.hashPiece(pc, from)
		p.move(from, to)
		if m.Kind() == MovePromotion {
			promo := MakePiece(us, m.Promotion())
			p.remove(to)
			p.put(promo, to)
			p.hashPiece(promo, to)
		} else {
			p.hashPiece(pc, to)
		}
		if pc.Type() == Pawn {
			st.halfmove = 0
			if from^to == 16 {
				epSq := (from + to) / 2
				// Record the square only when a capture is possible, so
				// that transpositions hash alike.
				if pawnAttacks[us][epSq]&p.Pieces(them, Pawn) != 0 {
					st.ep = epSq
					st.key ^= zobristEP[epSq.File()]
				}
			}
		}
	}
	newCastling := oldCastling & p.castleRights[from] & p.castleRights[to]
	if newCastling != oldCastling {
		st.key ^= zobristCastling[oldCastling] ^ zobristCastling[newCastling]
		st.castling = newCastling
	}
	st.key ^= zobristSide
	p.side = them
	st.checkers = p.checkersBy(us)
}

// checkersBy returns colour c's pieces that give check to the other king.
// A slider gives check exactly when it stands on one of the king's rays
// with nothing between: no attack lookup, and only c's pieces looked at
// (kings never give check).
func (p *Position) checkersBy(c Color) Bitboard {
	ksq := p.KingSquare(c.Other()) & 63
	ours := p.byColor[c]
	chk := (pawnAttacks[c.Other()][ksq]&p.byType[Pawn] | knightAttacks[ksq]&p.byType[Knight]) & ours
	sliders := (rookRays[ksq]&(p.byType[Rook]|p.byType[Queen]) | bishopRays[ksq]&(p.byType[Bishop]|p.byType[Queen])) & ours
	occ := p.byType[0]
	for ; sliders != 0; sliders &= sliders - 1 {
		sq := sliders.LSB() & 63
		if betweenBB[ksq][sq]&occ == 0 {
			chk |= SquareBB(sq)
		}
	}
	return chk
}

// UnmakeMove takes back the last move made with MakeMove.
func (p *Position) UnmakeMove() {
	st := p.st
	m := st.move
	p.side = p.side.Other()
	us := p.side
	from, to := m.From(), m.To()
	switch m.Kind() {
	case MoveCastling:
		kTo, rTo := castleTargets(us, from, to)
		king, rook := p.board[kTo], p.board[rTo]
		p.remove(kTo)
		p.remove(rTo)
		p.put(king, from)
		p.put(rook, to)
	case MoveEnPassant:
		p.move(to, from)
		p.put(st.captured, to^8)
	default:
		if m.Kind() == MovePromotion {
			p.remove(to)
			p.put(MakePiece(us, Pawn), to)
		}
		p.move(to, from)
		if st.captured != NoPiece {
			p.put(st.captured, to)
		}
	}
	p.states = p.states[:len(p.states)-1]
	p.st = &p.states[len(p.states)-1]
}

// MakeNullMove passes the turn; used by null-move pruning. The side to move
// must not be in check.
func (p *Position) MakeNullMove() {
	oldEP := p.st.ep
	st := p.pushState()
	st.move = NullMove
	if oldEP != NoSquare {
		st.key ^= zobristEP[oldEP.File()]
	}
	st.key ^= zobristSide
	st.pliesFromNull = 0
	st.captured = NoPiece
	st.checkers = 0
	p.side = p.side.Other()
}

// UnmakeNullMove takes back MakeNullMove.
func (p *Position) UnmakeNullMove() {
	p.side = p.side.Other()
	p.states = p.states[:len(p.states)-1]
	p.st = &p.states[len(p.states)-1]
}

// Draws ----------------------------------------------------------------------

// IsRepetition reports whether the position occurred before. With
// searchPly > 0, a single repetition within the last searchPly plies counts
// (the side to move can repeat it at will); earlier history needs two.
func (p *Position) IsRepetition(searchPly int) bool {
	// The counters may reach back past the stored history (TrimHistory,
	// FEN with a halfmove clock); only stored positions can repeat.
	n := min(p.st.halfmove, p.st.pliesFromNull, len(p.states)-1)
	last := len(p.states) - 1
	key := p.st.key
	count := 0
	for i := 4; i <= n; i += 2 {
		if p.states[last-i].key == key {
			if i <= searchPly {
				return true
			}
			count++
			if count >= 2 {
				return true
			}
		}
	}
	return false
}

// RepetitionCount returns how many times the current position occurred
// before in the history (0 if it is new), as a referee counts for threefold.
func (p *Position) RepetitionCount() int {
	n := min(p.st.halfmove, p.st.pliesFromNull, len(p.states)-1)
	last := len(p.states) - 1
	count := 0
	for i := 4; i <= n; i += 2 {
		if p.states[last-i].key == p.st.key {
			count++
		}
	}
	return count
}

// IsFiftyMoveDraw reports whether the fifty-move rule applies; a mate on the
// hundredth ply takes precedence, which the caller checks with IsCheckmate.
func (p *Position) IsFiftyMoveDraw() bool { return p.st.halfmove >= 100 }

// IsInsufficientMaterial reports positions where no sequence of legal moves
// can mate: K v K, K+minor v K, and K+B v K+B with bishops on one colour.
func (p *Position) IsInsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if minors.Count() <= 1 {
		return true
	}
	if p.byType[Knight] == 0 {
		const dark Bitboard = 0xAA55AA55AA55AA55
		b := p.byType[Bishop]
		return b&dark == 0 || b&^dark == 0
	}
	return false
}

// Copy returns an independent deep copy, history included, with room for
// a search's moves after it.
func (p *Position) Copy() *Position {
	q := *p
	q.states = make([]state, len(p.states), len(p.states)+256)
	copy(q.states, p.states)
	q.st = &q.states[len(q.states)-1]
	return &q
}

// TrimHistory forgets the positions that no repetition can reach: those
// before the last capture, pawn move or null move, and those more than a
// hundred plies back, where the fifty-move rule has drawn the game
// anyway. A game's whole move list (a UCI "position ... moves", however
// long) then costs at most 101 states in every copy a search makes, and
// the repetition scans of the search stay short.
func (p *Position) TrimHistory() {
	keep := min(p.st.halfmove, p.st.pliesFromNull, len(p.states)-1, 100) + 1
	n := copy(p.states, p.states[len(p.states)-keep:])
	p.states = p.states[:n]
	p.st = &p.states[n-1]
}
