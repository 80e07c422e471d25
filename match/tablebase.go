package match

// Tablebase adjudication (fastchess and cutechess -tb, -tbpieces,
// -tbignore50). Once a game reaches a position the Syzygy tables cover,
// its result under perfect play is known, and playing it out only spends
// engine time on an outcome nobody doubts; worse, a weak endgame technique
// can turn a won ending into a draw and add noise that has nothing to do
// with the change under test. The reasons use cutechess's wording ("White
// wins by adjudication: SyzygyTB"), which PGN tools already recognise.

import (
	"fmt"
	"sync"

	"vireo/chess"
	"vireo/syzygy"
)

// TablebaseRule adjudicates games that reach a position covered by the
// Syzygy tables in Paths.
type TablebaseRule struct {
	// Paths lists the table directories, separated by ':' (';' on
	// Windows), as the engines' SyzygyPath option does.
	Paths string
	// Pieces probes only positions with at most this many pieces, kings
	// included; 0 probes all that the tables cover.
	Pieces int
	// Ignore50 counts cursed wins and blessed losses, which the 50-move
	// rule turns into draws, as wins and losses.
	Ignore50 bool
}

// tbReason is cutechess's detail for tablebase adjudications.
const tbReason = "adjudication: SyzygyTB"

// tbReferee is a TablebaseRule with its tables open. Workers share it:
// a probe only reads the tables.
type tbReferee struct {
	tb       *syzygy.Tablebase
	pieces   int // the effective limit: Pieces, capped by the tables found
	ignore50 bool
	wdl, dtz int // tables found, for the match's opening line

	mu       sync.Mutex
	reported map[string]bool // table errors already noted
}

// openTablebases opens the tables of rule. A directory that cannot be read,
// or directories with no tables, are errors: a match told to adjudicate
// with tables must not quietly play on without them.
func openTablebases(rule *TablebaseRule) (*tbReferee, error) {
	tb, err := syzygy.Open(rule.Paths)
	if err != nil {
		if tb != nil {
			tb.Close()
		}
		return nil, fmt.Errorf("tablebase adjudication: %w", err)
	}
	r := &tbReferee{tb: tb, pieces: tb.MaxPieces(), ignore50: rule.Ignore50}
	if rule.Pieces > 0 {
		r.pieces = min(r.pieces, rule.Pieces)
	}
	r.wdl, r.dtz = tb.NumTables()
	return r, nil
}

// newErrors returns the table errors (files that failed to load or proved
// damaged) not returned before, so that each is said once. Their endgames
// are then left to the engines.
func (r *tbReferee) newErrors() []error {
	if r == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []error
	for _, err := range r.tb.LoadErrors() {
		if msg := err.Error(); !r.reported[msg] {
			if r.reported == nil {
				r.reported = map[string]bool{}
			}
			r.reported[msg] = true
			out = append(out, err)
		}
	}
	return out
}

func (r *tbReferee) close() {
	if r != nil {
		r.tb.Close()
	}
}

// Verdict adjudicates pos, with the side to move about to play, if the
// tables cover it. A nil referee adjudicates nothing.
//
// The tables give the result with a fresh 50-move counter. Unless the
// rule ignores the 50-move rule, a win or loss with plies already on the
// counter is only one if the winner can still zero it in time: the
// distance to zeroing plus the counter must not pass 100 (as Fathom, and
// so cutechess, decide it). That needs the DTZ table; without it such a
// position is left to the engines rather than guessed. (A stored DTZ may
// be one ply long, so a win with exactly one ply to spare can be called a
// draw; Fathom has the same limit.)
func (r *tbReferee) Verdict(pos *chess.Position) (Verdict, bool) {
	if r == nil || pos.CastlingRights() != 0 || pos.Occupied().Count() > r.pieces {
		return Verdict{}, false
	}
	// The probe makes and unmakes moves on pos, which only this game's
	// goroutine uses, and leaves it as it was.
	wdl, ok := r.tb.ProbeWDL(pos)
	if !ok {
		return Verdict{}, false
	}
	if (wdl == 2 || wdl == -2) && !r.ignore50 {
		if clock := pos.HalfmoveClock(); clock > 0 {
			dtz, ok := r.tb.ProbeDTZ(pos)
			if !ok {
				return Verdict{}, false
			}
			if abs(dtz)+clock > 100 {
				wdl /= 2 // cursed win or blessed loss
			}
		}
	}
	mover := pos.SideToMove()
	switch {
	case wdl == 2 || wdl == 1 && r.ignore50:
		return Verdict{winFor(mover), colorName(mover) + " wins by " + tbReason, TermAdjudicated, CauseNone}, true
	case wdl == -2 || wdl == -1 && r.ignore50:
		return Verdict{winFor(mover.Other()), colorName(mover.Other()) + " wins by " + tbReason, TermAdjudicated, CauseNone}, true
	}
	return Verdict{Draw, "Draw by " + tbReason, TermAdjudicated, CauseNone}, true
}

// adjudicate applies the adjudication rules to pos, the position after
// mover's move with the info it reported. The tables outrank the
// engines' scores, since they know the result the scores only guess; the
// rules of chess outrank both: a game that a mate, stalemate or draw rule
// has ended ended that way, not by adjudication.
func adjudicate(pos *chess.Position, mover chess.Color, in Info, adj *Adjudicator, tb *tbReferee) (Verdict, bool) {
	v, over := adj.Update(pos, mover, in)
	if tv, tover := tb.Verdict(pos); tover {
		v, over = tv, true
	}
	if !over {
		return Verdict{}, false
	}
	if rv, rover := RulesVerdict(pos); rover {
		v = rv
	}
	return v, true
}
