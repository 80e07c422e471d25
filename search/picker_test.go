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
