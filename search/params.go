package search

import (
	"fmt"
	"strings"
)

// Params holds every search constant: margins, reductions and depth
// limits. They live in one table so that SPSA (OpenBench, or any tuner)
// can tune them: "vireo spsa" prints them in OpenBench's input format and
// a build with the "tune" tag exposes them as UCI options. A value of 0 in
// an *Depth field switches the heuristic off; the SPRTs of docs/elo-log.md
// compare builds and settings this way.
type Params struct {
	// AspDepth is the first depth searched with an aspiration window
	// (0: always the full window); AspDelta its first half-width. PVS 1
	// searches every move after a PV node's first with a zero window
	// first; 0 gives each the full window (plain alpha-beta), kept only
	// to measure what PVS is worth.
	AspDepth, AspDelta int

	RFPDepth, RFPMargin, RFPImproving int

	NMPDepth, NMPBase, NMPDivisor, NMPEvalDivisor, NMPVerifyDepth int

	FutilityDepth, FutilityBase, FutilityMargin int

	SEEQuietDepth, SEEQuietMargin, SEENoisyDepth, SEENoisyMargin int
	// LMRCutNode is the reduction added at predicted cut nodes (seed
	// 004's 1; Stockfish 2).
	LMRCutNode int

	HistPruneDepth, HistPruneMargin int

	LMRDepth, LMRBase, LMRDivisor, LMRHistDivisor int

	// Singular extensions from SEDepth (0: off): the table move is
	// singular when every other move stays below its score less
	// SEMargin·depth, extended twice when below by SEDoubleMargin more
	// (1000: never; at most 6 on a line, never at PV nodes). The
	// defaults are Ethereal 12's form, which won its screen, with
	// Stockfish's double extension at 20, which won its screen at 50,000
	// nodes and held at 10+0.1 (docs/elo-log.md). They start at depth
	// 6 (Stockfish's range) rather than Ethereal's 8, a change that won
	// at 50,000 nodes and held at 10+0.1. Vireo's first form was margin
	// 2, double below 20, entry 3 plies short, negative extension, no
	// limits.
	SEDepth, SEMargin, SEDoubleMargin int
	// SETTDepth: the table's entry must be at most this many plies
	// shallower than the node (Ethereal 12: 2). SENegExt 1 searches a
	// table move that is not singular but beat beta a ply shallower
	// (Stockfish's negative extension; Ethereal 12 has none); 2 does the
	// same at every cut node where it is not singular, as Stockfish does:
	// a node expected to fail high whose table move has rivals is likely
	// cut by one of them without the full depth.
	SETTDepth int
	// SEQuietLimit > 0 ends the singular test's search of the other
	// moves early, as Ethereal 12 does: after that many quiet moves the
	// rest are skipped, and once SETacticalLimit captures have been
	// searched too the test stops (Ethereal: 6 and 3). 0 searches all.
	SEQuietLimit, SETacticalLimit int

	CorrPawnW, CorrNonPawnW, CorrMajorW, CorrMinorW, CorrContW int

	// KillerSEE 1 tries a killer in the killer stage
	// only if it does not lose material by SEE; otherwise it is ordered
	// among the quiets by its history.
	KillerSEE int

	// CheckExt extends checks: 0 never, 1 when SEE >= 0 (seed 004), 2 always.
	CheckExt int

	// HistPrior is the prior of seed 004's share of good outcomes, in
	// quarters of the tables' units (a cutoff at depth d adds d²): the
	// share of g good and b bad is (g+HistPrior/4)/(g+b+HistPrior/2).
	// Seed 004's 4 (one of each) lets one outcome at depth 1 carry a
	// move a third of the way to either end; a larger prior waits for
	// more evidence, a smaller one moves further on less.
	HistPrior int
	// Hindsight 1 judges the parent's reduction of the move that led to
	// a node by the two static evaluations either side of it (Stockfish's
	// adjustment by prior reduction): a move reduced by HindsightDeepR
	// plies or more that left its mover no worse off is searched a ply
	// deeper, one reduced by HindsightShallowR or more that cost its mover
	// more than HindsightMargin centipawns a ply shallower. The reduction
	// guessed from the move's rank and history; the evaluations say what
	// the move did. On since it won its screen at 50,000 nodes and stayed
	// ahead at 10+0.1 (docs/elo-log.md).
	HindsightDeepR, HindsightShallowR, HindsightMargin int

	// Time management (issue 11): how strongly the soft limit follows
	// best-move stability, the score trend and the best move's share of
	// the root nodes, in percent of the designed strength (100); 0 = off.
	TMNodeShare int
	// TMHorizon is how many moves a clock without movestogo must last,
	// and the cap on movestogo. Under an increment the clock settles
	// where a move costs about one increment; with 40 that leaves some
	// 2 s unused at 10+0.1 (docs/performance.md), and a shorter horizon
	// settles lower.
	TMHorizon int
	// TMSoftPct is the soft limit (no new iteration after it) in percent
	// of a move's optimum time, before tmFactor scales it.
	TMSoftPct int
}

// DefaultParams returns the tuned defaults.
func DefaultParams() Params {
	return Params{
		AspDepth: 5, AspDelta: 25, RFPDepth: 8, RFPMargin: 80, RFPImproving: 60,
		NMPDepth: 3, NMPBase: 3, NMPDivisor: 3, NMPEvalDivisor: 200, NMPVerifyDepth: 12, FutilityDepth: 8, FutilityBase: 100, FutilityMargin: 100,
		SEEQuietDepth: 8, SEEQuietMargin: 60, SEENoisyDepth: 6, SEENoisyMargin: 25,
		LMRCutNode: 1, HistPruneDepth: 3, HistPruneMargin: 2048, LMRDepth: 3, LMRBase: 75, LMRDivisor: 225, LMRHistDivisor: 4096, SEDepth: 6, SEMargin: 1, SEDoubleMargin: 20, SETTDepth: 2, SEQuietLimit: 6, SETacticalLimit: 3,
		CheckExt: 1, CorrPawnW: 1024, CorrNonPawnW: 512, CorrMajorW: 512, CorrMinorW: 512, CorrContW: 512, HistPrior: 4,
		HindsightDeepR: 3, HindsightShallowR: 2, HindsightMargin: 80, TMNodeShare: 100, TMHorizon: 40, TMSoftPct: defaultSoftPct,
	}
}

// ParamInfo describes one parameter for SPSA and UCI.
type ParamInfo struct {
	Name       string
	Ptr        *int
	Min, Max   int
	CEnd, REnd float64
}

// Table lists the parameters with their ranges. c_end is the SPSA step at
// the end of tuning (about a twentieth of the range) and r_end the learning
// rate, OpenBench's usual 0.002.
func (p *Params) Table() []ParamInfo {
	t := []ParamInfo{
		{"AspDepth", &p.AspDepth, 0, 20, 0, 0},
		{"AspDelta", &p.AspDelta, 5, 100, 0, 0},
		{"RFPDepth", &p.RFPDepth, 0, 12, 0, 0},
		{"RFPMargin", &p.RFPMargin, 20, 200, 0, 0},
		{"RFPImproving", &p.RFPImproving, 0, 150, 0, 0},
		{"NMPDepth", &p.NMPDepth, 0, 6, 0, 0},
		{"NMPBase", &p.NMPBase, 1, 6, 0, 0},
		{"NMPDivisor", &p.NMPDivisor, 2, 8, 0, 0},
		{"NMPEvalDivisor", &p.NMPEvalDivisor, 50, 500, 0, 0},
		{"NMPVerifyDepth", &p.NMPVerifyDepth, 6, 30, 0, 0},
		{"FutilityDepth", &p.FutilityDepth, 0, 12, 0, 0},
		{"FutilityBase", &p.FutilityBase, 0, 300, 0, 0},
		{"FutilityMargin", &p.FutilityMargin, 20, 250, 0, 0},
		{"SEEQuietDepth", &p.SEEQuietDepth, 0, 12, 0, 0},
		{"SEEQuietMargin", &p.SEEQuietMargin, 10, 150, 0, 0},
		{"SEENoisyDepth", &p.SEENoisyDepth, 0, 12, 0, 0},
		{"SEENoisyMargin", &p.SEENoisyMargin, 5, 100, 0, 0},
		{"LMRCutNode", &p.LMRCutNode, 0, 3, 0, 0},
		{"HistPruneDepth", &p.HistPruneDepth, 0, 8, 0, 0},
		{"HistPruneMargin", &p.HistPruneMargin, 0, 8192, 0, 0},
		{"LMRDepth", &p.LMRDepth, 0, 6, 0, 0},
		{"LMRBase", &p.LMRBase, 0, 200, 0, 0},
		{"LMRDivisor", &p.LMRDivisor, 100, 400, 0, 0},
		{"LMRHistDivisor", &p.LMRHistDivisor, 1024, 16384, 0, 0},
		{"SEDepth", &p.SEDepth, 0, 12, 0, 0},
		{"SEMargin", &p.SEMargin, 1, 8, 0, 0},
		{"SEDoubleMargin", &p.SEDoubleMargin, 0, 1000, 0, 0},
		{"SETTDepth", &p.SETTDepth, 0, 6, 0, 0},
		{"SEQuietLimit", &p.SEQuietLimit, 0, 30, 0, 0},
		{"SETacticalLimit", &p.SETacticalLimit, 0, 30, 0, 0},
		{"CheckExt", &p.CheckExt, 0, 2, 0, 0},
		{"KillerSEE", &p.KillerSEE, 0, 1, 0, 0},
		{"CorrPawnW", &p.CorrPawnW, 0, 2048, 0, 0},
		{"CorrNonPawnW", &p.CorrNonPawnW, 0, 2048, 0, 0},
		{"CorrMajorW", &p.CorrMajorW, 0, 2048, 0, 0},
		{"CorrMinorW", &p.CorrMinorW, 0, 2048, 0, 0},
		{"CorrContW", &p.CorrContW, 0, 2048, 0, 0},
		{"HistPrior", &p.HistPrior, 1, 1024, 0, 0},
		{"HindsightDeepR", &p.HindsightDeepR, 1, 8, 0, 0},
		{"HindsightShallowR", &p.HindsightShallowR, 1, 8, 0, 0},
		{"HindsightMargin", &p.HindsightMargin, 0, 400, 0, 0},
		{"TMNodeShare", &p.TMNodeShare, 0, 200, 0, 0},
		{"TMHorizon", &p.TMHorizon, 10, 60, 0, 0},
		{"TMSoftPct", &p.TMSoftPct, 20, 150, 0, 0},
	}
	for i := range t {
		r := float64(t[i].Max - t[i].Min)
		t[i].CEnd = max(r/20, 0.5)
		t[i].REnd = 0.002
	}
	return t
}

// Set changes a parameter by name (case-insensitive).
func (p *Params) Set(name string, v int) error {
	for _, pi := range p.Table() {
		if strings.EqualFold(pi.Name, name) {
			if v < pi.Min || v > pi.Max {
				return fmt.Errorf("%s: %d is outside %d..%d", pi.Name, v, pi.Min, pi.Max)
			}
			*pi.Ptr = v
			return nil
		}
	}
	return fmt.Errorf("unknown option %q: not a search parameter", name)
}

// SPSA returns the parameters in OpenBench's SPSA input format.
func (p *Params) SPSA() string {
	var sb strings.Builder
	for _, pi := range p.Table() {
		fmt.Fprintf(&sb, "%s, int, %d, %d, %d, %g, %g\n", pi.Name, *pi.Ptr, pi.Min, pi.Max, pi.CEnd, pi.REnd)
	}
	return sb.String()
}
