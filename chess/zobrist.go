package chess

// Zobrist keys, fixed by a seeded generator so hashes are reproducible.
var (
	zobristPiece    [16][64]uint64
	zobristCastling [16]uint64
	zobristEP       [8]uint64
	zobristSide     uint64
)

func init() {
	r := rng{s: 0x2545F4914F6CDD1D}
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = r.next()
		}
	}
	// Castling keys combine per-right keys so that losing one right is one XOR.
	var single [4]uint64
	for i := range single {
		single[i] = r.next()
	}
	for c := range zobristCastling {
		for i := 0; i < 4; i++ {
			if c&(1<<i) != 0 {
				zobristCastling[c] ^= single[i]
			}
		}
	}
	for f := range zobristEP {
		zobristEP[f] = r.next()
	}
	zobristSide = r.next()
}

// isMajorKeyPiece and isMinorKeyPiece say which pieces the major (K, Q, R)
// and minor (K, B, N) keys cover; correction history indexes by them.
func isMajorKeyPiece(pt PieceType) bool { return pt == King || pt == Queen || pt == Rook }
func isMinorKeyPiece(pt PieceType) bool { return pt == King || pt == Bishop || pt == Knight }
