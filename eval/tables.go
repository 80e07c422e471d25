package eval

import "vireo/chess"

// Geometry tables built once at init.
var (
	forwardFile   [2][64]chess.Bitboard // squares ahead on the same file
	passedMask    [2][64]chess.Bitboard // ahead on the same and adjacent files
	attackSpan    [2][64]chess.Bitboard // ahead on the adjacent files
	ranksAhead    [2][8]chess.Bitboard  // ranks strictly ahead of a rank
	adjacentFiles [8]chess.Bitboard
	kingRing      [64]chess.Bitboard // 3x3 around the king, moved off the edge
	relRankMask   [2][8]chess.Bitboard
	lowRanks      [2]chess.Bitboard     // ranks 2-3 (colour's view)
	outpostRanks  [2]chess.Bitboard     // ranks 4-7 (colour's view)
	bishopRays    [64]chess.Bitboard    // bishop moves on an empty board
	distRing      [64][8]chess.Bitboard // squares at king distance d
	// A colour-c bishop on sq is trapped by an enemy pawn in trapPawn[c][sq]
	// (a7/h7 by b6/g6, a6/h6 by b5/g5, White's view).
	trapPawn [2][64]chess.Bitboard
	// A colour-c bishop on g2/b2 is fianchettoed with its king in
	// fianchettoKing[c][sq] (f1-h1 or a1-c1).
	fianchettoKing [2][64]chess.Bitboard
	// The squares of trapPawn and fianchettoKing that are not empty.
	trapSquares, fianchettoSquares [2]chess.Bitboard
	farFrom                        [64]chess.Bitboard // squares more than 3 king moves away
)

// fileFill extends each square over its whole file.
func fileFill(b chess.Bitboard) chess.Bitboard { return northFill(b) | southFill(b) }

// trapIndex is 0 for a bishop trapped on the 7th rank, 1 on the 6th.
func trapIndex(c chess.Color, sq chess.Square) int {
	if sq.RelativeRank(c) == 5 {
		return 1
	}
	return 0
}

const (
	lightSquares chess.Bitboard = 0x55AA55AA55AA55AA
	centre4      chess.Bitboard = 1<<27 | 1<<28 | 1<<35 | 1<<36
	centerFiles                 = chess.FileA<<2 | chess.FileA<<3 | chess.FileA<<4 | chess.FileA<<5
	queenSide                   = chess.FileA | chess.FileA<<1 | chess.FileA<<2 | chess.FileA<<3
	edges                       = chess.FileA | chess.FileH | chess.Rank1 | chess.Rank8
)

// fileCentre maps a file to 0 (a/h) .. 3 (d/e).
var fileCentre = [8]int{0, 1, 2, 3, 3, 2, 1, 0}

func northFill(b chess.Bitboard) chess.Bitboard {
	b |= b << 8
	b |= b << 16
	return b | b<<32
}

func southFill(b chess.Bitboard) chess.Bitboard {
	b |= b >> 8
	b |= b >> 16
	return b | b>>32
}

// fillForward extends each square towards colour c's promotion rank.
func fillForward(b chess.Bitboard, c chess.Color) chess.Bitboard {
	if c == chess.White {
		return northFill(b)
	}
	return southFill(b)
}

// fillBack extends each square towards colour c's first rank.
func fillBack(b chess.Bitboard, c chess.Color) chess.Bitboard {
	if c == chess.White {
		return southFill(b)
	}
	return northFill(b)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func init() {
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= chess.FileMask(f - 1)
		}
		if f < 7 {
			adjacentFiles[f] |= chess.FileMask(f + 1)
		}
	}
	for r := 0; r < 8; r++ {
		for r2 := r + 1; r2 < 8; r2++ {
			ranksAhead[chess.White][r] |= chess.RankMask(r2)
		}
		for r2 := 0; r2 < r; r2++ {
			ranksAhead[chess.Black][r] |= chess.RankMask(r2)
		}
		relRankMask[chess.White][r] = chess.RankMask(r)
		relRankMask[chess.Black][r] = chess.RankMask(7 - r)
	}
	for c := chess.White; c <= chess.Black; c++ {
		rel := func(s int) chess.Square {
			if c == chess.Black {
				return chess.Square(s).Flip()
			}
			return chess.Square(s)
		}
		for _, t := range [][2]int{{48, 41}, {55, 46}, {40, 33}, {47, 38}} {
			trapPawn[c][rel(t[0])] = chess.SquareBB(rel(t[1]))
		}
		fianchettoKing[c][rel(14)] = chess.SquareBB(rel(5)) | chess.SquareBB(rel(6)) | chess.SquareBB(rel(7))
		fianchettoKing[c][rel(9)] = chess.SquareBB(rel(0)) | chess.SquareBB(rel(1)) | chess.SquareBB(rel(2))
		for sq := chess.Square(0); sq < 64; sq++ {
			if trapPawn[c][sq] != 0 {
				trapSquares[c] |= chess.SquareBB(sq)
			}
			if fianchettoKing[c][sq] != 0 {
				fianchettoSquares[c] |= chess.SquareBB(sq)
			}
		}
	}
	for c := range 2 {
		m := &relRankMask[c]
		lowRanks[c] = m[1] | m[2]
		outpostRanks[c] = m[3] | m[4] | m[5] | m[6]
	}
	for sq := chess.Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		for c := chess.White; c <= chess.Black; c++ {
			forwardFile[c][sq] = ranksAhead[c][r] & chess.FileMask(f)
			attackSpan[c][sq] = ranksAhead[c][r] & adjacentFiles[f]
			passedMask[c][sq] = forwardFile[c][sq] | attackSpan[c][sq]
		}
		bishopRays[sq] = chess.BishopAttacks(sq, 0)
		for t := chess.Square(0); t < 64; t++ {
			distRing[sq][chess.Distance(sq, t)] |= chess.SquareBB(t)
			if chess.Distance(sq, t) > 3 {
				farFrom[sq] |= chess.SquareBB(t)
			}
		}
		cf := min(max(f, 1), 6)
		cr := min(max(r, 1), 6)
		c := chess.MakeSquare(cf, cr)
		kingRing[sq] = chess.KingAttacks(c) | chess.SquareBB(c)
	}
}
