package book

import "vireo/chess"

// Offsets into random64.
const (
	castleOffset = 768
	epOffset     = 772
	turnOffset   = 780
)

// pieceKind is Polyglot's piece numbering: black pawn 0, white pawn 1,
// black knight 2, ... white king 11.
func pieceKind(pc chess.Piece) int {
	k := 2 * (int(pc.Type()) - int(chess.Pawn))
	if pc.Color() == chess.White {
		k++
	}
	return k
}

// Key returns the Polyglot hash of p, which differs from Vireo's own
// Zobrist key: it XORs, from Polyglot's published table,
//
//   - for every piece, random64[64*kind + 8*rank + file];
//   - for each castling right (White O-O, White O-O-O, Black O-O,
//     Black O-O-O), random64[768 + 0..3];
//   - when a pawn has just advanced two squares and a pawn of the side to
//     move stands next to it (able to capture en passant if legality is
//     ignored), random64[772 + file of the en-passant square];
//   - when White is to move, random64[780].
func Key(p *chess.Position) uint64 {
	var k uint64
	for occ := p.Occupied(); occ != 0; {
		s := occ.PopLSB()
		k ^= random64[64*pieceKind(p.PieceOn(s))+int(s)]
	}
	cr := p.CastlingRights()
	for i, right := range [4]uint8{chess.WhiteOO, chess.WhiteOOO, chess.BlackOO, chess.BlackOOO} {
		if cr&right != 0 {
			k ^= random64[castleOffset+i]
		}
	}
	if ep := p.EnPassant(); ep != chess.NoSquare {
		// Vireo keeps the square only when a pawn of the side to move
		// attacks it (pins ignored), which is Polyglot's rule; checked
		// here again so the key does not depend on that.
		us := p.SideToMove()
		if chess.PawnAttacks(us.Other(), ep)&p.Pieces(us, chess.Pawn) != 0 {
			k ^= random64[epOffset+ep.File()]
		}
	}
	if p.SideToMove() == chess.White {
		k ^= random64[turnOffset]
	}
	return k
}
