package eval

import "vireo/chess"

// pawnEntry caches what depends on the pawns alone: the pawn-structure
// score (PawnV, static PassedV terms, pawn material and PST, space) and
// the bitboards the rest of the evaluation reuses.
type pawnEntry struct {
	key      uint64
	ok       bool
	semiOpen [2]uint8 // bit f set: no pawn of colour c on file f
	// Files as bitboards: without pawns; without colour c's pawns but
	// with enemy pawns; those half-open files where an enemy pawn is
	// pawn-defended; files where a pawn of colour c is blocked by a pawn.
	open                               chess.Bitboard
	halfOpen, halfOpenDef, blockedFile [2]chess.Bitboard
	score                              [2]packed
	passed                             chess.Bitboard    // passed pawns of both colours
	att                                [2]chess.Bitboard // squares attacked by colour c's pawns
	span                               [2]chess.Bitboard // squares colour c's pawns attack now or after advancing
	// kingPawn caches the terms of colour c's king against the pawns
	// (kingPawnTerms) for the king on square kpSq[c]-1 (0: none yet).
	kpSq     [2]uint8
	kingPawn [2]packed
}

// pawnTableSize is the number of pawn hash entries per Evaluator (a power
// of two; about 1 MB).
const pawnTableSize = 1 << 14

// pawns returns the pawn entry for p, computing it on a miss.
func (e *Evaluator) pawns(p *chess.Position) *pawnEntry {
	key := p.PawnKey()
	pe := &e.pawnTable[key&(pawnTableSize-1)]
	if pe.ok && pe.key == key {
		return pe
	}
	a := fastAcc{pr: e.params, pk: e.packed}
	fastEvalPawns(p, &a, pe)
	pe.key, pe.ok = key, true
	pe.kpSq = [2]uint8{}
	return pe
}

// evalPawns fills pe for p, adding the pawn terms to a (and its trace).
func evalPawns(p *chess.Position, a *acc, pe *pawnEntry) {
	a.s = [2]packed{}
	pe.passed = 0
	for c := chess.White; c <= chess.Black; c++ {
		us := p.Pieces(c, chess.Pawn)
		pe.att[c] = chess.PawnAttacksBB(us, c)
		pe.span[c] = fillForward(pe.att[c], c)
		pe.semiOpen[c] = 0xFF
		for b := us; b != 0; {
			pe.semiOpen[c] &^= 1 << b.PopLSB().File()
		}
	}
	all := p.ByType(chess.Pawn)
	pe.open = ^fileFill(all)
	for c := chess.White; c <= chess.Black; c++ {
		them := c.Other()
		us := p.Pieces(c, chess.Pawn)
		th := p.Pieces(them, chess.Pawn)
		pe.halfOpen[c] = fileFill(th) &^ fileFill(us)
		pe.halfOpenDef[c] = pe.halfOpen[c] & fileFill(th&pe.att[them])
		pe.blockedFile[c] = fileFill(us & all.Forward(them))

		// Space: squares on our ranks 2-4 of the centre files, behind our
		// pawns and not attacked by enemy pawns.
		space := centerFiles & (relRankMask[c][1] | relRankMask[c][2] | relRankMask[c][3]) &
			fillBack(us, c) &^ us &^ pe.att[them]
		a.addN(c, iOurSideSafeMove, space.Count())

		for b := us; b != 0; {
			sq := b.PopLSB()
			f := sq.File()
			r := sq.RelativeRank(c)
			a.piece(c, chess.Pawn, relSq(c, sq))
			fc := fileCentre[f]
			bb := chess.SquareBB(sq)
			stop := bb.Forward(c)

			supporters := chess.PawnAttacks(them, sq) & us
			phalanx := (bb.East() | bb.West()) & us
			neighbours := us & adjacentFiles[f]
			opposed := th&forwardFile[c][sq] != 0
			doubled := us&forwardFile[c][sq] != 0
			passed := th&passedMask[c][sq] == 0 && !doubled

			if supporters != 0 {
				a.add(c, iPawnSupported+min(supporters.Count(), 2)-1)
			}
			if supporters != 0 || phalanx != 0 {
				a.add(c, iPawnConnectedRank+r-1)
				a.add(c, iPawnConnectedFile+fc)
			}
			weak := false
			if neighbours == 0 {
				a.add(c, iPawnIsolated+fc)
				weak = true
			} else if neighbours&^ranksAhead[c][sq.Rank()] == 0 && (pe.att[them]|th)&stop != 0 {
				a.add(c, iPawnBackward+fc)
				weak = true
			}
			if weak && !opposed {
				a.add(c, iPawnWeakOpenFile)
			}
			if doubled {
				a.add(c, iPawnDoubled)
			}
			if passed {
				pe.passed |= bb
				a.add(c, iPPPassedRank+r-1)
				a.add(c, iPPPassedFile+fc)
			} else if !opposed {
				sentries := th & attackSpan[c][sq]
				helpers := neighbours &^ ranksAhead[c][sq.Rank()]
				if helpers.Count() >= sentries.Count() {
					a.add(c, iPPCandidate+r-1)
				}
			}
		}
	}
	pe.score = a.s
}
