package search

import "vireo/chess"

// Stages of the move picker: Rofchade's search's order, with the captures
// that lose material moved after the quiet moves (Ethereal's and
// Stockfish's order: a losing capture rarely cuts, and tried first it
// costs a search wherever the quiets would have).
const (
	stageTT = iota
	stageGenNoisy
	stageGoodNoisy
	stageKillers
	stageBadNoisy
	stageQuiets
	stageDone

	stageEvasionTT
	stageEvasionGen
	stageEvasions

	stageQTT
	stageQGen
	stageQNoisy
	stageCount
)

type scoredMove struct {
	move  chess.Move
	score int32
}

// picker hands out moves one at a time so that a cutoff early in the list
// saves generating and sorting the rest.
type picker struct {
	pos     *chess.Position
	hist    *History
	ttMove  chess.Move
	killers [3]chess.Move // two killers and the first killer two plies back
	stage   int
	// from is the stage that handed out the last move (for Stats), and
	// quietsOut how many moves the history-ordered quiet stage has.
	from      int
	quietsOut int

	moves    [chess.MaxMoves]scoredMove // noisy moves, or all evasions
	n, idx   int
	bad      [chess.MaxMoves]scoredMove // captures that lose material by SEE
	nBad     int
	badIdx   int
	quiets   [chess.MaxMoves]scoredMove
	nQuiet   int
	quietIdx int
	killerI  int
	list     chess.MoveList
	// thr is the position's threat map for the threat-split history,
	// computed when a quiet move is first scored (thrSet).
	thr    chess.Bitboard
	thrSet bool
}

// threatMap is the threat map of the picker's position; the caller must
// have the position as it was at init.
func (mp *picker) threatMap() chess.Bitboard {
	if !mp.thrSet {
		mp.thr, mp.thrSet = mp.hist.threatMap(mp.pos), true
	}
	return mp.thr
}

// init prepares a picker for the main search. killers holds the two
// killers of this ply and the first killer of two plies back (NoMove
// where there is none).
func (mp *picker) init(pos *chess.Position, hist *History, ttMove chess.Move, killers [3]chess.Move) {
	mp.pos, mp.hist, mp.killers = pos, hist, killers
	mp.n, mp.idx, mp.nBad, mp.badIdx, mp.nQuiet, mp.quietIdx, mp.killerI = 0, 0, 0, 0, 0, 0, 0
	mp.quietsOut = 0
	mp.thrSet = false
	mp.ttMove = chess.NoMove
	if ttMove != chess.NoMove && pos.IsLegal(ttMove) {
		mp.ttMove = ttMove
	}
	if pos.InCheck() {
		mp.stage = stageEvasionTT
	} else {
		mp.stage = stageTT
	}
}

// initQ prepares a picker for quiescence search: noisy moves only, or all
// evasions when in check.
func (mp *picker) initQ(pos *chess.Position, hist *History, ttMove chess.Move) {
	mp.init(pos, hist, chess.NoMove, [3]chess.Move{})
	if !pos.InCheck() {
		mp.stage = stageQTT
		if ttMove != chess.NoMove && pos.IsNoisy(ttMove) && pos.IsLegal(ttMove) {
			mp.ttMove = ttMove
		}
	} else if ttMove != chess.NoMove && pos.IsLegal(ttMove) {
		mp.ttMove = ttMove
	}
}

// victimOf is the type of the piece m captures (a pawn for en passant,
// whose target square is empty).
func victimOf(pos *chess.Position, m chess.Move) chess.PieceType {
	if m.IsEnPassant() {
		return chess.Pawn
	}
	return pos.PieceOn(m.To()).Type()
}

// mvvLva orders captures by most valuable victim, then least valuable attacker.
func mvvLva(pos *chess.Position, m chess.Move) int32 {
	victim := victimOf(pos, m)
	s := int32(chess.SEEValue[victim])*8 - int32(pos.PieceOn(m.From()).Type())
	if m.IsPromotion() {
		s += int32(chess.SEEValue[m.Promotion()] - chess.SEEValue[chess.Pawn])
	}
	return s
}

func (mp *picker) genNoisy() {
	mp.pos.GenerateMoves(&mp.list, chess.GenNoisy)
	mp.n, mp.idx = 0, 0
	for _, m := range mp.list.Slice() {
		if m == mp.ttMove {
			continue
		}
		mp.moves[mp.n] = scoredMove{m, mvvLva(mp.pos, m)}
		mp.n++
	}
}

func (mp *picker) genQuiets() {
	mp.pos.GenerateMoves(&mp.list, chess.GenQuiet)
	c := mp.pos.SideToMove()
	mp.nQuiet, mp.quietIdx = 0, 0
	thr := mp.threatMap()
	for _, m := range mp.list.Slice() {
		if m == mp.ttMove {
			continue
		}
		mp.quiets[mp.nQuiet] = scoredMove{m, mp.hist.quiet(c, m, thr)}
		mp.nQuiet++
	}
}

// best moves the highest-scored remaining move of list[from:n] to the
// front and returns it; selection sort is cheap because cutoffs come early.
func best(list []scoredMove, from int) scoredMove {
	bi, bs := from, list[from].score
	for i := from + 1; i < len(list); i++ {
		if s := list[i].score; s > bs {
			bi, bs = i, s
		}
	}
	list[from], list[bi] = list[bi], list[from]
	return list[from]
}

// isKiller reports whether m is one of the moves tried in the killer
// stage.
func (mp *picker) isKiller(m chess.Move) bool {
	return m != chess.NoMove && (m == mp.killers[0] || m == mp.killers[1] || m == mp.killers[2])
}

// next returns the next move, or NoMove when there are none left.
func (mp *picker) next() chess.Move {
	for {
		switch mp.stage {
		case stageTT:
			mp.stage = stageGenNoisy
			if mp.ttMove != chess.NoMove {
				mp.from = stageTT
				return mp.ttMove
			}
		case stageGenNoisy:
			mp.genNoisy()
			mp.stage = stageGoodNoisy
		case stageGoodNoisy:
			for mp.idx < mp.n {
				sm := best(mp.moves[:mp.n], mp.idx)
				mp.idx++
				if mp.pos.SEE(sm.move, 0) {
					mp.from = stageGoodNoisy
					return sm.move
				}
				mp.bad[mp.nBad] = sm
				mp.nBad++
			}
			// Quiets are generated now so that killers can be checked
			// against them instead of proving their legality one by one.
			mp.genQuiets()
			mp.stage = stageKillers
		case stageKillers:
			for mp.killerI < len(mp.killers) {
				k := mp.killers[mp.killerI]
				mp.killerI++
				if k == chess.NoMove || k == mp.ttMove {
					continue
				}
				dup := false
				for j := 0; j < mp.killerI-1; j++ {
					dup = dup || mp.killers[j] == k
				}
				if dup {
					continue
				}
				for i := mp.quietIdx; i < mp.nQuiet; i++ {
					// Found among this position's quiets, k is legal
					// here, so SEE may look at it.
					if mp.quiets[i].move == k {
						if !mp.pos.SEE(k, 0) {
							// A killer that hangs material here is no
							// refutation: it waits among the quiets
							// for its history to place it (Ethereal's
							// picker; in the bundle of four, docs/search.md).
							mp.killers[mp.killerI-1] = chess.NoMove
							break
						}
						mp.from = stageKillers
						return k
					}
				}
			}
			mp.stage = stageQuiets
		case stageBadNoisy:
			if mp.badIdx < mp.nBad {
				sm := best(mp.bad[:mp.nBad], mp.badIdx)
				mp.badIdx++
				mp.from = stageBadNoisy
				return sm.move
			}
			mp.stage = stageDone
		case stageQuiets:
			for mp.quietIdx < mp.nQuiet {
				sm := best(mp.quiets[:mp.nQuiet], mp.quietIdx)
				mp.quietIdx++
				if !mp.isKiller(sm.move) {
					mp.from = stageQuiets
					mp.quietsOut++
					return sm.move
				}
			}
			mp.stage = stageBadNoisy
		case stageDone:
			return chess.NoMove

		case stageEvasionTT:
			mp.stage = stageEvasionGen
			if mp.ttMove != chess.NoMove {
				mp.from = stageEvasionTT
				return mp.ttMove
			}
		case stageEvasionGen:
			mp.genEvasions()
			mp.stage = stageEvasions
		case stageEvasions:
			if mp.idx < mp.n {
				sm := best(mp.moves[:mp.n], mp.idx)
				mp.idx++
				mp.from = stageEvasions
				return sm.move
			}
			mp.stage = stageDone

		case stageQTT:
			mp.stage = stageQGen
			if mp.ttMove != chess.NoMove {
				mp.from = stageQTT
				return mp.ttMove
			}
		case stageQGen:
			mp.genNoisy()
			mp.stage = stageQNoisy
		case stageQNoisy:
			if mp.idx < mp.n {
				sm := best(mp.moves[:mp.n], mp.idx)
				mp.idx++
				mp.from = stageQNoisy
				return sm.move
			}
			mp.stage = stageDone
		}
	}
}

// Evasion ordering (Rofchade's search): capture of the checking piece, other
// captures, quiet moves; all moves that keep material by SEE come before
// all that lose it.
const (
	evGood          = 1 << 28
	evCaptureCheck  = 1 << 26
	evCaptureOther  = 1 << 25
	evQuietBaseline = 0
)

func (mp *picker) genEvasions() {
	pos := mp.pos
	pos.GenerateMoves(&mp.list, chess.GenAll)
	checkers := pos.Checkers()
	c := pos.SideToMove()
	mp.n, mp.idx = 0, 0
	for _, m := range mp.list.Slice() {
		if m == mp.ttMove {
			continue
		}
		var s int32
		if pos.IsCapture(m) || m.IsPromotion() {
			s = mvvLva(pos, m)
			if checkers.Has(m.To()) || (m.IsEnPassant() && checkers.Has(m.To()^8)) {
				s += evCaptureCheck
			} else {
				s += evCaptureOther
			}
		} else {
			s = mp.hist.quiet(c, m, mp.threatMap())
		}
		if pos.SEE(m, 0) {
			s += evGood
		}
		mp.moves[mp.n] = scoredMove{m, s}
		mp.n++
	}
}

// skipQuiets stops the picker from returning further quiet moves
// (futility pruning); losing captures still come.
func (mp *picker) skipQuiets() {
	mp.quietIdx = mp.nQuiet
	mp.killerI = len(mp.killers)
}
