package uci

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vireo/chess"
)

func genfens(t *testing.T, cmd string) []string {
	t.Helper()
	var out strings.Builder
	e := New("Vireo test", &out)
	// As OpenBench runs it: vireo "genfens N seed S book B" quit.
	if err := e.RunArgs([]string{cmd, "quit"}); err != nil {
		t.Fatal(err)
	}
	var fens []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		fen, ok := strings.CutPrefix(l, "info string genfens ")
		if !ok {
			t.Fatalf("unexpected line %q", l)
		}
		fens = append(fens, fen)
	}
	return fens
}

func TestGenfens(t *testing.T) {
	a := genfens(t, "genfens 20 seed 12345 book None")
	if len(a) != 20 {
		t.Fatalf("%d positions, want 20", len(a))
	}
	seen := map[string]bool{}
	for _, fen := range a {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%q: %v", fen, err)
		}
		if !pos.HasLegalMove() || seen[fen] {
			t.Errorf("%s: no legal move or repeated", fen)
		}
		seen[fen] = true
	}
	if b := genfens(t, "genfens 20 seed 12345 book None"); strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Error("same seed, different positions")
	}
	if c := genfens(t, "genfens 20 seed 54321 book None"); strings.Join(a, "\n") == strings.Join(c, "\n") {
		t.Error("other seed, same positions")
	}
}

// TestGenfensBook: from a one-position book, every opening must be that
// position after two or three plies.
func TestGenfensBook(t *testing.T) {
	book := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"
	path := filepath.Join(t.TempDir(), "book.epd")
	os.WriteFile(path, []byte(book+" id \"a\";\n"), 0o644)
	reach := map[string]bool{}
	var walk func(p *chess.Position, d int)
	walk = func(p *chess.Position, d int) {
		if d >= 2 {
			reach[strings.Join(strings.Fields(p.FEN())[:4], " ")] = true
		}
		if d == 3 {
			return
		}
		var ml chess.MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			p.MakeMove(m)
			walk(p, d+1)
			p.UnmakeMove()
		}
	}
	walk(chess.MustParseFEN(book+" 0 1"), 0)
	fens := genfens(t, "genfens 10 seed 7 book "+path+" extra args")
	if len(fens) != 10 {
		t.Fatalf("%d positions", len(fens))
	}
	for _, f := range fens {
		if !reach[strings.Join(strings.Fields(f)[:4], " ")] {
			t.Errorf("%s is not 2 or 3 plies from the book position", f)
		}
	}
	var out strings.Builder
	e := New("Vireo test", &out)
	e.Execute("genfens 3 seed 1 book " + filepath.Join(t.TempDir(), "missing.epd"))
	if !strings.Contains(out.String(), "missing.epd") || strings.Contains(out.String(), "genfens r") {
		t.Errorf("missing book: %q", out.String())
	}
}

// TestGenfensDeadBook: a book of mated positions still gives openings.
func TestGenfensDeadBook(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dead.epd")
	os.WriteFile(path, []byte("R5k1/5ppp/8/8/8/8/8/6K1 b - -\n"), 0o644)
	if fens := genfens(t, "genfens 2 seed 3 book "+path); len(fens) != 2 {
		t.Errorf("%d positions from a dead book", len(fens))
	}
}

// TestGenfensStops: a long genfens runs beside the command loop, as bench
// does: isready is answered, and stop ends it, saying how far it got.
func TestGenfensStops(t *testing.T) {
	s := start(t)
	s.send("genfens 1000000 seed 1 book None")
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	s.send("stop")
	l, _ := s.expect("info string genfens stopped after", 10*time.Second)
	if !strings.HasSuffix(l, "of 1000000 positions") {
		t.Errorf("stop: %q", l)
	}
	s.send("isready")
	s.expect("readyok", 5*time.Second)
}

// A keyword at the end without its value is refused, not read as seed 0
// or no book.
func TestGenfensMissingValue(t *testing.T) {
	for _, cmd := range []string{"genfens 5 seed", "genfens 5 seed 3 book"} {
		var out strings.Builder
		if err := New("Vireo test", &out).RunArgs([]string{cmd, "quit"}); err == nil || !strings.Contains(err.Error(), "wants a value") {
			t.Errorf("%s: error %v, want one saying it wants a value", cmd, err)
		}
		// One line, the refusal: no positions.
		if got := strings.TrimSpace(out.String()); strings.Contains(got, "\n") || !strings.Contains(got, "wants a value") {
			t.Errorf("%s: %q", cmd, got)
		}
	}
}
