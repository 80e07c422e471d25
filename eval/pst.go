package eval

import "vireo/chess"

// placement builds the compiled-in defaults of the PSTs (KNIGHT_PST and
// the others in the parameter table) from simple geometric rules rather
// than tuned numbers: the tuner of a later issue fits the real values.
// They are asymmetric where chess is: kings belong on the wings in the
// middlegame, pawns gain as they advance.
func placement(pt chess.PieceType, sq chess.Square) Score {
	f, r := sq.File(), sq.Rank()
	// Distance from the centre, 0 (d4..e5) to 3 (corners) per axis.
	cf := max(3-f, f-4)
	cr := max(3-r, r-4)
	centre := 6 - cf - cr // 0 at corners, 6 in the middle
	switch pt {
	case chess.Pawn:
		if r == 0 || r == 7 {
			return Score{}
		}
		mg := (r - 1) * 3
		if f == 3 || f == 4 {
			mg += []int{0, -5, 5, 20, 25, 20, 20, 0}[r]
		} else if f == 2 || f == 5 {
			mg += []int{0, 0, 5, 8, 10, 10, 15, 0}[r]
		} else if f <= 1 || f >= 6 {
			mg += []int{0, 5, 2, -3, 0, 5, 15, 0}[r]
		}
		eg := []int{0, 0, 2, 8, 20, 40, 70, 0}[r]
		return Score{mg, eg}
	case chess.Knight:
		mg := centre*8 - 24
		if r == 0 {
			mg -= 10
		}
		if r >= 4 && r <= 5 {
			mg += 8
		}
		return Score{mg, centre*6 - 18}
	case chess.Bishop:
		diag := 0
		if f == r || f+r == 7 {
			diag = 6
		}
		mg := centre*4 - 10 + diag
		if r == 0 {
			mg -= 8
		}
		return Score{mg, centre*4 - 12}
	case chess.Rook:
		mg := 0
		if f == 3 || f == 4 {
			mg += 6
		}
		if r == 6 {
			mg += 18
		}
		eg := 0
		if r == 6 {
			eg = 12
		}
		return Score{mg, eg}
	case chess.Queen:
		mg := centre*2 - 6
		if r == 0 && (f == 3) {
			mg += 4
		}
		return Score{mg, centre*5 - 15}
	case chess.King:
		// Middlegame: stay on the back ranks, prefer the castled corners.
		mg := []int{0, -15, -30, -45, -55, -60, -60, -60}[r]
		mg += []int{25, 35, 15, -10, -15, -5, 35, 25}[f]
		eg := centre*10 - 30
		return Score{mg, eg}
	}
	return Score{}
}
