package search

import (
	"fmt"
	"strings"
)

// Params holds the search's tunable constants: margins, reductions,
// depth limits and weights. They live in one table so that SPSA
// (OpenBench, or "vireo spsa run") can tune them: "vireo spsa" prints
// them in OpenBench's input format and a build with the "tune" tag
// advertises them as UCI options. docs/search.md describes where each
// acts and what it was measured to be worth.
type Params struct {
	// Aspiration windows: from AspDepth on, the root is searched with a
	// window of ±AspDelta around the last score, widened by half on each
	// failure (Rofchade's search).
	AspDepth, AspDelta int

	// Reverse futility pruning at depth ≤ RFPDepth: a node whose
	// evaluation beats beta by RFPMargin per ply (less RFPImproving when
	// improving) returns its evaluation.
	RFPDepth, RFPMargin, RFPImproving int

	// Null-move pruning from depth NMPDepth, reduced by NMPBase +
	// depth/NMPDivisor + (eval−beta)/NMPEvalDivisor (at most 3 of the
	// last), verified by a search without null moves from NMPVerifyDepth.
	NMPDepth, NMPBase, NMPDivisor, NMPEvalDivisor, NMPVerifyDepth int

	// Futility pruning of quiet moves at reduced depth ≤ FutilityDepth:
	// when the evaluation plus FutilityBase plus FutilityMargin per ply
	// stays at or below alpha, this quiet and the later ones are skipped.
	FutilityDepth, FutilityBase, FutilityMargin int

	// SEE pruning: a quiet move at depth ≤ SEEQuietDepth that loses more
	// than SEEQuietMargin per ply of reduced depth, a capture at depth ≤
	// SEENoisyDepth that loses more than SEENoisyMargin·depth².
	SEEQuietDepth, SEEQuietMargin, SEENoisyDepth, SEENoisyMargin int

	// History pruning at reduced depth < HistPruneDepth: a quiet move
	// (not a killer) whose history is below −HistPruneMargin·depth.
	HistPruneDepth, HistPruneMargin int

	// Late-move reductions from depth LMRDepth: the table gives
	// LMRBase/100 + ln(depth)·ln(move)/(LMRDivisor/100) plies, adjusted
	// by the node and the move; LMRCutNode more at predicted cut nodes,
	// history/LMRHistDivisor less.
	LMRDepth, LMRBase, LMRDivisor, LMRHistDivisor, LMRCutNode int

	// Singular extensions from SEDepth (0 disables them), Ethereal 12's form with
	// Stockfish's double extension: the table move, its entry a lower
	// bound at most SETTDepth plies shallower, is singular when every
	// other move stays below its score less SEMargin·depth, and extended
	// twice when below by SEDoubleMargin more (at most 6 on a line,
	// never at PV nodes). The test of the other moves stops after
	// SEQuietLimit quiet moves and SETacticalLimit captures (0: all).
	SEDepth, SEMargin, SEDoubleMargin, SETTDepth int
	SEQuietLimit, SETacticalLimit                int

	// Correction history weights in 1/1024ths of each table's entry
	// (0: the table is neither read nor written): pawn structure, each
	// side's non-pawn pieces, major pieces, minor pieces, and the last
	// two moves.
	CorrPawnW, CorrNonPawnW, CorrMajorW, CorrMinorW, CorrContW int

	// Hindsight (Stockfish's adjustment by prior reduction): a move the
	// parent reduced by HindsightDeepR plies or more that cost its mover
	// nothing by the two static evaluations either side of it is
	// searched a ply deeper; one reduced by HindsightShallowR or more
	// that cost its mover more than HindsightMargin centipawns, a ply
	// shallower.
	HindsightDeepR, HindsightShallowR, HindsightMargin int

	// Time management. TMNodeShare weighs, in percent, how far the soft
	// limit follows the best move's share of the root nodes (0: not at
	// all). TMHorizon is how many moves a clock without movestogo must
	// last, and the cap on movestogo. TMSoftPct is the soft limit (no new
	// iteration after it) in percent of a move's optimum time.
	TMNodeShare, TMHorizon, TMSoftPct int
}

// DefaultParams returns the tuned defaults.
func DefaultParams() Params {
	return Params{
		AspDepth: 5, AspDelta: 25,
		RFPDepth: 8, RFPMargin: 80, RFPImproving: 60,
		NMPDepth: 3, NMPBase: 3, NMPDivisor: 3, NMPEvalDivisor: 200, NMPVerifyDepth: 12,
		FutilityDepth: 8, FutilityBase: 100, FutilityMargin: 100,
		SEEQuietDepth: 8, SEEQuietMargin: 60, SEENoisyDepth: 6, SEENoisyMargin: 25,
		HistPruneDepth: 3, HistPruneMargin: 2048,
		LMRDepth: 3, LMRBase: 75, LMRDivisor: 225, LMRHistDivisor: 4096, LMRCutNode: 1,
		SEDepth: 6, SEMargin: 1, SEDoubleMargin: 20, SETTDepth: 2, SEQuietLimit: 6, SETacticalLimit: 3,
		CorrPawnW: 1024, CorrNonPawnW: 512, CorrMajorW: 512, CorrMinorW: 512, CorrContW: 512,
		HindsightDeepR: 3, HindsightShallowR: 2, HindsightMargin: 80,
		TMNodeShare: 100, TMHorizon: defaultHorizon, TMSoftPct: defaultSoftPct,
	}
}

// ParamInfo describes one parameter for SPSA and UCI.
type ParamInfo struct {
	Name       string
	Ptr        *int
	Min, Max   int
	CEnd, REnd float64
}

// Table lists the SPSA parameters with their ranges, in the order
// "vireo spsa" prints them. c_end is the SPSA step at the end of tuning
// (about a twentieth of the range, at least 0.5) and r_end the learning
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
		{"HistPruneDepth", &p.HistPruneDepth, 0, 8, 0, 0},
		{"HistPruneMargin", &p.HistPruneMargin, 0, 8192, 0, 0},
		{"LMRDepth", &p.LMRDepth, 0, 6, 0, 0},
		{"LMRBase", &p.LMRBase, 0, 200, 0, 0},
		{"LMRDivisor", &p.LMRDivisor, 100, 400, 0, 0},
		{"LMRHistDivisor", &p.LMRHistDivisor, 1024, 16384, 0, 0},
		{"LMRCutNode", &p.LMRCutNode, 0, 3, 0, 0},
		{"SEDepth", &p.SEDepth, 0, 12, 0, 0},
		{"SEMargin", &p.SEMargin, 1, 8, 0, 0},
		{"SEDoubleMargin", &p.SEDoubleMargin, 0, 1000, 0, 0},
		{"SETTDepth", &p.SETTDepth, 0, 6, 0, 0},
		{"SEQuietLimit", &p.SEQuietLimit, 0, 30, 0, 0},
		{"SETacticalLimit", &p.SETacticalLimit, 0, 30, 0, 0},
		{"CorrPawnW", &p.CorrPawnW, 0, 2048, 0, 0},
		{"CorrNonPawnW", &p.CorrNonPawnW, 0, 2048, 0, 0},
		{"CorrMajorW", &p.CorrMajorW, 0, 2048, 0, 0},
		{"CorrMinorW", &p.CorrMinorW, 0, 2048, 0, 0},
		{"CorrContW", &p.CorrContW, 0, 2048, 0, 0},
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

// Set changes a parameter of Table by name (case-insensitive).
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
