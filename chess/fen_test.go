package chess

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestFENRoundTripExact covers FENs that FEN() must print back unchanged:
// the canonical form, X-FEN castling included.
func TestFENRoundTripExact(t *testing.T) {
	tests := []struct {
		name, fen string
	}{
		{"start", StartFEN},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"black to move, partial rights", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 40"},
		{"no castling", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
		{"capturable en passant kept", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
		{"black capturable en passant", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"},
		{"in check", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"},
		{"large counters", "4k3/8/8/8/8/8/8/4K3 w - - 99 250"},
		{"counters at their bounds", "4k3/8/8/8/8/8/8/4K3 w - - 10000 100000"},
		{"chess960 outer rooks", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"x-fen inner king-side rook", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1"},
		{"x-fen inner queen-side rook", "rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1"},
		{"x-fen mixed colours", "rr2k1rr/8/8/8/8/8/8/RR2K1RR b KBgq - 0 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", tc.fen, err)
			}
			if got := p.FEN(); got != tc.fen {
				t.Errorf("FEN() = %q, want %q", got, tc.fen)
			}
		})
	}
}

// TestFENRoundTripSemantic covers inputs that FEN() normalises: Shredder-FEN
// letters, EPD-style missing counters, uncapturable en passant squares. The
// input and the canonical form must describe the same position.
func TestFENRoundTripSemantic(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"shredder start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", StartFEN},
		{"shredder 960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
			"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"shredder inner rook", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1",
			"1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1"},
		{"shredder outer rook as letter", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w H - 0 1",
			"1r2k1rr/8/8/8/8/8/8/1R2K1RR w K - 0 1"},
		{"castling order normalised", "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1",
			"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"epd four fields", "r3k2r/8/8/8/8/8/8/R3K2R b KQ -", "r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1"},
		{"epd five fields", "r3k2r/8/8/8/8/8/8/R3K2R b KQ - 7", "r3k2r/8/8/8/8/8/8/R3K2R b KQ - 7 1"},
		{"fullmove zero", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"extra spaces", "  4k3/8/8/8/8/8/8/4K3   w  -  -  0  1 ", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"uncapturable ep dropped", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.in)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", tc.in, err)
			}
			if got := p.FEN(); got != tc.want {
				t.Errorf("FEN() = %q, want %q", got, tc.want)
			}
			q, err := ParseFEN(tc.want)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", tc.want, err)
			}
			assertSamePosition(t, p, q)
		})
	}
}

// assertSamePosition checks that two positions agree on everything a FEN
// describes, including castling geometry, which FEN() alone could hide.
func assertSamePosition(t *testing.T, p, q *Position) {
	t.Helper()
	if p.FEN() != q.FEN() {
		t.Errorf("FEN %q != %q", p.FEN(), q.FEN())
	}
	if p.Key() != q.Key() {
		t.Errorf("Key %#x != %#x", p.Key(), q.Key())
	}
	if p.CastlingRights() != q.CastlingRights() {
		t.Errorf("castling rights %04b != %04b", p.CastlingRights(), q.CastlingRights())
	}
	for i := 0; i < 4; i++ {
		if p.CastlingRights()&(1<<i) != 0 && p.castleRook[i] != q.castleRook[i] {
			t.Errorf("castling rook %d: %v != %v", i, p.castleRook[i], q.castleRook[i])
		}
	}
	if a, b := legalUCI(p), legalUCI(q); !slices.Equal(a, b) {
		t.Errorf("legal moves differ:\n%v\n%v", a, b)
	}
}

// legalUCI returns the legal moves as sorted UCI strings.
func legalUCI(p *Position) []string {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]string, 0, ml.Len)
	for _, m := range ml.Slice() {
		out = append(out, p.UCI(m))
	}
	slices.Sort(out)
	return out
}

func TestFENCastlingGeometry(t *testing.T) {
	tests := []struct {
		fen   string
		rooks map[int]Square // castling index -> rook square
	}{
		{StartFEN, map[int]Square{0: H1, 1: A1, 2: H8, 3: A8}},
		{"1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1", map[int]Square{0: G1, 1: B1, 2: G8, 3: B8}},
		{"1r2k1rr/8/8/8/8/8/8/1R2K1RR w KBkb - 0 1", map[int]Square{0: H1, 1: B1, 2: H8, 3: B8}},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", map[int]Square{0: H1, 1: F1, 2: H8, 3: F8}},
		{"4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1", map[int]Square{1: C1}},
		{"4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1", map[int]Square{1: A1}},
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		var want uint8
		for i, sq := range tc.rooks {
			want |= 1 << i
			if p.castleRook[i] != sq {
				t.Errorf("%q: castling rook %d = %v, want %v", tc.fen, i, p.castleRook[i], sq)
			}
		}
		if p.CastlingRights() != want {
			t.Errorf("%q: rights %04b, want %04b", tc.fen, p.CastlingRights(), want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	tests := []struct {
		name, fen, field, msg string
	}{
		{"empty", "", "fen", "got 0"},
		{"too few fields", "8/8/8/8/8/8/8/8 w", "fen", "got 2"},
		{"too many fields", StartFEN + " 7", "fen", "got 7"},
		{"seven ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "got 7"},
		{"nine ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "got 9"},
		{"bad piece letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBXKBNR w KQkq - 0 1", "placement", "bad piece letter 'X' in rank 1"},
		{"digit nine", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "bad piece letter '9' in rank 6"},
		{"digit zero", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "bad piece letter '0' in rank 6"},
		{"short rank", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "rank 2 has 7 squares, want 8"},
		{"short rank digits", "rnbqkbnr/pppppppp/8/8/4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "rank 4 has 4 squares, want 8"},
		{"empty rank", "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "rank 6 has 0 squares, want 8"},
		{"long rank pieces", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "rank 2 has more than 8 squares"},
		{"long rank digits", "rnbqkbnr/pppppppp/8/8/8/72/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "rank 3 has more than 8 squares"},
		{"long rank piece after 8", "rnbqkbnr/pppppppp/8/8/8/8P/PPPPPPP1/RNBQKBNR w KQkq - 0 1", "placement", "rank 3 has more than 8 squares"},
		{"missing white king", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "placement", "missing white king"},
		{"missing black king", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "placement", "missing black king"},
		{"two white kings", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "placement", "2 white kings"},
		{"two black kings", "k6k/8/8/8/8/8/8/4K3 w - - 0 1", "placement", "2 black kings"},
		{"pawn on eighth rank", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "placement", "pawn on rank 8"},
		{"pawn on first rank", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "placement", "pawn on rank 1"},
		{"nine pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "placement", "white has more than 8 pawns"},
		{"promoted pieces without missing pawns", "4k3/8/8/8/8/8/PPPPPPPP/QQQQK3 w - - 0 1", "placement", "white has 3 promoted pieces and 8 pawns"},
		{"fifteen queens", "QQQQQQQk/QQQQQQQ1/Q7/8/8/8/8/K7 b - - 0 1", "placement", "white has 14 promoted pieces and 0 pawns"},
		{"black promoted knights", "nnnnk3/ppppppp1/8/8/8/8/8/4K3 w - - 0 1", "placement", "black has 2 promoted pieces and 7 pawns; a side has 8 pawns to promote"},
		{"triple check", "4k3/8/8/8/8/8/3p2n1/r3K3 w - - 0 1", "placement", "check from 3 pieces"},
		{"bad side", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side", `got "x"`},
		{"side upper case", "4k3/8/8/8/8/8/8/4K3 W - - 0 1", "side", `got "W"`},
		{"side not to move in check", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "side", "the side not to move (b) is in check"},
		{"white in check, black to move", "4r1k1/8/8/8/8/8/8/4K3 b - - 0 1", "side", "the side not to move (w) is in check"},
		{"no king-side rook", "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "castling", `right 'k' but no black rook on the king side`},
		{"no queen-side rook", "r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1", "castling", `right 'Q' but no white rook on the queen side`},
		{"rook off back rank", "r3k2r/8/8/8/8/8/7R/R3K3 w K - 0 1", "castling", `right 'K' but no white rook on the king side`},
		{"enemy rook is not ours", "r3k2r/8/8/8/8/8/8/R3K2r w K - 0 1", "castling", `right 'K' but no white rook on the king side`},
		{"white king off back rank", "r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", "castling", `right 'K' but the white king is not on its back rank`},
		{"black king off back rank", "r6r/4k3/8/8/8/8/8/R3K2R w KQkq - 0 1", "castling", `right 'k' but the black king is not on its back rank`},
		{"shredder letter without rook", "r3k2r/8/8/8/8/8/8/R3K2R w G - 0 1", "castling", "right 'G' but no white rook on g1"},
		{"shredder letter on king", "r3k2r/8/8/8/8/8/8/R3K2R w E - 0 1", "castling", "right 'E' but no white rook on e1"},
		{"bad castling letter", "r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", "castling", "bad character 'x'"},
		{"bad letter, king off back rank", "r6r/4k3/8/8/8/8/8/R3K2R w x - 0 1", "castling", "bad character 'x'"},
		{"castling digit", "r3k2r/8/8/8/8/8/8/R3K2R w 1 - 0 1", "castling", "bad character '1'"},
		{"duplicate right", "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", "castling", "right 'K' given twice"},
		{"duplicate right mixed", "r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1", "castling", "right 'H' given twice"},
		{"bad ep square", StartFEN[:len(StartFEN)-6] + " z9 0 1", "en passant", `bad square "z9"`},
		{"ep wrong rank for white", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 3", "en passant", "square e3 is impossible with white to move"},
		{"ep wrong rank for black", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq f6 0 3", "en passant", "square f6 is impossible with black to move"},
		{"ep middle rank", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f5 0 3", "en passant", "square f5 is impossible"},
		{"ep without pushed pawn", StartFEN[:len(StartFEN)-6] + " e6 0 1", "en passant", "no pawn can just have passed it"},
		{"ep square occupied", "rnbqkbnr/pppp2pp/4p3/4pP2/8/8/PPPPP1PP/RNBQKBNR w KQkq e6 0 3", "en passant", "no pawn can just have passed it"},
		{"ep origin occupied", "rnbqkbnr/pppppp1p/8/4pP2/8/8/PPPPP1PP/RNBQKBNR w KQkq e6 0 3", "en passant", "no pawn can just have passed it"},
		{"ep own pawn", "rnbqkbnr/pppp1ppp/8/4P3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3", "en passant", "no pawn can just have passed it"},
		{"halfmove not a number", "4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove", `got "x"`},
		{"halfmove negative", "4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove", `got "-1"`},
		{"halfmove overflows int", "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1", "halfmove", "from 0 to 10000"},
		{"halfmove above bound", "4k3/8/8/8/8/8/8/4K3 w - - 10001 1", "halfmove", `from 0 to 10000, got "10001"`},
		{"fullmove above bound", "4k3/8/8/8/8/8/8/4K3 w - - 0 100001", "fullmove", `from 0 to 100000, got "100001"`},
		{"fullmove not a number", "4k3/8/8/8/8/8/8/4K3 w - - 0 one", "fullmove", `got "one"`},
		{"fullmove negative", "4k3/8/8/8/8/8/8/4K3 w - - 0 -3", "fullmove", `got "-3"`},
		{"fullmove fraction", "4k3/8/8/8/8/8/8/4K3 w - - 0 1.5", "fullmove", `got "1.5"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err == nil {
				t.Fatalf("ParseFEN(%q) = %q, want an error", tc.fen, p.FEN())
			}
			if p != nil {
				t.Errorf("ParseFEN returned a position with the error %v", err)
			}
			var fe *FENError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v (%T) is not a *FENError", err, err)
			}
			if fe.Field != tc.field {
				t.Errorf("Field = %q, want %q (error %q)", fe.Field, tc.field, err)
			}
			if !strings.Contains(fe.Msg, tc.msg) {
				t.Errorf("Msg = %q, want it to contain %q", fe.Msg, tc.msg)
			}
			want := "fen: " + fe.Field + ": " + fe.Msg
			if fe.Field == "fen" { // the string as a whole: no field to name
				want = "fen: " + fe.Msg
			}
			if err.Error() != want {
				t.Errorf("Error() = %q, want %q", err.Error(), want)
			}
			if strings.Contains(err.Error(), "fen: fen:") {
				t.Errorf("Error() = %q repeats its prefix", err.Error())
			}
		})
	}
}

// TestFENEnPassant checks that the en passant square is kept only when a
// pawn of the side to move can capture, and that the key follows suit.
func TestFENEnPassant(t *testing.T) {
	tests := []struct {
		name, fen string
		want      Square
	}{
		{"after e4, no black pawn", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", NoSquare},
		{"after e4, black pawn on d4", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", MakeSquare(4, 2)},
		{"after a4, black pawn on b4", "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1", MakeSquare(0, 2)},
		{"after h4, black pawn on a4 does not wrap", "4k3/8/8/8/p6P/8/8/4K3 b - h3 0 1", NoSquare},
		{"after f5, white pawn on e5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", MakeSquare(5, 5)},
		{"after f5, white pawn on g5", "4k3/8/8/5pP1/8/8/8/4K3 w - f6 0 1", MakeSquare(5, 5)},
		{"after f5, white pawn on f4 cannot", "4k3/8/8/5p2/5P2/8/8/4K3 w - f6 0 1", NoSquare},
		{"after f5, black pawn beside", "4k3/8/8/4pp2/8/8/8/4K3 w - f6 0 1", NoSquare},
		{"after h5, white pawn on a5 does not wrap", "4k3/8/8/P6p/8/8/8/4K3 w - h6 0 1", NoSquare},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			if got := p.EnPassant(); got != tc.want {
				t.Errorf("EnPassant() = %v, want %v", got, tc.want)
			}
			fs := strings.Fields(tc.fen)
			fs[3] = "-"
			noEP := MustParseFEN(strings.Join(fs, " "))
			if tc.want == NoSquare {
				if p.Key() != noEP.Key() || p.FEN() != noEP.FEN() {
					t.Errorf("dropped square still shows: key %#x vs %#x, FEN %q", p.Key(), noEP.Key(), p.FEN())
				}
			} else {
				if p.Key() == noEP.Key() {
					t.Errorf("en passant square does not change the key")
				}
				if got := strings.Fields(p.FEN())[3]; got != tc.want.String() {
					t.Errorf("FEN en passant field = %q, want %q", got, tc.want)
				}
			}
		})
	}
}

// TestFENTruncations feeds truncations of valid FENs to the parser:
// every prefix either parses or yields a *FENError.
func TestFENTruncations(t *testing.T) {
	for _, fen := range []string{StartFEN, "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"} {
		for i := 0; i <= len(fen); i++ {
			p, err := ParseFEN(fen[:i])
			var fe *FENError
			switch {
			case err != nil && !errors.As(err, &fe):
				t.Errorf("ParseFEN(%q): error %T is not a *FENError", fen[:i], err)
			case err == nil && p == nil:
				t.Errorf("ParseFEN(%q): nil position and nil error", fen[:i])
			}
		}
	}
}
