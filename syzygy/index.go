package syzygy

// This file holds the combinatorial tables that turn a placement of pieces
// into a dense index, the inverse of the generator's enumeration. Squares
// are 0 (a1) to 63 (h8), rank-major, exactly as in package chess.

// diagOffset is positive above the a1-h8 diagonal, zero on it and negative
// below it. Pawnless tables are symmetric under the eight board symmetries,
// and the generator uses this sign to pick the canonical image.
func diagOffset(sq int) int { return sq>>3 - sq&7 }

// transpose reflects a square in the a1-h8 diagonal (a3 <-> c1).
func transpose(sq int) int { return (sq>>3 | sq<<3) & 63 }

var (
	// choose[k][n] is the binomial coefficient C(n, k): the number of
	// ways k identical pieces can stand on n free squares.
	choose [8][65]uint64

	// triangle numbers the squares of the a1-d1-d4 triangle 0..9: the six
	// below the diagonal first (b1 gets 0), then the diagonal a1, b2, c3, d4.
	triangle [64]int

	// lowerHalf numbers the 28 squares below the a1-h8 diagonal 0..27.
	lowerHalf [64]int

	// kingPair numbers the 462 canonical placements of two kings when no
	// other piece is unique: the first king in the triangle, the second
	// anywhere legal, and, with the first on the diagonal, not above it.
	kingPair [10][64]int

	// pawnRank orders pawn squares a2..h7 from 47 down to 0 so that the
	// pawn nearest the a-file edge and lowest rank (the leading pawn) has
	// the highest value. The number is also how many squares the other
	// pawns of the leading group may still occupy.
	pawnRank [64]int

	// leadOffset[n][sq] is where the indices for n leading pawns with the
	// first on sq start inside the table of sq's file; leadSize[n][f] is
	// the total for file f.
	leadOffset [8][64]uint64
	leadSize   [8][4]uint64
)

func init() {
	for n := 0; n <= 64; n++ {
		choose[0][n] = 1
		for k := 1; k < len(choose) && k <= n; k++ {
			choose[k][n] = choose[k-1][n-1] + choose[k][n-1]
		}
	}

	code := 0
	for sq := 0; sq < 64; sq++ {
		if diagOffset(sq) < 0 {
			lowerHalf[sq] = code
			code++
		}
	}

	code = 0
	var diag []int
	for sq := 0; sq < 64; sq++ {
		if sq&7 > 3 || sq>>3 > 3 {
			continue
		}
		switch {
		case diagOffset(sq) < 0:
			triangle[sq] = code
			code++
		case diagOffset(sq) == 0:
			diag = append(diag, sq)
		}
	}
	for _, sq := range diag {
		triangle[sq] = code
		code++
	}

	// The two kings: ordinary placements first, both-on-diagonal last.
	type pair struct{ t, sq int }
	var late []pair
	code = 0
	for t := 0; t < 10; t++ {
		for k1 := 0; k1 < 64; k1++ {
			if !inTriangle(k1) || triangle[k1] != t {
				continue
			}
			for k2 := 0; k2 < 64; k2++ {
				switch {
				case kingsTouch(k1, k2):
				case diagOffset(k1) == 0 && diagOffset(k2) > 0:
				case diagOffset(k1) == 0 && diagOffset(k2) == 0:
					late = append(late, pair{t, k2})
				default:
					kingPair[t][k2] = code
					code++
				}
			}
		}
	}
	for _, p := range late {
		kingPair[p.t][p.sq] = code
		code++
	}

	// Pawn numbering: a2, h2, a3, h3, ..., then b2, g2, ... down from 47.
	next := 47
	for f := 0; f < 4; f++ {
		for r := 1; r <= 6; r++ {
			sq := r*8 + f
			pawnRank[sq] = next
			pawnRank[sq^7] = next - 1
			next -= 2
		}
	}
	for n := 1; n < len(leadOffset); n++ {
		for f := 0; f < 4; f++ {
			var total uint64
			for r := 1; r <= 6; r++ {
				sq := r*8 + f
				leadOffset[n][sq] = total
				total += choose[n-1][pawnRank[sq]]
			}
			leadSize[n][f] = total
		}
	}
}

func inTriangle(sq int) bool { return sq&7 <= 3 && sq>>3 <= sq&7 }

// kingsTouch reports whether two kings would stand on the same or
// adjacent squares.
func kingsTouch(a, b int) bool {
	df, dr := a&7-b&7, a>>3-b>>3
	return df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

// tripleIndex encodes three distinct leading pieces of a pawnless table,
// already normalised so the first is in the a1-d1-d4 triangle and the first
// piece off the diagonal is below it. There are 31332 values: the first
// piece below the diagonal (6*63*62), then first on and second below the
// diagonal (4*28*62), then two on and third below (4*7*28), then all three
// on the diagonal (4*7*6).
func tripleIndex(s0, s1, s2 int) uint64 {
	a1 := 0
	if s1 > s0 {
		a1 = 1
	}
	a2 := 0
	if s2 > s0 {
		a2++
	}
	if s2 > s1 {
		a2++
	}
	var i int
	switch {
	case diagOffset(s0) != 0:
		i = (triangle[s0]*63+s1-a1)*62 + s2 - a2
	case diagOffset(s1) != 0:
		i = (6*63+(s0>>3)*28+lowerHalf[s1])*62 + s2 - a2
	case diagOffset(s2) != 0:
		i = 6*63*62 + 4*28*62 + (s0>>3)*7*28 + (s1>>3-a1)*28 + lowerHalf[s2]
	default:
		i = 6*63*62 + 4*28*62 + 4*7*28 + (s0>>3)*7*6 + (s1>>3-a1)*6 + (s2>>3 - a2)
	}
	return uint64(i)
}
