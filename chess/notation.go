package chess

import (
	"fmt"
	"strings"
)

// UCI returns the move in UCI long algebraic notation. Castling prints as
// the king's two-square move, or as king-takes-rook in Chess960 mode.
func (p *Position) UCI(m Move) string {
	return m.uci(p.chess960)
}

// String prints the move in UCI form with castling as king takes rook; use
// Position.UCI for the protocol's notation.
func (m Move) String() string { return m.uci(true) }

func (m Move) uci(chess960 bool) string {
	switch m {
	case NoMove:
		return "0000"
	case NullMove:
		return "0000"
	}
	from, to := m.From(), m.To()
	if m.IsCastling() && !chess960 {
		to, _ = castleTargets(Color(from.Rank()/7), from, to)
	}
	s := from.String() + to.String()
	if pt := m.Promotion(); pt != NoPieceType {
		s += string(" pnbrqk"[pt])
	}
	return s
}

// ParseUCI reads a move in UCI notation and returns it if it is legal. Both
// castling forms (king two squares, king takes rook) are accepted in either
// mode, so GUIs that mix them up still work.
func (p *Position) ParseUCI(s string) (Move, error) {
	if len(s) < 4 || len(s) > 5 {
		return NoMove, fmt.Errorf("move %q: want 4 or 5 characters like e2e4 or e7e8q", s)
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NoMove, fmt.Errorf("move %q: bad square", s)
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'n', 'N':
			promo = Knight
		case 'b', 'B':
			promo = Bishop
		case 'r', 'R':
			promo = Rook
		case 'q', 'Q':
			promo = Queen
		default:
			return NoMove, fmt.Errorf("move %q: bad promotion piece %q", s, s[4])
		}
	}
	var ml MoveList
	p.GenerateMoves(&ml, GenAll)
	for _, m := range ml.Moves[:ml.Len] {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		if m.To() == to {
			return m, nil
		}
		if m.IsCastling() {
			if kTo, _ := castleTargets(p.side, from, m.To()); kTo == to && p.board[to].Type() != Rook {
				return m, nil
			}
		}
	}
	return NoMove, fmt.Errorf("move %q: illegal in %s", s, p.FEN())
}

// SAN returns the move in Standard Algebraic Notation, with check (+) and
// mate (#) marks. The move must be legal.
func (p *Position) SAN(m Move) string {
	var sb strings.Builder
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	switch {
	case m.IsCastling():
		if to > from {
			sb.WriteString("O-O")
		} else {
			sb.WriteString("O-O-O")
		}
	case pt == Pawn:
		if p.IsCapture(m) {
			sb.WriteByte(byte('a' + from.File()))
			sb.WriteByte('x')
		}
		sb.WriteString(to.String())
		if promo := m.Promotion(); promo != NoPieceType {
			sb.WriteByte('=')
			sb.WriteByte(" PNBRQK"[promo])
		}
	default:
		sb.WriteByte(" PNBRQK"[pt])
		// Disambiguate among other pieces of the same type reaching 'to'.
		var ml MoveList
		p.GenerateMoves(&ml, GenAll)
		var others Bitboard
		for _, o := range ml.Moves[:ml.Len] {
			if o != m && o.To() == to && !o.IsCastling() && p.board[o.From()].Type() == pt {
				others |= SquareBB(o.From())
			}
		}
		if others != 0 {
			switch {
			case others&FileMask(from.File()) == 0:
				sb.WriteByte(byte('a' + from.File()))
			case others&RankMask(from.Rank()) == 0:
				sb.WriteByte(byte('1' + from.Rank()))
			default:
				sb.WriteString(from.String())
			}
		}
		if p.IsCapture(m) {
			sb.WriteByte('x')
		}
		sb.WriteString(to.String())
	}
	p.MakeMove(m)
	if p.InCheck() {
		if p.HasLegalMove() {
			sb.WriteByte('+')
		} else {
			sb.WriteByte('#')
		}
	}
	p.UnmakeMove()
	return sb.String()
}

// ParseSAN reads a move in Standard Algebraic Notation and returns it if it
// is legal. It is lenient where PGN files in the wild are: check and mate
// marks, annotations (!, ?), "0-0" castling, a missing '=' before the
// promotion piece and redundant disambiguation are accepted. What could
// stand for two moves is refused: a pawn capture without its file ("d5"
// for exd5), a capture mark on a quiet move, two files or two ranks of
// origin.
func (p *Position) ParseSAN(s string) (Move, error) {
	orig := s
	s = strings.TrimRight(s, "+#!?")
	if s == "" {
		return NoMove, fmt.Errorf("san %q: empty move", orig)
	}
	var ml MoveList
	p.GenerateMoves(&ml, GenAll)
	if s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0" {
		long := len(s) == 5
		for _, m := range ml.Moves[:ml.Len] {
			if m.IsCastling() && (m.To() < m.From()) == long {
				return m, nil
			}
		}
		return NoMove, fmt.Errorf("san %q: castling is illegal in %s", orig, p.FEN())
	}
	pt := Pawn
	if c := s[0]; c >= 'A' && c <= 'Z' {
		switch c {
		case 'N':
			pt = Knight
		case 'B':
			pt = Bishop
		case 'R':
			pt = Rook
		case 'Q':
			pt = Queen
		case 'K':
			pt = King
		default:
			return NoMove, fmt.Errorf("san %q: bad piece letter %q", orig, c)
		}
		s = s[1:]
	}
	promo := NoPieceType
	if n := len(s); n >= 2 {
		last := s[n-1]
		if strings.IndexByte("NBRQnbrq", last) >= 0 && (s[n-2] == '=' || (s[n-2] >= '1' && s[n-2] <= '8')) {
			promo = map[byte]PieceType{'N': Knight, 'B': Bishop, 'R': Rook, 'Q': Queen, 'n': Knight, 'b': Bishop, 'r': Rook, 'q': Queen}[last]
			s = strings.TrimSuffix(s[:n-1], "=")
		}
	}
	if len(s) < 2 {
		return NoMove, fmt.Errorf("san %q: no destination square", orig)
	}
	to, ok := ParseSquare(s[len(s)-2:])
	if !ok {
		return NoMove, fmt.Errorf("san %q: bad destination square", orig)
	}
	marked := strings.Contains(s[:len(s)-2], "x")
	dis := strings.ReplaceAll(strings.ReplaceAll(s[:len(s)-2], "x", ""), "-", "")
	fromFile, fromRank := -1, -1
	for i := 0; i < len(dis); i++ {
		c := dis[i]
		switch {
		case c >= 'a' && c <= 'h' && fromFile < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		case c >= 'a' && c <= 'h' || c >= '1' && c <= '8':
			// "Nbfd2" names two origins; taking either would play a move
			// the text does not say.
			return NoMove, fmt.Errorf("san %q: bad disambiguation %q", orig, dis)
		default:
			return NoMove, fmt.Errorf("san %q: bad character %q", orig, c)
		}
	}
	found := NoMove
	for _, m := range ml.Moves[:ml.Len] {
		if m.IsCastling() || m.To() != to || p.board[m.From()].Type() != pt || m.Promotion() != promo {
			continue
		}
		if (fromFile >= 0 && m.From().File() != fromFile) || (fromRank >= 0 && m.From().Rank() != fromRank) {
			continue
		}
		// A pawn capture names its file ("exd5"): a bare "d5" is a push,
		// never a capture that happens to reach d5.
		if pt == Pawn && m.From().File() != to.File() && fromFile < 0 {
			continue
		}
		// "Nxf3" where f3 is empty is a mistake, not a quiet move.
		if marked && !p.IsCapture(m) {
			continue
		}
		if found != NoMove {
			return NoMove, fmt.Errorf("san %q: ambiguous in %s", orig, p.FEN())
		}
		found = m
	}
	if found == NoMove {
		return NoMove, fmt.Errorf("san %q: illegal in %s", orig, p.FEN())
	}
	return found, nil
}
