package search

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"vireo/chess"
)

// The plan gets stronger with the rating: more nodes, less weakness.
func TestPlanMonotone(t *testing.T) {
	prev := PlanFor(MinElo - 500)
	if prev.Elo != MinElo {
		t.Errorf("rating below the range: plan for %d", prev.Elo)
	}
	if MinElo > DefaultElo || DefaultElo > MaxElo {
		t.Fatalf("default %d outside [%d, %d]", DefaultElo, MinElo, MaxElo)
	}
	for elo := MinElo + 25; elo <= MaxElo; elo += 25 {
		p := PlanFor(elo)
		if p.Nodes <= prev.Nodes || p.Weakness > prev.Weakness {
			t.Errorf("Elo %d: %d nodes, weakness %.3f; Elo %d: %d nodes, weakness %.3f", prev.Elo, prev.Nodes, prev.Weakness, elo, p.Nodes, p.Weakness)
		}
		if p.Weakness < 0 || p.Weakness > 1 || p.Candidates < 1 {
			t.Errorf("Elo %d: bad plan %+v", elo, p)
		}
		prev = p
	}
	for _, k := range strengthKnots {
		if p := PlanFor(k.elo); p.Nodes != uint64(k.nodes) || math.Abs(p.Weakness-k.weakness) > 1e-9 {
			t.Errorf("knot %+v: plan %+v", k, p)
		}
	}
}

// A lower weakness picks the best move more often; w = 0 always does,
// and a much worse move is picked rarely.
func TestPickWeakenedFrequency(t *testing.T) {
	sets := [][]int{
		{35, 30, 22, 10},    // a quiet position: four playable moves
		{120, 40, -20, -80}, // one clearly best move
		{50, 45, -300, -310},
	}
	r := rand.New(rand.NewPCG(7, 11))
	const n = 20000
	nonBest := func(w float64) (float64, float64) {
		miss, blunder := 0, 0
		for range n {
			for _, s := range sets {
				i := PickWeakened(s, w, r)
				if i != 0 {
					miss++
				}
				if s[0]-s[i] >= 300 {
					blunder++
				}
			}
		}
		return float64(miss) / float64(n*len(sets)), float64(blunder) / float64(n)
	}
	prev := -1.0
	for _, elo := range []int{2700, 2400, 2100, 1800, 1500, 1200} {
		miss, blunder := nonBest(PlanFor(elo).Weakness)
		t.Logf("Elo %d: weakness %.2f, non-best %.1f%%, 300 cp blunders %.2f%% of the third set", elo, PlanFor(elo).Weakness, 100*miss, 100*blunder)
		if miss <= prev {
			t.Errorf("Elo %d picks the best move as often as a higher rating or more (%.3f <= %.3f)", elo, miss, prev)
		}
		prev = miss
		if elo == 2700 && miss != 0 {
			t.Errorf("weakness 0 picked a non-best move (%.3f)", miss)
		}
		if blunder > 0.35 {
			t.Errorf("Elo %d drops 300 cp in %.0f%% of positions", elo, 100*blunder)
		}
	}
}

// A weakened search always plays a legal move and keeps to its node
// budget (within the random factor and the depth-1 iteration that always
// completes); and a low rating plays moves other than the full search's
// best more often than a high one. Without a clock the searches are
// deterministic (seeded), so the comparison does not depend on the
// machine's load.
func TestWeakenedSearch(t *testing.T) {
	fens := BenchFENs
	if testing.Short() {
		fens = fens[:12]
	}
	ref := NewSearcher(16)
	best := make([]chess.Move, len(fens))
	for i, f := range fens {
		best[i] = ref.Search(chess.MustParseFEN(f), Limits{Depth: 10}).Best
	}
	differ := map[int]int{}
	for _, elo := range []int{1200, 2400} {
		s := NewSearcher(16)
		s.SetStrength(elo)
		s.SetRand(rand.New(rand.NewPCG(uint64(elo), 1)))
		plan := PlanFor(elo)
		for range 3 {
			for i, f := range fens {
				p := chess.MustParseFEN(f)
				res := s.Search(p, Limits{})
				if !p.IsLegal(res.Best) {
					t.Fatalf("Elo %d, %s: illegal move %v", elo, f, res.Best)
				}
				if res.Depth > 1 && res.Nodes > plan.Nodes*5/4+MaxPly {
					t.Errorf("Elo %d (%d nodes): searched %d at depth %d", elo, plan.Nodes, res.Nodes, res.Depth)
				}
				if len(res.PV) == 0 || res.PV[0] != res.Best {
					t.Errorf("Elo %d: PV %v does not start with %v", elo, res.PV, res.Best)
				}
				if res.Best != best[i] {
					differ[elo]++
				}
			}
		}
	}
	t.Logf("moves other than the depth-10 best, of %d: Elo 1200 %d, Elo 2400 %d", 3*len(fens), differ[1200], differ[2400])
	if differ[1200] <= differ[2400] {
		t.Errorf("Elo 1200 differs from the best move %d times, Elo 2400 %d: the weaker should differ more", differ[1200], differ[2400])
	}
}

// On a clock a weakened search stops at whichever comes first, its node
// budget or the clock's limit: the top rating's budget, the largest, must
// not overrun a one-second clock.
func TestWeakenedSearchClock(t *testing.T) {
	s := NewSearcher(16)
	s.SetStrength(MaxElo)
	s.SetRand(rand.New(rand.NewPCG(1, 2)))
	fens := BenchFENs[:10]
	for _, f := range fens {
		p := chess.MustParseFEN(f)
		start := time.Now()
		res := s.Search(p, Limits{WTime: time.Second, BTime: time.Second, WInc: 10 * time.Millisecond, BInc: 10 * time.Millisecond})
		if el := time.Since(start); el >= time.Second {
			t.Errorf("%s: took %v on a 1 s clock", f, el)
		}
		if !p.IsLegal(res.Best) {
			t.Fatalf("%s: illegal move %v", f, res.Best)
		}
	}
}

// Turned off, the search is what it was: the same move and node count
// as a searcher that never had strength limiting.
func TestStrengthOff(t *testing.T) {
	a, b := NewSearcher(16), NewSearcher(16)
	b.SetStrength(1500)
	b.SetStrength(0)
	p := chess.MustParseFEN(BenchFENs[3])
	ra, rb := a.Search(p, Limits{Depth: 6}), b.Search(p, Limits{Depth: 6})
	if ra.Best != rb.Best || ra.Nodes != rb.Nodes {
		t.Errorf("off: %v %d nodes, never on: %v %d nodes", rb.Best, rb.Nodes, ra.Best, ra.Nodes)
	}
}

// With more than one thread a weakened search runs the boss alone, so
// that the node budget and the choice are one thread's.
func TestWeakenedSearchThreads(t *testing.T) {
	s := NewSearcher(16)
	s.SetThreads(2)
	s.SetStrength(1800)
	s.SetRand(rand.New(rand.NewPCG(3, 3)))
	plan := PlanFor(1800)
	for _, f := range BenchFENs[:10] {
		p := chess.MustParseFEN(f)
		res := s.Search(p, Limits{})
		if !p.IsLegal(res.Best) {
			t.Fatalf("%s: illegal move %v", f, res.Best)
		}
		if res.Depth > 1 && res.Nodes > plan.Nodes*5/4+MaxPly {
			t.Errorf("%s: %d nodes with a budget of %d", f, res.Nodes, plan.Nodes)
		}
	}
	// Off again, both threads search.
	s.SetStrength(0)
	if res := s.Search(chess.MustParseFEN(BenchFENs[0]), Limits{Depth: 6}); res.Best == chess.NoMove {
		t.Error("no move at full strength with 2 threads")
	}
}
