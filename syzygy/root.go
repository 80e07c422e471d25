package syzygy

import (
	"sort"

	"vireo/chess"
)

// maxRank separates the rank bands: certain results sit near ±maxRank,
// results that the 50-move rule may spoil near ±maxRank/2.
const maxRank = 1 << 18

// RootMove is a legal move of a tablebase position with what it achieves.
type RootMove struct {
	Move chess.Move

	// DTZ is the distance to zeroing counted from the root position, in
	// plies, for the side making the move: 1 for a winning zeroing move
	// or mate, n > 0 a win with zeroing n plies from the root, 0 a draw
	// (also a move into a threefold repetition, or into a 50-move draw
	// when rule50 is set), negative a loss; magnitudes over 100 are
	// cursed wins and blessed losses, as in ProbeDTZ.
	DTZ int

	// WDL is the result of the move for the side making it, taking the
	// root's halfmove clock into account: a win whose DTZ plus the clock
	// exceeds 100 is reported as a cursed win (1), likewise a loss as a
	// blessed loss (-1). With Syzygy50MoveRule on, treat ±1 as a draw;
	// with it off, as the win or loss it is.
	WDL int

	// Rank orders moves, higher is better. All moves that keep a win
	// safe under the 50-move rule share the top rank, so the engine's
	// search can choose among them freely; wins that risk the 50-move
	// rule rank lower and by DTZ (the move making progress first); draws
	// are 0; losses are negative, the ones that may be saved by the
	// 50-move rule ranked above certain losses. Keeping the moves of the
	// highest rank preserves the best result.
	Rank int

	// dtzRank is Rank with wins also ordered by DTZ (shortest first) and
	// losses by DTZ (longest first); BestMove uses it.
	dtzRank int
}

// RootMoves returns every legal move of pos with its DTZ, WDL and rank,
// sorted best first. rule50 is the engine's Syzygy50MoveRule option: when
// set, a move into a position that is drawn by the 50-move rule is a draw.
// The position's history is used to score moves into a threefold
// repetition as draws. ok is false when pos is not covered by the tables or
// a probe failed; with no legal moves the slice is empty and ok is true.
func (tb *Tablebase) RootMoves(pos *chess.Position, rule50 bool) (moves []RootMove, ok bool) {
	if !tb.covers(pos) {
		return nil, false
	}
	var dummy int
	defer recoverProbe(pos, &dummy, &ok)()
	cnt50 := pos.HalfmoveClock()
	repeated := pos.RepetitionCount() > 0

	var ml chess.MoveList
	pos.GenerateMoves(&ml, chess.GenAll)
	moves = make([]RootMove, 0, ml.Len)
	for _, m := range ml.Slice() {
		pos.MakeMove(m)
		var dtz int
		switch {
		case pos.HalfmoveClock() == 0:
			w, _, err := tb.search(pos, false)
			if err != nil {
				pos.UnmakeMove()
				return nil, false
			}
			dtz = beforeZeroing(-w)
		case (rule50 && pos.IsFiftyMoveDraw() && !pos.IsCheckmate()) || pos.IsRepetition(1):
			dtz = 0
		default:
			d, err := tb.dtz(pos, 0)
			if err != nil {
				pos.UnmakeMove()
				return nil, false
			}
			dtz = -d + sign(-d)
		}
		if dtz == 2 && pos.InCheck() && !pos.HasLegalMove() {
			dtz = 1 // mate
		}
		pos.UnmakeMove()
		moves = append(moves, rootMove(m, dtz, cnt50, repeated))
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].Rank > moves[j].Rank })
	return moves, true
}

// rootMove fills in the WDL and ranks of a move with the given DTZ.
func rootMove(m chess.Move, dtz, cnt50 int, repeated bool) RootMove {
	rm := RootMove{Move: m, DTZ: dtz}
	switch {
	case dtz > 0:
		rm.WDL = 2
		if dtz+cnt50 > 100 {
			rm.WDL = 1
		}
		// Before the first zeroing move a DTZ of 100 may be one ply too
		// long, hence 99. After a repetition the engine must make
		// progress, so wins are then ordered by DTZ as well.
		if dtz+cnt50 <= 99 && !repeated {
			rm.Rank, rm.dtzRank = maxRank, maxRank-dtz
		} else {
			rm.Rank = maxRank/2 - (dtz + cnt50)
			rm.dtzRank = rm.Rank
		}
	case dtz < 0:
		rm.WDL = -2
		if -dtz+cnt50 > 100 {
			rm.WDL = -1
		}
		if -2*dtz+cnt50 < 100 {
			rm.Rank, rm.dtzRank = -maxRank, -maxRank-dtz
		} else {
			rm.Rank = -maxRank/2 + (-dtz + cnt50)
			rm.dtzRank = rm.Rank
		}
	}
	return rm
}

// BestRootMoves returns the moves of moves (as sorted by RootMoves) that
// share the highest Rank: the moves that preserve the best result.
func BestRootMoves(moves []RootMove) []RootMove {
	n := 0
	for n < len(moves) && moves[n].Rank == moves[0].Rank {
		n++
	}
	return moves[:n]
}

// BestMove returns the move that DTZ considers best: among winning moves
// the one reaching the next zeroing move soonest (keeping the win safe
// under the 50-move rule when possible), otherwise a drawing move, and when
// every move loses the one that delays the loss longest. It is meant for
// adjudication, tests and playing out won endings; ok is false when pos is
// not covered or has no legal move.
func (tb *Tablebase) BestMove(pos *chess.Position, rule50 bool) (best RootMove, ok bool) {
	moves, ok := tb.RootMoves(pos, rule50)
	if !ok || len(moves) == 0 {
		return RootMove{}, false
	}
	return DTZBest(moves), true
}

// DTZBest is BestMove's choice among moves that RootMoves returned, for a
// caller that already has them. moves must not be empty.
func DTZBest(moves []RootMove) RootMove {
	best := moves[0]
	for _, m := range moves[1:] {
		if m.dtzRank > best.dtzRank {
			best = m
		}
	}
	return best
}
