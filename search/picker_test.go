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
	mp.init(pos, &h, conts{}, chess.NoMove, [4]chess.Move{castle})
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

// TestQuietBonuses checks the quiet order with the escape and check
// bonuses. With empty history every quiet scores alike, so the raised
// moves must come first: the knight that a pawn attacks leaves to every
// square no pawn attacks before any other quiet, and the quiet checks
// come before the rest.
func TestQuietBonuses(t *testing.T) {
	// The e6 pawn attacks the knight on d5; the g7 pawn guards f6.
	pos := chess.MustParseFEN("4k3/6p1/4p3/3N4/8/8/8/R3K3 w - - 0 1")
	d5, _ := chess.ParseSquare("d5")
	f6, _ := chess.ParseSquare("f6")
	order := func(escape, check int32) []chess.Move {
		var h History
		var mp picker
		mp.init(pos, &h, conts{}, chess.NoMove, [4]chess.Move{})
		mp.escapeBonus, mp.checkBonus = escape, check
		var out []chess.Move
		for m := mp.next(); m != chess.NoMove; m = mp.next() {
			out = append(out, m)
		}
		return out
	}
	// Seven of the knight's eight squares are safe: all but f6.
	esc := order(8192, 0)
	for i, m := range esc[:7] {
		if m.From() != d5 || m.To() == f6 {
			t.Errorf("escape bonus: quiet %d is %s, want a knight move from d5 to a square no pawn attacks", i+1, pos.UCI(m))
		}
	}
	// Ra8, Nc7 and Nf6 give check.
	chk := order(0, 8192)
	for i, m := range chk[:3] {
		if !pos.GivesCheck(m) {
			t.Errorf("check bonus: quiet %d is %s, which gives no check", i+1, pos.UCI(m))
		}
	}
	if len(esc) != len(chk) || len(esc) != len(order(0, 0)) {
		t.Errorf("the bonuses changed the number of moves: %d, %d, %d", len(esc), len(chk), len(order(0, 0)))
	}
}
