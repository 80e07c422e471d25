package search

import (
	"testing"
	"time"

	"vireo/chess"
)

// These tests run several search threads; "go test -race" (make test)
// checks them for data races.

func smpSearcher(threads int) *Searcher {
	s := NewSearcher(16)
	s.SetThreads(threads)
	return s
}

// checkResult fails unless res has a legal best move that starts a legal
// PV from p.
func checkResult(t *testing.T, what string, p *chess.Position, res Result) {
	t.Helper()
	if res.Best == chess.NoMove || len(res.PV) == 0 || res.PV[0] != res.Best {
		t.Errorf("%s: best %v, PV %v", what, res.Best, res.PV)
		return
	}
	q := p.Copy()
	for _, m := range res.PV {
		if !q.IsLegal(m) {
			t.Errorf("%s: PV %v has an illegal move %v", what, res.PV, m)
			return
		}
		q.MakeMove(m)
	}
	if res.Ponder != chess.NoMove && len(res.PV) > 1 && res.Ponder != res.PV[1] {
		t.Errorf("%s: ponder move %v is not the PV's second %v", what, res.Ponder, res.PV[1])
	}
}

func TestSMPFindsMates(t *testing.T) {
	tests := []struct {
		fen  string
		mate int
	}{
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1},
		{"k7/8/2K5/8/8/8/8/1R6 w - - 0 1", 2},
		{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2},
		{"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3},
	}
	if testing.Short() {
		tests = tests[:3]
	}
	for i, tc := range tests {
		threads := 2 + i%3
		s := smpSearcher(threads)
		p := chess.MustParseFEN(tc.fen)
		res := s.Search(p, Limits{Depth: 2*tc.mate + 12})
		if want := MateValue - (2*tc.mate - 1); res.Score != want {
			t.Errorf("%s, %d threads: score %d, want %d (mate in %d)", tc.fen, threads, res.Score, want, tc.mate)
		}
		checkResult(t, tc.fen, p, res)
		q := p.Copy()
		for _, m := range res.PV {
			q.MakeMove(m)
		}
		if !q.IsCheckmate() {
			t.Errorf("%s, %d threads: PV %v does not end in mate", tc.fen, threads, res.PV)
		}
	}
}

// Every info line's PV is legal, the node counts grow, the last line shows
// the move played and the total, and the total is the sum over the
// workers. (A helper may search nothing: one that starts late, after
// another worker has finished the last depth, has nothing left to do.)
func TestSMPSearchAndNodes(t *testing.T) {
	depth, fens := 9, BenchFENs[:6]
	if testing.Short() { // the race detector's run
		depth, fens = 6, BenchFENs[:4]
	}
	var helperNodes uint64
	for i, fen := range fens {
		threads := 2 + i%3
		s := smpSearcher(threads)
		var log infoLog
		s.OnInfo = log.add
		p := chess.MustParseFEN(fen)
		res := s.Search(p, Limits{Depth: depth})
		checkResult(t, fen, p, res)
		infos := log.all()
		var prev uint64
		for _, in := range infos {
			if in.Nodes < prev {
				t.Errorf("%s: info nodes went down from %d to %d", fen, prev, in.Nodes)
			}
			prev = in.Nodes
			q := p.Copy()
			for _, m := range in.PV {
				if !q.IsLegal(m) {
					t.Fatalf("%s: info PV %v has an illegal move", fen, in.PV)
				}
				q.MakeMove(m)
			}
		}
		last := infos[len(infos)-1]
		if len(last.PV) == 0 || last.PV[0] != res.Best || last.Nodes != res.Nodes || last.Score != res.Score {
			t.Errorf("%s: last info %+v, result %v %d %d nodes", fen, last, res.Best, res.Score, res.Nodes)
		}
		var sum uint64
		for _, w := range s.workers {
			sum += w.nodes
			if w.id > 0 {
				helperNodes += w.nodes
			}
		}
		if sum != res.Nodes {
			t.Errorf("%s: result has %d nodes, the workers %d", fen, res.Nodes, sum)
		}
		if res.Depth < depth-2 || res.Depth > depth {
			t.Errorf("%s: depth %d with a limit of %d", fen, res.Depth, depth)
		}
	}
	if helperNodes == 0 {
		t.Error("the helpers searched no node")
	}
}

// "go nodes N" counts the nodes of all threads and stops near N.
func TestSMPNodesLimit(t *testing.T) {
	for _, threads := range []int{2, 4} {
		const n = 40000
		s := smpSearcher(threads)
		res := s.Search(chess.StartPosition(), Limits{Nodes: n})
		if res.Nodes < n || res.Nodes > n+uint64(100*threads) {
			t.Errorf("%d threads, nodes %d: searched %d", threads, n, res.Nodes)
		}
		checkResult(t, "nodes", chess.StartPosition(), res)
	}
}

func TestSMPStopAndPonder(t *testing.T) {
	s := smpSearcher(3)
	pos := chess.StartPosition()
	done := make(chan Result, 1)
	s.Start(pos, Limits{Infinite: true}, func(r Result) { done <- r })
	time.Sleep(200 * time.Millisecond)
	s.Stop()
	select {
	case res := <-done:
		checkResult(t, "stop", pos, res)
	case <-time.After(5 * time.Second):
		t.Fatal("search did not stop within 5 s")
	}

	// Pondering: no answer before ponderhit however long it takes, then
	// the clock (movetime) from ponderhit.
	s.MoveOverhead = 0
	checkResult(t, "ponderhit", pos, ponderThenHit(t, s, pos, done, 500*time.Millisecond))

	// A finished ponder search (depth limit) waits, and stop answers.
	s.Start(pos, Limits{Ponder: true, Depth: 3}, func(r Result) { done <- r })
	select {
	case <-done:
		t.Fatal("a finished ponder search answered before stop")
	case <-time.After(300 * time.Millisecond):
	}
	s.Stop()
	select {
	case res := <-done:
		checkResult(t, "stop after ponder", pos, res)
	case <-time.After(5 * time.Second):
		t.Fatal("no answer to stop after a finished ponder search")
	}

	// A clock is kept with several threads.
	t0 := time.Now()
	res := s.Search(pos, Limits{WTime: time.Second, BTime: time.Second})
	if el := time.Since(t0); el > 900*time.Millisecond {
		t.Errorf("1 s on the clock: used %v", el)
	}
	checkResult(t, "clock", pos, res)
}

// Threads resizes the pool; back at one thread, a new game searches node
// for node as a searcher that never had more.
func TestSetThreadsAndSingleThreadUnchanged(t *testing.T) {
	p := chess.MustParseFEN(BenchFENs[3])
	fresh := NewSearcher(16)
	want := fresh.Search(p, Limits{Depth: 7})

	s := NewSearcher(16)
	for _, n := range []int{3, 0, 2, 1} {
		s.SetThreads(n)
		wantN := min(max(n, 1), MaxThreads)
		if got := s.Threads(); got != wantN || len(s.workers) != wantN {
			t.Fatalf("SetThreads(%d): %d threads", n, got)
		}
		for i, w := range s.workers {
			if w.id != i {
				t.Fatalf("worker %d has id %d", i, w.id)
			}
		}
		if n == 3 || n == 2 {
			s.Search(p, Limits{Depth: 5})
		}
	}
	s.NewGame()
	got := s.Search(p, Limits{Depth: 7})
	if got.Nodes != want.Nodes || got.Best != want.Best || got.Score != want.Score {
		t.Errorf("one thread after three: %d nodes %v %d, fresh %d nodes %v %d",
			got.Nodes, got.Best, got.Score, want.Nodes, want.Best, want.Score)
	}
	if testing.Short() {
		return
	}
	if a, b := BenchThreads(DefaultParams(), 4, 16, 1), Bench(4, 16); a.Nodes != b.Nodes {
		t.Errorf("bench with one thread: %d nodes, Bench %d", a.Nodes, b.Nodes)
	}
}

// TestSMPDepthRule checks the depth skip: a worker about to start an
// iteration goes on to one beyond the deepest finished, and the boss
// always searches depth 1.
func TestSMPDepthRule(t *testing.T) {
	s := smpSearcher(4)
	for _, w := range s.workers {
		w.setParams(s.Params)
		w.nThreads = 4
	}
	for _, tc := range []struct {
		completed  int
		worker, in int
		want       int
	}{
		{0, 1, 1, 1},
		{0, 1, 5, 5},
		{8, 1, 5, 9}, // depth 8 finished: skip to 9
		{8, 1, 10, 10},
		{8, 0, 1, 1}, // the boss always searches depth 1
		{8, 0, 2, 9},
	} {
		s.completed.Store(int32(tc.completed))
		if got := s.workers[tc.worker].smpDepth(tc.in); got != tc.want {
			t.Errorf("%+v: depth %d", tc, got)
		}
	}
}

func TestVote(t *testing.T) {
	mv := func(s string) chess.Move {
		m, err := chess.StartPosition().ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	e4, d4, c4 := mv("e2e4"), mv("d2d4"), mv("c2c4")
	r := func(m chess.Move, score, depth int) Result {
		return Result{Best: m, Score: score, Depth: depth, PV: []chess.Move{m}}
	}
	for _, tc := range []struct {
		name    string
		results []Result // boss first
		want    int
	}{
		{"alone", []Result{r(e4, 20, 10), {}, {}}, 0},
		{"majority", []Result{r(e4, 20, 10), r(d4, 25, 11), r(d4, 22, 12)}, 1},
		{"deeper beats a tie", []Result{r(e4, 20, 10), r(d4, 20, 10), r(d4, 20, 12)}, 2},
		{"boss on ties", []Result{r(e4, 20, 10), r(d4, 20, 10), r(c4, 20, 10)}, 0},
		{"a mate wins", []Result{r(e4, 20, 14), r(d4, MateValue-9, 8), r(e4, 30, 14)}, 1},
		{"the shorter mate", []Result{r(e4, MateValue-9, 10), r(d4, MateValue-5, 9), r(c4, MateValue-7, 12)}, 1},
		{"score over depth", []Result{r(e4, -200, 12), r(d4, 100, 11), r(e4, -190, 11)}, 1},
		{"too shallow to vote", []Result{r(e4, 20, 10), r(d4, 300, 7), r(d4, 300, 7)}, 0},
		{"the boss too shallow", []Result{r(e4, 20, 3), r(d4, 10, 7), r(c4, 30, 6)}, 2},
		{"a shallow mate", []Result{r(e4, 20, 10), r(d4, MateValue-3, 4), {}}, 1},
	} {
		s := smpSearcher(len(tc.results))
		for i, res := range tc.results {
			s.workers[i].best = res
		}
		if got := s.vote(); got.id != tc.want {
			t.Errorf("%s: worker %d chosen, want %d", tc.name, got.id, tc.want)
		}
	}
}

// Every worker's finished depths count for the skipping rule, the boss's
// too: here the boss deepens alone, its helper never started.
func TestSMPCompletedDepth(t *testing.T) {
	s := smpSearcher(2)
	for _, w := range s.workers {
		w.pos = chess.StartPosition()
		w.limits = Limits{Depth: 4}
		w.setParams(s.Params)
		w.nThreads, w.multiPV = 2, 1
	}
	boss := s.workers[0]
	boss.initRootMoves()
	boss.deepen()
	if c := s.completed.Load(); c != 4 || boss.best.Depth != 4 {
		t.Errorf("the boss finished depth %d, the deepest completed is %d", boss.best.Depth, c)
	}
	if !s.finishDepth(7) || s.finishDepth(7) || s.finishDepth(5) {
		t.Error("finishDepth: only the first to finish a new depth is first")
	}
}

// With MultiPV the boss's lines are played, so a helper that finishes the
// depth limit first must not end the search: the boss completes the
// depth asked for.
func TestSMPMultiPVReachesDepth(t *testing.T) {
	pos := chess.MustParseFEN(chess.StartFEN)
	for i := 0; i < 3; i++ {
		s := smpSearcher(2)
		s.MultiPV = 3
		res := s.Search(pos, Limits{Depth: 9})
		checkResult(t, "multipv 3, two threads", pos, res)
		if res.Depth != 9 {
			t.Errorf("run %d: result of depth %d, want 9", i, res.Depth)
		}
	}
}
