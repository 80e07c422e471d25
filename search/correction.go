package search

import (
	"unsafe"

	"vireo/chess"
	"vireo/internal/cpu"
)

// Correction is static evaluation correction history, after the
// Chessprogramming wiki's correction history page and the
// correction-history tutorial: per search thread, it learns how far the
// static evaluation was from the searched score in positions that share a
// feature (the pawn structure, each side's pieces, the major pieces, the
// minor pieces, the last two moves) and corrects later evaluations of
// positions with that feature.
//
// Entries are in sixteenths of a centipawn, bounded by corrLimit; the
// correction is the weighted sum of the matching entries, each weight a
// search parameter in 1/1024ths (0 switches that table off).
type Correction struct {
	pawn    [2][corrSize]int16
	nonPawn [2][2][corrSize]int16 // [side to move][colour of the pieces]
	major   [2][corrSize]int16
	minor   [2][corrSize]int16
	cont    [16][64][16][64]int16 // [piece][to] two plies back, then one ply back
}

const (
	corrSize  = 16384
	corrGrain = 16 // entry units per centipawn
	corrLimit = 1024
)

// corrSlots are the entries that apply to one position, found once per
// node and used for both reading and updating.
type corrSlots struct {
	pawn, nonPawnW, nonPawnB, major, minor, cont *int16
}

func (c *Correction) slots(pos *chess.Position, prev2, prev1 *frame) corrSlots {
	stm := pos.SideToMove()
	s := corrSlots{
		pawn:     &c.pawn[stm][pos.PawnKey()%corrSize],
		nonPawnW: &c.nonPawn[stm][chess.White][pos.NonPawnKey(chess.White)%corrSize],
		nonPawnB: &c.nonPawn[stm][chess.Black][pos.NonPawnKey(chess.Black)%corrSize],
		major:    &c.major[stm][pos.MajorKey()%corrSize],
		minor:    &c.minor[stm][pos.MinorKey()%corrSize],
	}
	if prev2 != nil && prev1 != nil && validMove(prev2.move) && validMove(prev1.move) {
		s.cont = &c.cont[prev2.piece][prev2.move.To()][prev1.piece][prev1.move.To()]
	}
	return s
}

// prefetch starts loading the entries, which are scattered over some 2 MB
// of tables and so mostly miss the cache, while the caller evaluates.
// Without a continuation entry the pawn entry is asked for twice,
// harmlessly, so that the six lines go in one call.
func (s *corrSlots) prefetch() {
	cont := s.cont
	if cont == nil {
		cont = s.pawn
	}
	cpu.Prefetch6(unsafe.Pointer(s.pawn), unsafe.Pointer(s.nonPawnW), unsafe.Pointer(s.nonPawnB),
		unsafe.Pointer(s.major), unsafe.Pointer(s.minor), unsafe.Pointer(cont))
}

func validMove(m chess.Move) bool { return m != chess.NoMove && m != chess.NullMove }

// amount is the correction in centipawns.
func (s *corrSlots) amount(p *Params) int {
	sum := p.CorrPawnW*int(*s.pawn) +
		p.CorrNonPawnW*(int(*s.nonPawnW)+int(*s.nonPawnB)) +
		p.CorrMajorW*int(*s.major) +
		p.CorrMinorW*int(*s.minor)
	if s.cont != nil {
		sum += p.CorrContW * int(*s.cont)
	}
	return sum / (1024 * corrGrain)
}

// update moves the entries toward the error the search found, in the
// gravity form of the correction-history tutorial: a bonus scaled by
// depth, shrinking as an entry nears corrLimit.
func (s *corrSlots) update(p *Params, diff, depth int) {
	bonus := clamp(diff*corrGrain*depth/8, -corrLimit/4, corrLimit/4)
	f := func(e *int16) { *e += int16(bonus - int(*e)*abs(bonus)/corrLimit) }
	if p.CorrPawnW != 0 {
		f(s.pawn)
	}
	if p.CorrNonPawnW != 0 {
		f(s.nonPawnW)
		f(s.nonPawnB)
	}
	if p.CorrMajorW != 0 {
		f(s.major)
	}
	if p.CorrMinorW != 0 {
		f(s.minor)
	}
	if p.CorrContW != 0 && s.cont != nil {
		f(s.cont)
	}
}

func clamp(x, lo, hi int) int { return min(max(x, lo), hi) }

// learnsCorrection says whether a node's result teaches the correction
// tables anything (the correction-history tutorial's conditions). In
// check there is no static evaluation to correct. A capture or promotion
// as best move explains the difference by itself; an upper bound at or
// above the evaluation, or a lower bound at or below it, does not say
// which way the evaluation erred; a mate score is no evaluation error at
// all.
func learnsCorrection(inCheck, noisyBest bool, bound Bound, best, eval int) bool {
	return !inCheck && !noisyBest &&
		!(bound == BoundUpper && best >= eval) &&
		!(bound == BoundLower && best <= eval) &&
		best > -MateInMax && best < MateInMax
}

// corrected applies the correction to a raw evaluation, keeping it out of
// the mate range.
func corrected(raw, corr int) int {
	return clamp(raw+corr, -MateInMax+1, MateInMax-1)
}

// Clear empties every table.
func (c *Correction) Clear() { *c = Correction{} }

// corrOn reports whether any correction table is in use.
func (p *Params) corrOn() bool {
	return p.CorrPawnW|p.CorrNonPawnW|p.CorrMajorW|p.CorrMinorW|p.CorrContW != 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
