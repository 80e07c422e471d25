package chess

import "testing"

// TestCuckooTable checks that every reversible move of the pieces that
// can step back (knights, bishops, rooks, queens and kings of both
// colours, each pair of squares once) is stored and found again by its key.
func TestCuckooTable(t *testing.T) {
	stored := 0
	for i, m := range cuckooMove {
		if m == NoMove {
			continue
		}
		stored++
		k := cuckooKey[i]
		if cuckooH1(k) != i && cuckooH2(k) != i {
			t.Fatalf("slot %d holds a key that hashes to %d and %d", i, cuckooH1(k), cuckooH2(k))
		}
	}
	if stored != 3668 {
		t.Errorf("%d moves stored, want 3668", stored)
	}
}

var rookRound = []string{"h1g1", "h8g8", "a1b1", "g8g7", "b1b4", "g7h7", "b4a4", "h7h8"}

func TestUpcomingRepetition(t *testing.T) {
	tests := []struct {
		name      string
		fen       string
		moves     []string
		searchPly int
		want      bool
	}{
		// Black to move can play Nf6-g8 back to the start position.
		{"knight back", StartFEN, []string{"g1f3", "g8f6", "f3g1"}, 4, true},
		// The same cycle, but it began before the root: not claimed.
		{"before the root", StartFEN, []string{"g1f3", "g8f6", "f3g1"}, 3, false},
		// After Nc3 no single move restores an earlier position.
		{"no cycle", StartFEN, []string{"g1f3", "g8f6", "b1c3"}, 8, false},
		// White's rook went a1-b1-b4-a4 while Black's king went round
		// h8-g8-g7-h7-h8: only a4-a1 restores an earlier position (the
		// one after Kg1, seven plies back), and only with the a-file clear.
		{"rook back", "7k/8/8/8/8/8/8/R6K w - - 0 1", rookRound, 8, true},
		{"rook blocked", "7k/8/8/8/8/8/P7/R6K w - - 0 1", rookRound, 8, false},
		// After 1. e4 Nc6 2. Nf3 Nb4 3. Ng1 Na6 the position after 1. e4
		// is one knight move away, but the knight is Black's and White is
		// to move: not a draw White can take.
		{"their piece", StartFEN, []string{"e2e4", "b8c6", "g1f3", "c6b4", "f3g1", "b4a6"}, 8, false},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		playUCI(t, p, tc.moves...)
		if got := p.UpcomingRepetition(tc.searchPly); got != tc.want {
			t.Errorf("%s: UpcomingRepetition(%d) = %v, want %v", tc.name, tc.searchPly, got, tc.want)
		}
	}
}
