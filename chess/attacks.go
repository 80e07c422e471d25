package chess

// Attack tables. They are constant once built at init, which is the one
// kind of package-level state the project allows.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	betweenBB     [64][64]Bitboard // squares strictly between two aligned squares
	lineBB        [64][64]Bitboard // the whole line through two aligned squares
	distance      [64][64]uint8    // Chebyshev (king) distance

	rookMagics   [64]magic
	bishopMagics [64]magic
	// slideTable has room for a full 4096-entry window after the last
	// square's part, so that every square's attacks can be a fixed-size
	// array: see magic.attacks.
	slideTable [slideTableSize + 4096]Bitboard
)

// magic holds one square's fancy-magic lookup: the relevant occupancy mask,
// the multiplier, the shift and this square's part of slideTable.
// slideTableSize is the sum over squares of 2^(relevant bits) for rooks
// (102400) and bishops (5248).
const slideTableSize = 107648

// magic's attacks is a pointer to a 4096-entry array (a rook's most) and
// lookup masks the shift and the index: the compiler can then prove both in
// range, and the lookup, one of the hottest lines of the engine, carries no
// bounds check and no fix-up for shifts of 64 or more. The masks change
// nothing: shifts are 52–59 and indices below 2^12.
type magic struct {
	mask    Bitboard
	number  uint64
	attacks *[4096]Bitboard
	shift   uint8
}

func (m *magic) lookup(occ Bitboard) Bitboard {
	return m.attacks[(uint64(occ&m.mask)*m.number>>(m.shift&63))&4095]
}

// KnightAttacks returns the knight's attacks from s.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s&63] }

// KingAttacks returns the king's attacks from s.
func KingAttacks(s Square) Bitboard { return kingAttacks[s&63] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// RookAttacks returns rook attacks from s given the occupied squares.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	return rookMagics[s&63].lookup(occ)
}

// BishopAttacks returns bishop attacks from s given the occupied squares.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	return bishopMagics[s&63].lookup(occ)
}

// QueenAttacks returns queen attacks from s given the occupied squares.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// Attacks returns the attacks of a piece type (not pawns) from s.
func Attacks(pt PieceType, s Square, occ Bitboard) Bitboard {
	switch pt {
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Queen:
		return QueenAttacks(s, occ)
	case King:
		return kingAttacks[s]
	}
	return 0
}

// Between returns the squares strictly between a and b if they share a
// line, else nothing.
func Between(a, b Square) Bitboard { return betweenBB[a][b] }

// Line returns the full line through a and b if they share one, else nothing.
func Line(a, b Square) Bitboard { return lineBB[a][b] }

// Distance returns the king-move distance between two squares.
func Distance(a, b Square) int { return int(distance[a][b]) }

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slowSlide walks rays square by square; used only to build the tables.
func slowSlide(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			sq := MakeSquare(f, r)
			att |= SquareBB(sq)
			if occ.Has(sq) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		add := func(bb *Bitboard, df, dr int) {
			if nf, nr := f+df, r+dr; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				*bb |= SquareBB(MakeSquare(nf, nr))
			}
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(&knightAttacks[s], d[0], d[1])
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			add(&kingAttacks[s], d[0], d[1])
		}
		add(&pawnAttacks[White][s], 1, 1)
		add(&pawnAttacks[White][s], -1, 1)
		add(&pawnAttacks[Black][s], 1, -1)
		add(&pawnAttacks[Black][s], -1, -1)
		for t := Square(0); t < 64; t++ {
			df, dr := abs(f-t.File()), abs(r-t.Rank())
			distance[s][t] = uint8(max(df, dr))
		}
	}
	initMagics()
	for a := Square(0); a < 64; a++ {
		for _, pt := range []PieceType{Bishop, Rook} {
			dirs := rookDirs
			if pt == Bishop {
				dirs = bishopDirs
			}
			empty := slowSlide(a, 0, dirs)
			for b := Square(0); b < 64; b++ {
				if !empty.Has(b) {
					continue
				}
				lineBB[a][b] = (slowSlide(a, 0, dirs) & slowSlide(b, 0, dirs)) | SquareBB(a) | SquareBB(b)
				betweenBB[a][b] = slowSlide(a, SquareBB(b), dirs) & slowSlide(b, SquareBB(a), dirs)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// rng is xorshift64*, seeded so that the magic search and the Zobrist keys
// are the same in every build and on every machine.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s ^= r.s >> 12
	r.s ^= r.s << 25
	r.s ^= r.s >> 27
	return r.s * 2685821657736338717
}

// sparse returns a number with few bits set, which makes good magic
// candidates far more likely.
func (r *rng) sparse() uint64 { return r.next() & r.next() & r.next() }

func initMagics() {
	used := 0
	r := rng{s: 0x9E3779B97F4A7C15}
	for _, pt := range []PieceType{Rook, Bishop} {
		for s := Square(0); s < 64; s++ {
			dirs, m := rookDirs, &rookMagics[s]
			if pt == Bishop {
				dirs, m = bishopDirs, &bishopMagics[s]
			}
			// Edges do not matter for the lookup unless the piece is on them.
			edges := ((Rank1 | Rank8) &^ RankMask(s.Rank())) | ((FileA | FileH) &^ FileMask(s.File()))
			m.mask = slowSlide(s, 0, dirs) &^ edges
			n := m.mask.Count()
			m.shift = uint8(64 - n)
			m.attacks = (*[4096]Bitboard)(slideTable[used : used+4096])
			size := 1 << n
			occs := make([]Bitboard, size)
			refs := make([]Bitboard, size)
			// Enumerate every subset of the mask (Carry-Rippler).
			var sub Bitboard
			for i := 0; i < size; i++ {
				occs[i] = sub
				refs[i] = slowSlide(s, sub, dirs)
				sub = (sub - m.mask) & m.mask
			}
			table := make([]Bitboard, size)
			epoch := make([]int, size)
			known := rookMagicNumbers[s]
			if pt == Bishop {
				known = bishopMagicNumbers[s]
			}
			for attempt := 1; ; attempt++ {
				if attempt == 1 {
					m.number = known
				} else {
					m.number = r.sparse()
				}
				if ((uint64(m.mask) * m.number) >> 56) < 6 {
					continue
				}
				ok := true
				for i := 0; i < size; i++ {
					idx := uint64(occs[i]) * m.number >> m.shift
					if epoch[idx] != attempt {
						epoch[idx] = attempt
						table[idx] = refs[i]
					} else if table[idx] != refs[i] {
						ok = false
						break
					}
				}
				if ok {
					break
				}
			}
			used += copy(slideTable[used:], table)
		}
	}
}
