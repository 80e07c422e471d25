package search

import (
	"sync"
	"testing"
	"time"

	"vireo/chess"
)

// For a table of clocks: soft <= hard, and hard within a fixed fraction of
// what is left after the move overhead (two fifths; four fifths with one
// move to go), never more than what is left, and never less than 1 ms.
func TestTimeManagerClockTable(t *testing.T) {
	ms := time.Millisecond
	const overhead = 10 * time.Millisecond
	for _, tc := range []struct {
		name      string
		left, inc time.Duration
		mtg       int
	}{
		{"1+0.01 start", 1000 * ms, 10 * ms, 0},
		{"1+0.01 low", 120 * ms, 10 * ms, 0},
		{"1+0.01 flagging", 15 * ms, 10 * ms, 0},
		{"10+0", 10000 * ms, 0, 0},
		{"10+0.1", 10000 * ms, 100 * ms, 0},
		{"60+0.6", 60000 * ms, 600 * ms, 0},
		{"movestogo 1", 10000 * ms, 0, 1},
		{"movestogo 10", 10000 * ms, 0, 10},
		{"movestogo 10 inc", 1000 * ms, 100 * ms, 10},
		{"50 ms left", 50 * ms, 0, 0},
		{"50 ms left inc", 50 * ms, 50 * ms, 0},
		{"5 ms left", 5 * ms, 0, 0},
		{"increment only", 0, 100 * ms, 0},
	} {
		for _, side := range []chess.Color{chess.White, chess.Black} {
			l := Limits{MovesToGo: tc.mtg}
			if side == chess.White {
				l.WTime, l.WInc, l.BTime, l.BInc = tc.left, tc.inc, time.Hour, time.Hour
			} else {
				l.BTime, l.BInc, l.WTime, l.WInc = tc.left, tc.inc, time.Hour, time.Hour
			}
			tm := newTimeManager(l, side, overhead, time.Now(), defaultTM)
			avail := max(tc.left-overhead, ms)
			frac := avail * 2 / 5
			if tc.mtg == 1 {
				frac = avail * 4 / 5
			}
			frac = max(frac, ms)
			if !tm.timed || !tm.scalable {
				t.Errorf("%s: a clock must be timed and scalable", tc.name)
			}
			if tm.soft > tm.hard || tm.soft < ms {
				t.Errorf("%s: soft %v, hard %v", tc.name, tm.soft, tm.hard)
			}
			if tm.hard > frac {
				t.Errorf("%s: hard %v above %v", tc.name, tm.hard, frac)
			}
			if tc.mtg != 1 && tc.left > 2*ms && tm.hard > tc.left/2 {
				t.Errorf("%s: hard %v above half the clock %v", tc.name, tm.hard, tc.left)
			}
			// However the soft limit is scaled, it stays within hard.
			for _, f := range []float64{0, 0.25, 1, 4, 100} {
				if s := tm.scaledSoft(f); s > tm.hard || s < ms {
					t.Errorf("%s: scaled soft (x%g) %v outside [1ms, %v]", tc.name, f, s, tm.hard)
				}
			}
		}
	}
	// movetime is a fixed budget: the scalings do not change it.
	tm := newTimeManager(Limits{MoveTime: 500 * ms}, chess.White, overhead, time.Now(), defaultTM)
	if tm.soft != 490*ms || tm.hard != 490*ms || tm.scaledSoft(2) != 490*ms || tm.scaledSoft(0.5) != 490*ms {
		t.Errorf("movetime 500: soft %v hard %v", tm.soft, tm.hard)
	}
	// No clock: not timed.
	if tm := newTimeManager(Limits{Depth: 5}, chess.White, overhead, time.Now(), defaultTM); tm.timed {
		t.Error("depth 5 must not be timed")
	}
	// A longer clock never gives less time.
	prev := time.Duration(0)
	for left := 20 * ms; left < 100*time.Second; left = left * 3 / 2 {
		tm := newTimeManager(Limits{WTime: left, WInc: 10 * ms}, chess.White, overhead, time.Now(), defaultTM)
		if tm.hard < prev {
			t.Errorf("%v left: hard %v below the %v of a shorter clock", left, tm.hard, prev)
		}
		prev = tm.hard
	}
	// With the lag reserve, a low clock at 1+0.01 is spent below the
	// increment, so that it grows back; a healthy one is not starved.
	for _, tc := range []struct {
		left, inc, maxSoft, minSoft time.Duration
	}{
		{300 * ms, 10 * ms, 10 * ms, ms},
		{100 * ms, 10 * ms, 5 * ms, ms},
		{1000 * ms, 10 * ms, 40 * ms, 10 * ms},
		{10 * time.Second, 100 * ms, time.Second, 150 * ms},
	} {
		tm := newTimeManager(Limits{WTime: tc.left, WInc: tc.inc}, chess.White, overhead, time.Now(), defaultTM)
		if tm.soft > tc.maxSoft || tm.soft < tc.minSoft {
			t.Errorf("reserve, %v+%v: soft %v outside [%v, %v]", tc.left, tc.inc, tm.soft, tc.minSoft, tc.maxSoft)
		}
	}
}

// The node-share scaling is 1 when its parameter is 0 or the share is
// unknown, gives more time to a best move that took few of the root
// nodes and less to one that took nearly all, moves further with a
// stronger parameter, and never takes the soft limit past the hard one.
func TestTimeManagerScalings(t *testing.T) {
	on := func(share int) Params {
		p := DefaultParams()
		p.TMNodeShare = share
		return p
	}
	for _, sig := range []tmSignals{{share: 0.05}, {share: 1}, {share: -1}} {
		if f := tmFactor(&[]Params{on(0)}[0], sig); f != 1 {
			t.Errorf("TMNodeShare 0: factor %g for %+v", f, sig)
		}
	}
	if f := tmFactor(&[]Params{on(100)}[0], tmSignals{share: -1}); f != 1 {
		t.Errorf("unknown share: factor %g", f)
	}
	if f := tmFactor(&[]Params{on(100)}[0], tmSignals{share: 0.7}); f < 0.99 || f > 1.01 {
		t.Errorf("share 70%%: factor %g, want 1", f)
	}
	tm := newTimeManager(Limits{WTime: 60 * time.Second, WInc: 600 * time.Millisecond}, chess.White, 10*time.Millisecond, time.Now(), defaultTM)
	soft := func(p Params, sig tmSignals) time.Duration { return tm.scaledSoft(tmFactor(&p, sig)) }
	base := tm.soft
	for _, c := range []struct{ more, less float64 }{{0.3, 0.95}, {0.5, 0.8}} {
		m, l := soft(on(100), tmSignals{share: c.more}), soft(on(100), tmSignals{share: c.less})
		if m <= base || l >= base {
			t.Errorf("shares %g and %g: soft %v and %v should lie either side of the base %v", c.more, c.less, m, l, base)
		}
	}
	if a, b := tmFactor(&[]Params{on(50)}[0], tmSignals{share: 0.1}), tmFactor(&[]Params{on(200)}[0], tmSignals{share: 0.1}); !(1 < a && a < b) {
		t.Errorf("TMNodeShare 50 gives %g, 200 gives %g", a, b)
	}
	if f := tmFactor(&[]Params{on(200)}[0], tmSignals{share: 0}); f > 4 || tm.scaledSoft(f) > tm.hard {
		t.Errorf("worst case factor %g, soft %v, hard %v", f, tm.scaledSoft(f), tm.hard)
	}
	if f := tmFactor(&[]Params{on(200)}[0], tmSignals{share: 1}); f <= 0 {
		t.Errorf("best case factor %g must stay positive", f)
	}
}

// infoLog collects a searcher's info reports safely.
type infoLog struct {
	mu    sync.Mutex
	infos []Info
}

func (l *infoLog) add(in Info) {
	l.mu.Lock()
	in.PV = append([]chess.Move(nil), in.PV...)
	l.infos = append(l.infos, in)
	l.mu.Unlock()
}

func (l *infoLog) all() []Info {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Info(nil), l.infos...)
}

// "go nodes N" searches exactly N nodes, and the last report says so.
func TestNodesExact(t *testing.T) {
	for _, fen := range []string{chess.StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/8/8/4k3/8/8/3PK3/8 w - - 0 1"} {
		sizes := []uint64{1000, 5000, 20001, 123457}
		if testing.Short() {
			sizes = sizes[:3]
		}
		for _, n := range sizes {
			s := NewSearcher(16)
			var log infoLog
			s.OnInfo = log.add
			res := s.Search(chess.MustParseFEN(fen), Limits{Nodes: n})
			infos := log.all()
			// Depth 1 always completes (every search needs a move), so a
			// limit below its size is overrun; any other is met exactly.
			if res.Nodes != n && !(n < 5000 && res.Depth == 1 && res.Nodes > n) {
				t.Errorf("%s nodes %d: searched %d to depth %d", fen, n, res.Nodes, res.Depth)
			}
			if last := infos[len(infos)-1]; last.Nodes != res.Nodes || len(last.PV) == 0 || last.PV[0] != res.Best {
				t.Errorf("%s nodes %d: last info has %d nodes, PV %v, best %v", fen, n, last.Nodes, last.PV, res.Best)
			}
		}
	}
}

// "go mate N" stops once a mate in N or fewer is proven, without a clock.
func TestMateLimit(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		mate int
	}{
		{"k7/8/2K5/8/8/8/8/1R6 w - - 0 1", 2},
		{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1},
	} {
		s := NewSearcher(16)
		done := make(chan Result, 1)
		go func() { done <- s.Search(chess.MustParseFEN(tc.fen), Limits{Mate: tc.mate}) }()
		select {
		case res := <-done:
			if res.Score < MateValue-(2*tc.mate-1) {
				t.Errorf("%s: score %d, want a mate in <= %d", tc.fen, res.Score, tc.mate)
			}
			if res.Depth > 2*tc.mate+12 {
				t.Errorf("%s: went on to depth %d after the mate", tc.fen, res.Depth)
			}
		case <-time.After(30 * time.Second):
			s.Stop()
			t.Fatalf("%s: go mate %d did not stop by itself", tc.fen, tc.mate)
		}
	}
	// Without a mate it runs until stopped.
	s := NewSearcher(16)
	done := make(chan Result, 1)
	go func() { done <- s.Search(chess.StartPosition(), Limits{Mate: 1}) }()
	select {
	case <-done:
		t.Fatal("go mate 1 from the start position ended by itself")
	case <-time.After(300 * time.Millisecond):
	}
	s.Stop()
	<-done
}

// searchmoves restricts the root: the best move and every PV's first move
// are among the listed ones, even where another move is far better.
func TestSearchMovesRestrict(t *testing.T) {
	// White can take a free queen with Rxd8+; searchmoves leaves it out.
	p := chess.MustParseFEN("3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
	var allowed []chess.Move
	for _, mv := range []string{"g1f1", "h2h3"} {
		m, err := p.ParseUCI(mv)
		if err != nil {
			t.Fatal(err)
		}
		allowed = append(allowed, m)
	}
	for _, mpv := range []int{1, 5} {
		s := NewSearcher(16)
		s.MultiPV = mpv
		var log infoLog
		s.OnInfo = log.add
		res := s.Search(p, Limits{Depth: 7, SearchMoves: allowed})
		in := func(m chess.Move) bool { return m == allowed[0] || m == allowed[1] }
		if !in(res.Best) {
			t.Errorf("MultiPV %d: best %v not in searchmoves", mpv, res.Best)
		}
		for _, inf := range log.all() {
			if len(inf.PV) > 0 && !in(inf.PV[0]) {
				t.Errorf("MultiPV %d: info PV starts with %v", mpv, inf.PV[0])
			}
			if inf.MultiPV > 2 {
				t.Errorf("MultiPV %d: line %d with 2 searchmoves", mpv, inf.MultiPV)
			}
		}
	}
}

// With MultiPV 3 every finished depth reports lines 1, 2 and 3 with
// different first moves and scores that do not increase; MultiPV above the
// number of legal moves is capped.
func TestMultiPVLines(t *testing.T) {
	for _, tc := range []struct {
		fen         string
		multiPV     int
		depth, want int
	}{
		{chess.StartFEN, 3, 8, 3},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 8, 3},
		{"k7/8/1K6/8/8/8/8/7R b - - 0 1", 3, 6, 1},   // one legal move
		{"7k/8/8/8/8/8/6PP/7K w - - 0 1", 256, 5, 5}, // five legal moves
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 1, 6, 1},
	} {
		if testing.Short() && tc.depth > 6 {
			tc.depth = 6 // the race detector's run
		}
		s := NewSearcher(16)
		s.MultiPV = tc.multiPV
		var log infoLog
		s.OnInfo = log.add
		res := s.Search(chess.MustParseFEN(tc.fen), Limits{Depth: tc.depth})
		byDepth := map[int][]Info{}
		for _, in := range log.all() {
			if in.Bound == BoundExact && in.Depth > 0 {
				byDepth[in.Depth] = append(byDepth[in.Depth], in)
			}
			if in.MultiPV > tc.want {
				t.Errorf("%s: multipv %d above %d", tc.fen, in.MultiPV, tc.want)
			}
		}
		for d := 1; d <= tc.depth; d++ {
			lines := byDepth[d]
			if len(lines) != tc.want {
				t.Errorf("%s depth %d: %d exact lines, want %d", tc.fen, d, len(lines), tc.want)
				continue
			}
			seen := map[chess.Move]bool{}
			for i, in := range lines {
				if in.MultiPV != i+1 {
					t.Errorf("%s depth %d: line %d has multipv %d", tc.fen, d, i, in.MultiPV)
				}
				if len(in.PV) == 0 || seen[in.PV[0]] {
					t.Errorf("%s depth %d: line %d PV %v empty or repeats a first move", tc.fen, d, i+1, in.PV)
				} else {
					seen[in.PV[0]] = true
				}
				if i > 0 && in.Score > lines[i-1].Score {
					t.Errorf("%s depth %d: line %d score %d above line %d's %d", tc.fen, d, i+1, in.Score, i, lines[i-1].Score)
				}
			}
		}
		if last := byDepth[tc.depth]; len(last) > 0 && (res.Best != last[0].PV[0] || res.Score != last[0].Score) {
			t.Errorf("%s: best %v %d is not line 1 of the last depth (%v %d)", tc.fen, res.Best, res.Score, last[0].PV[0], last[0].Score)
		}
	}
}

// An aspiration window that fails reports the line with its own multipv
// index and the bound: upperbound on a fail low, lowerbound on a fail high.
func TestAspirationBoundMarks(t *testing.T) {
	for _, tc := range []struct {
		pvIdx int
		shift int // the previous score put this far from the true one
		want  Bound
	}{
		{0, +400, BoundUpper}, {0, -400, BoundLower}, {1, +400, BoundUpper}, {2, -400, BoundLower},
	} {
		s := NewSearcher(16)
		s.MultiPV = 3
		var log infoLog
		s.OnInfo = log.add
		pos := chess.StartPosition()
		// Search to depth 6 first so that every line has a true score.
		s.Search(pos, Limits{Depth: 6})
		w := s.workers[0]
		for i := range w.rootMvs {
			w.rootMvs[i].prevScore = w.rootMvs[i].score
		}
		w.rootMvs[tc.pvIdx].prevScore += tc.shift
		w.pvIdx, w.rootDepth = tc.pvIdx, 6
		log.infos = nil
		w.aspiration(6)
		infos := log.all()
		if len(infos) == 0 {
			t.Fatalf("%+v: no report from a failing window", tc)
		}
		if in := infos[0]; in.Bound != tc.want || in.MultiPV != tc.pvIdx+1 {
			t.Errorf("%+v: first report bound %v multipv %d, want %v multipv %d", tc, in.Bound, in.MultiPV, tc.want, tc.pvIdx+1)
		}
	}
}

// A pondering search ignores its clock, does not answer before ponderhit
// or stop, and after ponderhit runs on a clock counted from ponderhit.
func TestPonderClockFromPonderhit(t *testing.T) {
	s := NewSearcher(16)
	s.MoveOverhead = 0
	done := make(chan Result, 1)
	pos := chess.StartPosition()
	if res := ponderThenHit(t, s, pos, done, 600*time.Millisecond); res.Best == chess.NoMove {
		t.Error("no move")
	}

	// A ponder search that finishes (depth limit) waits for ponderhit.
	s.Start(pos, Limits{Ponder: true, Depth: 2}, func(r Result) { done <- r })
	select {
	case <-done:
		t.Fatal("a finished ponder search answered before ponderhit")
	case <-time.After(300 * time.Millisecond):
	}
	s.PonderHit()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("no answer after ponderhit to a finished ponder search")
	}

	// Stop during ponder answers at once.
	s.Start(pos, Limits{Ponder: true, WTime: time.Hour, BTime: time.Hour}, func(r Result) { done <- r })
	time.Sleep(100 * time.Millisecond)
	s.Stop()
	select {
	case res := <-done:
		if res.Best == chess.NoMove {
			t.Error("no move after stop during ponder")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("stop during ponder did not answer")
	}

	// PonderHit without a pondering search does nothing, and the next
	// search is unaffected.
	s.PonderHit()
	res := s.Search(pos, Limits{Depth: 3})
	if res.Depth != 3 {
		t.Errorf("after a stray ponderhit: depth %d", res.Depth)
	}
}

// The clock runs from Limits.Start (when "go" arrived), not from when the
// search got going.
func TestClockFromLimitsStart(t *testing.T) {
	s := NewSearcher(16)
	s.MoveOverhead = 0
	t0 := time.Now()
	res := s.Search(chess.StartPosition(), Limits{MoveTime: 3200 * time.Millisecond, Start: t0.Add(-3 * time.Second)})
	if el := time.Since(t0); el > 2500*time.Millisecond {
		// 200 ms are left of the budget; a loaded machine gets more.
		t.Errorf("a search whose go came 3 s ago with movetime 3200 took %v", el)
	}
	if res.Best == chess.NoMove {
		t.Error("no move")
	}
}

// With every scaling at its maximum a search on a clock still stops
// within its hard limit: about 0.6 s here, while the test allows up to
// two fifths of the clock (4 s) for a loaded machine.
func TestScaledSearchKeepsHardLimit(t *testing.T) {
	for _, on := range []int{0, 200} {
		s := NewSearcher(16)
		s.Params.TMNodeShare = on
		for _, fen := range []string{chess.StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"} {
			t0 := time.Now()
			res := s.Search(chess.MustParseFEN(fen), Limits{WTime: 10 * time.Second, BTime: 10 * time.Second})
			if el := time.Since(t0); el > 4*time.Second || res.Best == chess.NoMove {
				t.Errorf("scalings %d, %s: %v on a 10 s clock, move %v", on, fen, el, res.Best)
			}
		}
	}
}

// ponderThenHit starts a pondering search on a 200 ms movetime, checks
// that it gives no answer for wait, then sends ponderhit and checks that
// the budget is counted from there. It returns the answer.
func ponderThenHit(t *testing.T, s *Searcher, pos *chess.Position, done chan Result, wait time.Duration) Result {
	t.Helper()
	s.Start(pos, Limits{Ponder: true, MoveTime: 200 * time.Millisecond}, func(r Result) { done <- r })
	select {
	case <-done:
		t.Fatal("a pondering search answered before ponderhit")
	case <-time.After(wait):
	}
	t0 := time.Now()
	s.PonderHit()
	select {
	case res := <-done:
		if el := time.Since(t0); el < 190*time.Millisecond {
			t.Errorf("answered %v after ponderhit; the 200 ms budget runs from ponderhit", el)
		}
		return res
	case <-time.After(5 * time.Second):
		t.Fatal("no answer 5 s after ponderhit with movetime 200")
	}
	return Result{}
}

// A shorter horizon spends more of the same clock on this move, a zero
// horizon is the default, and movestogo below the horizon still wins.
func TestTimeManagerHorizon(t *testing.T) {
	ms := time.Millisecond
	l := Limits{WTime: 2000 * ms, WInc: 100 * ms}
	at := func(h int, l Limits) timeManager {
		return newTimeManager(l, chess.White, 10*ms, time.Now(), tmConfig{horizon: h})
	}
	h40, h25, h0, hdef := at(40, l), at(25, l), at(0, l), at(DefaultParams().TMHorizon, l)
	if h0.soft != hdef.soft || h0.hard != hdef.hard {
		t.Errorf("horizon 0: soft %v hard %v, want the default horizon's %v %v", h0.soft, h0.hard, hdef.soft, hdef.hard)
	}
	if def := DefaultParams().TMHorizon; def != 30 {
		t.Errorf("TMHorizon default %d, want 30", def)
	}
	if h25.soft <= h40.soft {
		t.Errorf("horizon 25 soft %v not above horizon 40's %v", h25.soft, h40.soft)
	}
	mtg := l
	mtg.MovesToGo = 10
	if a, b := at(40, mtg), at(25, mtg); a.soft != b.soft {
		t.Errorf("movestogo 10: horizon 40 soft %v, horizon 25 soft %v; want equal", a.soft, b.soft)
	}
}

// defaultTM is the time manager's configuration under the default
// parameters: a 30-move horizon, the soft limit at the optimum.
var defaultTM = tmConfig{horizon: DefaultParams().TMHorizon, softPct: DefaultParams().TMSoftPct}

// The soft limit follows TMSoftPct (0 is the default, 100) and the hard
// limit does not move with it.
func TestTimeManagerSoftPct(t *testing.T) {
	ms := time.Millisecond
	l := Limits{WTime: 8000 * ms, WInc: 100 * ms}
	at := func(pct int) timeManager {
		return newTimeManager(l, chess.White, 10*ms, time.Now(), tmConfig{horizon: 40, softPct: pct})
	}
	p0, p60, p100, p90 := at(0), at(60), at(100), at(90)
	if p0.soft != p100.soft {
		t.Errorf("softPct 0: soft %v, want softPct 100's %v", p0.soft, p100.soft)
	}
	if def := DefaultParams().TMSoftPct; def != 100 {
		t.Errorf("TMSoftPct default %d, want 100", def)
	}
	if got, want := p90.soft, p60.soft*3/2; got < want-ms || got > want+ms {
		t.Errorf("softPct 90: soft %v, want 1.5 x %v", got, p60.soft)
	}
	if p90.hard != p60.hard {
		t.Errorf("softPct 90: hard %v, want %v as at 60", p90.hard, p60.hard)
	}
}
