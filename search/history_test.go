package search

import (
	"math/rand"
	"testing"

	"vireo/chess"
)

// TestShareCache checks that the cached shares match the counts they
// come from after cutoffs, overflow halving and Clear: a stale entry
// would silently reorder and mis-prune quiet moves.
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
			for f := range h.good[c] {
				for to := range h.good[c][f] {
					want := shareOf(h.good[c][f][to], h.bad[c][f][to])
					if got := h.share[c][f][to]; got != want {
						t.Fatalf("%s: share[%d][%d][%d] = %d, counts %d/%d give %d",
							when, c, f, to, got, h.good[c][f][to], h.bad[c][f][to], want)
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
		h.updateQuiet(pos, mv(), tried, 1+r.Intn(20), &conts{})
	}
	if h.good == [2][64][64]int32{} {
		t.Fatal("no update reached the tables")
	}
	check("after updates")
	// One move cutting again and again drives its count past
	// historyLimit, so the update halves the tables from inside.
	e2, e4 := chess.MakeSquare(4, 1), chess.MakeSquare(4, 3)
	hot := chess.NewMove(e2, e4)
	for i := 0; i < 5000; i++ {
		h.updateQuiet(white, hot, []chess.Move{mv()}, 60, &conts{})
	}
	if g := h.good[chess.White][e2][e4]; g >= 5000*60*60 {
		t.Fatalf("good count %d: the tables were never halved", g)
	}
	check("after overflow")
	h.Age()
	check("after Age")
	h.Clear()
	check("after Clear")
}
