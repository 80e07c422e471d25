package search

import (
	"fmt"
	"io"
)

// Stats counts what the search did, for "vireo bench --stats": the
// figures a search developer reads first when a heuristic that wins
// elsewhere loses here. The counts are taken only in a build with the
// "stats" tag (StatsBuild): elsewhere every increment compiles to
// nothing. Measured on the bench, the increments cost about 1% of the
// search's CPU time (median of 15 alternating pairs of user times; the
// pairs ranged from −4% to +13% on the shared machine). Counting never
// changes the search: the node count is the same either way.
type Stats struct {
	Nodes, QNodes counter

	// Transposition table probes and hits in the main search, and the
	// cutoffs taken on a hit.
	TTProbes, TTHits, TTCuts counter

	// Beta cutoffs of the main search (root excluded) by the index of
	// the cutting move among the moves searched at the node: Cutoffs[0]
	// is the first move, Cutoffs[i] the (i+1)-th, the last bucket all
	// later ones.
	Cutoffs [cutoffBuckets]uint64
	// CutoffByStage counts the same cutoffs by the picker stage that
	// produced the cutting move.
	CutoffByStage [stageCount]uint64
	// LateByStage counts the cutoffs by a move other than the first, by
	// the stage of the cutting move; LateFirstStage by the stage of the
	// first move searched at those nodes, which failed to cut.
	LateByStage, LateFirstStage [stageCount]uint64
	// CutoffsAtDepth and FirstAtDepth count the cutoffs, and those by
	// the first move, by the node's depth (1..7, the last bucket deeper).
	CutoffsAtDepth, FirstAtDepth [8]uint64
	// QCutoffs are the cutoffs of quiescence search by move (stand pat
	// not counted), QCutoffsFirst those by its first move.
	QCutoffs, QCutoffsFirst, QStandPat counter
	// QuietCutRank sums, over the cutoffs by a move of the quiet stage,
	// its place among the history-ordered quiets (1: the first): divided
	// by the quiet-stage cutoffs it says how well history orders them,
	// which is what history pruning and the reductions rely on.
	QuietCutRank counter

	// Whole-node pruning: tried (conditions met) and succeeded.
	RFPCut                     counter
	NMPTried, NMPCut, NMPFail  counter
	NMPVerify                  counter
	HindsightDeeper            counter
	HindsightShallower         counter
	HistoryPruned              counter
	FutilityPruned             counter
	SEEQuietPruned, SEENoisy   counter
	LMRSearches, LMRReSearches counter
	LMRReductionSum            counter
	PVSReSearches              counter
	// Root searches whose score fell outside the aspiration window.
	AspFailLow, AspFailHigh counter
	SETried, SESingular     counter
	SEDouble                counter
	SEMultiCut              counter
	CheckExtensions         counter
	QSEEPruned              counter
	// Node types as the search predicts them, and how often the
	// prediction held: zero-window nodes that reached the move loop
	// flagged as cut-nodes (CutNodes) or all-nodes (AllNodes), and those
	// among them that failed high.
	CutNodes, CutNodesHigh counter
	AllNodes, AllNodesHigh counter
}

// cutoffBuckets is the length of the cutoff-index histogram: moves 1..15
// and one bucket for the 16th and later.
const cutoffBuckets = 16

// Add adds o's counts to s, to total the workers or the bench positions.
func (s *Stats) Add(o *Stats) {
	s.Nodes += o.Nodes
	s.QNodes += o.QNodes
	s.TTProbes += o.TTProbes
	s.TTHits += o.TTHits
	s.TTCuts += o.TTCuts
	for i := range s.Cutoffs {
		s.Cutoffs[i] += o.Cutoffs[i]
	}
	for i := range s.CutoffByStage {
		s.CutoffByStage[i] += o.CutoffByStage[i]
		s.LateByStage[i] += o.LateByStage[i]
		s.LateFirstStage[i] += o.LateFirstStage[i]
	}
	for i := range s.CutoffsAtDepth {
		s.CutoffsAtDepth[i] += o.CutoffsAtDepth[i]
		s.FirstAtDepth[i] += o.FirstAtDepth[i]
	}
	for _, f := range s.counters() {
		*f.s += *f.pick(o)
	}
}

// counter is one statistic. Its methods count only in a build with the
// "stats" tag; elsewhere they are empty and inlined away with the
// address of the count.
type counter uint64

func (c *counter) inc() {
	if StatsBuild {
		*c++
	}
}

func (c *counter) add(n uint64) {
	if StatsBuild {
		*c += counter(n)
	}
}

type namedCounter struct {
	name string
	s    *counter
	pick func(*Stats) *counter
}

// counters lists the plain counters with their names, in print order.
func (s *Stats) counters() []namedCounter {
	mk := func(name string, f func(*Stats) *counter) namedCounter { return namedCounter{name, f(s), f} }
	return []namedCounter{
		mk("reverse futility cut", func(x *Stats) *counter { return &x.RFPCut }),
		mk("null move tried", func(x *Stats) *counter { return &x.NMPTried }),
		mk("null move cut", func(x *Stats) *counter { return &x.NMPCut }),
		mk("null move failed", func(x *Stats) *counter { return &x.NMPFail }),
		mk("null move verified", func(x *Stats) *counter { return &x.NMPVerify }),
		mk("hindsight: reduced moves searched a ply deeper", func(x *Stats) *counter { return &x.HindsightDeeper }),
		mk("hindsight: reduced moves searched a ply shallower", func(x *Stats) *counter { return &x.HindsightShallower }),
		mk("futility pruned", func(x *Stats) *counter { return &x.FutilityPruned }),
		mk("history pruned", func(x *Stats) *counter { return &x.HistoryPruned }),
		mk("SEE pruned quiet", func(x *Stats) *counter { return &x.SEEQuietPruned }),
		mk("SEE pruned noisy", func(x *Stats) *counter { return &x.SEENoisy }),
		mk("LMR searches", func(x *Stats) *counter { return &x.LMRSearches }),
		mk("LMR re-searches", func(x *Stats) *counter { return &x.LMRReSearches }),
		mk("LMR plies reduced", func(x *Stats) *counter { return &x.LMRReductionSum }),
		mk("PVS re-searches", func(x *Stats) *counter { return &x.PVSReSearches }),
		mk("aspiration fail-lows", func(x *Stats) *counter { return &x.AspFailLow }),
		mk("aspiration fail-highs", func(x *Stats) *counter { return &x.AspFailHigh }),
		mk("singular tried", func(x *Stats) *counter { return &x.SETried }),
		mk("singular extended", func(x *Stats) *counter { return &x.SESingular }),
		mk("singular double", func(x *Stats) *counter { return &x.SEDouble }),
		mk("singular multi-cut", func(x *Stats) *counter { return &x.SEMultiCut }),
		mk("check extensions", func(x *Stats) *counter { return &x.CheckExtensions }),
		mk("quiet-stage cutoff rank sum", func(x *Stats) *counter { return &x.QuietCutRank }),
		mk("qsearch stand pat", func(x *Stats) *counter { return &x.QStandPat }),
		mk("qsearch cutoffs", func(x *Stats) *counter { return &x.QCutoffs }),
		mk("qsearch cutoffs first", func(x *Stats) *counter { return &x.QCutoffsFirst }),
		mk("qsearch SEE pruned", func(x *Stats) *counter { return &x.QSEEPruned }),
		mk("cut-nodes", func(x *Stats) *counter { return &x.CutNodes }),
		mk("cut-nodes failed high", func(x *Stats) *counter { return &x.CutNodesHigh }),
		mk("all-nodes", func(x *Stats) *counter { return &x.AllNodes }),
		mk("all-nodes failed high", func(x *Stats) *counter { return &x.AllNodesHigh }),
	}
}

// cutoff records a beta cutoff of the main search by the played-th move
// searched (1-based), handed out at stage.
func (s *Stats) cutoff(played, stage, firstStage, depth int) {
	if StatsBuild {
		s.recordCutoff(played, stage, firstStage, depth)
	}
}

func (s *Stats) recordCutoff(played, stage, firstStage, depth int) {
	s.Cutoffs[min(played, cutoffBuckets)-1]++
	d := min(max(depth, 1), len(s.CutoffsAtDepth)) - 1
	s.CutoffsAtDepth[d]++
	if played == 1 {
		s.FirstAtDepth[d]++
	}
	s.CutoffByStage[stage]++
	if played > 1 {
		s.LateByStage[stage]++
		s.LateFirstStage[firstStage]++
	}
}

// nodeType records a zero-window node's predicted type and whether it
// failed high.
func (s *Stats) nodeType(cutNode, high bool) {
	if cutNode {
		tally(&s.CutNodes, &s.CutNodesHigh, high)
	} else {
		tally(&s.AllNodes, &s.AllNodesHigh, high)
	}
}

// tally counts one event in n, and in hits when hit.
func tally(n, hits *counter, hit bool) {
	n.inc()
	if hit {
		hits.inc()
	}
}

// FailHighFirst is the share of main-search beta cutoffs made by the
// first move searched, in percent.
func (s *Stats) FailHighFirst() float64 {
	total := uint64(0)
	for _, c := range s.Cutoffs {
		total += c
	}
	if total == 0 {
		return 0
	}
	return 100 * float64(s.Cutoffs[0]) / float64(total)
}

var stageNames = [stageCount]string{
	stageTT: "tt move", stageGoodNoisy: "good noisy", stageKillers: "killers",
	stageBadNoisy: "bad noisy", stageQuiets: "quiets",
	stageEvasionTT: "evasion tt move", stageEvasions: "evasions",
}

// Print writes the statistics as "name: value" lines, fail-high first
// on the first line.
func (s *Stats) Print(out io.Writer) {
	pct := func(a, b uint64) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	total := uint64(0)
	weighted := uint64(0)
	for i, c := range s.Cutoffs {
		total += c
		weighted += uint64(i+1) * c
	}
	fmt.Fprintf(out, "fail-high first: %.1f%%\n", s.FailHighFirst())
	mean := 0.0
	if total > 0 {
		mean = float64(weighted) / float64(total)
	}
	fmt.Fprintf(out, "cutoffs: %d (mean index %.2f)\n", total, mean)
	fmt.Fprintf(out, "cutoff index:")
	for i, c := range s.Cutoffs {
		label := fmt.Sprint(i + 1)
		if i == len(s.Cutoffs)-1 {
			label += "+"
		}
		fmt.Fprintf(out, " %s=%.1f%%", label, pct(c, total))
	}
	fmt.Fprintln(out)
	byStage := func(title string, counts *[stageCount]uint64, of uint64) {
		fmt.Fprintf(out, "%s:", title)
		for i, c := range counts {
			if stageNames[i] != "" {
				fmt.Fprintf(out, " %s=%.1f%%", stageNames[i], pct(c, of))
			}
		}
		fmt.Fprintln(out)
	}
	fmt.Fprintf(out, "fail-high first by depth:")
	for i, c := range s.CutoffsAtDepth {
		label := fmt.Sprint(i + 1)
		if i == len(s.CutoffsAtDepth)-1 {
			label += "+"
		}
		fmt.Fprintf(out, " %s=%.1f%% (%.0f%% of cutoffs)", label, pct(s.FirstAtDepth[i], c), pct(c, total))
	}
	fmt.Fprintln(out)
	byStage("cutoff stage", &s.CutoffByStage, total)
	late := total - s.Cutoffs[0]
	byStage("late cutoff stage", &s.LateByStage, late)
	byStage("late cutoff, first move's stage", &s.LateFirstStage, late)
	fmt.Fprintf(out, "nodes: %d (qsearch %.1f%%)\n", s.Nodes, pct(uint64(s.QNodes), uint64(s.Nodes)))
	fmt.Fprintf(out, "tt hit rate: %.1f%% of %d probes (cut %.1f%%)\n", pct(uint64(s.TTHits), uint64(s.TTProbes)), s.TTProbes, pct(uint64(s.TTCuts), uint64(s.TTProbes)))
	if q := s.CutoffByStage[stageQuiets]; q > 0 {
		fmt.Fprintf(out, "quiet cutoffs: mean rank %.2f among the history-ordered quiets\n", float64(s.QuietCutRank)/float64(q))
	}
	if s.LMRSearches > 0 {
		fmt.Fprintf(out, "lmr re-search rate: %.1f%% (mean reduction %.2f plies)\n",
			pct(uint64(s.LMRReSearches), uint64(s.LMRSearches)), s.meanReduction())
	}
	for _, c := range s.counters() {
		fmt.Fprintf(out, "%s: %d\n", c.name, *c.s)
	}
}

// meanReduction is the plies taken off a reduced search on average (0
// when nothing was reduced).
func (s *Stats) meanReduction() float64 {
	if s.LMRSearches == 0 {
		return 0
	}
	return float64(s.LMRReductionSum) / float64(s.LMRSearches)
}
