package uci

import (
	"math/rand/v2"
	"strconv"
	"sync/atomic"

	"vireo/chess"
	"vireo/search"
)

// genfens serves OpenBench's distributed data generation:
//
//	genfens N seed S book <None|FILE.epd> [extra...]
//
// prints N opening positions as "info string genfens FEN". Each is a book
// position (or the start position) followed by random plies, kept when a
// short search finds it playable; OpenBench's workers then play games
// from them. The same N and S give the same positions.
func (e *Engine) cmdGenfens(args []string) {
	n, seed, book := 0, uint64(0), "None"
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "seed":
			if v, err := strconv.ParseInt(args[i+1], 10, 64); err == nil {
				seed = uint64(v)
			} else if u, err := strconv.ParseUint(args[i+1], 10, 64); err == nil {
				seed = u
			} else {
				e.refuse("genfens: bad seed %q", args[i+1])
				return
			}
			i++
		case "book":
			book = args[i+1]
			i++
		}
	}
	if len(args) == 0 {
		e.refuse("genfens: usage: genfens N seed S book <None|FILE.epd>")
		return
	}
	if last := args[len(args)-1]; len(args) > 1 && (last == "seed" || last == "book") {
		// A keyword without its value: the loop above never sees it, and
		// seed 0 or no book would stand in for what was meant.
		e.refuse("genfens: %s wants a value", last)
		return
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 0 {
		e.refuse("genfens: bad count %q", args[0])
		return
	}
	var fens []string
	if book != "None" && book != "none" {
		fens, err = chess.ReadFENFile(book)
		if err != nil {
			e.refuse("genfens: %v", err)
			return
		}
	}
	g := newFenGenerator(seed, fens)
	g.s.SetEvalParams(e.ev.Params())
	// A job, as bench is: a large N takes minutes, and stop or quit must
	// be heard meanwhile. From the command line (OpenBench's way) jobs run
	// to their end before the next argument.
	var stop atomic.Bool
	e.startJob(func() { stop.Store(true) }, func() {
		for i := 0; i < n; i++ {
			if stop.Load() {
				e.Println("info string genfens stopped after %d of %d positions", i, n)
				return
			}
			e.Println("info string genfens %s", g.next())
		}
	})
}

// fenGenerator makes random, roughly balanced opening positions.
type fenGenerator struct {
	rng  *rand.Rand
	book []string
	s    *search.Searcher
}

func newFenGenerator(seed uint64, book []string) *fenGenerator {
	return &fenGenerator{rng: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), book: book, s: search.NewSearcher(1)}
}

// genfensMargin rejects openings a 1000-node search scores beyond it: a
// lost opening gives a game with nothing to learn. The check costs a few
// milliseconds, far inside OpenBench's 15 s between lines.
const genfensMargin = 300

func (g *fenGenerator) next() string {
	for try := 0; ; try++ {
		fen := chess.StartFEN
		plies := 8 + g.rng.IntN(2) // both colours to move
		// A book of nothing but finished games must not loop forever.
		if len(g.book) > 0 && try < 10000 {
			fen = g.book[g.rng.IntN(len(g.book))]
			plies = 2 + g.rng.IntN(2)
		}
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			continue
		}
		var ml chess.MoveList
		ok := true
		for i := 0; i < plies && ok; i++ {
			pos.LegalMoves(&ml)
			if ok = ml.Len > 0; ok {
				pos.MakeMove(ml.Moves[g.rng.IntN(ml.Len)])
			}
		}
		if !ok || !pos.HasLegalMove() {
			continue
		}
		if try < 1000 {
			g.s.NewGame()
			if r := g.s.Search(pos, search.Limits{Nodes: 1000}); r.Score > genfensMargin || r.Score < -genfensMargin {
				continue
			}
		}
		return pos.FEN()
	}
}
