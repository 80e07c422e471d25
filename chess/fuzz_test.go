package chess

import (
	"errors"
	"testing"
)

var fenFields = map[string]bool{
	"fen": true, "placement": true, "side": true, "castling": true,
	"en passant": true, "halfmove": true, "fullmove": true,
}

// FuzzParseFEN: ParseFEN never panics; its errors are *FENErrors naming a
// known field; what it accepts prints back to an equivalent FEN, and making
// and unmaking every legal move restores the position and its keys.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartFEN,
		kiwipeteFEN,
		endgameFEN,
		promotionsFEN,
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/8/8/8/1pP5/1B6/8/k1K5 b - c3 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
		"rnbqkbnr/pppppppp/8",
		"",
		"8/8/8/8/8/8/8/8 w - - 0 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || !fenFields[fe.Field] || fe.Msg == "" {
				t.Fatalf("ParseFEN(%q): unexpected error %#v", s, err)
			}
			if p != nil {
				t.Fatalf("ParseFEN(%q): position returned with error", s)
			}
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q) accepted, but its FEN %q does not re-parse: %v", s, fen, err)
		}
		if keysOf(p) != keysOf(q) || q.FEN() != fen {
			t.Fatalf("ParseFEN(%q): re-parse of %q differs: keys %+v vs %+v, FEN %q", s, fen, keysOf(p), keysOf(q), q.FEN())
		}
		keys := keysOf(p)
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if !p.IsLegal(m) {
				t.Fatalf("%s: generated move %v fails IsLegal", fen, m)
			}
			p.MakeMove(m)
			if after, err := ParseFEN(p.FEN()); err == nil && keysOf(after) != keysOf(p) {
				t.Fatalf("%s: after %v keys %+v differ from scratch %+v (%s)", fen, m, keysOf(p), keysOf(after), p.FEN())
			}
			p.UnmakeMove()
			if got := p.FEN(); got != fen || keysOf(p) != keys {
				t.Fatalf("%s: make/unmake %v gave %q", fen, m, got)
			}
		}
		if !p.InCheck() {
			p.MakeNullMove()
			p.UnmakeNullMove()
			if p.FEN() != fen || keysOf(p) != keys {
				t.Fatalf("%s: null move did not restore the position", fen)
			}
		}
	})
}

// fuzzMovePositions are the positions FuzzParseMove reads moves in: one
// with each special move available.
var fuzzMovePositions = []struct {
	fen      string
	chess960 bool
}{
	{StartFEN, false},
	{kiwipeteFEN, false}, // castling both ways, many captures
	{promotionsFEN, false},
	{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false},
	{"7K/8/8/8/7k/Q7/8/Q1Q5 w - - 0 1", false}, // three-way disambiguation
	{"1r5k/P7/8/8/8/8/8/K7 w - - 0 1", false},  // promotions with and without capture
	{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
	{"4k3/8/8/8/8/8/8/RK6 w Q - 0 1", true},
}

// FuzzParseMove: ParseUCI and ParseSAN never panic on any string, leave the
// position untouched, and only return legal moves that print back to
// something that parses to the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"e2e4", "e7e8q", "a7b8N", "e1g1", "e1h1", "g1h1", "b1a1", "e5f6", "0000",
		"e4", "Nf3", "Nbd2", "R1a3", "Qa1b2", "exf6", "axb8=Q+", "b8=N", "O-O", "O-O-O#",
		"0-0", "Ng1-f3", "e8Q", "", "+", "x", "=Q", "Kxx", "\x00\xff",
	} {
		f.Add(s)
	}
	positions := make([]*Position, len(fuzzMovePositions))
	for i, fp := range fuzzMovePositions {
		positions[i] = MustParseFEN(fp.fen)
		positions[i].SetChess960(fp.chess960)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			fen, key := p.FEN(), p.Key()
			var ml MoveList
			p.LegalMoves(&ml)
			if m, err := p.ParseUCI(s); err == nil {
				if !ml.Contains(m) {
					t.Fatalf("%s: ParseUCI(%q) = %v, not a legal move", fen, s, m)
				}
				if back, err := p.ParseUCI(p.UCI(m)); err != nil || back != m {
					t.Fatalf("%s: ParseUCI(%q) = %v, but UCI %q parses to %v, %v", fen, s, m, p.UCI(m), back, err)
				}
			} else if m != NoMove {
				t.Fatalf("%s: ParseUCI(%q) returned %v with error %v", fen, s, m, err)
			}
			if m, err := p.ParseSAN(s); err == nil {
				if !ml.Contains(m) {
					t.Fatalf("%s: ParseSAN(%q) = %v, not a legal move", fen, s, m)
				}
				if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
					t.Fatalf("%s: ParseSAN(%q) = %v, but SAN %q parses to %v, %v", fen, s, m, p.SAN(m), back, err)
				}
			} else if m != NoMove {
				t.Fatalf("%s: ParseSAN(%q) returned %v with error %v", fen, s, m, err)
			}
			if p.FEN() != fen || p.Key() != key || p.Ply() != 0 {
				t.Fatalf("%s: parsing %q changed the position", fen, s)
			}
		}
	})
}
