package search

import (
	"math/rand"
	"testing"

	"vireo/chess"
)

// TestShareCache checks that the cached shares match the counts they
// come from after cutoffs, overflow halving and Clear: a stale entry
// would silently reorder and mis-prune quiet moves; every threat slot is
// exercised.
func TestShareCache(t *testing.T) {
	var h History
	white := chess.StartPosition()
	black, err := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(7))
	mv := func() chess.Move { return chess.NewMove(chess.Square(r.Intn(64)), chess.Square(r.Intn(64))) }
	check := func(when string) {
		t.Helper()
		for c := range h.good {
			for k := range h.good[c] {
				for f := range h.good[c][k] {
					for to := range h.good[c][k][f] {
						want := shareOf(h.good[c][k][f][to], h.bad[c][k][f][to])
						if got := h.share[c][k][f][to]; got != want {
							t.Fatalf("%s: share[%d][%d][%d][%d] = %d, counts %d/%d give %d",
								when, c, k, f, to, got, h.good[c][k][f][to], h.bad[c][k][f][to], want)
						}
					}
				}
			}
		}
	}
	check("empty")
	for i := 0; i < 5000; i++ {
		tried := []chess.Move{mv(), mv(), mv()}
		pos := white
		if i%2 == 1 {
			pos = black
		}
		thr := chess.Bitboard(r.Uint64() & r.Uint64())
		h.updateQuiet(pos, mv(), tried, 1+r.Intn(20), thr)
	}
	for k := range 4 {
		if h.good[chess.White][k] == [64][64]int32{} {
			t.Fatalf("no update reached threat slot %d", k)
		}
	}
	check("after updates")
	// One move cutting again and again drives its count past
	// historyLimit, so the update halves the tables from inside.
	e2, e4 := chess.MakeSquare(4, 1), chess.MakeSquare(4, 3)
	hot := chess.NewMove(e2, e4)
	for i := 0; i < 5000; i++ {
		h.updateQuiet(white, hot, []chess.Move{mv()}, 60, 0)
	}
	if g := h.good[chess.White][0][e2][e4]; g >= 5000*60*60 {
		t.Fatalf("good count %d: the tables were never halved", g)
	}
	check("after overflow")
	h.Age()
	check("after Age")
	h.Clear()
	check("after Clear")
}

// TestThreatSlots checks that a move's record made while its from
// square was attacked does not leak into the same move made in peace.
func TestThreatSlots(t *testing.T) {
	pos := chess.StartPosition()
	g1, f3 := chess.MakeSquare(6, 0), chess.MakeSquare(5, 2)
	m := chess.NewMove(g1, f3)
	attacked := chess.Bitboard(0)
	attacked |= 1 << g1
	var h History
	for range 10 {
		h.updateQuiet(pos, m, nil, 8, attacked)
	}
	hot := h.quiet(chess.White, m, attacked)
	calm := h.quiet(chess.White, m, 0)
	if hot <= 0 {
		t.Errorf("the move that cut scores %d under attack", hot)
	}
	if calm != 0 {
		t.Errorf("the same move in peace scores %d, want 0 (untried)", calm)
	}
}

// TestAttackedSquares compares the threat map with a square-by-square
// count of attackers, on positions with every kind of piece.
func TestAttackedSquares(t *testing.T) {
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	} {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []chess.Color{chess.White, chess.Black} {
			got := attackedSquares(pos, c)
			for s := chess.Square(0); s < 64; s++ {
				want := pos.AttackersTo(s, pos.Occupied())&pos.ByColor(c) != 0
				if got.Has(s) != want {
					t.Errorf("%s: colour %d, square %d: map says %v, attackers say %v", fen, c, s, got.Has(s), want)
				}
			}
		}
	}
}

// TestHindsightWired checks that hindsight reaches the nodes below
// reduced moves, both ways.
func TestHindsightWired(t *testing.T) {
	needStats(t)
	st := searchItalian(t, 10, func(*Params) {}).workers[0].stats
	if st.HindsightDeeper == 0 || st.HindsightShallower == 0 {
		t.Errorf("hindsight adjusted %d nodes deeper and %d shallower; want both above 0", st.HindsightDeeper, st.HindsightShallower)
	}
}

// searchItalian searches an Italian opening position to depth with the
// parameters set changes, and returns the searcher for its tables.
func searchItalian(t *testing.T, depth int, set func(*Params)) *Searcher {
	t.Helper()
	p, err := chess.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(16)
	set(&s.Params)
	s.Search(p, Limits{Depth: depth})
	return s
}

// TestShareOf checks the share's arithmetic: untried moves sit at zero,
// and one outcome of each kind counts as seen beforehand.
func TestShareOf(t *testing.T) {
	tests := []struct {
		g, b int32
		want int16
	}{
		{0, 0, 0},
		{1, 0, 2730},  // (1+1)/(1+2) of 16384, less 8192
		{0, 1, -2731}, // (0+1)/(1+2)
		{9, 0, 6702},  // (9+1)/(9+2)
		{historyLimit, 0, 8191},
	}
	for _, tt := range tests {
		if got := shareOf(tt.g, tt.b); got != tt.want {
			t.Errorf("shareOf(%d, %d) = %d, want %d", tt.g, tt.b, got, tt.want)
		}
	}
}
