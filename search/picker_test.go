package search

import (
	"testing"

	"vireo/chess"
)

// TestPickerIllegalKiller: a killer from another position may be a
// castling move that is illegal here; the killer stage returns a killer
// only if it is among this position's quiet moves.
func TestPickerIllegalKiller(t *testing.T) {
	// White may castle later, but the bishop on f1 is in the way now.
	pos := chess.MustParseFEN("4k3/8/8/8/8/8/8/4KB1R w K - 0 1")
	fen := pos.FEN()
	castle := chess.MoveCastling | chess.Move(chess.MakeSquare(4, 0)) | chess.Move(chess.MakeSquare(7, 0))<<6
	var mp picker
	var h History
	mp.init(pos, &h, chess.NoMove, [3]chess.Move{castle})
	var ml chess.MoveList
	pos.LegalMoves(&ml)
	n := 0
	for m := mp.next(); m != chess.NoMove; m = mp.next() {
		n++
		if m == castle {
			t.Fatal("the picker returned an illegal castling killer")
		}
	}
	if got := pos.FEN(); got != fen {
		t.Fatalf("picking moves changed the position: %s, want %s", got, fen)
	}
	if n != ml.Len {
		t.Errorf("the picker returned %d moves, the position has %d", n, ml.Len)
	}
}

// TestPickerKillerSEE: a killer that hangs a piece here is not handed out
// as a killer; it comes later, once, among the quiet moves, and no
// longer counts as a killer. The knight's move to f3 is taken by the
// pawn on e4; its move to e2 is safe.
func TestPickerKillerSEE(t *testing.T) {
	pos := chess.MustParseFEN("4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1")
	hangs := chess.NewMove(chess.MakeSquare(6, 0), chess.MakeSquare(5, 2))
	safe := chess.NewMove(chess.MakeSquare(6, 0), chess.MakeSquare(4, 1))
	var mp picker
	var h History
	mp.init(pos, &h, chess.NoMove, [3]chess.Move{hangs, safe})
	var ml chess.MoveList
	pos.LegalMoves(&ml)
	n, seen := 0, 0
	for m := mp.next(); m != chess.NoMove; m = mp.next() {
		n++
		switch {
		case n == 1 && (m != safe || mp.from != stageKillers):
			t.Errorf("first move %v from stage %d, want the safe killer %v from the killer stage", m, mp.from, safe)
		case m == hangs:
			seen++
			if mp.from != stageQuiets {
				t.Errorf("the hanging killer came from stage %d, want the quiet stage", mp.from)
			}
			if mp.isKiller(m) {
				t.Error("the hanging killer still counts as a killer")
			}
		}
	}
	if seen != 1 {
		t.Errorf("the hanging killer was handed out %d times, want once", seen)
	}
	if n != ml.Len {
		t.Errorf("the picker returned %d moves, the position has %d", n, ml.Len)
	}
}
