package data

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"time"

	"vireo/chess"
	"vireo/search"
)

// PGNFilter is the Slow Chess tuning notes' choice of training positions
// from games.
type PGNFilter struct {
	// PerGame positions at most are taken from a game, at least MinGap
	// plies apart.
	PerGame, MinGap int
	// WinMargin: from a decisive game, only positions the winner
	// evaluates above this (centipawns, its own view).
	WinMargin int
	// DrawMargin: from a drawn game, only positions at least one side
	// evaluates below this in absolute value.
	DrawMargin int
	// MinPly skips the first plies of every game, in addition to the
	// opening book (useful for games without book markers).
	MinPly int
	// Seed makes the random choice among eligible positions repeatable.
	Seed uint64
}

// DefaultPGNFilter has the settings of the Slow Chess tuning notes.
func DefaultPGNFilter() PGNFilter {
	return PGNFilter{PerGame: 4, MinGap: 10, WinMargin: 100, DrawMargin: 150, Seed: 1}
}

// PGNImportStats counts what ImportPGN did and why positions were left out.
type PGNImportStats struct {
	Games, Malformed, Unfinished int
	Written                      int
	Book, InCheck, NoEval        int // positions skipped for these reasons
	Filtered                     int // failed the win or draw evaluation filter
	NotQuiet                     int // quiescence ended in mate
	Elapsed                      time.Duration
}

// mateCP stands for a mate score in the evaluation filters.
const mateCP = 100000

// moverEval is a move comment's score as centipawns from the mover's view.
func moverEval(mi MoveInfo) (int, bool) {
	if !mi.HasScore {
		return 0, false
	}
	switch {
	case mi.Mate > 0:
		return mateCP, true
	case mi.Mate < 0:
		return -mateCP, true
	}
	return mi.Score, true
}

// SelectPositions chooses the training positions of one game and returns
// them quieted and labelled with the game result; st counts the reasons
// for leaving positions out.
//
// Evaluations: in a game with score comments, the side to move's view of
// the position before ply i is the comment of move i, and the other
// side's view is the comment of move i-1 (its score after its move, which
// is this position). In a game without any score comments, both views
// come from Vireo's quiescence search of the position. Book plies are the
// moves marked {book} and, in games with score comments, every move
// before the first scored one (match runners do not comment book moves
// with a score).
func (f PGNFilter) SelectPositions(g *PGNGame, q *search.Quieter, gameNo int, st *PGNImportStats) ([]Labeled, error) {
	var result float64
	switch g.Result {
	case "1-0":
		result = 1
	case "0-1":
		result = 0
	case "1/2-1/2":
		result = 0.5
	default:
		st.Unfinished++
		return nil, nil
	}
	// A label that contradicts the game would teach the tuner the
	// opposite of what happened: such a game is malformed, not data.
	if tag := g.Tag("Result"); tag != "" && tag != "*" && tag != g.Result {
		return nil, fmt.Errorf("the Result tag says %s but the moves end with %s", tag, g.Result)
	}
	pos, err := g.StartPosition()
	if err != nil {
		return nil, err
	}
	scored, firstScored := false, len(g.Moves)
	for i, mi := range g.Info {
		if mi.HasScore {
			scored, firstScored = true, i
			break
		}
	}
	type cand struct {
		ply int
		l   Labeled
	}
	var cands []cand
	for i, m := range g.Moves {
		ok := true
		switch {
		case g.Info[i].Book || scored && i < firstScored || i < f.MinPly:
			st.Book++
			ok = false
		case pos.InCheck():
			st.InCheck++
			ok = false
		}
		if ok {
			var stm, other int
			haveStm, haveOther := false, false
			var qr search.Quiet
			if scored {
				stm, haveStm = moverEval(g.Info[i])
				if i > 0 {
					other, haveOther = moverEval(g.Info[i-1])
				}
			} else {
				qr = q.Search(pos)
				stm, other, haveStm, haveOther = qr.Score, -qr.Score, true, true
			}
			keep := false
			switch result {
			case 0.5:
				keep = haveStm && abs(stm) < f.DrawMargin || haveOther && abs(other) < f.DrawMargin
				if !haveStm && !haveOther {
					st.NoEval++
				} else if !keep {
					st.Filtered++
				}
			default:
				winner := chess.White
				if result == 0 {
					winner = chess.Black
				}
				v, have := stm, haveStm
				if pos.SideToMove() != winner {
					v, have = other, haveOther
				}
				keep = have && v > f.WinMargin
				if !have {
					st.NoEval++
				} else if !keep {
					st.Filtered++
				}
			}
			if keep {
				// The game's number names it, so that a tune holds out
				// whole games (tune --validation), never half of one.
				if l, _, ok := QuietLabeled(q, Labeled{Pos: pos, Result: result, Game: strconv.Itoa(gameNo), Ply: i}); ok {
					cands = append(cands, cand{i, l})
				} else {
					st.NotQuiet++
				}
			}
		}
		pos.MakeMove(m)
	}
	if !pos.HasLegalMove() {
		want, what := 0.5, "stalemate"
		if pos.InCheck() {
			want, what = 1, "checkmate by White"
			if pos.SideToMove() == chess.White {
				want, what = 0, "checkmate by Black"
			}
		}
		if result != want {
			return nil, fmt.Errorf("the game ends in %s but its result is %s", what, g.Result)
		}
	}
	rng := rand.New(rand.NewPCG(f.Seed, uint64(gameNo)))
	rng.Shuffle(len(cands), func(a, b int) { cands[a], cands[b] = cands[b], cands[a] })
	var chosen []cand
	for _, c := range cands {
		if len(chosen) >= f.PerGame {
			break
		}
		near := false
		for _, d := range chosen {
			near = near || abs(c.ply-d.ply) < f.MinGap
		}
		if !near {
			chosen = append(chosen, c)
		}
	}
	out := make([]Labeled, 0, len(chosen))
	for _, c := range chosen {
		out = append(out, c.l)
	}
	return out, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ImportPGN reads the games of every input file and writes the chosen
// positions to out in FormatLabeled form. A malformed game is reported
// to errs with its file and line and skipped. The output appears
// atomically (temporary file and rename); an interrupted import leaves
// nothing and is simply run again.
func ImportPGN(inputs []string, out string, f PGNFilter, errs io.Writer) (PGNImportStats, error) {
	start := time.Now()
	var st PGNImportStats
	if errs == nil {
		errs = io.Discard
	}
	if err := DistinctOutput(out, inputs...); err != nil {
		return st, err
	}
	tmp, err := CreateTemp(out, 0o644)
	if err != nil {
		return st, err
	}
	committed := false
	defer func() {
		if !committed {
			AbortTemp(tmp)
		}
	}()
	w := bufio.NewWriterSize(tmp, 1<<20)
	q := search.NewQuieter(nil)
	gameNo := 0
	for _, in := range inputs {
		fh, err := OpenPGN(in)
		if err != nil {
			return st, err
		}
		r := NewPGNReader(fh, in)
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			var pe *PGNError
			if errors.As(err, &pe) {
				st.Malformed++
				fmt.Fprintf(errs, "%v (game skipped)\n", pe)
				continue
			}
			if err != nil {
				fh.Close()
				return st, err
			}
			gameNo++
			before := st // a rejected game counts as malformed only
			st.Games++
			ls, err := f.SelectPositions(g, q, gameNo, &st)
			if err != nil {
				st = before
				st.Malformed++
				fmt.Fprintf(errs, "%s:%d: %v (game skipped)\n", in, g.Line, err)
				continue
			}
			for _, l := range ls {
				w.WriteString(FormatLabeled(l))
				w.WriteByte('\n')
				st.Written++
			}
		}
		fh.Close()
	}
	st.Elapsed = time.Since(start)
	if err := w.Flush(); err != nil {
		return st, err
	}
	if st.Written == 0 {
		// An empty output is no result: inputs without games, or whose
		// positions the filter all left out, must not replace OUT.
		return st, fmt.Errorf("no position written (%d games, %d malformed); %s left as it was", st.Games, st.Malformed, out)
	}
	committed = true
	return st, CommitTemp(tmp, out)
}
