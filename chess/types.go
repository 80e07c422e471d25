// Package chess holds the rules of chess and Chess960: bitboards, attack
// tables, the Position with incremental Zobrist keys, legal move generation,
// make/unmake, FEN, move notation (UCI and SAN), static exchange evaluation
// and perft. It depends on nothing outside the standard library.
package chess

// Color is the side a piece belongs to.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "w"
	}
	return "b"
}

// PieceType is a kind of piece without colour. NoPieceType is zero so that
// an empty mailbox square reads as "nothing".
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: colour in bit 3, type in bits 0-2.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// MakePiece combines a colour and a type.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceLetters = " PNBRQK  pnbrqk"

// String returns the FEN letter of the piece ("P", "n", ...), or "." for none.
func (p Piece) String() string {
	if p == NoPiece || int(p) >= len(pieceLetters) || pieceLetters[p] == ' ' {
		return "."
	}
	return string(pieceLetters[p])
}

// pieceFromLetter maps a FEN letter to a piece, reporting whether it is one.
func pieceFromLetter(r byte) (Piece, bool) {
	for i := 0; i < len(pieceLetters); i++ {
		if pieceLetters[i] == r && r != ' ' {
			return Piece(i), true
		}
	}
	return NoPiece, false
}

// Square is a board square, a1 = 0, b1 = 1, ..., h8 = 63.
type Square uint8

// NoSquare stands for "no square" (for example, no en passant square).
const NoSquare Square = 64

// Named squares used by tests and castling code.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 0, 1, 2, 3, 4, 5, 6, 7
	A8, B8, C8, D8, E8, F8, G8, H8 Square = 56, 57, 58, 59, 60, 61, 62, 63
)

// MakeSquare returns the square on the given file and rank (0-based).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns 0 for the a-file through 7 for the h-file.
func (s Square) File() int { return int(s & 7) }

// Rank returns 0 for the first rank through 7 for the eighth.
func (s Square) Rank() int { return int(s >> 3) }

// Flip mirrors the square vertically (a1 <-> a8), which turns a square seen
// by White into the same square seen by Black.
func (s Square) Flip() Square { return s ^ 56 }

// RelativeRank is the rank as seen from colour c's side of the board.
func (s Square) RelativeRank(c Color) int {
	if c == White {
		return s.Rank()
	}
	return 7 - s.Rank()
}

func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// Castling rights, one bit each.
const (
	WhiteOO uint8 = 1 << iota
	WhiteOOO
	BlackOO
	BlackOOO
	AllCastling = WhiteOO | WhiteOOO | BlackOO | BlackOOO
)

// Move is a 16-bit move: from square in bits 0-5, to square in bits 6-11,
// promotion piece (knight..queen as 0..3) in bits 12-13 and the kind in bits
// 14-15. Castling is encoded as the king capturing its own rook, which
// handles standard chess and Chess960 alike.
type Move uint16

// Move kinds.
const (
	MoveNormal    Move = 0
	MovePromotion Move = 1 << 14
	MoveEnPassant Move = 2 << 14
	MoveCastling  Move = 3 << 14
)

// NullMove is the "pass" used by null-move pruning; NoMove is the zero move.
const (
	NoMove   Move = 0
	NullMove Move = 65 // from b1 to b1: never a real move
)

// NewMove builds a normal move.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// NewPromotion builds a promotion to piece type pt (Knight..Queen).
func NewPromotion(from, to Square, pt PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(pt-Knight)<<12 | MovePromotion
}

func newSpecial(from, to Square, kind Move) Move { return Move(from) | Move(to)<<6 | kind }

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square; for castling it is the rook's square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind returns MoveNormal, MovePromotion, MoveEnPassant or MoveCastling.
func (m Move) Kind() Move { return m & (3 << 14) }

// Promotion returns the promotion piece type, or NoPieceType.
func (m Move) Promotion() PieceType {
	if m.Kind() != MovePromotion {
		return NoPieceType
	}
	return PieceType(m>>12&3) + Knight
}

// IsPromotion reports whether the move promotes a pawn.
func (m Move) IsPromotion() bool { return m.Kind() == MovePromotion }

// IsCastling reports whether the move castles.
func (m Move) IsCastling() bool { return m.Kind() == MoveCastling }

// IsEnPassant reports whether the move captures en passant.
func (m Move) IsEnPassant() bool { return m.Kind() == MoveEnPassant }

// MaxMoves bounds the number of legal moves in any position (218 is the
// known maximum).
const MaxMoves = 256

// MoveList is a fixed-capacity list so that move generation never allocates.
type MoveList struct {
	Moves [MaxMoves]Move
	Len   int
}

// add appends m. Indexing by uint8 lets the compiler drop the bounds
// check: a [256] array cannot be overrun by a byte.
func (ml *MoveList) add(m Move) {
	ml.Moves[uint8(ml.Len)] = m
	ml.Len++
}

// Slice returns the generated moves.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.Len] }

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for _, x := range ml.Moves[:ml.Len] {
		if x == m {
			return true
		}
	}
	return false
}
