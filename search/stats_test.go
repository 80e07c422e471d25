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
	needStats(t)
	depth := 7
	if testing.Short() {
		depth = 5 // make test runs -short under the race detector
	}
	r := BenchWith(DefaultParams(), depth, 16)
	s := &r.Stats
	if uint64(s.Nodes) != r.Nodes {
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

// TestNodeTypeStats checks the node-type counters: a predicted cut-node
// fails high more often than a predicted all-node.
func TestNodeTypeStats(t *testing.T) {
	needStats(t)
	st := BenchWith(DefaultParams(), statsDepth(6), 16).Stats
	if st.CutNodes == 0 || st.AllNodes == 0 || st.CutNodesHigh > st.CutNodes || st.AllNodesHigh > st.AllNodes {
		t.Fatalf("cut-nodes %d (%d high), all-nodes %d (%d high)", st.CutNodes, st.CutNodesHigh, st.AllNodes, st.AllNodesHigh)
	}
	cutRate := float64(st.CutNodesHigh) / float64(st.CutNodes)
	allRate := float64(st.AllNodesHigh) / float64(st.AllNodes)
	if cutRate <= allRate {
		t.Errorf("cut-nodes fail high %.1f%% of the time, all-nodes %.1f%%", 100*cutRate, 100*allRate)
	}
}

// statsDepth is the bench depth of the statistics tests: 7, or shortDepth
// under -short.
func statsDepth(shortDepth int) int {
	if testing.Short() {
		return shortDepth
	}
	return 7
}

// needStats skips a test that reads the search's statistics in a build
// that does not count them (StatsBuild), saying how to run it; "make
// test" runs these tests with the stats tag.
func needStats(t *testing.T) {
	t.Helper()
	if !StatsBuild {
		t.Skip("the statistics are counted only with the stats build tag: go test -tags stats")
	}
}

// TestStatsCompiledOut checks the release build's side: without the
// stats tag a search counts nothing, not even its nodes.
func TestStatsCompiledOut(t *testing.T) {
	if StatsBuild {
		t.Skip("a stats build counts: this test is for the release build")
	}
	if st := BenchWith(DefaultParams(), 4, 16).Stats; st != (Stats{}) {
		t.Errorf("a release build counted statistics: %+v", st)
	}
}
