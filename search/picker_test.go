package search

import (
	"testing"

	"vireo/chess"
)

// TestPickerChecksOnlyIllegalKiller: a killer from another position may be
// a castling move that is illegal here. Once the picker is in checks-only
// mode it asks whether killers give check, which for castling makes the
// move; it must ask only after proving the killer legal, or the position
// is corrupted (it was: the king vanished, ExemptChecks 2 games crashed).
func TestPickerChecksOnlyIllegalKiller(t *testing.T) {
	// White may castle later, but the bishop on f1 is in the way now.
	pos := chess.MustParseFEN("4k3/8/8/8/8/8/8/4KB1R w K - 0 1")
	fen := pos.FEN()
	castle := chess.MoveCastling | chess.Move(chess.MakeSquare(4, 0)) | chess.Move(chess.MakeSquare(7, 0))<<6
	var mp picker
	var h History
	mp.init(pos, &h, chess.NoMove, [3]chess.Move{castle})
	mp.skipQuietsButChecks()
	n := 0
	for m := mp.next(); m != chess.NoMove; m = mp.next() {
		n++
		if m == castle {
			t.Fatal("the picker returned an illegal castling killer")
		}
		if !pos.GivesCheck(m) {
			t.Errorf("checks-only picker returned %v, which gives no check", m)
		}
	}
	if got := pos.FEN(); got != fen {
		t.Fatalf("picking moves changed the position: %s, want %s", got, fen)
	}
	if n != 2 { // Bb5+ and Rh8+
		t.Errorf("%d checking moves, want 2", n)
	}
}
