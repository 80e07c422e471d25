package search

import (
	"time"

	"vireo/chess"
)

// Limits says when a search must stop, from the UCI "go" command.
type Limits struct {
	WTime, BTime time.Duration // remaining clock; zero when not given
	WInc, BInc   time.Duration
	MovesToGo    int
	MoveTime     time.Duration
	Depth        int
	Nodes        uint64
	Mate         int // find a mate in this many moves
	Infinite     bool
	Ponder       bool
	SearchMoves  []chess.Move
}

// timeManager turns the clock into a soft limit (no new iteration starts
// after it) and a hard limit (the search stops at once).
type timeManager struct {
	start      time.Time
	soft, hard time.Duration
	timed      bool
}

// newTimeManager computes the limits. overhead is subtracted for the
// latency between engine and GUI that the engine cannot see.
func newTimeManager(l Limits, side chess.Color, overhead time.Duration, start time.Time) timeManager {
	tm := timeManager{start: start}
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
		return tm // no clock: depth, nodes, mate or infinite
	}
	tm.timed = true
	avail := max(left-overhead, time.Millisecond)
	mtg := 40
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, 40)
	}
	// optimum is the time a move should take on average. The next
	// iteration costs several times the last one, so a search that starts
	// one late runs to the hard limit: the soft limit (no new iteration)
	// sits well below the optimum and the hard one a few times above it,
	// but never near what is left on the clock.
	optimum := avail/time.Duration(mtg) + inc*4/5
	optimum = min(optimum, avail/4)
	tm.soft = optimum * 3 / 5
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
