// Package search finds the best move: iterative deepening over a separate
// root search, principal variation search with aspiration windows
// (node.go), quiescence search, a shared transposition table, the staged
// move picker of Rofchade's search with killers and good/bad history
// (picker.go, history.go), correction history (correction.go), the time
// manager (limits.go), and Rofchade's Lazy SMP (smp.go) for more than one
// thread.
package search

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"vireo/chess"
	"vireo/eval"
)

// Score bounds. Mate scores count plies from the root: MateValue - ply.
const (
	MaxPly    = 128
	Infinite  = 32001
	MateValue = 32000
	MateInMax = MateValue - MaxPly
	noScore   = -32002
)

// Info is one progress report, turned into a UCI "info" line by the caller.
type Info struct {
	Depth, SelDepth int
	MultiPV         int
	Score           int
	Bound           Bound // BoundExact, or BoundLower/BoundUpper on aspiration fails
	Nodes           uint64
	Time            time.Duration
	Hashfull        int
	TBHits          uint64
	PV              []chess.Move
}

// Result is the outcome of a search.
type Result struct {
	Best, Ponder chess.Move
	Score        int
	Depth        int
	SelDepth     int
	Nodes        uint64
	PV           []chess.Move
	// Stats totals the search statistics of every thread.
	Stats Stats
}

// Searcher owns the transposition table and the search threads and keeps
// what persists between searches of one game (histories).
//
// With one thread the search runs in the goroutine of Search (or Start).
// With more, that goroutine is worker 0, the boss, and the others are
// helpers in goroutines of their own for the length of one search: see
// smp.go.
type Searcher struct {
	TT           *TT
	MultiPV      int
	MoveOverhead time.Duration
	// OnInfo, if set, receives progress reports from the searching goroutine.
	OnInfo func(Info)
	// Params are the search constants; change them between searches only.
	Params Params
	// Syzygy is the tablebase setting; change it between searches only.
	Syzygy Syzygy

	// stop is the GUI's stop; halt stops every worker of the running
	// search, on stop and when a worker ends the search (a limit reached,
	// time up, or the boss done).
	stop      atomic.Bool
	halt      atomic.Bool
	pondering atomic.Bool
	mu        sync.Mutex   // serialises Search calls
	workers   []*Worker    // workers[0] is the boss; resized between searches only
	evalPrm   *eval.Params // nil: the compiled-in evaluation

	// completed is the deepest iteration a worker of the running search
	// has finished (read by the others to skip it).
	completed atomic.Int32
	// helpers waits for the helper goroutines of the running search.
	helpers sync.WaitGroup

	// ponderhitAt is when ponderhit arrived, as time since epoch (a
	// monotonic reading): the clock of a pondering search runs from it.
	ponderhitAt atomic.Int64
	epoch       time.Time
	// wake gets a token on Stop and PonderHit, for a finished search
	// that waits for one of them before answering.
	wake chan struct{}

	// limitElo is the rating of weakened play, 0 for full strength
	// (strength.go); rng is its random source.
	limitElo int
	rng      *rand.Rand
}

// NewSearcher returns a searcher with a table of hashMB megabytes.
func NewSearcher(hashMB int) *Searcher {
	s := &Searcher{TT: NewTT(hashMB), MultiPV: 1, MoveOverhead: 10 * time.Millisecond, Params: DefaultParams(),
		epoch: time.Now(), wake: make(chan struct{}, 1)}
	s.workers = []*Worker{newWorker(s, 0)}
	return s
}

// Stop asks a running search to finish as soon as possible. Safe to call
// from any goroutine.
func (s *Searcher) Stop() {
	s.stop.Store(true)
	s.halt.Store(true)
	s.signal()
}

// PonderHit tells a pondering search that the expected move was played:
// from now on it runs on the clock it was given, counted from this call.
// Without a pondering search it does nothing.
func (s *Searcher) PonderHit() {
	at := int64(time.Since(s.epoch))
	if s.pondering.Load() {
		s.ponderhitAt.Store(at)
		if s.pondering.CompareAndSwap(true, false) {
			s.signal()
		}
	}
}

func (s *Searcher) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// SetEvalParams makes the search evaluate with p (nil: the compiled-in
// parameters) and empties the transposition table, whose static
// evaluations came from the old parameters. It waits for a running
// search to end.
func (s *Searcher) SetEvalParams(p *eval.Params) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.evalPrm = p
	for _, w := range s.workers {
		w.ev.SetParams(p)
	}
	s.TT.Clear()
}

// NewGame forgets everything learned in the previous game.
func (s *Searcher) NewGame() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.TT.Clear()
	for _, w := range s.workers {
		w.clear()
	}
}

// Worker is one search thread's state.
type Worker struct {
	s     *Searcher
	id    int // 0: the boss
	pos   *chess.Position
	ev    *eval.Evaluator
	hist  History
	corr  Correction
	nodes uint64
	stats Stats
	// tbHits counts tablebase probes that answered; other workers read
	// it for the info lines.
	tbHits atomic.Uint64
	// tbMove is the root move the tables decide (a win or a loss), with
	// its score; NoMove when they decide nothing.
	tbMove  chess.Move
	tbScore int

	// What the other workers of a multi-threaded search read: the node
	// count as last published (every few dozen nodes, and at the end),
	// and the depth being searched (0: none).
	pubNodes atomic.Uint64
	curDepth atomic.Int32
	nThreads int // workers in this search
	multiPV  int
	// best is the result of the last completed iteration.
	best Result

	limits    Limits
	tm        timeManager
	start     time.Time
	seldepth  int
	rootDepth int
	stopped   bool

	p         Params
	lmr       [64][64]int8
	lmrFor    [2]int // the LMRBase and LMRDivisor lmr was built for
	lmrBuilt  bool
	nmpMinPly int // null move is off for nmpColor below this ply (verification)
	nmpColor  chess.Color

	stack   [MaxPly + 4]frame
	pv      [MaxPly + 1][MaxPly + 1]chess.Move
	pvLen   [MaxPly + 1]int
	rootMvs []rootMove
	pvIdx   int
	// lastReported is the first PV move of the last info line sent.
	lastReported chess.Move
	pickers      [MaxPly + 1]picker
	// sePickers serve the singular-extension searches, which run at the
	// ply of a node whose own picker is still in use.
	sePickers [MaxPly + 1]picker

	// ponderMode is true until the worker has seen the ponderhit of a
	// pondering search; no time limit applies while it is.
	ponderMode bool

	skill skillState // weakened play, the boss only (strength.go)
}

// frame is the per-ply search stack entry.
type frame struct {
	staticEval int
	move       chess.Move
	excluded   chess.Move  // the move a singular-extension search leaves out
	doubleExts int         // double extensions on the path to this node
	piece      chess.Piece // the piece that made move
	reduction  int8        // LMR plies taken off move while its reduced search runs (Hindsight); set and cleared around that search alone, so 0 elsewhere
	killers    [2]chess.Move
	quiets     [64]chess.Move // quiet moves tried at this node, for history
}

type rootMove struct {
	move      chess.Move
	score     int
	prevScore int
	pv        []chess.Move
	seldepth  int
	nodes     uint64 // spent on this move in the whole search, for the time manager
	// order breaks ties among moves that failed low: at the
	// start an ordering score, then the nodes the last iteration spent
	// on the move, since a move that was harder to refute is likelier to
	// become best.
	order uint64
}

func newWorker(s *Searcher, id int) *Worker {
	return &Worker{s: s, id: id, nThreads: 1, ev: eval.NewWithParams(s.evalPrm)}
}

func (w *Worker) clear() {
	w.hist.Clear()
	w.corr.Clear()
	for i := range w.stack {
		w.stack[i] = frame{}
	}
}

// Search runs a search to the limits and returns its result. It blocks;
// run it in its own goroutine to keep reading input.
func (s *Searcher) Search(pos *chess.Position, limits Limits) Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prepare(limits)
	return s.run(pos, limits)
}

// Start begins a search in a new goroutine and calls done with its result.
// A Stop or PonderHit issued after Start returns reaches that search, which
// would not be so if the goroutine reset the flags itself.
func (s *Searcher) Start(pos *chess.Position, limits Limits, done func(Result)) {
	s.mu.Lock()
	s.prepare(limits)
	go func() {
		defer s.mu.Unlock()
		done(s.runGuarded(pos, limits))
	}()
}

// runGuarded is run that survives a panic in the search: the stack goes to
// standard error for the bug report, and the GUI still gets a legal move
// instead of a dead engine and a lost game.
func (s *Searcher) runGuarded(pos *chess.Position, limits Limits) (res Result) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "vireo: search panicked: %v\n%s", r, debug.Stack())
			s.halt.Store(true)
			s.helpers.Wait()
			var ml chess.MoveList
			pos.LegalMoves(&ml)
			res = Result{}
			allowed := func(m chess.Move) bool {
				return len(limits.SearchMoves) == 0 || slices.Contains(limits.SearchMoves, m)
			}
			best := s.workers[0].best
			if best.Best != chess.NoMove && pos.IsLegal(best.Best) && allowed(best.Best) {
				// The last iteration the boss completed (run resets it
				// at the start of each search; the legality test covers
				// a panic before that): a searched move, not the
				// generator's first.
				res = best
			} else if ml.Len > 0 {
				res.Best = ml.Moves[0]
				if i := slices.IndexFunc(ml.Slice(), allowed); i >= 0 {
					res.Best = ml.Moves[i]
				}
				res.PV = []chess.Move{res.Best}
			}
			// The protocol still holds: a pondering or infinite search
			// answers only after ponderhit or stop.
			w := s.workers[0]
			w.limits = limits
			w.waitPonder()
		}
	}()
	return s.run(pos, limits)
}

func (s *Searcher) prepare(limits Limits) {
	s.stop.Store(false)
	s.halt.Store(false)
	s.pondering.Store(limits.Ponder)
	select { // a token left by the previous search
	case <-s.wake:
	default:
	}
}

func (s *Searcher) run(pos *chess.Position, limits Limits) Result {
	s.TT.NewSearch()
	s.completed.Store(0)
	start := time.Now()
	if !limits.Start.IsZero() && limits.Start.Before(start) {
		start = limits.Start
	}
	// Weakened play searches with the boss alone: its node budget and
	// its choice among the best root moves are one thread's.
	boss := s.workers[0]
	limits = boss.prepareStrength(limits)
	active := s.workers
	if boss.skill.on {
		active = s.workers[:1]
	}
	for _, w := range active {
		w.pos = pos.Copy()
		w.limits = limits
		w.start = start
		w.ponderMode = limits.Ponder
		w.tm = newTimeManager(limits, pos.SideToMove(), s.MoveOverhead, start,
			tmConfig{horizon: s.Params.TMHorizon, softPct: s.Params.TMSoftPct})
		w.setParams(s.Params)
		w.hist.Age()
		w.nThreads = len(active)
		w.multiPV = s.MultiPV
		w.nodes = 0
		w.stats = Stats{}
		w.tbHits.Store(0)
		w.pubNodes.Store(0)
		w.curDepth.Store(0)
		w.best = Result{}
		// Set around a child's search and cleared after it: a panic
		// that unwound through one (runGuarded) must not leave them set
		// for every later search.
		w.nmpMinPly = 0
		for i := range w.stack {
			w.stack[i].excluded, w.stack[i].reduction = chess.NoMove, 0
		}
	}
	if boss.skill.on {
		boss.multiPV = max(boss.multiPV, boss.skill.plan.Candidates)
	}
	return boss.iterate()
}

// iterate is the boss's search: iterative deepening, depth 1, 2, ...
// until a limit, beside the helpers if there are any; then the vote
// among the workers' results and the last report.
func (w *Worker) iterate() Result {
	w.nodes = 0
	w.stopped = false
	w.lastReported = chess.NoMove
	w.initRootMoves()
	if len(w.rootMvs) == 0 {
		score := 0
		if w.pos.InCheck() {
			score = -MateValue
		}
		w.report(Info{Depth: 0, Score: score, Bound: BoundExact, MultiPV: 1})
		w.waitPonder()
		return Result{Score: score}
	}
	if w.tbMove != chess.NoMove && w.multiPV <= 1 && !w.skill.on {
		// The tables decide the game: their move, without a search.
		res := Result{Best: w.tbMove, Score: w.tbScore, Depth: 1, SelDepth: 1, PV: []chess.Move{w.tbMove}}
		w.report(Info{Depth: 1, SelDepth: 1, Score: w.tbScore, Bound: BoundExact, MultiPV: 1, PV: res.PV})
		w.waitPonder()
		res.Nodes = w.totalNodes()
		res.Ponder = w.ttPonder(res.Best)
		return res
	}
	s := w.s
	for _, h := range s.workers[1:w.nThreads] {
		s.helpers.Add(1)
		go h.helperRun()
	}
	w.deepen()
	res, from := w.best, w
	if w.nThreads > 1 {
		s.halt.Store(true)
		s.helpers.Wait()
		if w.votes() {
			from = s.vote()
			res = from.best
		}
	}
	if w.skill.on && len(w.skill.top) > 0 {
		// Weakened play: one of the candidates of the last completed
		// iteration, perhaps not the best.
		rm := w.skill.top[w.skill.choose(w.s.random())]
		res = Result{Best: rm.move, Score: rm.score, Depth: res.Depth, SelDepth: rm.seldepth, PV: rm.pv}
	}
	// The last line printed must show the move played: an aspiration
	// failure of an unfinished iteration may have shown another, and the
	// vote may have chosen another worker's line. It also gives the final
	// node count (exactly N for "go nodes N" with one thread) after a stop
	// and whenever other threads searched.
	if w.lastReported != res.Best || w.stopped || w.nThreads > 1 {
		w.report(Info{Depth: res.Depth, SelDepth: res.SelDepth, Score: res.Score, Bound: BoundExact, MultiPV: 1, PV: res.PV})
	}
	w.waitPonder()
	res.Nodes = w.totalNodes()
	for _, h := range s.workers[:w.nThreads] {
		res.Stats.Add(&h.stats)
	}
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	} else {
		res.Ponder = w.ttPonder(res.Best)
	}
	return res
}

// deepen is iterative deepening, the loop every worker runs: the boss
// reports each iteration; every worker keeps its last completed one in
// w.best. With several workers the first to leave the loop ends the
// search for all.
func (w *Worker) deepen() {
	multiPV := max(1, min(w.multiPV, len(w.rootMvs)))
	maxDepth := MaxPly - 1
	if w.limits.Depth > 0 {
		maxDepth = min(w.limits.Depth, maxDepth)
	}
	for depth := 1; depth <= maxDepth; depth++ {
		if w.nThreads > 1 {
			// Past the depth limit the rules have nothing to skip to:
			// the worker joins the others at the last depth, which ends
			// the search when one of them finishes it.
			depth = min(w.smpDepth(depth), maxDepth)
			w.curDepth.Store(int32(depth))
		}
		w.rootDepth = depth
		for i := range w.rootMvs {
			w.rootMvs[i].prevScore = w.rootMvs[i].score
		}
		for w.pvIdx = 0; w.pvIdx < multiPV; w.pvIdx++ {
			w.seldepth = 0
			w.aspiration(depth)
			if w.stopped {
				break
			}
			sortRoot(w.rootMvs[:w.pvIdx+1])
		}
		if w.stopped {
			// An unfinished iteration is discarded: the last complete one
			// decides the move.
			break
		}
		for i := 0; i < multiPV; i++ {
			w.reportRoot(depth, i, BoundExact)
		}
		if w.skill.on {
			w.skill.record(w.rootMvs[:min(multiPV, w.skill.plan.Candidates)])
		}
		rm := w.rootMvs[0]
		// The PV is copied: the next iteration rewrites rm.pv in place,
		// and an unfinished one must not leave a mixed, illegal line here.
		w.best = Result{Best: rm.move, Score: rm.score, Depth: depth, SelDepth: rm.seldepth, PV: append([]chess.Move(nil), rm.pv...)}
		sig := tmSignals{share: w.bestShare()}
		// The boss watches the clock after every iteration; a helper
		// when it is the first to finish this depth (Rofchade's search).
		first := w.nThreads > 1 && w.s.finishDepth(depth)
		if w.stopped || w.timeToStop(sig, w.id == 0 || first && w.votes()) {
			break
		}
	}
	if w.nThreads > 1 {
		w.curDepth.Store(0)
		if w.id == 0 || w.votes() {
			w.s.halt.Store(true)
		}
	}
}

// votes reports whether the threads' results are voted on at the end of
// the search. With MultiPV they are not: the boss's lines are played, so
// a helper must not end the search by its own clock or limits, which
// would cut the boss's unfinished iteration short.
func (w *Worker) votes() bool { return w.multiPV <= 1 }

// ttPonder finds a move to ponder on when the PV ends after the best move
// (cut short by a table hit): the table's move in the position after it.
func (w *Worker) ttPonder(best chess.Move) chess.Move {
	if best == chess.NoMove {
		return chess.NoMove
	}
	w.pos.MakeMove(best)
	defer w.pos.UnmakeMove()
	if d, ok := w.s.TT.Probe(w.pos.Key()); ok && w.pos.IsLegal(d.Move) {
		return d.Move
	}
	return chess.NoMove
}

// bestShare is the fraction of the root nodes of this search that went
// to the current best move.
func (w *Worker) bestShare() float64 {
	var total uint64
	for i := range w.rootMvs {
		total += w.rootMvs[i].nodes
	}
	if total == 0 {
		return -1
	}
	return float64(w.rootMvs[0].nodes) / float64(total)
}

// waitPonder keeps a finished search from answering before the GUI says
// stop or ponderhit, as the protocol requires for "go ponder" and
// "go infinite" (where ponderhit does not end the wait).
func (w *Worker) waitPonder() {
	for (w.s.pondering.Load() || w.limits.Infinite) && !w.s.stop.Load() {
		select {
		case <-w.s.wake:
		case <-time.After(50 * time.Millisecond): // belt and braces
		}
	}
}

// syncPonder notices a ponderhit: from then on the clock runs, counted
// from the moment the ponderhit arrived, not from "go ponder".
func (w *Worker) syncPonder() {
	if w.ponderMode && !w.s.pondering.Load() {
		w.ponderMode = false
		w.tm.start = w.s.epoch.Add(time.Duration(w.s.ponderhitAt.Load()))
	}
}

// timeToStop decides between iterations whether to start another; the
// clock only counts if clock is set.
func (w *Worker) timeToStop(sig tmSignals, clock bool) bool {
	if w.s.halt.Load() {
		return true
	}
	if w.limits.Nodes > 0 && w.totalNodes() >= w.limits.Nodes {
		return true
	}
	if w.limits.Mate > 0 {
		if sc := w.rootMvs[0].score; sc >= MateInMax && (MateValue-sc+1)/2 <= w.limits.Mate {
			return true
		}
	}
	w.syncPonder()
	if !clock || w.ponderMode || w.limits.Infinite || !w.tm.timed {
		return false
	}
	return w.tm.elapsed() >= w.tm.scaledSoft(tmFactor(&w.p, sig))
}

func (w *Worker) initRootMoves() {
	var ml chess.MoveList
	w.pos.LegalMoves(&ml)
	w.rootMvs = w.rootMvs[:0]
	for _, m := range ml.Slice() {
		if len(w.limits.SearchMoves) > 0 {
			found := false
			for _, sm := range w.limits.SearchMoves {
				found = found || sm == m
			}
			if !found {
				continue
			}
		}
		w.rootMvs = append(w.rootMvs, rootMove{move: m, score: -Infinite, prevScore: -Infinite, pv: []chess.Move{m}})
	}
	w.orderRoot()
	w.tbMove, w.tbScore = chess.NoMove, 0
	if len(w.rootMvs) > 0 {
		if m, score, decided, ok := w.rootTablebase(); ok && decided {
			w.tbMove, w.tbScore = m, score
		}
	}
}

// orderRoot gives the root moves the main search's order before the first
// iteration: captures that keep material by victim, then quiet moves by
// history, then captures that lose material. Later iterations keep it
// among moves that fail low, so that late-move reductions at the root
// reduce the moves least likely to matter.
func (w *Worker) orderRoot() {
	pos := w.pos
	c := pos.SideToMove()
	thr := w.hist.threatMap(pos)
	for i := range w.rootMvs {
		rm := &w.rootMvs[i]
		m := rm.move
		switch {
		case pos.IsNoisy(m) && pos.SEE(m, 0):
			rm.order = 3<<40 + uint64(mvvLva(pos, m)+1<<20)
		case !pos.IsNoisy(m):
			rm.order = 2<<40 + uint64(w.hist.quiet(c, m, thr)+1<<30)
		default:
			rm.order = 1<<40 + uint64(mvvLva(pos, m)+1<<20)
		}
	}
	sort.SliceStable(w.rootMvs, func(i, j int) bool { return w.rootMvs[i].order > w.rootMvs[j].order })
}

// sortRoot orders root moves by score, keeping the previous order on ties.
func sortRoot(rms []rootMove) {
	sort.SliceStable(rms, func(i, j int) bool {
		if rms[i].score != rms[j].score {
			return rms[i].score > rms[j].score
		}
		if rms[i].prevScore != rms[j].prevScore {
			return rms[i].prevScore > rms[j].prevScore
		}
		return rms[i].order > rms[j].order
	})
}

// aspiration searches the root with a window around the previous score,
// widening it on failure.
func (w *Worker) aspiration(depth int) {
	prev := w.rootMvs[w.pvIdx].prevScore
	delta := w.p.AspDelta
	alpha, beta := -Infinite, Infinite
	if w.p.AspDepth > 0 && depth >= w.p.AspDepth && prev > -MateInMax && prev < MateInMax {
		alpha, beta = max(prev-delta, -Infinite), min(prev+delta, Infinite)
	}
	// d is the depth of the next try: a ply less after each fail high,
	// whose move is likely good enough already, and the full depth again
	// after a fail low (Ethereal 12's aspiration window; in the bundle
	// of four, docs/search.md).
	d := depth
	for {
		score := w.rootSearch(alpha, beta, d)
		if w.stopped {
			return
		}
		sortRoot(w.rootMvs[w.pvIdx:])
		switch {
		case score <= alpha:
			w.stats.AspFailLow.inc()
			w.reportRoot(depth, w.pvIdx, BoundUpper)
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinite)
			d = depth
		case score >= beta:
			w.stats.AspFailHigh.inc()
			w.reportRoot(depth, w.pvIdx, BoundLower)
			beta = min(score+delta, Infinite)
			d = max(d-1, 1)
		default:
			return
		}
		delta += delta / 2
	}
}

// rootSearch is Rofchade's search's separate root search: it walks the
// root move list in its current order and records every move's score and
// PV.
func (w *Worker) rootSearch(alpha, beta, depth int) int {
	pos := w.pos
	w.pvLen[0] = 0
	w.stack[0].staticEval = noScore
	if !pos.InCheck() {
		w.stack[0].staticEval = w.ev.Evaluate(pos)
	}
	bestScore := -Infinite
	quietsTried := 0
	for i := w.pvIdx; i < len(w.rootMvs); i++ {
		rm := &w.rootMvs[i]
		m := rm.move
		quiet := !pos.IsNoisy(m)
		// Late-move reductions at the root: the third and later moves,
		// quiet or losing material, as in any PV node.
		reduce := w.p.LMRDepth > 0 && depth >= w.p.LMRDepth && i >= w.pvIdx+2 &&
			(quiet || !pos.SEE(m, 0)) && !pos.GivesCheck(m) && !pos.InCheck()
		w.stack[0].move, w.stack[0].piece = m, pos.PieceOn(m.From())
		pos.MakeMove(m)
		w.prefetch(0)
		w.nodes++
		w.stats.Nodes.inc()
		w.checkLimits() // so that a node limit is met exactly
		if w.stopped {
			pos.UnmakeMove()
			return bestScore
		}
		nodes0 := w.nodes
		var score int
		if i == w.pvIdx {
			score = -w.search(-beta, -alpha, depth-1, 1, true, false)
		} else {
			full := true
			if reduce {
				r := int(w.lmr[min(depth, 63)][min(i-w.pvIdx+1, 63)]) - 1
				if d := min(max(depth-1-r, 1), depth-1); d < depth-1 {
					w.stats.LMRSearches.inc()
					w.stats.LMRReductionSum.add(uint64(depth - 1 - d))
					w.stack[0].reduction = int8(depth - 1 - d)
					score = -w.search(-alpha-1, -alpha, d, 1, false, true)
					w.stack[0].reduction = 0
					full = score > alpha
					if full {
						w.stats.LMRReSearches.inc()
					}
				}
			}
			if full {
				score = -w.search(-alpha-1, -alpha, depth-1, 1, false, true)
			}
			if score > alpha && score < beta {
				score = -w.search(-beta, -alpha, depth-1, 1, true, false)
			}
		}
		pos.UnmakeMove()
		rm.nodes += w.nodes - nodes0 + 1
		if i > w.pvIdx {
			rm.order = w.nodes - nodes0 + 1
		}
		if w.stopped {
			return bestScore
		}
		if i == w.pvIdx || score > alpha {
			rm.score = score
			rm.seldepth = w.seldepth
			rm.pv = append(rm.pv[:0], m)
			rm.pv = append(rm.pv, w.pv[1][1:w.pvLen[1]]...)
		} else {
			rm.score = -Infinite // unknown: below alpha
		}
		if score > bestScore {
			bestScore = score
		}
		// Only the quiets that failed low are penalised when another
		// cuts: one that raised alpha was the best move so far, as the
		// tree's nodes treat it.
		if quiet && score <= alpha && quietsTried < len(w.stack[0].quiets) {
			w.stack[0].quiets[quietsTried] = m
			quietsTried++
		}
		if score > alpha {
			alpha = score
			if score >= beta {
				w.updateStats(0, m, quiet, quietsTried, depth, w.hist.threatMap(pos))
				return score
			}
		}
	}
	return bestScore
}

// checkLimits is called right after every node is counted. The stop flag
// and, with one thread, a node limit are checked at every node (so "go
// nodes N" searches exactly N); the clock every 128 nodes, a fraction of
// a millisecond, so that the hard limit holds on a one-second clock. With
// several threads each publishes its node count every 32 nodes, and the
// node limit is checked then against the sum over all.
func (w *Worker) checkLimits() {
	if w.stopped {
		// Nodes entered after the stop return at once; they are not
		// counted, so the count stays the one at which the search stopped.
		w.nodes--
		return
	}
	if w.rootDepth <= 1 {
		// Depth 1 takes microseconds and always completes, so that every
		// search has a move and a score to give.
		return
	}
	if w.s.halt.Load() {
		w.stopped = true
		return
	}
	if w.nThreads == 1 {
		if w.limits.Nodes > 0 && w.nodes >= w.limits.Nodes {
			w.stopped = true
			return
		}
	} else if w.nodes&31 == 0 {
		w.pubNodes.Store(w.nodes)
		if w.limits.Nodes > 0 && w.totalNodes() >= w.limits.Nodes {
			w.stopAll()
			return
		}
	}
	if w.nodes&127 == 0 {
		w.syncPonder()
		if w.tm.timed && !w.ponderMode && !w.limits.Infinite && w.tm.elapsed() >= w.tm.hard {
			w.stopAll()
		}
	}
}

// stopAll stops this worker and, through halt, every other.
func (w *Worker) stopAll() {
	w.stopped = true
	w.s.halt.Store(true)
}

// isDraw detects draws by rule inside the tree. A mate on the hundredth
// ply beats the fifty-move rule.
func (w *Worker) isDraw(ply int) bool {
	pos := w.pos
	if pos.HalfmoveClock() >= 100 && (!pos.InCheck() || pos.HasLegalMove()) {
		return true
	}
	return pos.IsRepetition(ply) || pos.IsInsufficientMaterial()
}

func scoreToTT(score, ply int) int {
	switch {
	case score >= MateInMax:
		return score + ply
	case score <= -MateInMax:
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	switch {
	case score >= MateInMax:
		return score - ply
	case score <= -MateInMax:
		return score + ply
	}
	return score
}

func (w *Worker) updatePV(ply int, m chess.Move) {
	w.pv[ply][ply] = m
	n := w.pvLen[ply+1]
	copy(w.pv[ply][ply+1:n], w.pv[ply+1][ply+1:n])
	w.pvLen[ply] = max(n, ply+1)
}

// report sends an Info to the callback; only the boss reports.
func (w *Worker) report(in Info) {
	if w.id != 0 || w.s.OnInfo == nil {
		return
	}
	if len(in.PV) > 0 && in.MultiPV <= 1 {
		w.lastReported = in.PV[0]
	}
	in.Nodes = w.totalNodes()
	in.TBHits = w.totalTBHits()
	in.Time = time.Since(w.start)
	in.Hashfull = w.s.TT.Hashfull()
	if in.SelDepth < in.Depth {
		in.SelDepth = in.Depth
	}
	w.s.OnInfo(in)
}

func (w *Worker) reportRoot(depth, idx int, b Bound) {
	rm := w.rootMvs[idx]
	score := rm.score
	if score == -Infinite {
		score = rm.prevScore
	}
	w.report(Info{Depth: depth, SelDepth: rm.seldepth, MultiPV: idx + 1, Score: score, Bound: b, PV: rm.pv})
}
