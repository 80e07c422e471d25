package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// FENError describes what is wrong with a FEN string and in which field.
type FENError struct {
	Field string // "fen", "placement", "side", "castling", "en passant", "halfmove", "fullmove"
	Msg   string
}

func (e *FENError) Error() string {
	if e.Field == "fen" { // the string as a whole, as in "fen: want 4 to 6 fields"
		return "fen: " + e.Msg
	}
	return "fen: " + e.Field + ": " + e.Msg
}

func fenErr(field, format string, args ...any) error {
	return &FENError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// StartPosition returns the standard initial position.
func StartPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // the constant is valid; this guards against editing mistakes
	}
	return p
}

// The largest move counters a FEN may hold. Moves played past them (a
// "position ... moves" list of ten thousand reversible moves) keep
// counting inside the position, and FEN prints them at these bounds, so
// that what FEN prints ParseFEN accepts: a halfmove clock of 10000 means
// what any larger one does (the fifty-move rule was long since reached).
const (
	maxHalfmoveFEN = 10000
	maxFullmoveFEN = 100000
)

// ParseFEN parses a FEN or X-FEN/Shredder-FEN string with strict
// validation. The halfmove and fullmove fields may be omitted (EPD style).
// Nothing it is given can make it panic.
func ParseFEN(fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, fenErr("fen", "want 4 to 6 space-separated fields, got %d", len(fields))
	}
	p := &Position{states: make([]state, 1, 256)}
	p.st = &p.states[0]
	for i := range p.castleRights {
		p.castleRights[i] = AllCastling
	}
	if err := p.parsePlacement(fields[0]); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fenErr("side", "want \"w\" or \"b\", got %q", fields[1])
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return nil, err
	}
	p.st.ep = NoSquare
	if err := p.parseEP(fields[3]); err != nil {
		return nil, err
	}
	p.st.fullmove = 1
	if len(fields) >= 5 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > maxHalfmoveFEN {
			return nil, fenErr("halfmove", "want an integer from 0 to %d, got %q", maxHalfmoveFEN, fields[4])
		}
		p.st.halfmove = n
	}
	if len(fields) == 6 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > maxFullmoveFEN {
			return nil, fenErr("fullmove", "want an integer from 0 to %d, got %q", maxFullmoveFEN, fields[5])
		}
		p.st.fullmove = max(n, 1)
	}
	them := p.side.Other()
	if p.attackedBy(p.KingSquare(them), p.side, p.byType[0]) {
		return nil, fenErr("side", "the side not to move (%v) is in check", them)
	}
	p.st.checkers = p.AttackersTo(p.KingSquare(p.side), p.byType[0]) & p.byColor[them]
	if p.st.checkers.Count() > 2 {
		return nil, fenErr("placement", "the side to move is in check from %d pieces", p.st.checkers.Count())
	}
	p.computeKeys()
	return p, nil
}

// MustParseFEN is ParseFEN for constants in tests and tables; it panics on error.
func MustParseFEN(fen string) *Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fenErr("placement", "want 8 ranks separated by '/', got %d", len(ranks))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
			} else {
				pc, ok := pieceFromLetter(c)
				if !ok {
					return fenErr("placement", "bad piece letter %q in rank %d", c, rank+1)
				}
				if file >= 8 {
					return fenErr("placement", "rank %d has more than 8 squares", rank+1)
				}
				if pc.Type() == Pawn && (rank == 0 || rank == 7) {
					return fenErr("placement", "pawn on rank %d", rank+1)
				}
				p.put(pc, MakeSquare(file, rank))
				file++
			}
			if file > 8 {
				return fenErr("placement", "rank %d has more than 8 squares", rank+1)
			}
		}
		if file != 8 {
			return fenErr("placement", "rank %d has %d squares, want 8", rank+1, file)
		}
	}
	for _, c := range []Color{White, Black} {
		switch n := p.Pieces(c, King).Count(); {
		case n == 0:
			return fenErr("placement", "missing %s king", colorName(c))
		case n > 1:
			return fenErr("placement", "%d %s kings", n, colorName(c))
		}
		if p.Pieces(c, Pawn).Count() > 8 {
			return fenErr("placement", "%s has more than 8 pawns", colorName(c))
		}
		if p.byColor[c].Count() > 16 {
			return fenErr("placement", "%s has more than 16 pieces", colorName(c))
		}
		// Every piece beyond the starting set came from a pawn. Without
		// this rule "KQQQQQQQQQQQQQQQ" passes, and such material may have
		// more moves than a move list holds (218 is the most for any
		// material a game can reach).
		extra := 0
		for _, pt := range []struct {
			t     PieceType
			start int
		}{{Knight, 2}, {Bishop, 2}, {Rook, 2}, {Queen, 1}} {
			extra += max(p.Pieces(c, pt.t).Count()-pt.start, 0)
		}
		if pawns := p.Pieces(c, Pawn).Count(); pawns+extra > 8 {
			return fenErr("placement", "%s has %d promoted pieces and %d pawns; a side has 8 pawns to promote", colorName(c), extra, pawns)
		}
	}
	return nil
}

func colorName(c Color) string {
	if c == White {
		return "white"
	}
	return "black"
}

// parseCastling accepts standard KQkq, X-FEN (KQkq meaning the outermost
// rook, a file letter for an inner one) and Shredder-FEN (file letters).
func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		color := White
		lc := c
		if c >= 'a' && c <= 'z' {
			color = Black
		} else {
			lc = c + 'a' - 'A'
		}
		if lc != 'k' && lc != 'q' && (lc < 'a' || lc > 'h') {
			return fenErr("castling", "bad character %q", c)
		}
		backRank := RankMask(0)
		if color == Black {
			backRank = RankMask(7)
		}
		king := p.Pieces(color, King)
		if king&backRank == 0 {
			return fenErr("castling", "right %q but the %s king is not on its back rank", c, colorName(color))
		}
		ksq := king.LSB()
		rooks := p.Pieces(color, Rook) & backRank
		var rsq Square
		switch {
		case lc == 'k':
			side := rooks & ^(SquareBB(ksq) - 1) &^ SquareBB(ksq) // files above the king
			if side == 0 {
				return fenErr("castling", "right %q but no %s rook on the king side", c, colorName(color))
			}
			rsq = side.MSB()
		case lc == 'q':
			side := rooks & (SquareBB(ksq) - 1)
			if side == 0 {
				return fenErr("castling", "right %q but no %s rook on the queen side", c, colorName(color))
			}
			rsq = side.LSB()
		case lc >= 'a' && lc <= 'h':
			rsq = MakeSquare(int(lc-'a'), ksq.Rank())
			if !rooks.Has(rsq) {
				return fenErr("castling", "right %q but no %s rook on %v", c, colorName(color), rsq)
			}
		default:
			return fenErr("castling", "bad character %q", c)
		}
		idx := castleIndex(color, ksq, rsq)
		if p.st.castling&(1<<idx) != 0 {
			return fenErr("castling", "right %q given twice for one side", c)
		}
		p.addCastlingRight(color, idx, ksq, rsq)
	}
	return nil
}

func (p *Position) addCastlingRight(c Color, idx int, ksq, rsq Square) {
	p.st.castling |= 1 << idx
	p.castleRook[idx] = rsq
	kTo, rTo := castleTargets(c, ksq, rsq)
	p.castleKing[idx] = Between(ksq, kTo) | SquareBB(kTo)
	p.castlePath[idx] = (Between(ksq, kTo) | SquareBB(kTo) | Between(rsq, rTo) | SquareBB(rTo)) &^ (SquareBB(ksq) | SquareBB(rsq))
	p.castleRights[ksq] &^= uint8(3) << (2 * c)
	p.castleRights[rsq] &^= 1 << idx
}

func (p *Position) parseEP(s string) error {
	if s == "-" {
		return nil
	}
	sq, ok := ParseSquare(s)
	if !ok {
		return fenErr("en passant", "bad square %q", s)
	}
	us, them := p.side, p.side.Other()
	wantRank := 5
	if us == Black {
		wantRank = 2
	}
	if sq.Rank() != wantRank {
		return fenErr("en passant", "square %v is impossible with %s to move", sq, colorName(us))
	}
	pushed := Square(int(sq) - 8)
	origin := Square(int(sq) + 8)
	if us == Black {
		pushed, origin = Square(int(sq)+8), Square(int(sq)-8)
	}
	if p.board[pushed] != MakePiece(them, Pawn) || p.board[sq] != NoPiece || p.board[origin] != NoPiece {
		return fenErr("en passant", "square %v is impossible: no pawn can just have passed it", sq)
	}
	if pawnAttacks[them][sq]&p.Pieces(us, Pawn) != 0 {
		p.st.ep = sq
	}
	return nil
}

// computeKeys hashes the position from scratch; make/unmake keep the keys
// up to date incrementally afterwards.
func (p *Position) computeKeys() {
	st := p.st
	st.key, st.pawnKey, st.majorKey, st.minorKey = 0, 0, 0, 0
	st.nonPawnKey = [2]uint64{}
	for b := p.byType[0]; b != 0; {
		s := b.PopLSB()
		p.hashPiece(p.board[s], s)
	}
	st.key ^= zobristCastling[st.castling]
	if st.ep != NoSquare {
		st.key ^= zobristEP[st.ep.File()]
	}
	if p.side == Black {
		st.key ^= zobristSide
	}
}

// FEN returns the position in FEN. Castling uses KQkq where the rook is the
// outermost one on its side and a file letter otherwise (X-FEN), so that
// standard positions print as usual and Chess960 ones read back exactly.
func (p *Position) FEN() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(pc.String())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteByte(' ')
	sb.WriteString(p.side.String())
	sb.WriteByte(' ')
	sb.WriteString(p.castlingString())
	sb.WriteByte(' ')
	sb.WriteString(p.st.ep.String())
	fmt.Fprintf(&sb, " %d %d", min(p.st.halfmove, maxHalfmoveFEN), min(p.st.fullmove, maxFullmoveFEN))
	return sb.String()
}

func (p *Position) castlingString() string {
	if p.st.castling == 0 {
		return "-"
	}
	var sb strings.Builder
	for i := 0; i < 4; i++ {
		if p.st.castling&(1<<i) == 0 {
			continue
		}
		c := Color(i / 2)
		rsq := p.castleRook[i]
		rooks := p.Pieces(c, Rook) & RankMask(rsq.Rank())
		var letter byte
		if i%2 == 0 { // king side
			letter = 'K'
			if (rooks & ^(SquareBB(rsq)<<1 - 1)) != 0 {
				letter = byte('A' + rsq.File())
			}
		} else {
			letter = 'Q'
			if rooks&(SquareBB(rsq)-1) != 0 {
				letter = byte('A' + rsq.File())
			}
		}
		if c == Black {
			letter += 'a' - 'A'
		}
		sb.WriteByte(letter)
	}
	return sb.String()
}
