package chess

import "testing"

// playUCI plays the moves on p, failing the test on an illegal one.
func playUCI(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
}

var knightShuffle = []string{"g1f3", "g8f6", "f3g1", "f6g8"}

func TestRepetitionCount(t *testing.T) {
	p := StartPosition()
	if n := p.RepetitionCount(); n != 0 {
		t.Fatalf("start: RepetitionCount = %d, want 0", n)
	}
	// Counts after each ply of three knight shuffles. The start position
	// recurs after plies 4, 8 and 12; the position after Nf3 after 5 and 9.
	want := []int{0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3}
	for i, w := range want {
		playUCI(t, p, knightShuffle[i%4])
		if got := p.RepetitionCount(); got != w {
			t.Errorf("after ply %d: RepetitionCount = %d, want %d", i+1, got, w)
		}
	}
	// Threefold: the start position has now appeared four times.
	if p.RepetitionCount() < 2 {
		t.Error("threefold repetition not reached")
	}
	// A pawn move makes every earlier position unreachable.
	playUCI(t, p, "e2e4", "e7e5")
	playUCI(t, p, knightShuffle...)
	if got := p.RepetitionCount(); got != 1 {
		t.Errorf("after a pawn move and one shuffle: RepetitionCount = %d, want 1", got)
	}
}

func TestRepetitionDifferentSideOrRights(t *testing.T) {
	// Same placement with the other side to move is not a repetition: the
	// king walk below returns after three plies of White's.
	p := MustParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	playUCI(t, p, "e1d1", "e8d8", "d1d2", "d8e8", "d2e1")
	if got := p.RepetitionCount(); got != 0 {
		t.Errorf("placement repeated with the other side to move: RepetitionCount = %d, want 0", got)
	}
	// Losing castling rights changes the position: moving the rook away
	// and back does not repeat the start.
	q := MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
	playUCI(t, q, "a1a2", "e8d8", "a2a1", "d8e8")
	if got := q.RepetitionCount(); got != 0 {
		t.Errorf("rook returned without its castling right: RepetitionCount = %d, want 0", got)
	}
	playUCI(t, q, "a1a2", "e8d8", "a2a1", "d8e8")
	if got := q.RepetitionCount(); got != 1 {
		t.Errorf("second rook shuffle: RepetitionCount = %d, want 1", got)
	}
}

// TestIsRepetition checks the search rule after n knight-shuffle plies:
// a repetition within the last searchPly plies counts at once, one before
// the search root needs a second.
func TestIsRepetition(t *testing.T) {
	tests := []struct {
		name      string
		plies     int
		searchPly int
		want      bool
	}{
		{"no repetition yet", 3, 3, false},
		{"one repetition inside the search", 4, 4, true},
		{"one repetition, deeper search", 4, 10, true},
		{"one repetition 4 plies back, searchPly 3", 4, 3, false},
		{"one repetition before the search", 4, 0, false},
		{"one repetition straddling the root", 4, 2, false},
		{"one repetition of a later position", 6, 4, true},
		{"two repetitions in history", 8, 0, true},
		{"two repetitions, searchPly irrelevant", 8, 3, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := StartPosition()
			for i := 0; i < tc.plies; i++ {
				playUCI(t, p, knightShuffle[i%4])
			}
			if got := p.IsRepetition(tc.searchPly); got != tc.want {
				t.Errorf("IsRepetition(%d) = %v, want %v", tc.searchPly, got, tc.want)
			}
		})
	}
}

func TestRepetitionNullMove(t *testing.T) {
	// A null move cuts the history: positions before it are not repeated
	// even when the keys match.
	p := StartPosition()
	playUCI(t, p, "g1f3", "g8f6")
	p.MakeNullMove()
	playUCI(t, p, "f6g8", "f3g1")
	p.MakeNullMove()
	start := StartPosition()
	if p.Key() != start.Key() {
		t.Fatalf("after the null moves the key differs from the start position")
	}
	if n := p.RepetitionCount(); n != 0 {
		t.Errorf("RepetitionCount across null moves = %d, want 0", n)
	}
	if p.IsRepetition(100) {
		t.Error("IsRepetition looked across a null move")
	}
	p.UnmakeNullMove()
	p.UnmakeMove()
	p.UnmakeMove()
	p.UnmakeNullMove()
	if p.FEN() != MustParseFEN("rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2").FEN() {
		t.Errorf("null move unmake: got %q", p.FEN())
	}
}

func TestFiftyMoveRule(t *testing.T) {
	tests := []struct {
		name, fen string
		moves     []string
		want      bool
		halfmove  int
	}{
		{"start", StartFEN, nil, false, 0},
		{"99 plies", "4k3/8/8/8/8/8/8/4K1N1 w - - 99 80", nil, false, 99},
		{"100 plies from FEN", "4k3/8/8/8/8/8/8/4K1N1 w - - 100 80", nil, true, 100},
		{"100th quiet ply", "4k3/8/8/8/8/8/8/4K1N1 w - - 99 80", []string{"g1f3"}, true, 100},
		{"pawn move resets", "4k3/8/8/8/8/8/4P3/4K1N1 w - - 99 80", []string{"e2e3"}, false, 0},
		{"capture resets", "4k3/8/8/8/8/5p2/8/4K1N1 w - - 99 80", []string{"g1f3"}, false, 0},
		{"promotion resets", "4k3/P7/8/8/8/8/8/4K3 w - - 99 80", []string{"a7a8q"}, false, 0},
		{"en passant resets", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 99 80", []string{"e5d6"}, false, 0},
		{"castling counts", "4k3/8/8/8/8/8/8/4K2R w K - 99 80", []string{"e1g1"}, true, 100},
		{"clock keeps counting", "4k3/8/8/8/8/8/8/4K1N1 w - - 120 80", []string{"g1f3"}, true, 121},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			playUCI(t, p, tc.moves...)
			if got := p.IsFiftyMoveDraw(); got != tc.want {
				t.Errorf("IsFiftyMoveDraw = %v, want %v", got, tc.want)
			}
			if got := p.HalfmoveClock(); got != tc.halfmove {
				t.Errorf("HalfmoveClock = %d, want %d", got, tc.halfmove)
			}
		})
	}
}

func TestInsufficientMaterial(t *testing.T) {
	tests := []struct {
		name, fen string
		want      bool
	}{
		{"K v K", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"KN v K", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},
		{"K v KN", "4kn2/8/8/8/8/8/8/4K3 b - - 0 1", true},
		{"KB v K", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},
		{"KB v KB same colour (light)", "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},
		{"KB v KB same colour (dark)", "4kb2/8/8/8/8/8/8/4K1B1 w - - 0 1", true},
		{"KBB v K bishops on one colour", "4k3/8/8/8/8/8/4B3/4KB2 w - - 0 1", true},
		{"KBB v K bishops on both colours", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},
		{"KB v KB opposite colours", "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false},
		{"KNN v K", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", false},
		{"KN v KN", "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false},
		{"KN v KB", "2b1k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false},
		{"KP v K", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
		{"KR v K", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false},
		{"KQ v K", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},
		{"start", StartFEN, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := MustParseFEN(tc.fen).IsInsufficientMaterial(); got != tc.want {
				t.Errorf("IsInsufficientMaterial = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestMateAndStalemate(t *testing.T) {
	tests := []struct {
		name, fen         string
		check, mate, stal bool
	}{
		{"start", StartFEN, false, false, false},
		{"fool's mate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, true, false},
		{"back-rank mate", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", true, true, false},
		{"smothered mate", "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", true, true, false},
		{"double check, capture not enough", "4k3/8/r2N4/8/8/8/8/4R1K1 b - - 0 1", true, false, false},
		{"check with escape", "R3k3/8/8/8/8/8/8/4K3 b - - 0 1", true, false, false},
		{"check, king escapes", "4k3/8/8/8/8/8/3n4/R3K2r w - - 0 1", true, false, false},
		{"check, capture possible", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", true, false, false},
		{"stalemate, queen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, false, true},
		{"stalemate, pawn blocked", "8/8/8/8/8/2k5/2p5/2K5 w - - 0 1", false, false, true},
		{"pinned piece, king can move", "k7/b7/8/8/8/8/8/R6K b - - 0 1", false, false, false},
		{"stalemate, only pinned bishop", "kb5R/8/1K6/8/8/8/8/8 b - - 0 1", false, false, true},
		{"en passant is the only move", "8/8/8/8/1pP5/1B6/8/k1K5 b - c3 0 1", false, false, false},
		{"same without en passant", "8/8/8/8/1pP5/1B6/8/k1K5 b - - 0 1", false, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			if got := p.InCheck(); got != tc.check {
				t.Errorf("InCheck = %v, want %v", got, tc.check)
			}
			if got := p.IsCheckmate(); got != tc.mate {
				t.Errorf("IsCheckmate = %v, want %v", got, tc.mate)
			}
			if got := p.IsStalemate(); got != tc.stal {
				t.Errorf("IsStalemate = %v, want %v", got, tc.stal)
			}
			if got := p.HasLegalMove(); got == (tc.mate || tc.stal) {
				t.Errorf("HasLegalMove = %v", got)
			}
		})
	}
}

func TestEnPassantOnlyMove(t *testing.T) {
	p := MustParseFEN("8/8/8/8/1pP5/1B6/8/k1K5 b - c3 0 1")
	var ml MoveList
	p.LegalMoves(&ml)
	if ml.Len != 1 || !ml.Moves[0].IsEnPassant() {
		t.Fatalf("legal moves %v, want only b4xc3 en passant", legalUCI(p))
	}
}

func TestMateByPlay(t *testing.T) {
	p := StartPosition()
	playUCI(t, p, "f2f3", "e7e5", "g2g4")
	m, err := p.ParseSAN("Qh4")
	if err != nil {
		t.Fatal(err)
	}
	if san := p.SAN(m); san != "Qh4#" {
		t.Errorf("SAN = %q, want Qh4#", san)
	}
	p.MakeMove(m)
	if !p.IsCheckmate() || p.IsStalemate() {
		t.Errorf("fool's mate: IsCheckmate = %v, IsStalemate = %v", p.IsCheckmate(), p.IsStalemate())
	}
	p.UnmakeMove()
	if p.IsCheckmate() || p.InCheck() {
		t.Error("unmake left the position in check")
	}
}

// TrimHistory keeps what the repetition rules can see: after any
// sequence of moves, trimmed and untrimmed positions agree on the key, the
// repetition count and IsRepetition, now and after further moves, and the
// history is at most 101 states long.
func TestTrimHistory(t *testing.T) {
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	var moves []string
	for range 40 { // 160 plies: the clock passes a hundred
		moves = append(moves, shuffle...)
	}
	for _, c := range []struct {
		name  string
		moves []string
	}{
		{"knight shuffle", moves},
		{"shuffle after pawn moves", append([]string{"e2e4", "e7e5"}, shuffle...)},
		{"repeated once", append([]string{"d2d4", "d7d5"}, shuffle...)},
		{"no moves", nil},
	} {
		full, trimmed := StartPosition(), StartPosition()
		play := func(moves ...string) {
			for _, s := range moves {
				for _, p := range []*Position{full, trimmed} {
					m, err := p.ParseUCI(s)
					if err != nil {
						t.Fatalf("%s: %s: %v", c.name, s, err)
					}
					p.MakeMove(m)
				}
			}
		}
		play(c.moves...)
		trimmed.TrimHistory()
		if trimmed.Ply() > 100 {
			t.Errorf("%s: %d states after the trim", c.name, trimmed.Ply()+1)
		}
		for i, s := range append([]string{""}, shuffle...) {
			if s != "" {
				play(s)
			}
			f, tr := full.RepetitionCount(), trimmed.RepetitionCount()
			// Past a hundred plies the fifty-move rule has drawn the
			// game, and the older repetitions no longer count.
			differ := f != tr || full.IsRepetition(0) != trimmed.IsRepetition(0)
			if full.Key() != trimmed.Key() || differ && full.HalfmoveClock() < 100 {
				t.Errorf("%s, %d moves on: repetitions %d trimmed %d, keys %x %x", c.name, i, f, tr, full.Key(), trimmed.Key())
			}
		}
	}
}

// A FEN's halfmove clock can reach back past the stored history;
// repetition checks must only look at stored positions.
func TestRepetitionBeyondHistory(t *testing.T) {
	q := MustParseFEN("4k3/8/8/8/8/8/8/4K2R w - - 90 60")
	if q.IsRepetition(10) || q.RepetitionCount() != 0 {
		t.Error("a fresh position with a high halfmove clock repeats nothing")
	}
}
