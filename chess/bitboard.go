package chess

import (
	"math/bits"
	"strings"
)

// Bitboard is a set of squares, bit i standing for Square i.
type Bitboard uint64

// File and rank masks.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank8 Bitboard = Rank1 << 56
)

// FileMask returns the mask of file f (0 = a).
func FileMask(f int) Bitboard { return FileA << uint(f) }

// RankMask returns the mask of rank r (0 = first rank).
func RankMask(r int) Bitboard { return Rank1 << uint(8*r) }

// SquareBB returns the bitboard with only s set.
func SquareBB(s Square) Bitboard { return 1 << (s & 63) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<(s&63)) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB returns the lowest square of a non-empty set.
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// MSB returns the highest square of a non-empty set.
func (b Bitboard) MSB() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// PopLSB removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopLSB() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// More reports whether the set has more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// East shifts one file towards h, dropping what falls off the board.
func (b Bitboard) East() Bitboard { return (b &^ FileH) << 1 }

// West shifts one file towards a.
func (b Bitboard) West() Bitboard { return (b &^ FileA) >> 1 }

// Forward shifts one rank towards colour c's promotion rank.
func (b Bitboard) Forward(c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// PawnAttacksBB returns the squares attacked by all pawns of colour c in b.
func PawnAttacksBB(b Bitboard, c Color) Bitboard {
	f := b.Forward(c)
	return f.East() | f.West()
}

// String draws the set as an 8x8 grid, rank 8 first; for debugging.
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(MakeSquare(f, r)) {
				sb.WriteByte('X')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
