package match

// The referee: the rules of chess, from Vireo's own chess package, and the
// optional adjudication rules that end hopeless or dead games early. The
// reasons use cutechess's wording, so PGN files from either runner read
// the same.

import (
	"vireo/chess"
)

// Game results, as PGN writes them.
const (
	WhiteWins  = "1-0"
	BlackWins  = "0-1"
	Draw       = "1/2-1/2"
	Unfinished = "*"
)

// PGN Termination tag values.
const (
	TermNormal      = "normal"
	TermAdjudicated = "adjudication"
	TermTime        = "time forfeit"
	TermIllegal     = "illegal move"
	TermCrash       = "abandoned"
	TermHang        = "stalled connection"
)

// Verdict is how a game ended.
type Verdict struct {
	Result      string // WhiteWins, BlackWins, Draw or Unfinished
	Reason      string // "White mates", "Draw by 3-fold repetition", ...
	Termination string // one of the Term constants
	// Cause is the failure that lost the game, if one did (the loser is
	// the side that did not win).
	Cause Cause
}

func colorName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

// winFor is the result in which c wins.
func winFor(c chess.Color) string {
	if c == chess.White {
		return WhiteWins
	}
	return BlackWins
}

// RulesVerdict applies the rules of chess to the position, with the side
// to move about to play. ok is false while the game goes on. Mate comes
// first: a mate delivered on the hundredth quiet ply or completing a
// repetition still wins.
func RulesVerdict(pos *chess.Position) (v Verdict, over bool) {
	mover := pos.SideToMove()
	switch {
	case pos.IsCheckmate():
		return Verdict{winFor(mover.Other()), colorName(mover.Other()) + " mates", TermNormal, CauseNone}, true
	case pos.IsStalemate():
		return Verdict{Draw, "Draw by stalemate", TermNormal, CauseNone}, true
	case pos.IsInsufficientMaterial():
		return Verdict{Draw, "Draw by insufficient mating material", TermNormal, CauseNone}, true
	case pos.IsFiftyMoveDraw():
		return Verdict{Draw, "Draw by fifty moves rule", TermNormal, CauseNone}, true
	case pos.RepetitionCount() >= 2:
		return Verdict{Draw, "Draw by 3-fold repetition", TermNormal, CauseNone}, true
	}
	return Verdict{}, false
}

// failureVerdict is the result when side c fails with the given cause.
func failureVerdict(c chess.Color, cause Cause, detail string) Verdict {
	name := colorName(c)
	v := Verdict{Result: winFor(c.Other()), Cause: cause}
	switch cause {
	case CauseTime:
		v.Reason, v.Termination = name+" loses on time", TermTime
	case CauseIllegal:
		v.Reason, v.Termination = name+" makes an illegal move: "+detail, TermIllegal
	case CauseCrash:
		v.Reason, v.Termination = name+" disconnects", TermCrash
	case CauseHang:
		v.Reason, v.Termination = name+"'s connection stalls", TermHang
	}
	return v
}

// DrawRule adjudicates a draw once the game has reached move MoveNumber
// and both engines have reported a score within ±Score centipawns for
// MoveCount consecutive moves each (fastchess and cutechess -draw).
type DrawRule struct {
	MoveNumber, MoveCount, Score int
}

// ResignRule adjudicates a loss when an engine has reported a score of
// -Score centipawns or worse for MoveCount consecutive moves; with TwoSided
// its opponent must also have reported +Score or better for as long
// (fastchess and cutechess -resign).
type ResignRule struct {
	MoveCount, Score int
	TwoSided         bool
}

// Adjudicator tracks the scores engines report during a game. A nil rule
// is off.
type Adjudicator struct {
	Draw   *DrawRule
	Resign *ResignRule

	drawPlies int
	losing    [2]int // consecutive own moves of each side at -Score or worse
	winning   [2]int // consecutive own moves at +Score or better
}

// mateCP stands for a mate score in threshold comparisons: beyond any
// centipawn threshold.
const mateCP = 1 << 20

// Update records the score the side that just moved reported (in) and
// returns a verdict if a rule now ends the game. pos is the position after
// the move. A move without a score resets every count: adjudication needs
// an unbroken run of evidence.
func (a *Adjudicator) Update(pos *chess.Position, mover chess.Color, in Info) (Verdict, bool) {
	if !in.HasScore {
		a.drawPlies, a.losing[mover], a.winning[mover] = 0, 0, 0
		return Verdict{}, false
	}
	cp := in.Score
	if in.IsMate {
		cp = mateCP
		if in.Mate <= 0 {
			cp = -mateCP
		}
	}
	if d := a.Draw; d != nil {
		// A capture or pawn move changes the game's character, so the quiet
		// stretch must start again after one.
		if !in.IsMate && abs(cp) <= d.Score && pos.HalfmoveClock() > 0 {
			a.drawPlies++
		} else {
			a.drawPlies = 0
		}
		if pos.FullmoveNumber() >= d.MoveNumber && a.drawPlies >= 2*d.MoveCount {
			return Verdict{Draw, "Draw by adjudication", TermAdjudicated, CauseNone}, true
		}
	}
	if r := a.Resign; r != nil {
		if cp <= -r.Score {
			a.losing[mover]++
		} else {
			a.losing[mover] = 0
		}
		if cp >= r.Score {
			a.winning[mover]++
		} else {
			a.winning[mover] = 0
		}
		for _, c := range []chess.Color{mover, mover.Other()} {
			if a.losing[c] >= r.MoveCount && (!r.TwoSided || a.winning[c.Other()] >= r.MoveCount) {
				return Verdict{winFor(c.Other()), colorName(c.Other()) + " wins by adjudication", TermAdjudicated, CauseNone}, true
			}
		}
	}
	return Verdict{}, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
