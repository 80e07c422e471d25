package search

import (
	"fmt"
	"os"
	"runtime/debug"

	"vireo/chess"
)

// Lazy SMP as Rofchade's search describes it: a pool of workers, one of
// which, the boss (worker 0), talks to the GUI, decides by the time
// manager when to stop and picks the move among the workers' results.
// Every worker runs its own iterative deepening over the shared
// transposition table, with its own position, evaluator (pawn hash and
// evaluation cache), histories, killers and correction history; they
// share nothing else but a few atomic counters. A depth that a worker has
// already finished is skipped by the others: a worker about to start an
// iteration goes on to one beyond the deepest finished.
//
// The boss always searches depth 1 to the end, so that every search has
// a move. The search ends for all as soon as one worker leaves its
// iterative deepening: the boss by the time manager (or a limit), a
// helper when it is the first to finish a depth and the soft time limit
// has passed, or on reaching the depth, node or mate limit; any worker
// stops all at the hard time limit. A worker that the rule would take
// past the depth limit searches the last depth beside the others. With
// one thread none of this runs and the search is the single-threaded
// one, node for node.

// MaxThreads is the most search threads a Searcher runs.
const MaxThreads = 256

// SetThreads sets the number of search threads (1..MaxThreads). New
// workers start with empty histories; it waits for a running search to
// end.
func (s *Searcher) SetThreads(n int) {
	n = min(max(n, 1), MaxThreads)
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.workers) < n {
		w := newWorker(s, len(s.workers))
		w.clear()
		s.workers = append(s.workers, w)
	}
	clear(s.workers[n:])
	s.workers = s.workers[:n]
}

// Threads returns the number of search threads; it waits for a running
// search to end.
func (s *Searcher) Threads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.workers)
}

// helperRun is a helper worker's search, in its own goroutine.
func (w *Worker) helperRun() {
	defer w.s.helpers.Done()
	defer func() {
		if r := recover(); r != nil {
			// The boss's result stands; the others stop.
			fmt.Fprintf(os.Stderr, "vireo: search thread %d panicked: %v\n%s", w.id, r, debug.Stack())
			w.best = Result{}
			w.s.halt.Store(true)
		}
		w.pubNodes.Store(w.nodes) // the final count, for the boss's total
	}()
	w.stopped = false
	w.lastReported = chess.NoMove
	w.initRootMoves()
	w.deepen()
}

// smpDepth is the depth a worker of a multi-threaded search searches
// next, instead of d.
func (w *Worker) smpDepth(d int) int {
	if w.id == 0 && d == 1 {
		return 1
	}
	return max(d, int(w.s.completed.Load())+1)
}

// finishDepth records that a worker has finished depth and reports
// whether it is the first to finish it.
func (s *Searcher) finishDepth(depth int) bool {
	for {
		c := s.completed.Load()
		if int(c) >= depth {
			return false
		}
		if s.completed.CompareAndSwap(c, int32(depth)) {
			return true
		}
	}
}

// totalNodes is the node count of the search over all workers: this
// worker's own, exact, and the others' as last published.
func (w *Worker) totalNodes() uint64 {
	t := w.nodes
	if w.nThreads > 1 {
		for _, o := range w.s.workers {
			if o != w {
				t += o.pubNodes.Load()
			}
		}
	}
	return t
}

// totalTBHits is the tablebase hits of every worker of this search.
func (w *Worker) totalTBHits() uint64 {
	t := uint64(0)
	for _, o := range w.s.workers[:max(w.nThreads, 1)] {
		t += o.tbHits.Load()
	}
	return t
}

// vote picks the worker whose result is played, after the helpers have
// stopped. Each worker's move gets votes weighted by its score above the
// worst score of the voters (plus a constant, so that the worst still
// counts) times its completed depth, in the manner of Stockfish and
// Ethereal. The move with most votes wins, and of the workers that chose
// it the one with the greatest weight gives the line; a proven mate beats
// any vote, the shortest mate first. A worker more than voteDepthGap
// iterations behind the deepest does not vote (a thread that got little
// CPU must not outvote deeper searches with a shallow score), unless it
// has found a mate.
func (s *Searcher) vote() *Worker {
	const base, voteDepthGap = 20, 2
	deepest := 0
	for _, w := range s.workers {
		deepest = max(deepest, w.best.Depth)
	}
	voter := func(r *Result) bool {
		return r.Depth > 0 && r.Best != chess.NoMove && (r.Depth >= deepest-voteDepthGap || r.Score >= MateInMax)
	}
	minScore := Infinite
	for _, w := range s.workers {
		if voter(&w.best) {
			minScore = min(minScore, w.best.Score)
		}
	}
	weight := func(r *Result) int { return (r.Score - minScore + base) * r.Depth }
	votes := make(map[chess.Move]int, len(s.workers))
	for _, w := range s.workers {
		if voter(&w.best) {
			votes[w.best.Best] += weight(&w.best)
		}
	}
	// The boss always completes depth 1 and has a move; it keeps it if
	// nobody else votes.
	best := s.workers[0]
	if !voter(&best.best) {
		for _, w := range s.workers[1:] {
			if voter(&w.best) {
				best = w
				break
			}
		}
	}
	for _, w := range s.workers {
		r, b := &w.best, &best.best
		if w == best || !voter(r) {
			continue
		}
		vr, vb := votes[r.Best], votes[b.Best]
		switch {
		case b.Score >= MateInMax:
			if r.Score > b.Score || r.Score == b.Score && r.Depth > b.Depth {
				best = w
			}
		case r.Score >= MateInMax:
			best = w
		case vr > vb || vr == vb && weight(r) > weight(b):
			best = w
		}
	}
	return best
}
