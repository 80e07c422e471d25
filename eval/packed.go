package eval

import "vireo/chess"

// packed holds a tapered score in one integer, the endgame part in the
// high 32 bits and the middlegame part in the low 32 (borrowing as needed),
// so that adding two scores is one addition.
type packed int64

func pack(mg, eg int) packed { return packed(int64(eg)<<32 + int64(mg)) }

func (v packed) mg() int { return int(int32(uint32(v))) }

func (v packed) eg() int { return int((int64(v) + 1<<31) >> 32) }

// packedParams is the evaluation's working copy of a Params: every pair
// packed, and material merged into the piece-square tables.
type packedParams struct {
	pairs [NumPairs]packed
	psqt  [7][64]packed
}

// pstIndex is where each piece type's PST starts in Params.Pairs.
var pstIndex = [7]int{0, iPawnPST, iKnightPST, iBishopPST, iRookPST, iQueenPST, iKingPST}

var defaultPacked packedParams

func newPacked(p *Params) *packedParams {
	k := &packedParams{}
	for i, v := range p.Pairs {
		k.pairs[i] = pack(v.MG, v.EG)
	}
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		var mat packed
		if pt != chess.King {
			mat = k.pairs[iPieceValue+int(pt)-1]
		}
		for sq := 0; sq < 64; sq++ {
			k.psqt[pt][sq] = mat + k.pairs[pstIndex[pt]+sq]
		}
	}
	return k
}
