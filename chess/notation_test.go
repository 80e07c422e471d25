package chess

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const castlingFEN = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"

// exd5FEN is 1. e4 d5: White's pawn can push to e5 or take on d5.
const exd5FEN = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"

func sq(s string) Square {
	q, ok := ParseSquare(s)
	if !ok {
		panic("bad square " + s)
	}
	return q
}

func TestUCI(t *testing.T) {
	tests := []struct {
		name, fen string
		chess960  bool
		in        string // accepted input
		want      Move
		out       string // printed form
	}{
		{"pawn push", StartFEN, false, "e2e4", NewMove(sq("e2"), sq("e4")), "e2e4"},
		{"knight", StartFEN, false, "g1f3", NewMove(sq("g1"), sq("f3")), "g1f3"},
		{"black move", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, "e7e5", NewMove(sq("e7"), sq("e5")), "e7e5"},
		{"promotion queen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7a8q", NewPromotion(sq("a7"), sq("a8"), Queen), "a7a8q"},
		{"promotion knight", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7a8n", NewPromotion(sq("a7"), sq("a8"), Knight), "a7a8n"},
		{"promotion upper case", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", false, "a7a8R", NewPromotion(sq("a7"), sq("a8"), Rook), "a7a8r"},
		{"capture promotion black", "4k3/8/8/8/8/8/6p1/4K2R b - - 0 1", false, "g2h1b", NewPromotion(sq("g2"), sq("h1"), Bishop), "g2h1b"},
		{"en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false, "e5f6", newSpecial(sq("e5"), sq("f6"), MoveEnPassant), "e5f6"},
		{"O-O standard", castlingFEN, false, "e1g1", newSpecial(E1, H1, MoveCastling), "e1g1"},
		{"O-O standard, king takes rook", castlingFEN, false, "e1h1", newSpecial(E1, H1, MoveCastling), "e1g1"},
		{"O-O-O standard", castlingFEN, false, "e1c1", newSpecial(E1, A1, MoveCastling), "e1c1"},
		{"O-O-O standard, king takes rook", castlingFEN, false, "e1a1", newSpecial(E1, A1, MoveCastling), "e1c1"},
		{"black O-O standard", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false, "e8g8", newSpecial(E8, H8, MoveCastling), "e8g8"},
		{"O-O 960 mode", castlingFEN, true, "e1h1", newSpecial(E1, H1, MoveCastling), "e1h1"},
		{"O-O 960 mode, king two squares", castlingFEN, true, "e1g1", newSpecial(E1, H1, MoveCastling), "e1h1"},
		{"O-O-O 960 mode", castlingFEN, true, "e1a1", newSpecial(E1, A1, MoveCastling), "e1a1"},
		{"black O-O-O 960 mode", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", true, "e8c8", newSpecial(E8, A8, MoveCastling), "e8a8"},
		{"960 king stays on g1", "4k3/8/8/8/8/8/8/6KR w K - 0 1", true, "g1h1", newSpecial(G1, H1, MoveCastling), "g1h1"},
		{"960 king and rook swap", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1", true, "f1g1", newSpecial(F1, G1, MoveCastling), "f1g1"},
		{"960 O-O-O from b1", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", true, "b1a1", newSpecial(B1, A1, MoveCastling), "b1a1"},
		{"960 inner rook", "1r2k2r/8/8/8/8/8/8/1R2K1RR w GQ - 0 1", true, "e1g1", newSpecial(E1, G1, MoveCastling), "e1g1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			p.SetChess960(tc.chess960)
			m, err := p.ParseUCI(tc.in)
			if err != nil {
				t.Fatalf("ParseUCI(%q): %v", tc.in, err)
			}
			if m != tc.want {
				t.Errorf("ParseUCI(%q) = %v (%#x), want %v (%#x)", tc.in, m, uint16(m), tc.want, uint16(tc.want))
			}
			if got := p.UCI(m); got != tc.out {
				t.Errorf("UCI = %q, want %q", got, tc.out)
			}
			if back, err := p.ParseUCI(p.UCI(m)); err != nil || back != m {
				t.Errorf("ParseUCI(UCI(m)) = %v, %v; want %v", back, err, m)
			}
		})
	}
}

func TestUCIErrors(t *testing.T) {
	tests := []struct {
		name, fen, in string
	}{
		{"empty", StartFEN, ""},
		{"too short", StartFEN, "e2"},
		{"too long", StartFEN, "e2e4e5"},
		{"null move", StartFEN, "0000"},
		{"bad file", StartFEN, "i2i4"},
		{"bad rank", StartFEN, "e2e9"},
		{"upper-case square", StartFEN, "E2E4"},
		{"spaces", StartFEN, " e2e4"},
		{"illegal pawn jump", StartFEN, "e2e5"},
		{"empty origin", StartFEN, "e3e4"},
		{"opponent's piece", StartFEN, "e7e5"},
		{"promotion without piece", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8"},
		{"promotion to king", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8k"},
		{"promotion to pawn", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8p"},
		{"promotion suffix on normal move", StartFEN, "e2e4q"},
		{"castling through check", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1"},
		{"castling without right", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1"},
		{"960 castling onto a file the rook uncovers", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1", "e1g1"},
		{"moving into check", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1d1"},
		{"pinned piece", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			before := p.FEN()
			m, err := p.ParseUCI(tc.in)
			if err == nil {
				t.Errorf("ParseUCI(%q) = %v, want an error", tc.in, m)
			}
			if m != NoMove {
				t.Errorf("ParseUCI(%q) returned move %v with its error", tc.in, m)
			}
			if p.FEN() != before {
				t.Errorf("ParseUCI changed the position")
			}
		})
	}
}

func TestMoveString(t *testing.T) {
	tests := []struct {
		m    Move
		want string
	}{
		{NoMove, "0000"},
		{NullMove, "0000"},
		{NewMove(sq("e2"), sq("e4")), "e2e4"},
		{NewPromotion(sq("b7"), sq("a8"), Knight), "b7a8n"},
		{newSpecial(E1, H1, MoveCastling), "e1h1"},
		{newSpecial(E8, A8, MoveCastling), "e8a8"},
	}
	for _, tc := range tests {
		if got := tc.m.String(); got != tc.want {
			t.Errorf("Move(%#x).String() = %q, want %q", uint16(tc.m), got, tc.want)
		}
	}
}

func TestSAN(t *testing.T) {
	tests := []struct {
		name, fen, uci, san string
	}{
		{"pawn push", StartFEN, "e2e4", "e4"},
		{"knight", StartFEN, "g1f3", "Nf3"},
		{"pawn capture", exd5FEN, "e4d5", "exd5"},
		{"piece capture", "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "c3d5", "Nxd5"},
		{"en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
		{"black en passant", "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1", "b4a3", "bxa3"},
		{"disambiguate by file", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		{"disambiguate by file, other knight", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2"},
		{"disambiguate by rank", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		{"disambiguate by rank, other rook", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
		{"disambiguate by file with capture", "4k3/8/8/3p4/8/2N1N3/8/4K3 w - - 0 1", "e3d5", "Nexd5"},
		{"disambiguate by square", "7K/8/8/8/7k/Q7/8/Q1Q5 w - - 0 1", "a1b2", "Qa1b2"},
		{"disambiguate, rank suffices", "7K/8/8/8/7k/Q7/8/Q1Q5 w - - 0 1", "a3b2", "Q3b2"},
		{"disambiguate, file suffices", "7K/8/8/8/7k/Q7/8/Q1Q5 w - - 0 1", "c1b2", "Qcb2"},
		{"pinned piece needs no disambiguation", "4k3/8/8/7b/8/5N2/8/1N1K4 w - - 0 1", "b1d2", "Nd2"},
		{"promotion", "8/P3k3/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q"},
		{"promotion along the rank gives check", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q+"},
		{"underpromotion", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a8=N"},
		{"promotion with check", "7k/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8r", "a8=R+"},
		{"capture promotion", "1r5k/P7/8/8/8/8/8/K7 w - - 0 1", "a7b8b", "axb8=B"},
		{"promotion mate", "k7/7P/1K6/8/8/8/8/8 w - - 0 1", "h7h8q", "h8=Q#"},
		{"black capture promotion mate", "8/8/8/8/8/1k6/7p/K5N1 b - - 0 1", "h2g1q", "hxg1=Q#"},
		{"black promotion, no check", "8/8/8/8/8/1k6/7p/K5N1 b - - 0 1", "h2h1q", "h1=Q"},
		{"check", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+"},
		{"mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		{"discovered check", "4k3/8/8/8/8/8/4N3/4RK2 w - - 0 1", "e2c3", "Nc3+"},
		{"O-O", castlingFEN, "e1g1", "O-O"},
		{"O-O-O", castlingFEN, "e1c1", "O-O-O"},
		{"black O-O-O", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"O-O with check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		{"king move", castlingFEN, "e1f1", "Kf1"},
		{"king capture", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", "Kxd2"},
		{"960 O-O, king stays", "4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1", "O-O"},
		{"960 O-O-O from b1", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1", "O-O-O"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			before := p.FEN()
			m, err := p.ParseUCI(tc.uci)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.SAN(m); got != tc.san {
				t.Errorf("SAN(%s) = %q, want %q", tc.uci, got, tc.san)
			}
			if p.FEN() != before {
				t.Errorf("SAN changed the position to %q", p.FEN())
			}
			got, err := p.ParseSAN(tc.san)
			if err != nil || got != m {
				t.Errorf("ParseSAN(%q) = %v, %v; want %v", tc.san, got, err, m)
			}
		})
	}
}

func TestParseSANLenient(t *testing.T) {
	tests := []struct {
		name, fen, in, uci string
	}{
		{"zero castling", castlingFEN, "0-0", "e1g1"},
		{"zero long castling", castlingFEN, "0-0-0", "e1c1"},
		{"annotations", StartFEN, "e4!?", "e2e4"},
		{"check mark on quiet move", StartFEN, "Nf3+", "g1f3"},
		{"promotion without =", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q", "a7a8q"},
		{"promotion lower case", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=n", "a7a8n"},
		{"redundant disambiguation", StartFEN, "Ng1f3", "g1f3"},
		{"long algebraic", StartFEN, "Ng1-f3", "g1f3"},
		{"redundant file on pawn capture", exd5FEN, "exd5", "e4d5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			m, err := p.ParseSAN(tc.in)
			if err != nil {
				t.Fatalf("ParseSAN(%q): %v", tc.in, err)
			}
			if got := p.UCI(m); got != tc.uci {
				t.Errorf("ParseSAN(%q) = %s, want %s", tc.in, got, tc.uci)
			}
		})
	}
}

func TestParseSANErrors(t *testing.T) {
	tests := []struct {
		name, fen, in, msg string
	}{
		{"empty", StartFEN, "", "empty"},
		{"only marks", StartFEN, "+#", "empty"},
		{"ambiguous knight", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", "ambiguous"},
		{"ambiguous rook", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "Ra3", "ambiguous"},
		{"ambiguous by file alone", "7K/8/8/8/7k/Q7/8/Q1Q5 w - - 0 1", "Qab2", "ambiguous"},
		{"illegal", StartFEN, "Ke2", "illegal"},
		{"no such piece", StartFEN, "Qh5", "illegal"},
		{"bad piece letter", StartFEN, "Zf3", "bad piece letter"},
		{"pawn letter", StartFEN, "Pe4", "bad piece letter"},
		{"bad square", StartFEN, "e9", "bad destination"},
		{"no square", StartFEN, "N", "no destination"},
		{"junk disambiguation", StartFEN, "N%f3", "bad character"},
		{"castling illegal", StartFEN, "O-O", "castling is illegal"},
		{"long castling without right", "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "O-O-O", "castling is illegal"},
		{"promotion missing", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", "illegal"},
		{"promotion to king", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", "bad destination"},
		{"pinned knight", "4k3/8/8/7b/8/5N2/8/3K4 w - - 0 1", "Nd2", "illegal"},
		{"wrong file", StartFEN, "Nhf3", "illegal"},
		{"pawn capture without its file", exd5FEN, "d5", "illegal"},
		{"pawn capture by a bare x", exd5FEN, "xd5", "illegal"},
		{"en passant without its file", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "f6", "illegal"},
		{"capture promotion without its file", "1r5k/P7/8/8/8/8/8/K7 w - - 0 1", "b8=Q", "illegal"},
		{"two files", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nbfd2", "bad disambiguation"},
		{"two ranks", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "R15a3", "bad disambiguation"},
		{"capture mark on a quiet move", StartFEN, "Nxf3", "illegal"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			m, err := p.ParseSAN(tc.in)
			if err == nil {
				t.Fatalf("ParseSAN(%q) = %v, want an error", tc.in, p.UCI(m))
			}
			if m != NoMove {
				t.Errorf("ParseSAN(%q) returned %v with its error", tc.in, m)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not mention %q", err, tc.msg)
			}
		})
	}
}

// TestNotationRoundTrip plays random games and, in every position, prints
// each legal move in SAN and UCI and parses it back.
func TestNotationRoundTrip(t *testing.T) {
	games, plies := 24, 120
	if testing.Short() {
		games = 10
	}
	starts := []struct {
		fen      string
		chess960 bool
	}{
		{StartFEN, false},
		{kiwipeteFEN, false},
		{promotionsFEN, false},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
		{"1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1", true},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", false},
	}
	r := rand.New(rand.NewSource(7))
	var ml MoveList
	checked := 0
	for g := 0; g < games; g++ {
		st := starts[g%len(starts)]
		p := MustParseFEN(st.fen)
		for ply := 0; ply < plies; ply++ {
			p.LegalMoves(&ml)
			if ml.Len == 0 {
				break
			}
			seen := make(map[string]Move, ml.Len)
			for _, m := range ml.Slice() {
				san := p.SAN(m)
				if prev, dup := seen[san]; dup {
					t.Fatalf("%s: %v and %v both print as %q", p.FEN(), prev, m, san)
				}
				seen[san] = m
				if back, err := p.ParseSAN(san); err != nil || back != m {
					t.Fatalf("%s: ParseSAN(SAN(%v)=%q) = %v, %v", p.FEN(), m, san, back, err)
				}
				for _, c960 := range []bool{false, true} {
					if !c960 && st.chess960 {
						continue // standard notation is ambiguous for some 960 castlings
					}
					p.SetChess960(c960)
					u := p.UCI(m)
					if back, err := p.ParseUCI(u); err != nil || back != m {
						t.Fatalf("%s: ParseUCI(UCI(%v)=%q) chess960=%v = %v, %v", p.FEN(), m, u, c960, back, err)
					}
				}
				checked++
			}
			p.MakeMove(pickMove(r, p, &ml))
		}
	}
	if checked < 1000 {
		t.Errorf("only %d moves checked", checked)
	}
}

// TestPGNReplay replays the sample game collections move by move. SAN
// printing must reproduce the file's text, apart from the annotation
// glyphs that the file attaches to moves.
func TestPGNReplay(t *testing.T) {
	files, _ := filepath.Glob(sharedDataDir + "games/*.pgn")
	if len(files) == 0 {
		t.Skip("no PGN files in " + sharedDataDir + "games")
	}
	games, plies := 0, 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range splitPGN(string(data)) {
			games++
			fen := StartFEN
			if f, ok := g.tags["FEN"]; ok {
				fen = f
			}
			p, err := ParseFEN(fen)
			if err != nil {
				t.Errorf("%s game %d: %v", filepath.Base(name), games, err)
				continue
			}
			for i, tok := range g.moves {
				m, err := p.ParseSAN(tok)
				if err != nil {
					t.Errorf("%s game %d (%s - %s) move %d: %v", filepath.Base(name), games, g.tags["White"], g.tags["Black"], i+1, err)
					break
				}
				if want := strings.TrimRight(tok, "!?"); p.SAN(m) != want {
					t.Errorf("%s game %d move %d: SAN prints %q, file has %q", filepath.Base(name), games, i+1, p.SAN(m), want)
				}
				p.MakeMove(m)
				plies++
			}
		}
	}
	if games == 0 || plies == 0 {
		t.Fatalf("parsed %d games, %d plies", games, plies)
	}
	t.Logf("replayed %d games, %d plies from %d files", games, plies, len(files))
}

type pgnGame struct {
	tags  map[string]string
	moves []string
}

// splitPGN is a small PGN reader: enough to extract tag pairs and the main
// line's SAN moves, skipping comments, variations, NAGs, move numbers and
// results.
func splitPGN(text string) []pgnGame {
	var games []pgnGame
	cur := pgnGame{tags: map[string]string{}}
	inMoves := false
	flush := func() {
		if inMoves || len(cur.tags) > 0 {
			games = append(games, cur)
		}
		cur = pgnGame{tags: map[string]string{}}
		inMoves = false
	}
	depth := 0 // variation nesting
	inComment := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if !inComment && depth == 0 && strings.HasPrefix(line, "[") {
			if inMoves {
				flush()
			}
			if k, v, ok := strings.Cut(strings.Trim(line, "[]"), " "); ok {
				cur.tags[k] = strings.Trim(v, `"`)
			}
			continue
		}
		if !inComment && strings.HasPrefix(line, "%") {
			continue // escape line
		}
		var tok strings.Builder
		emit := func() {
			s := tok.String()
			tok.Reset()
			if s == "" || depth > 0 {
				return
			}
			// Strip a leading move number such as "12." or "12...".
			if i := strings.IndexByte(s, '.'); i >= 0 && strings.Trim(s[:i], "0123456789") == "" {
				s = strings.TrimLeft(s[i:], ".")
			}
			switch {
			case s == "", s[0] == '$', s == "1-0", s == "0-1", s == "1/2-1/2", s == "*":
				return
			}
			cur.moves = append(cur.moves, s)
			inMoves = true
		}
	chars:
		for i := 0; i < len(line); i++ {
			c := line[i]
			if inComment {
				if c == '}' {
					inComment = false
				}
				continue
			}
			switch c {
			case '{':
				emit()
				inComment = true
			case ';':
				emit()
				break chars
			case '(':
				emit()
				depth++
			case ')':
				emit()
				depth--
			case ' ', '\t':
				emit()
			default:
				tok.WriteByte(c)
			}
		}
		emit()
	}
	flush()
	return games
}

func TestSplitPGN(t *testing.T) {
	const text = `[Event "x (y)"]
[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]

1. e4 {a comment (with parens)} e5 $1 2.Nf3 (2. f4 exf4 {nested} (2... d5)) 2... Nc6!
; rest-of-line comment
3. Bb5 a6 1-0

[Event "second"]

1. d4 *
`
	games := splitPGN(text)
	if len(games) != 2 {
		t.Fatalf("got %d games, want 2", len(games))
	}
	if got, want := strings.Join(games[0].moves, " "), "e4 e5 Nf3 Nc6! Bb5 a6"; got != want {
		t.Errorf("moves = %q, want %q", got, want)
	}
	if games[0].tags["Event"] != "x (y)" || games[0].tags["FEN"] != "4k3/8/8/8/8/8/8/4K3 w - - 0 1" {
		t.Errorf("tags = %v", games[0].tags)
	}
	if got := strings.Join(games[1].moves, " "); got != "d4" {
		t.Errorf("second game moves = %q", got)
	}
}
