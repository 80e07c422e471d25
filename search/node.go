package search

import (
	"math"

	"vireo/chess"
)

// setParams installs the search constants and the late-move-reduction
// table they imply.
func (w *Worker) setParams(p Params) {
	w.p = p
	// Every search starts here; 7,938 logarithms are worth keeping.
	if w.lmrBuilt && w.lmrFor == [2]int{p.LMRBase, p.LMRDivisor} {
		return
	}
	w.lmrFor, w.lmrBuilt = [2]int{p.LMRBase, p.LMRDivisor}, true
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			r := float64(p.LMRBase)/100 + math.Log(float64(d))*math.Log(float64(m))/(float64(p.LMRDivisor)/100)
			w.lmr[d][m] = int8(max(r, 0))
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// search is the principal variation search of one non-root node, in
// numbered steps as Stockfish's search.cpp numbers its own. cutNode marks
// nodes expected to fail high, where reductions can be bolder. Beside each
// heuristic is its measured value: Elo ± 95% error over games at a node
// count or time control, from docs/history/elo-log.md (docs/search.md
// sums them up).
func (w *Worker) search(alpha, beta, depth, ply int, pvNode, cutNode bool) int {
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply, pvNode)
	}

	// Step 1. Enter the node: count it, check the limits.
	w.pvLen[ply] = ply
	w.nodes++
	w.stats.Nodes.inc()
	w.checkLimits()
	if w.stopped {
		return 0
	}
	if ply > w.seldepth {
		w.seldepth = ply
	}
	pos := w.pos
	p := &w.p
	inCheck := pos.InCheck()
	st := &w.stack[ply]
	// excluded is the move a singular-extension search leaves out: it
	// asks a different question of the same position, so it neither cuts
	// on the table nor stores to it.
	excluded := st.excluded

	// Step 2. Draws by rule, the ply limit, and mate distance pruning: no
	// line through here can beat a mate already found nearer the root.
	if w.isDraw(ply) {
		return 0
	}
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return w.ev.Evaluate(pos)
	}
	alpha = max(alpha, -MateValue+ply)
	beta = min(beta, MateValue-ply-1)
	if alpha >= beta {
		return alpha
	}

	// Step 3. Transposition table: a non-PV node ends on an entry at
	// least as deep whose bound settles the window (Rofchade's search).
	key := pos.Key()
	tte, hit := w.s.TT.Probe(key)
	w.stats.TTProbes.inc()
	ttMove := chess.NoMove
	ttScore := noScore
	if hit {
		w.stats.TTHits.inc()
		ttMove = tte.Move
		ttScore = scoreFromTT(tte.Score, ply)
		cuts := tte.Depth >= depth &&
			(tte.Bound == BoundExact ||
				tte.Bound == BoundLower && ttScore >= beta ||
				tte.Bound == BoundUpper && ttScore <= alpha)
		if !pvNode && excluded == chess.NoMove && cuts {
			w.stats.TTCuts.inc()
			return ttScore
		}
	}

	// Step 4. Tablebases: right after a capture or pawn move, a position
	// the tables cover has a proven result. A bound that settles the node
	// ends it; in a PV node a win raises the floor and a loss caps the
	// score, and the search goes on for the best line within them.
	tbFloor, tbCap := -Infinite, Infinite
	if excluded == chess.NoMove {
		if tbScore, tbBound, ok := w.probeWDL(depth, ply); ok {
			if tbBound == BoundExact || tbBound == BoundLower && tbScore >= beta || tbBound == BoundUpper && tbScore <= alpha {
				w.s.TT.Store(key, chess.NoMove, scoreToTT(tbScore, ply), noScore, min(depth+6, MaxPly-1), tbBound, pvNode)
				return tbScore
			}
			if pvNode {
				if tbBound == BoundLower {
					tbFloor = tbScore
					alpha = max(alpha, tbScore)
				} else {
					tbCap = tbScore
				}
			}
		}
	}

	// Step 5. Static evaluation, corrected by correction history (+29.6
	// ± 19.8, 800 games at 20,000 nodes): the five tables say how far
	// searches of positions sharing a feature found the evaluation off.
	// The table keeps the raw evaluation. The correction entries are
	// found first so that they load while the evaluation runs.
	var cs corrSlots
	corrOn := p.corrOn() && !inCheck
	if corrOn {
		cs = w.corr.slots(pos, w.prevFrame(ply, 2), w.prevFrame(ply, 1))
		cs.prefetch()
	}
	var staticEval int
	switch {
	case inCheck:
		staticEval = noScore
	case hit && tte.Eval != noScore:
		staticEval = tte.Eval
	default:
		staticEval = w.ev.Evaluate(pos)
	}
	rawEval := staticEval
	if corrOn {
		staticEval = corrected(staticEval, cs.amount(p))
	}
	st.staticEval = staticEval
	eval := staticEval

	// Step 6. Hindsight (Stockfish's adjustment by prior reduction; +24.7
	// ± 15.8, 1,000 games at 50,000 nodes; +6.6 ± 19.9, 424 at 10+0.1).
	// The parent's reduction of the move that led here was a guess from
	// the move's rank and history; the evaluations either side of it say
	// what it did. Their sum is the mover's loss: at most 0, the
	// reduction was too deep; beyond the margin, a ply less is enough.
	// Once per visit: the singular test's second look adds nothing.
	if !inCheck && excluded == chess.NoMove && ply >= 1 {
		if prev := &w.stack[ply-1]; prev.staticEval != noScore && prev.reduction > 0 {
			loss := staticEval + prev.staticEval
			switch {
			case int(prev.reduction) >= p.HindsightDeepR && loss <= 0:
				depth++
				w.stats.HindsightDeeper.inc()
			case int(prev.reduction) >= p.HindsightShallowR && depth >= 2 && loss > p.HindsightMargin:
				depth--
				w.stats.HindsightShallower.inc()
			}
		}
	}

	// Step 7. Improving: the evaluation is above ours of two plies ago,
	// or four if we were in check then; true when neither is known
	// (false lost, −24.4 ± 41.3 over 200 games at 10,000 nodes). The
	// Chessprogramming wiki's Improving page.
	improving := false
	if !inCheck {
		past := -1
		if ply >= 2 && w.stack[ply-2].staticEval != noScore {
			past = ply - 2
		} else if ply >= 4 && w.stack[ply-4].staticEval != noScore {
			past = ply - 4
		}
		improving = past < 0 || staticEval > w.stack[past].staticEval
	}
	w.stack[ply+1].killers = [2]chess.Move{}
	w.stack[ply+1].excluded = chess.NoMove
	w.stack[ply+1].doubleExts = st.doubleExts

	if !pvNode && !inCheck && excluded == chess.NoMove {
		// Step 8. Reverse futility pruning (+105.6 ± 45.1, 200 games at
		// 20,000 nodes): far enough above beta that a shallow search
		// will not bring it back; the margin shrinks when improving.
		if depth <= p.RFPDepth && eval < MateInMax &&
			eval-(p.RFPMargin*depth-p.RFPImproving*b2i(improving)) >= beta {
			w.stats.RFPCut.inc()
			return eval
		}

		// Step 9. Null-move pruning (+47.2 ± 36.8, 200 games at 20,000
		// nodes): if passing still fails high, a real move will. Not in
		// pawn-only endings (zugzwang), not twice in a row; from
		// NMPVerifyDepth a cutoff is verified by a search in which we may
		// not pass.
		if p.NMPDepth > 0 && depth >= p.NMPDepth && eval >= beta && beta > -MateInMax &&
			w.stack[ply-1].move != chess.NullMove && pos.HasNonPawnMaterial(pos.SideToMove()) &&
			(ply >= w.nmpMinPly || pos.SideToMove() != w.nmpColor) {
			r := p.NMPBase + depth/p.NMPDivisor + min(max(eval-beta, 0)/p.NMPEvalDivisor, 3)
			w.stats.NMPTried.inc()
			st.move = chess.NullMove
			pos.MakeNullMove()
			w.prefetch(0)
			v := -w.search(-beta, -beta+1, depth-r, ply+1, false, !cutNode)
			pos.UnmakeNullMove()
			if w.stopped {
				return 0
			}
			if v >= beta {
				if v >= MateInMax {
					v = beta // a mate found by passing is not proven
				}
				if depth < p.NMPVerifyDepth || w.nmpMinPly > 0 {
					w.stats.NMPCut.inc()
					return v
				}
				w.stats.NMPVerify.inc()
				w.nmpMinPly, w.nmpColor = ply+3*(depth-r)/4, pos.SideToMove()
				vv := w.search(beta-1, beta, depth-r, ply, false, false)
				w.nmpMinPly = 0
				if vv >= beta {
					w.stats.NMPCut.inc()
					return v
				}
			}
			w.stats.NMPFail.inc()
		}
	}

	// Step 10. The move loop. The picker (picker.go) hands out the table
	// move, the captures that win or keep material, the killers (this
	// ply's two and the first of two plies back), the quiet moves by
	// history, then the losing captures (+25.8 ± 17.0 for putting them
	// last, 1,000 games at 25,000 nodes).
	killers := [3]chess.Move{st.killers[0], st.killers[1]}
	if ply >= 2 {
		killers[2] = w.stack[ply-2].killers[0]
	}
	mp := &w.pickers[ply]
	if excluded != chess.NoMove {
		mp = &w.sePickers[ply]
	}
	mp.init(pos, &w.hist, ttMove, killers)
	us := pos.SideToMove()
	hasPieces := pos.HasNonPawnMaterial(us) // move pruning is off in pawn endings
	bestScore := tbFloor
	bestMove := chess.NoMove
	// moveCount counts the moves handed out, pruned or not; played those
	// searched; quietsTried the quiets that failed, for history.
	moveCount, played, quietsTried := 0, 0, 0
	// The singular test's search of the other moves may stop early
	// (SEQuietLimit): it counts the quiet and noisy moves it searched.
	seLimited := excluded != chess.NoMove && p.SEQuietLimit > 0
	seQuiets, seNoisy := 0, 0
	firstStage := stageTT
	origAlpha := alpha
	for m := mp.next(); m != chess.NoMove; m = mp.next() {
		if m == excluded {
			continue
		}
		moveCount++
		quiet := !pos.IsNoisy(m)
		// histScore rates a quiet move for pruning and reductions: its
		// share of good outcomes, within ±historyScale/2.
		histScore := 0
		if quiet {
			histScore = int(w.hist.quiet(us, m, mp.threatMap()))
		}
		r := int(w.lmr[min(depth, 63)][min(moveCount, 63)])
		// seeSign is what the picker already knows of SEE(m, 0): the
		// captures of the good stage and the killers passed it, the bad
		// captures failed it. SEE is monotone in its threshold, so the
		// tests below that it settles are not run again.
		seeSign := 0
		switch mp.from {
		case stageGoodNoisy, stageKillers:
			seeSign = 1
		case stageBadNoisy:
			seeSign = -1
		}
		// givesCheck is computed once a move survives the pruning that
		// does not depend on it: most moves pruned here never need it.
		givesCheck, checkKnown := false, false

		// Step 11. Pruning at shallow depth, once a move that avoids
		// being mated is known, and not in pawn endings.
		if bestScore > -MateInMax && hasPieces {
			lmrDepth := max(depth-1-r, 0)
			// Quiet checks are spared (+21.7 ± 23, 400 games at 10,000
			// nodes).
			if quiet && !inCheck {
				// Futility pruning (+23.3 ± 15.9, 1,000 games at 25,000
				// nodes): a quiet move cannot lift a hopeless evaluation
				// to alpha; this quiet and every later one are dropped.
				futile := p.FutilityDepth > 0 && lmrDepth <= p.FutilityDepth && eval+p.FutilityBase+p.FutilityMargin*lmrDepth <= alpha
				// History pruning (+67.2 ± 17.4, SPRT passed after 848
				// games at 25,000 nodes): quiets that keep failing.
				if futile || lmrDepth < p.HistPruneDepth && histScore < -p.HistPruneMargin*depth && !mp.isKiller(m) {
					givesCheck, checkKnown = pos.GivesCheck(m), true
					if !givesCheck {
						if futile {
							w.stats.FutilityPruned.inc()
							mp.skipQuiets()
						} else {
							w.stats.HistoryPruned.inc()
						}
						continue
					}
				}
			}
			// SEE pruning of moves that lose too much material: quiets
			// (+56.1 ± 39.4, 200 games at 10,000 nodes) and captures
			// (+23.5 ± 28, 400 games at 10,000 nodes). The thresholds
			// are at most 0, so a move known to pass SEE(m, 0) passes.
			if quiet && depth <= p.SEEQuietDepth && seeSign <= 0 && !pos.SEE(m, -p.SEEQuietMargin*lmrDepth) {
				w.stats.SEEQuietPruned.inc()
				continue
			}
			if !quiet && depth <= p.SEENoisyDepth && seeSign <= 0 && !pos.SEE(m, -p.SEENoisyMargin*depth*depth) {
				w.stats.SEENoisy.inc()
				continue
			}
		}
		if !checkKnown {
			givesCheck = pos.GivesCheck(m)
		}

		predicted := w.prefetchMove(m)

		// Step 12. Extensions. Singular extensions (Ethereal 12's form,
		// +42.6 ± 15.1 over 1,000 games at 50,000 nodes; from depth 6,
		// +15.3 ± 15.3 over 1,000 at 50,000 nodes and +17.4 ± 23.0 over
		// 300 at 10+0.1): if every other move falls well short of the
		// table's score for its move, that move is extended, twice when
		// far short (Stockfish's double extension, +10.3 ± 10.7 over
		// 2,058 games at 50,000 nodes, +14.5 ± 23.2 over 312 at 10+0.1);
		// if even the others beat beta, the node is cut (multi-cut).
		ext := 0
		if p.SEDepth > 0 && depth >= p.SEDepth && m == ttMove && excluded == chess.NoMove &&
			hit && tte.Depth >= depth-p.SETTDepth && tte.Bound&BoundLower != 0 &&
			ttScore > -MateInMax && ttScore < MateInMax && ply < 2*w.rootDepth {
			singBeta := ttScore - p.SEMargin*depth
			w.stats.SETried.inc()
			st.excluded = m
			v := w.search(singBeta-1, singBeta, (depth-1)/2, ply, false, cutNode)
			st.excluded = chess.NoMove
			if w.stopped {
				return 0
			}
			switch {
			case v < singBeta:
				ext = 1
				w.stats.SESingular.inc()
				if !pvNode && v < singBeta-p.SEDoubleMargin && st.doubleExts < 6 {
					ext = 2
					w.stats.SEDouble.inc()
				}
			case singBeta >= beta:
				w.stats.SEMultiCut.inc()
				return singBeta
			}
			// The singular search reused the child plies' state.
			w.stack[ply+1].killers = [2]chess.Move{}
		}
		// Check extension (Rofchade's search: a check that does not lose
		// material; +47.2 ± 39.7 against none, 200 games at 10,000 nodes).
		if givesCheck && ext == 0 && ply < 2*w.rootDepth && (seeSign > 0 || seeSign == 0 && pos.SEE(m, 0)) {
			ext = 1
			w.stats.CheckExtensions.inc()
		}

		// Step 13. Make the move.
		st.move, st.piece = m, pos.PieceOn(m.From())
		pos.MakeMove(m)
		w.prefetch(predicted)
		played++
		if played == 1 {
			firstStage = mp.from
		}
		newDepth := depth - 1 + ext
		w.stack[ply+1].doubleExts = st.doubleExts + b2i(ext >= 2)

		// Step 14. Search it: the first move with the full window; the
		// others by principal variation search (+297.6 ± 56.5, 180
		// games at 10,000 nodes), a zero window first, re-searched with
		// the full one at a PV node when they beat alpha.
		var score int
		if moveCount == 1 {
			score = -w.search(-beta, -alpha, newDepth, ply+1, pvNode, !pvNode && !cutNode)
		} else {
			// Late-move reductions (+193.2 ± 51.8, 200 games at 20,000
			// nodes): later quiet moves, and captures that lose material
			// or evade a check, are searched shallower first by the
			// table's plies: one less at PV nodes, for checks and for
			// killers, less by history; one more when not improving and
			// LMRCutNode more at predicted cut nodes. A reduced move
			// that beats alpha is searched again at full depth.
			reduced := false
			badNoisy := !quiet && (mp.stage == stageBadNoisy || mp.stage >= stageQuiets)
			if p.LMRDepth > 0 && depth >= p.LMRDepth && moveCount > 1+b2i(pvNode) && (quiet || badNoisy) {
				r -= b2i(pvNode)
				r += p.LMRCutNode * b2i(cutNode)
				r += b2i(!improving)
				r -= b2i(givesCheck || inCheck)
				r -= b2i(mp.isKiller(m))
				r -= histScore / p.LMRHistDivisor
				d := min(max(newDepth-r, 1), newDepth)
				if d < newDepth {
					reduced = true
					w.stats.LMRSearches.inc()
					w.stats.LMRReductionSum.add(uint64(newDepth - d))
					st.reduction = int8(newDepth - d)
					score = -w.search(-alpha-1, -alpha, d, ply+1, false, true)
					st.reduction = 0
					if score > alpha {
						w.stats.LMRReSearches.inc()
						score = -w.search(-alpha-1, -alpha, newDepth, ply+1, false, !cutNode)
					}
				}
			}
			if !reduced {
				score = -w.search(-alpha-1, -alpha, newDepth, ply+1, false, !cutNode)
			}
			if pvNode && score > alpha && score < beta {
				w.stats.PVSReSearches.inc()
				score = -w.search(-beta, -alpha, newDepth, ply+1, true, false)
			}
		}

		// Step 15. Undo the move; a new best move, and a cutoff, which
		// teaches the killers and the history (history.go).
		pos.UnmakeMove()
		if w.stopped {
			return 0
		}
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					w.updatePV(ply, m)
				}
				if score >= beta {
					w.stats.cutoff(played, mp.from, firstStage, depth)
					if mp.from == stageQuiets {
						w.stats.QuietCutRank.add(uint64(mp.quietsOut))
					}
					w.updateStats(ply, m, quiet, quietsTried, depth, mp.threatMap())
					break
				}
			}
		}
		// Killers are left out of the failures, as in Rofchade's search.
		if m != bestMove && quiet && quietsTried < len(st.quiets) && !mp.isKiller(m) {
			st.quiets[quietsTried] = m
			quietsTried++
		}
		// The singular test's search of the other moves stops after
		// SEQuietLimit quiets and SETacticalLimit captures (Ethereal 12).
		if seLimited {
			if quiet {
				seQuiets++
			} else {
				seNoisy++
			}
			if seQuiets >= p.SEQuietLimit {
				if seNoisy >= p.SETacticalLimit {
					break
				}
				mp.skipQuiets()
			}
		}
	}

	// Step 16. No move: checkmate or stalemate, or in the singular test
	// the excluded move was the only one.
	if moveCount == 0 {
		if excluded != chess.NoMove {
			return alpha
		}
		if inCheck {
			return -MateValue + ply
		}
		return 0
	}

	// Step 17. Store the result in the table, and teach correction
	// history how far the evaluation was off.
	bestScore = min(bestScore, tbCap)
	// A fail high's score is pulled toward beta (cutoffScore; in the
	// bundle of four, +13.9 ± 16.1 over 1,000 games at 25,000 nodes
	// and +1.7 ± 20.7 over 400 at 10+0.1).
	if bestScore >= beta {
		bestScore = cutoffScore(bestScore, beta, depth)
	}
	if !pvNode && excluded == chess.NoMove {
		w.stats.nodeType(cutNode, bestScore >= beta)
	}
	if excluded == chess.NoMove {
		bound := boundOf(bestScore, origAlpha, beta, pvNode)
		w.s.TT.Store(key, bestMove, scoreToTT(bestScore, ply), rawEval, depth, bound, pvNode)
		if corrOn && learnsCorrection(inCheck, bestMove != chess.NoMove && pos.IsNoisy(bestMove), bound, bestScore, staticEval) {
			cs.update(p, bestScore-staticEval, depth)
		}
	}
	return bestScore
}

// decisive reports whether v is a mate or tablebase score: a proof, not an
// estimate to be blended.
func decisive(v int) bool {
	return v >= TBWin-MaxPly || v <= -(TBWin-MaxPly)
}

// cutoffScore is the score a node at depth returns when it fails high
// with score: pulled toward beta, the less the deeper the search, since a
// shallow fail high overshoots (Stockfish). Mate and tablebase scores are
// proofs and stay as they are.
func cutoffScore(score, beta, depth int) int {
	if decisive(score) || decisive(beta) {
		return score
	}
	return (score*depth + beta) / (depth + 1)
}

// boundOf says what a node's best score is to the table: a lower bound
// after a cutoff, exact when a PV node raised alpha, else an upper bound.
func boundOf(best, origAlpha, beta int, pvNode bool) Bound {
	switch {
	case best >= beta:
		return BoundLower
	case pvNode && best > origAlpha:
		return BoundExact
	}
	return BoundUpper
}

// prevFrame returns the frame n plies before ply, or nil before the root.
func (w *Worker) prevFrame(ply, n int) *frame {
	if ply < n {
		return nil
	}
	return &w.stack[ply-n]
}

// updateStats learns from a beta cutoff by m. A quiet m becomes this ply's
// first killer and gains history, while the quiets tried before it lose
// some; thr is the node's threat map (History.threatMap).
func (w *Worker) updateStats(ply int, m chess.Move, quiet bool, nQuiets, depth int, thr chess.Bitboard) {
	if !quiet {
		return
	}
	st := &w.stack[ply]
	if st.killers[0] != m {
		st.killers[1] = st.killers[0]
		st.killers[0] = m
	}
	w.hist.updateQuiet(w.pos, m, st.quiets[:nQuiets], depth, thr)
}

// prefetchMove starts loading, before m is made, the transposition table
// bucket of the position m leads to (by its KeyAfter), and returns the key
// it predicted for prefetch to check once the move is made.
func (w *Worker) prefetchMove(m chess.Move) uint64 {
	k := w.pos.KeyAfter(m)
	w.s.TT.Prefetch(k)
	return k
}

// prefetch starts loading what the node just entered by a move reads
// first: for its static evaluation, its evaluation cache slot and pawn
// hash entry, and its transposition table bucket unless prefetchMove
// already asked for it (predicted is the key it used; 0 when it was not
// called). Each is mostly a cache miss, and the loads overlap the work
// done before the child needs them.
func (w *Worker) prefetch(predicted uint64) {
	if k := w.pos.Key(); k != predicted {
		w.s.TT.Prefetch(k)
	}
	w.ev.Prefetch(w.pos)
}

// qsearch resolves captures until the position is quiet, so that the
// static evaluation is only trusted where nothing hangs; in check it
// searches every evasion.
func (w *Worker) qsearch(alpha, beta, ply int, pvNode bool) int {
	// Step 1. Enter the node.
	w.pvLen[ply] = ply
	w.nodes++
	w.stats.Nodes.inc()
	w.stats.QNodes.inc()
	w.checkLimits()
	if w.stopped {
		return 0
	}
	if ply > w.seldepth {
		w.seldepth = ply
	}
	pos := w.pos
	inCheck := pos.InCheck()

	// Step 2. Draws by rule and the ply limit.
	if w.isDraw(ply) {
		return 0
	}
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return w.ev.Evaluate(pos)
	}

	// Step 3. Transposition table: any entry whose bound settles the
	// window ends a non-PV node.
	key := pos.Key()
	tte, hit := w.s.TT.Probe(key)
	ttMove := chess.NoMove
	if hit {
		ttMove = tte.Move
		ttScore := scoreFromTT(tte.Score, ply)
		if !pvNode && (tte.Bound == BoundExact ||
			tte.Bound == BoundLower && ttScore >= beta ||
			tte.Bound == BoundUpper && ttScore <= alpha) {
			return ttScore
		}
	}

	// Step 4. Stand pat: the side to move need not capture, so the
	// corrected static evaluation is a lower bound.
	bestScore := -Infinite
	staticEval, rawEval := noScore, noScore
	if !inCheck {
		var cs corrSlots
		corrOn := w.p.corrOn()
		if corrOn {
			cs = w.corr.slots(pos, w.prevFrame(ply, 2), w.prevFrame(ply, 1))
			cs.prefetch()
		}
		if hit && tte.Eval != noScore {
			rawEval = tte.Eval
		} else {
			rawEval = w.ev.Evaluate(pos)
		}
		staticEval = rawEval
		if corrOn {
			staticEval = corrected(staticEval, cs.amount(&w.p))
		}
		bestScore = staticEval
		if bestScore >= beta {
			w.stats.QStandPat.inc()
			if !hit {
				w.s.TT.Store(key, chess.NoMove, scoreToTT(bestScore, ply), rawEval, 0, BoundLower, false)
			}
			return bestScore
		}
		alpha = max(alpha, bestScore)
	}

	// Step 5. The captures and promotions by victim and attacker (or
	// every evasion), searched while they can raise alpha.
	mp := &w.pickers[ply]
	mp.initQ(pos, &w.hist, ttMove)
	bestMove := chess.NoMove
	moveCount, quietEvasions := 0, 0
	origAlpha := alpha
	for m := mp.next(); m != chess.NoMove; m = mp.next() {
		moveCount++
		// In check, once a score that is not a mate against us is known,
		// two quiet evasions are enough to show what the check costs
		// (Stockfish's quiescence; in the bundle of four, +13.9 ± 16.1
		// over 1,000 games at 25,000 nodes and +1.7 ± 20.7 over 400 at
		// 10+0.1).
		if inCheck && !pos.IsNoisy(m) {
			if quietEvasions >= 2 && bestScore > -MateInMax {
				continue
			}
			quietEvasions++
		}
		// Captures that lose material cannot raise a quiet position's
		// score.
		if !inCheck && !pos.SEE(m, 0) {
			w.stats.QSEEPruned.inc()
			continue
		}
		predicted := w.prefetchMove(m)
		w.stack[ply].move, w.stack[ply].piece = m, pos.PieceOn(m.From())
		pos.MakeMove(m)
		w.prefetch(predicted)
		score := -w.qsearch(-beta, -alpha, ply+1, pvNode)
		pos.UnmakeMove()
		if w.stopped {
			return 0
		}
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					w.updatePV(ply, m)
				}
				if score >= beta {
					w.stats.QCutoffs.inc()
					if moveCount == 1 {
						w.stats.QCutoffsFirst.inc()
					}
					break
				}
			}
		}
	}
	// Step 6. Checkmate, or store the result.
	if inCheck && moveCount == 0 {
		return -MateValue + ply
	}
	w.s.TT.Store(key, bestMove, scoreToTT(bestScore, ply), rawEval, 0, boundOf(bestScore, origAlpha, beta, pvNode), pvNode)
	return bestScore
}
