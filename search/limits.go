package search

import (
	"time"

	"vireo/chess"
)

// Limits says when a search must stop, from the UCI "go" command.
type Limits struct {
	WTime, BTime time.Duration // remaining clock; zero when not given
	// ClockGiven says that the GUI sent wtime or btime, even one of zero
	// or less (a flagged or overdrawn clock): that side must move at
	// once instead of searching as if there were no clock.
	ClockGiven  [2]bool
	WInc, BInc  time.Duration
	MovesToGo   int
	MoveTime    time.Duration
	Depth       int
	Nodes       uint64
	Mate        int // find a mate in this many moves
	Infinite    bool
	Ponder      bool
	SearchMoves []chess.Move
	// Start is when the GUI's "go" arrived: the clock runs from then, not
	// from when the search goroutine got going. Zero: the search's start.
	Start time.Time
}

// MaxTime bounds every duration the time manager is given (clock,
// increment, movetime, overhead): about 11.6 days, far beyond any game,
// and small enough that the arithmetic below, which multiplies by move
// counts and percentages, cannot overflow time.Duration (a clock of
// 10^13 ms is already past its range). Larger values count as MaxTime.
const MaxTime = 1_000_000_000 * time.Millisecond

// timeManager turns the clock into a soft limit (no new iteration starts
// after it) and a hard limit (the search stops at once).
//
// The soft limit is a base value that the search may scale between
// iterations by what it has learned (tmFactor): the share of root nodes
// spent on the best move. The
// scaled soft limit never exceeds the hard limit, and the hard limit never
// exceeds a fixed fraction of the clock left after the move overhead.
type timeManager struct {
	start      time.Time
	soft, hard time.Duration
	timed      bool
	// scalable is false for movetime, where the budget is fixed.
	scalable bool
}

// tmConfig is how the time manager plans a clock (search parameters).
type tmConfig struct {
	// horizon (TMHorizon) is how many moves the clock must last; 0
	// means defaultHorizon.
	horizon int
	// softPct (TMSoftPct) places the soft limit in percent of the
	// optimum; 0 means defaultSoftPct.
	softPct int
}

// defaultHorizon and defaultSoftPct are TMHorizon's and TMSoftPct's
// defaults. At 40 moves and a soft limit of 80% of the optimum the engine
// left a sixth of its clock unused (83% of it spent in self-play at
// 10+0.1, 88% against Ethereal 12, which spends 97%); 30 moves and 100%
// spend 92.8% in self-play and passed an SPRT [0, 5] at 10+0.1 against
// them, +9.6 ± 5.7 over 5,304 games (docs/history/elo-log.md, row 193).
const (
	defaultHorizon = 30
	defaultSoftPct = 100
)

// newTimeManager computes the limits for a clock that must last
// cfg.horizon moves. overhead is subtracted for the latency between
// engine and GUI that the engine cannot see: once from the clock, and
// once for every move the clock must last (Stockfish's rule).
func newTimeManager(l Limits, side chess.Color, overhead time.Duration, start time.Time, cfg tmConfig) timeManager {
	tm := timeManager{start: start}
	l.MoveTime, overhead = min(l.MoveTime, MaxTime), min(overhead, MaxTime)
	l.WTime, l.BTime = min(l.WTime, MaxTime), min(l.BTime, MaxTime)
	l.WInc, l.BInc = min(l.WInc, MaxTime), min(l.BInc, MaxTime)
	if l.MoveTime > 0 {
		tm.timed = true
		tm.soft = max(l.MoveTime-overhead, time.Millisecond)
		tm.hard = tm.soft
		return tm
	}
	left, inc := l.WTime, l.WInc
	if side == chess.Black {
		left, inc = l.BTime, l.BInc
	}
	if left <= 0 && inc <= 0 {
		if l.ClockGiven[side] || l.ClockGiven[side.Other()] {
			// An empty clock: depth 1 completes, then the move. A clock
			// given for the other side only means that ours is empty
			// (Stockfish's rule: any clock makes the search a timed one).
			tm.timed = true
			tm.soft, tm.hard = time.Millisecond, time.Millisecond
		}
		return tm // otherwise no clock: depth, nodes, mate or infinite
	}
	tm.timed, tm.scalable = true, true
	avail := max(left-overhead, time.Millisecond)
	mtg := cfg.horizon
	if mtg <= 0 {
		mtg = defaultHorizon
	}
	mtg = min(mtg, 1000) // with MaxTime, no product below overflows
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, mtg)
	}
	// optimum is the time a move should take on average. The next
	// iteration costs several times the last one, so a search that starts
	// one late runs to the hard limit: the soft limit (no new iteration)
	// sits well below the optimum and the hard one a few times above it,
	// but never near what is left on the clock.
	//
	// The optimum is the clock and the increments of the next mtg moves,
	// less the overhead every one of those moves will lose: on a low
	// clock the move spends less than the increment and the clock grows
	// back, instead of running down to where one lag spike flags.
	total := left + inc*time.Duration(mtg-1) - overhead*time.Duration(mtg+2)
	optimum := min(max(total/time.Duration(mtg), 0), avail/4)
	softPct := cfg.softPct
	if softPct <= 0 {
		softPct = defaultSoftPct
	}
	softPct = min(softPct, 1000)
	tm.soft = optimum * time.Duration(softPct) / 100
	tm.hard = min(optimum*5/2, avail*2/5)
	if l.MovesToGo == 1 {
		tm.soft = avail / 2
		tm.hard = avail * 4 / 5
	}
	tm.soft = max(tm.soft, time.Millisecond)
	tm.hard = max(tm.hard, time.Millisecond)
	return tm
}

func (tm *timeManager) elapsed() time.Duration { return time.Since(tm.start) }

// scaledSoft is the soft limit multiplied by f, kept within [1 ms, hard].
// For movetime the budget is fixed and f is ignored.
func (tm *timeManager) scaledSoft(f float64) time.Duration {
	if !tm.scalable {
		return tm.soft
	}
	s := time.Duration(float64(tm.soft) * f)
	return min(max(s, time.Millisecond), tm.hard)
}

// tmSignals is what the search has learned by the end of an iteration,
// for the soft limit.
type tmSignals struct {
	// share is the fraction of the root nodes of the whole search that
	// went to the best move, or a negative number when unknown.
	share float64
}

// tmFactor scales the soft limit by the best move's share of the root
// nodes (Ethereal's rule), weighted by TMNodeShare in percent (0: off,
// 100: the designed strength). When almost every root node went to the
// best move the others were refuted quickly and the choice is easy: 0.5
// when the share is 95% or more, 1 at 70%, 2 at 20% or less.
func tmFactor(p *Params, sig tmSignals) float64 {
	if p.TMNodeShare <= 0 || sig.share < 0 {
		return 1
	}
	base := min(max(2*(1-sig.share)+0.4, 0.5), 2)
	k := float64(p.TMNodeShare) / 100
	return min(max(1+k*(base-1), 0.25), 4)
}
