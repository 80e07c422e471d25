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
	AspDepth, AspDelta, PVS int
	// AspFailHighReduce 1 searches a ply shallower after each fail-high
	// of the aspiration window and back at full depth after a fail-low
	// (Ethereal 12's window): a fail-high re-search only has to confirm
	// that the move is good, and the full depth comes with the next
	// iteration, whose order the shallower search has already improved.
	AspFailHighReduce int

	RFPDepth, RFPMargin, RFPImproving int

	NMPDepth, NMPBase, NMPDivisor, NMPEvalDivisor, NMPVerifyDepth int

	LMPDepth, LMPBase int
	LMPQuiets         int // 1: the LMP threshold counts quiet moves only, not all moves

	FutilityDepth, FutilityBase, FutilityMargin int
	// FutilityStyle 1 is Ethereal 12's futility pruning in place of seed
	// 004's: the margin is FutilityMargin per ply of the node's depth
	// (not the reduced depth) with no base, and the quiet that meets it
	// is still searched, only the quiets after it are skipped; it acts
	// only on a quiet whose history is below FutilityHistLimit (half
	// that when improving), unless the evaluation is FutilityNoHist
	// further below alpha. Seed 004's form (0) drops the quiet that meets
	// its margin and every quiet after it, whatever their history.
	FutilityStyle, FutilityHistLimit, FutilityNoHist int

	SEEQuietDepth, SEEQuietMargin, SEENoisyDepth, SEENoisyMargin int
	// NoisyFutility B > 0 skips, at a non-PV node not in check, a capture
	// that gives no check when the static evaluation plus B, plus
	// NoisyFutMargin per ply of the move's reduced depth (below 7), plus
	// the captured piece still falls short of alpha (Stockfish's futility
	// pruning of captures). 0 is off.
	NoisyFutility, NoisyFutMargin int
	// QSEvasions N > 0 lets quiescence search at most N quiet evasions of
	// a check once it has a score that is not a mate against it
	// (Stockfish's pruning after the second quiet evasion). 0 is off.
	QSEvasions int
	// LMRCutNode is the reduction added at predicted cut nodes (seed
	// 004's 1; Stockfish 2).
	LMRCutNode int

	HistPruneDepth, HistPruneMargin int
	// HistPruneSkip 1 ends a node's quiet moves (but for the checks that
	// ExemptChecks spares) at the first one history pruning drops from
	// the history-ordered stage: every quiet after it scores no higher
	// and stands no shallower, so it would be dropped too, by history or
	// by futility pruning, after a selection pass of its own.
	HistPruneSkip int

	LMRDepth, LMRBase, LMRDivisor, LMRHistDivisor int
	// LMRPlayed 1 indexes the reduction table by the move's place among
	// the moves searched; 0 among those handed out, pruned ones counted.
	LMRPlayed int
	// LMRReSearch 1 re-searches a reduced move that beat alpha a ply
	// deeper when it beat the best score by more than LMRDeeperMargin
	// (+2 per ply), a ply shallower when by less than LMRShallowerMargin.
	LMRReSearch, LMRDeeperMargin, LMRShallowerMargin int
	// LMRAllNode 1 reduces a ply more at nodes expected to fail low
	// (neither PV nor cut nodes). Ethereal 12 reduces every non-PV node
	// a ply more than a PV node; without this Vireo does so only at cut
	// nodes.
	LMRAllNode int

	// LMPStyle 1 is Ethereal's late-move pruning (quiet moves counted,
	// 2.08+0.37d² or 3.87+0.71d² when improving, the move at the count
	// still searched); 0 seed 004's, with LMPBase and LMPQuiets; 2
	// Ethereal's counts, but each quiet past the count is dropped on its
	// own unless its history score is above LMPKeep.
	LMPStyle int
	LMPKeep  int
	// LMPScale scales the counts of LMPStyle 1 and 2, in percent of
	// Ethereal's: Vireo makes twice Ethereal's share of its shallow quiet
	// cutoffs past those counts (docs/search.md), so they may need to be
	// larger here.
	LMPScale int
	// LMPMinDepth is the shallowest depth LMPStyle 1 and 2 act at. At
	// depth 1 and 2 a fifth of Vireo's quiet cutoffs at nodes that are
	// not improving come past Ethereal's count, against 2% to 8% from
	// depth 3 (docs/search.md).
	LMPMinDepth int

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
	SETTDepth, SENegExt int
	// SEQuietLimit > 0 ends the singular test's search of the other
	// moves early, as Ethereal 12 does: after that many quiet moves the
	// rest are skipped, and once SETacticalLimit captures have been
	// searched too the test stops (Ethereal: 6 and 3). 0 searches all.
	SEQuietLimit, SETacticalLimit int

	ImprovingRate int // 0: boolean improving only; 1: the dynamic rate drives LMP
	// ImprovingNoPast is improving (0 or 1) when the evaluations two and
	// four plies back are both unknown (in check); seed 002 leaves it open.
	ImprovingNoPast int
	// ExemptChecks spares quiet checking moves from late-move, futility
	// and history pruning: 1 the move at hand only, 2 also the quiet
	// checks after it once the rest of the quiets are pruned.
	ExemptChecks int
	// Correction history weights in 1/1024ths (0: table off), and the
	// update: 0 seed 001's gravity form, 1 seed 000's moving average.
	CorrPawnW, CorrNonPawnW, CorrMajorW, CorrMinorW, CorrContW, CorrEMA int

	// QSFutility is the margin of quiescence futility (delta) pruning:
	// captures whose victim cannot lift the static evaluation to alpha
	// with this margin are skipped; 0 = off.
	QSFutility int
	// QSSEEMin is what a capture must win by SEE to be searched in
	// quiescence (0: not lose material; 1: Ethereal 12's, which drops
	// even trades). QSSEEFutility, when above 0, raises that bar to
	// alpha − static eval − QSSEEFutility, so that a capture must win
	// back most of what the position lacks (Ethereal 12's 100).
	QSSEEMin, QSSEEFutility int

	// RootLMR reduces late root moves as late moves of any PV node are,
	// with the root moves given the main search's order at the start and
	// the last iteration's node counts after.
	RootLMR int

	// KillerSEE 1 tries a killer in the killer stage
	// only if it does not lose material by SEE; otherwise it is ordered
	// among the quiets by its history.
	KillerSEE int

	// CheckExt extends checks: 0 never, 1 when SEE >= 0 (seed 004), 2 always.
	CheckExt int
	// LMRTTNoisy 1 reduces quiet moves a ply more where the table's move
	// is a capture or promotion (Stockfish's ttCapture): the position's
	// best line is tactical, and a quiet alternative rarely beats it.
	LMRTTNoisy int
	// LMRCutoffs N > 0 reduces a ply more once the children already
	// searched at this node have made more than N beta cutoffs between
	// them (Stockfish's cutoffCnt): their replies keep refuting our
	// moves, so this is likely an all-node where the next one fails too.
	LMRCutoffs int
	// LMRCutoffsAll 1 makes the LMRCutoffs term two plies at predicted
	// all-nodes (Stockfish's newer form), where the reduced searches it
	// deepens least often come back above alpha.
	LMRCutoffsAll int
	// LMRCutoffsScope says whose cutoffs the LMRCutoffs term counts: 0
	// those of this node's children alone; 1 Stockfish's, every cutoff at
	// the next ply since this node's parent began (the count is cleared
	// two plies ahead at each node), so a node late among its siblings
	// inherits how often their replies cut too.
	LMRCutoffsScope int

	// HistPrior is the prior of seed 004's share of good outcomes, in
	// quarters of the tables' units (a cutoff at depth d adds d²): the
	// share of g good and b bad is (g+HistPrior/4)/(g+b+HistPrior/2).
	// Seed 004's 4 (one of each) lets one outcome at depth 1 carry a
	// move a third of the way to either end; a larger prior waits for
	// more evidence, a smaller one moves further on less.
	HistPrior int
	// PVAlphaReduce N searches the rest of a PV node's moves N plies
	// shallower once one has raised alpha without reaching beta, at
	// depths 3 to 11 (Stockfish's reduction after a score improvement).
	PVAlphaReduce int
	// Hindsight 1 judges the parent's reduction of the move that led to
	// a node by the two static evaluations either side of it (Stockfish's
	// adjustment by prior reduction): a move reduced by HindsightDeepR
	// plies or more that left its mover no worse off is searched a ply
	// deeper, one reduced by HindsightShallowR or more that cost its mover
	// more than HindsightMargin centipawns a ply shallower. The reduction
	// guessed from the move's rank and history; the evaluations say what
	// the move did. On since it won its screen at 50,000 nodes and stayed
	// ahead at 10+0.1 (docs/elo-log.md).
	Hindsight, HindsightDeepR, HindsightShallowR, HindsightMargin int

	// Time management (issue 11): how strongly the soft limit follows
	// best-move stability, the score trend and the best move's share of
	// the root nodes, in percent of the designed strength (100); 0 = off.
	TMStability, TMScoreTrend, TMNodeShare int
	// TMLagReserve 1 plans each move net of the move overhead of every
	// move until the horizon (Stockfish's rule); 0 time manager v1.
	TMLagReserve int
	// TMHorizon is how many moves a clock without movestogo must last,
	// and the cap on movestogo. Under an increment the clock settles
	// where a move costs about one increment; with 40 that leaves some
	// 2 s unused at 10+0.1 (docs/performance.md), and a shorter horizon
	// settles lower.
	TMHorizon int
	// TMSoftPct is the soft limit (no new iteration after it) in percent
	// of a move's optimum time, before tmFactor scales it.
	TMSoftPct int

	// Lazy SMP (seed 004; see smp.go), for more than one thread only:
	// SMPSkipDepth 1 skips a depth another worker has finished,
	// SMPHalfPlusOne 1 starts a worker one deeper when half of the
	// workers plus one are already at its depth or deeper (off: it did
	// not gain at 2 threads, docs/elo-log.md), and
	// SMPAspDelta is the aspiration delta of the odd-numbered workers
	// (0: AspDelta, like the others; the default, since 50 did not gain
	// at 2 threads either).
	SMPSkipDepth, SMPHalfPlusOne, SMPAspDelta int
}

// DefaultParams returns the tuned defaults.
func DefaultParams() Params {
	return Params{
		AspDepth: 5, AspDelta: 25, PVS: 1, AspFailHighReduce: 0,
		RFPDepth: 8, RFPMargin: 80, RFPImproving: 60,
		NMPDepth: 3, NMPBase: 3, NMPDivisor: 3, NMPEvalDivisor: 200, NMPVerifyDepth: 12, LMPDepth: 0, LMPBase: 3, LMPQuiets: 0,
		FutilityDepth: 8, FutilityBase: 100, FutilityMargin: 100,
		FutilityStyle: 0, FutilityHistLimit: 2000, FutilityNoHist: 256,
		SEEQuietDepth: 8, SEEQuietMargin: 60, SEENoisyDepth: 6, SEENoisyMargin: 25,
		NoisyFutility: 0, NoisyFutMargin: 200, QSEvasions: 0, LMRCutNode: 1, HistPruneDepth: 3, HistPruneMargin: 2048, HistPruneSkip: 0,
		LMRDepth: 3, LMRBase: 75, LMRDivisor: 225, LMRHistDivisor: 4096, LMRPlayed: 0, LMRReSearch: 0, LMRDeeperMargin: 40, LMRShallowerMargin: 10, LMRAllNode: 0,
		LMPStyle: 0, LMPScale: 100, LMPMinDepth: 1, SEDepth: 6, SEMargin: 1, SEDoubleMargin: 20, SETTDepth: 2, SENegExt: 0, SEQuietLimit: 6, SETacticalLimit: 3,
		ImprovingRate: 0, ImprovingNoPast: 1, ExemptChecks: 1, CheckExt: 1, RootLMR: 1, CorrPawnW: 1024, CorrNonPawnW: 512, CorrMajorW: 512, CorrMinorW: 512, CorrContW: 512, CorrEMA: 0,
		HistPrior:     4,
		PVAlphaReduce: 0,
		Hindsight:     1, HindsightDeepR: 3, HindsightShallowR: 2, HindsightMargin: 80, TMStability: 0, TMScoreTrend: 0, TMNodeShare: 100, TMLagReserve: 1, TMHorizon: 40, TMSoftPct: defaultSoftPct,
		SMPSkipDepth: 1, SMPHalfPlusOne: 0, SMPAspDelta: 0,
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
		{"PVS", &p.PVS, 0, 1, 0, 0},
		{"AspFailHighReduce", &p.AspFailHighReduce, 0, 1, 0, 0},
		{"RFPDepth", &p.RFPDepth, 0, 12, 0, 0},
		{"RFPMargin", &p.RFPMargin, 20, 200, 0, 0},
		{"RFPImproving", &p.RFPImproving, 0, 150, 0, 0},
		{"NMPDepth", &p.NMPDepth, 0, 6, 0, 0},
		{"NMPBase", &p.NMPBase, 1, 6, 0, 0},
		{"NMPDivisor", &p.NMPDivisor, 2, 8, 0, 0},
		{"NMPEvalDivisor", &p.NMPEvalDivisor, 50, 500, 0, 0},
		{"NMPVerifyDepth", &p.NMPVerifyDepth, 6, 30, 0, 0},
		{"LMPDepth", &p.LMPDepth, 0, 12, 0, 0},
		{"LMPBase", &p.LMPBase, 1, 10, 0, 0},
		{"LMPQuiets", &p.LMPQuiets, 0, 1, 0, 0},
		{"FutilityDepth", &p.FutilityDepth, 0, 12, 0, 0},
		{"FutilityBase", &p.FutilityBase, 0, 300, 0, 0},
		{"FutilityMargin", &p.FutilityMargin, 20, 250, 0, 0},
		{"FutilityStyle", &p.FutilityStyle, 0, 1, 0, 0},
		{"FutilityHistLimit", &p.FutilityHistLimit, -8192, 8192, 0, 0},
		{"FutilityNoHist", &p.FutilityNoHist, 0, 600, 0, 0},
		{"SEEQuietDepth", &p.SEEQuietDepth, 0, 12, 0, 0},
		{"SEEQuietMargin", &p.SEEQuietMargin, 10, 150, 0, 0},
		{"SEENoisyDepth", &p.SEENoisyDepth, 0, 12, 0, 0},
		{"SEENoisyMargin", &p.SEENoisyMargin, 5, 100, 0, 0},
		{"NoisyFutility", &p.NoisyFutility, 0, 600, 0, 0},
		{"NoisyFutMargin", &p.NoisyFutMargin, 0, 600, 0, 0},
		{"QSEvasions", &p.QSEvasions, 0, 8, 0, 0},
		{"LMRCutNode", &p.LMRCutNode, 0, 3, 0, 0},
		{"HistPruneDepth", &p.HistPruneDepth, 0, 8, 0, 0},
		{"HistPruneMargin", &p.HistPruneMargin, 0, 8192, 0, 0},
		{"HistPruneSkip", &p.HistPruneSkip, 0, 1, 0, 0},
		{"LMRDepth", &p.LMRDepth, 0, 6, 0, 0},
		{"LMRBase", &p.LMRBase, 0, 200, 0, 0},
		{"LMRDivisor", &p.LMRDivisor, 100, 400, 0, 0},
		{"LMRHistDivisor", &p.LMRHistDivisor, 1024, 16384, 0, 0},
		{"LMRPlayed", &p.LMRPlayed, 0, 1, 0, 0},
		{"LMRReSearch", &p.LMRReSearch, 0, 1, 0, 0},
		{"LMRAllNode", &p.LMRAllNode, 0, 1, 0, 0},
		{"LMRDeeperMargin", &p.LMRDeeperMargin, 0, 200, 0, 0},
		{"LMRShallowerMargin", &p.LMRShallowerMargin, 0, 100, 0, 0},
		{"LMPStyle", &p.LMPStyle, 0, 2, 0, 0},
		{"LMPKeep", &p.LMPKeep, -8192, 8192, 0, 0},
		{"LMPScale", &p.LMPScale, 50, 400, 0, 0},
		{"LMPMinDepth", &p.LMPMinDepth, 1, 8, 0, 0},
		{"SEDepth", &p.SEDepth, 0, 12, 0, 0},
		{"SEMargin", &p.SEMargin, 1, 8, 0, 0},
		{"SEDoubleMargin", &p.SEDoubleMargin, 0, 1000, 0, 0},
		{"SETTDepth", &p.SETTDepth, 0, 6, 0, 0},
		{"SENegExt", &p.SENegExt, 0, 2, 0, 0},
		{"SEQuietLimit", &p.SEQuietLimit, 0, 30, 0, 0},
		{"SETacticalLimit", &p.SETacticalLimit, 0, 30, 0, 0},
		{"ImprovingRate", &p.ImprovingRate, 0, 1, 0, 0},
		{"ImprovingNoPast", &p.ImprovingNoPast, 0, 1, 0, 0},
		{"ExemptChecks", &p.ExemptChecks, 0, 2, 0, 0},
		{"CheckExt", &p.CheckExt, 0, 2, 0, 0},
		{"QSFutility", &p.QSFutility, 0, 500, 0, 0},
		{"QSSEEMin", &p.QSSEEMin, -100, 200, 0, 0},
		{"QSSEEFutility", &p.QSSEEFutility, 0, 500, 0, 0},
		{"RootLMR", &p.RootLMR, 0, 1, 0, 0},
		{"KillerSEE", &p.KillerSEE, 0, 1, 0, 0},
		{"LMRTTNoisy", &p.LMRTTNoisy, 0, 1, 0, 0},
		{"LMRCutoffs", &p.LMRCutoffs, 0, 16, 0, 0},
		{"LMRCutoffsAll", &p.LMRCutoffsAll, 0, 1, 0, 0},
		{"LMRCutoffsScope", &p.LMRCutoffsScope, 0, 1, 0, 0},
		{"CorrPawnW", &p.CorrPawnW, 0, 2048, 0, 0},
		{"CorrNonPawnW", &p.CorrNonPawnW, 0, 2048, 0, 0},
		{"CorrMajorW", &p.CorrMajorW, 0, 2048, 0, 0},
		{"CorrMinorW", &p.CorrMinorW, 0, 2048, 0, 0},
		{"CorrContW", &p.CorrContW, 0, 2048, 0, 0},
		{"CorrEMA", &p.CorrEMA, 0, 1, 0, 0},
		{"HistPrior", &p.HistPrior, 1, 1024, 0, 0},
		{"PVAlphaReduce", &p.PVAlphaReduce, 0, 2, 0, 0},
		{"Hindsight", &p.Hindsight, 0, 1, 0, 0},
		{"HindsightDeepR", &p.HindsightDeepR, 1, 8, 0, 0},
		{"HindsightShallowR", &p.HindsightShallowR, 1, 8, 0, 0},
		{"HindsightMargin", &p.HindsightMargin, 0, 400, 0, 0},
		{"TMStability", &p.TMStability, 0, 200, 0, 0},
		{"TMScoreTrend", &p.TMScoreTrend, 0, 200, 0, 0},
		{"TMNodeShare", &p.TMNodeShare, 0, 200, 0, 0},
		{"TMLagReserve", &p.TMLagReserve, 0, 1, 0, 0},
		{"TMHorizon", &p.TMHorizon, 10, 60, 0, 0},
		{"TMSoftPct", &p.TMSoftPct, 20, 150, 0, 0},
		{"SMPSkipDepth", &p.SMPSkipDepth, 0, 1, 0, 0},
		{"SMPHalfPlusOne", &p.SMPHalfPlusOne, 0, 1, 0, 0},
		{"SMPAspDelta", &p.SMPAspDelta, 0, 200, 0, 0},
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
