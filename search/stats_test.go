package search

import (
	"bytes"
	"strings"
	"testing"

	"vireo/chess"
)

// TestBenchStats checks that the statistics add up: every node is
// counted once, the cutoff histogram and the by-stage and by-depth counts
// are the same cutoffs, and the printed report leads with fail-high first.
func TestBenchStats(t *testing.T) {
	depth := 7
	if testing.Short() {
		depth = 5 // make test runs -short under the race detector
	}
	r := BenchWith(DefaultParams(), depth, 16)
	s := &r.Stats
	if s.Nodes != r.Nodes {
		t.Errorf("stats count %d nodes, the bench %d", s.Nodes, r.Nodes)
	}
	if s.QNodes == 0 || s.QNodes >= s.Nodes {
		t.Errorf("qsearch nodes %d of %d", s.QNodes, s.Nodes)
	}
	var byIndex, byStage, byDepth, late uint64
	for _, c := range s.Cutoffs {
		byIndex += c
	}
	for i, c := range s.CutoffByStage {
		byStage += c
		late += s.LateByStage[i]
	}
	for _, c := range s.CutoffsAtDepth {
		byDepth += c
	}
	if byIndex == 0 || byIndex != byStage || byIndex != byDepth {
		t.Errorf("cutoffs by index %d, by stage %d, by depth %d", byIndex, byStage, byDepth)
	}
	if late != byIndex-s.Cutoffs[0] {
		t.Errorf("late cutoffs %d, want %d", late, byIndex-s.Cutoffs[0])
	}
	if f := s.FailHighFirst(); f < 50 || f > 100 {
		t.Errorf("fail-high first %.1f%%", f)
	}
	if s.TTHits > s.TTProbes || s.TTProbes == 0 {
		t.Errorf("tt hits %d of %d probes", s.TTHits, s.TTProbes)
	}
	var out bytes.Buffer
	s.Print(&out)
	if !strings.HasPrefix(out.String(), "fail-high first: ") {
		t.Errorf("report starts %q", strings.SplitN(out.String(), "\n", 2)[0])
	}
}

// TestPastLMPCount checks the count of quiet cutoffs past Ethereal's
// late-move count: without late-move pruning some cutoffs come that
// late, and with it (LMPStyle 1, which searches no quiet past the count)
// almost none can; never more than the shallow quiet cutoffs.
func TestPastLMPCount(t *testing.T) {
	off, on := statsPair(6, func(p *Params) { p.LMPStyle, p.LMPDepth = 1, 8 })
	for _, c := range []struct {
		name string
		s    Stats
	}{{"off", off}, {"on", on}} {
		if c.s.ShallowQuietCuts == 0 || c.s.PastLMPCount > c.s.ShallowQuietCuts {
			t.Errorf("LMP %s: %d of %d shallow quiet cutoffs past the count", c.name, c.s.PastLMPCount, c.s.ShallowQuietCuts)
		}
	}
	offShare := float64(off.PastLMPCount) / float64(off.ShallowQuietCuts)
	onShare := float64(on.PastLMPCount) / float64(on.ShallowQuietCuts)
	// The few left with it on are in pawn endings, where no move is
	// pruned.
	if offShare < 0.02 || onShare > offShare/5 {
		t.Errorf("past the late-move count: %.1f%% without late-move pruning, %.1f%% with it", 100*offShare, 100*onShare)
	}
}

// TestLosingCaptureLast checks the picker's order: a capture that loses
// material comes after every quiet move.
func TestLosingCaptureLast(t *testing.T) {
	// White's queen can take a pawn defended by a pawn (losing) and has
	// quiet moves; no winning captures.
	pos := chess.MustParseFEN("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1")
	bad, err := pos.ParseUCI("d2d5")
	if err != nil {
		t.Fatal(err)
	}
	var h History
	var mp picker
	mp.init(pos, &h, chess.NoMove, [3]chess.Move{})
	var order []chess.Move
	for m := mp.next(); m != chess.NoMove; m = mp.next() {
		order = append(order, m)
	}
	if len(order) < 2 || order[len(order)-1] != bad {
		t.Errorf("move order %v: want the losing capture d2d5 last", order)
	}
}

// TestHistPruneSkip: with HistPruneSkip the first quiet that history
// pruning drops from the history-ordered stage ends that node's quiets,
// so the bench at the same depth counts such endings and far fewer
// history prunes; without it there are none.
func TestHistPruneSkip(t *testing.T) {
	off, on := statsPair(5, func(p *Params) { p.HistPruneSkip = 1 })
	if off.HistPruneSkips != 0 {
		t.Errorf("HistPruneSkip 0 ended the quiets %d times", off.HistPruneSkips)
	}
	if on.HistPruneSkips == 0 {
		t.Fatal("HistPruneSkip 1 never ended the quiets")
	}
	if on.HistoryPruned >= off.HistoryPruned {
		t.Errorf("history prunes %d with the skip, %d without: the skip should spare the prunes after the first", on.HistoryPruned, off.HistoryPruned)
	}
}

// TestNodeTypeStats checks the node-type and LMRCutoffs counters: a
// predicted cut-node fails high more often than a predicted all-node,
// the term never fires with LMRCutoffs off and does fire with it on, and
// no count of re-searches exceeds its reductions.
func TestNodeTypeStats(t *testing.T) {
	off, on := statsPair(6, func(p *Params) { p.LMRCutoffs = 3 })
	if off.CutNodes == 0 || off.AllNodes == 0 || off.CutNodesHigh > off.CutNodes || off.AllNodesHigh > off.AllNodes {
		t.Fatalf("cut-nodes %d (%d high), all-nodes %d (%d high)", off.CutNodes, off.CutNodesHigh, off.AllNodes, off.AllNodesHigh)
	}
	cutRate := float64(off.CutNodesHigh) / float64(off.CutNodes)
	allRate := float64(off.AllNodesHigh) / float64(off.AllNodes)
	if cutRate <= allRate {
		t.Errorf("cut-nodes fail high %.1f%% of the time, all-nodes %.1f%%", 100*cutRate, 100*allRate)
	}
	if off.CutoffTermCut+off.CutoffTermAll != 0 {
		t.Errorf("LMRCutoffs off, yet %d reductions deepened", off.CutoffTermCut+off.CutoffTermAll)
	}
	if on.CutoffTermCut+on.CutoffTermAll == 0 || on.CutoffTermCutRe > on.CutoffTermCut || on.CutoffTermAllRe > on.CutoffTermAll {
		t.Errorf("LMRCutoffs=3: %d/%d at cut-nodes, %d/%d at all-nodes", on.CutoffTermCutRe, on.CutoffTermCut, on.CutoffTermAllRe, on.CutoffTermAll)
	}
}

// statsPair runs the bench positions at depth 7 (shortDepth under -short)
// with the default parameters and with set applied, and returns both
// runs' statistics.
func statsPair(shortDepth int, set func(*Params)) (off, on Stats) {
	depth := statsDepth(shortDepth)
	p := DefaultParams()
	set(&p)
	return BenchWith(DefaultParams(), depth, 16).Stats, BenchWith(p, depth, 16).Stats
}

// statsDepth is the bench depth of the statistics tests: 7, or shortDepth
// under -short.
func statsDepth(shortDepth int) int {
	if testing.Short() {
		return shortDepth
	}
	return 7
}

// TestCutoffsScope: Stockfish's count (LMRCutoffsScope 1) takes in the
// cutoffs under every sibling searched before a node, not only under the
// node itself, so its term deepens a larger share of the reductions.
func TestCutoffsScope(t *testing.T) {
	depth := statsDepth(6)
	share := func(scope int) float64 {
		p := DefaultParams()
		p.LMRCutoffs, p.LMRCutoffsScope = 3, scope
		s := BenchWith(p, depth, 16).Stats
		if s.LMRSearches == 0 {
			t.Fatalf("scope %d: no reduced searches", scope)
		}
		return float64(s.CutoffTermCut+s.CutoffTermAll) / float64(s.LMRSearches)
	}
	own, wide := share(0), share(1)
	if wide <= own {
		t.Errorf("the term deepened %.1f%% of the reductions counting the node's own children, %.1f%% counting its siblings' too", 100*own, 100*wide)
	}
}

// TestAspFailHighReduce checks the aspiration counters and the switch
// that searches a ply shallower after a fail-high: the bench's windows
// fail high at some roots either way, and with the switch those
// re-searches are shallower, so the bench takes fewer nodes.
func TestAspFailHighReduce(t *testing.T) {
	off, on := statsPair(6, func(p *Params) { p.AspFailHighReduce = 1 })
	if off.AspFailHigh == 0 || on.AspFailHigh == 0 {
		t.Fatalf("aspiration fail-highs: %d without the switch, %d with it", off.AspFailHigh, on.AspFailHigh)
	}
	if on.Nodes >= off.Nodes {
		t.Errorf("bench nodes %d with AspFailHighReduce, %d without: the re-searches after a fail-high should be shallower", on.Nodes, off.Nodes)
	}
}
