package uci

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"vireo/book"
	"vireo/chess"
	"vireo/search"
)

// The options players ask for: a book, a chosen strength and
// a winning chance.
//
//	OwnBook           check, default false: play from BookFile when it has the position
//	BookFile          string, default <empty>: a Polyglot .bin book
//	UCI_LimitStrength check, default false: play at UCI_Elo (search/strength.go)
//	UCI_Elo           spin search.MinElo..search.MaxElo, default search.DefaultElo
//	UCI_ShowWDL       check, default false: "wdl W D L" on info lines (search/wdl.go)
type playerOptions struct {
	ownBook       bool
	limitStrength bool
	elo           int
	// showWDL is read by the search goroutine's info lines.
	showWDL atomic.Bool
}

// bookState is the loaded book, or why there is none.
type bookState struct {
	b    *book.Book
	path string // the file b was read from
	// problem is why BookFile could not be used ("" when it was, or
	// when none was set); said again at the first go with OwnBook on.
	problem string
	warned  bool
	rng     *rand.Rand
}

func (e *Engine) printPlayerOptions() {
	e.Println("option name OwnBook type check default false")
	e.Println("option name BookFile type string default <empty>")
	e.Println("option name UCI_LimitStrength type check default false")
	e.Println("option name UCI_Elo type spin default %d min %d max %d", search.DefaultElo, search.MinElo, search.MaxElo)
	e.Println("option name UCI_ShowWDL type check default false")
}

// setPlayerOption handles the options above and reports whether name
// was one of them. spin and check parse and range-check the value,
// reporting errors themselves.
func (e *Engine) setPlayerOption(name, value string, spin func(lo, hi int) (int, bool), check func() (bool, bool)) bool {
	switch name {
	case "ownbook":
		if b, ok := check(); ok {
			e.popts.ownBook = b
			e.bk.warned = false
		}
	case "bookfile":
		e.loadBook(value)
	case "uci_limitstrength":
		if b, ok := check(); ok {
			e.stopAndWait()
			e.popts.limitStrength = b
			e.applyStrength()
		}
	case "uci_elo":
		if x, ok := spin(search.MinElo, search.MaxElo); ok {
			e.stopAndWait()
			e.popts.elo = x
			e.applyStrength()
		}
	case "uci_showwdl":
		if b, ok := check(); ok {
			e.popts.showWDL.Store(b)
		}
	default:
		return false
	}
	return true
}

func (e *Engine) applyStrength() {
	if e.popts.limitStrength {
		e.s.SetStrength(e.popts.elo)
	} else {
		e.s.SetStrength(0)
	}
}

// loadBook opens the book named by BookFile; empty or <empty> means
// none. A missing or corrupt file is reported; a book loaded before it
// stays (a mistyped name must not silently change the play), else play
// goes on without a book.
func (e *Engine) loadBook(path string) {
	if path == "" || path == "<empty>" {
		e.bk.b, e.bk.path, e.bk.problem, e.bk.warned = nil, "", "", false
		return
	}
	b, err := book.Open(path)
	if err != nil {
		if e.bk.b != nil {
			e.refuse("setoption: BookFile %s: %v; keeping the book %s", path, err, e.bk.path)
			return
		}
		e.bk.problem, e.bk.warned = fmt.Sprintf("BookFile %s: %v; playing without a book", path, err), false
		e.refuse("setoption: %s", e.bk.problem)
		return
	}
	e.bk.b, e.bk.path, e.bk.problem, e.bk.warned = b, path, "", false
	e.Println("info string BookFile %s: %d entries", path, b.Len())
}

// bookMove answers "go" from the book when OwnBook is on and the book
// has a move for the position: it prints the move and reports true.
// Analysis (infinite, ponder, mate, searchmoves) and Chess960 always
// search.
func (e *Engine) bookMove(l search.Limits) bool {
	if !e.popts.ownBook || l.Infinite || l.Ponder || l.Mate > 0 || len(l.SearchMoves) > 0 || e.opts.chess960 {
		return false
	}
	if e.bk.b == nil {
		if !e.bk.warned {
			e.bk.warned = true
			if e.bk.problem != "" {
				e.Println("info string %s", e.bk.problem)
			} else {
				e.Println("info string OwnBook is on but no BookFile is set; searching")
			}
		}
		return false
	}
	if e.bk.rng == nil {
		t := uint64(time.Now().UnixNano())
		e.bk.rng = rand.New(rand.NewPCG(t, t>>29))
	}
	moves, skipped := e.bk.b.Moves(e.pos)
	if skipped > 0 {
		e.Println("info string book: %d entries for this position are not legal moves here; ignored", skipped)
	}
	c, total, ok := book.PickFrom(moves, e.bk.rng)
	if !ok {
		return false
	}
	mv := e.pos.UCI(c.Move)
	e.Println("info string book move %s (weight %d of %d, %d moves in the book)", mv, c.Weight, total, len(moves))
	e.Println("bestmove %s", mv)
	return true
}

// wdlField returns " wdl W D L" for an info line's score in pos when
// UCI_ShowWDL is on, else "".
func (e *Engine) wdlField(score int, pos *chess.Position) string {
	if !e.popts.showWDL.Load() {
		return ""
	}
	w, d, l := search.WDL(score, search.Material(pos))
	return fmt.Sprintf(" wdl %d %d %d", w, d, l)
}
