package data

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseLabeledForms(t *testing.T) {
	const fen = "rnbqkb1r/pp1p1ppp/2p1pn2/8/4P3/3P2P1/PPPB1P1P/RN1QKBNR b KQkq -"
	tests := []struct {
		line     string
		result   float64
		hasScore bool
		white    int // score from White's side
	}{
		{fen + ` c9 "1-0";`, 1, false, 0},
		{fen + ` ce 31; c9 "1/2-1/2";`, 0.5, true, -31},
		{fen + ` 0 1 c9 "0-1";`, 0, false, 0},
		{fen + ` [1.0]`, 1, false, 0},
		{fen + ` [0.5]`, 0.5, false, 0},
		{fen + ` 0 1 [0.0]`, 0, false, 0},
		{fen + ` 1-0`, 1, false, 0},
		{fen + ` 1/2-1/2`, 0.5, false, 0},
		{fen + ` 0 1 | -31 | 0.5`, 0.5, true, -31},
	}
	for _, tc := range tests {
		l, err := ParseLabeled(tc.line)
		if err != nil {
			t.Errorf("ParseLabeled(%q): %v", tc.line, err)
			continue
		}
		if l.Result != tc.result || l.HasScore != tc.hasScore || (l.HasScore && l.WhiteScore() != tc.white) {
			t.Errorf("ParseLabeled(%q) = result %v score %v/%d, want %v %v/%d", tc.line, l.Result, l.HasScore, l.WhiteScore(), tc.result, tc.hasScore, tc.white)
		}
		// What this project writes reads back the same.
		back, err := ParseLabeled(FormatLabeled(l))
		if err != nil || back.Result != l.Result || back.HasScore != l.HasScore || back.Score != l.Score || back.Pos.FEN() != l.Pos.FEN() {
			t.Errorf("round trip of %q: %q, %v", tc.line, FormatLabeled(l), err)
		}
	}
}

// TestLabeledGameAndPly: datagen's game id and ply survive a round trip,
// and a line without them reads as before.
func TestLabeledGameAndPly(t *testing.T) {
	const line = `rnbqkb1r/pp1p1ppp/2p1pn2/8/4P3/3P2P1/PPPB1P1P/RN1QKBNR b KQkq - ce 31; c9 "1/2-1/2"; game 7.123; ply 9;`
	l, err := ParseLabeled(line)
	if err != nil {
		t.Fatal(err)
	}
	if l.Game != "7.123" || l.Ply != 9 || l.Score != 31 || l.Result != 0.5 {
		t.Fatalf("parsed %+v", l)
	}
	if got := FormatLabeled(l); got != line {
		t.Fatalf("formatted %q, want %q", got, line)
	}
	// A quoted id with spaces and a semicolon is written quoted, so that
	// it reads back whole.
	for _, id := range []string{"self 12", "a;b", "x\ty"} {
		l.Game = id
		back, err := ParseLabeled(FormatLabeled(l))
		if err != nil || back.Game != id || back.Ply != 9 {
			t.Errorf("game %q: wrote %q, read back %q (%v)", id, FormatLabeled(l), back.Game, err)
		}
	}
	l.Game = ""
	if got := FormatLabeled(l); strings.Contains(got, "game") || strings.Contains(got, "ply") {
		t.Fatalf("no game, formatted %q", got)
	}
}

func TestParseLabeledErrors(t *testing.T) {
	const fen = "8/8/8/8/8/8/8/K6k w - -"
	bad := []string{
		fen,                                // no result
		fen + ` c9 "2-0";`,                 // bad result
		fen + ` ce x; c9 "1-0";`,           // bad score
		fen + ` id "x";`,                   // no c9
		"8/8/8/8/8/8/8/8 w - - 1-0",        // no kings
		fen + ` [1.5]`,                     // bad bracket
		fen + ` | 12 |`,                    // empty result
		fen + ` | ab | 1.0`,                // bad score
		fen + ` c9 "1-0"; ply x;`,          // bad ply
		fen + ` c9 "1-0"; ply -1;`,         // negative ply
		fen + ` c9 "1-0"; game;`,           // game without an id
		"rnbqkbnr/pppppppp w KQkq - [1.0]", // short board
		fen + ` 0`,                         // a halfmove clock, or 0-1?
		fen + ` 0 1`,                       // a whole FEN, no result
	}
	for _, line := range bad {
		if _, err := ParseLabeled(line); err == nil {
			t.Errorf("ParseLabeled(%q): no error", line)
		}
	}
}

func TestLabeledReaderReportsLines(t *testing.T) {
	in := "# comment\n" +
		"8/8/8/8/8/8/8/K6k w - - c9 \"1-0\";\n" +
		"\n" +
		"8/8/8/8/8/8/8/K6k w - - c9 \"3-0\";\n" +
		"8/8/8/8/8/8/8/K6k b - - [0.5]\n"
	path := filepath.Join(t.TempDir(), "x.epd")
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	pos, bad, err := ReadLabeledFile(path, false)
	if err != nil || len(pos) != 2 || len(bad) != 1 {
		t.Fatalf("got %d positions, %d bad, err %v; want 2, 1, nil", len(pos), len(bad), err)
	}
	var le *LabeledError
	if !errors.As(bad[0], &le) || le.Line != 4 || !strings.HasPrefix(bad[0].Error(), path+":4:") {
		t.Errorf("bad line error %v, want line 4", bad[0])
	}
	if _, _, err := ReadLabeledFile(path, true); err == nil || !strings.Contains(err.Error(), ":4:") {
		t.Errorf("strict read: %v, want an error at line 4", err)
	}
}

func TestReadSharedLabeled(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 500k positions")
	}
	path := filepath.Join("..", "..", "shared", "data", "labeled", "engine-games.epd")
	if _, err := os.Stat(path); err != nil {
		t.Skip("no shared data:", err)
	}
	// Streamed, not held: half a million positions in memory took 2.7 GB,
	// and under the race detector enough to starve a match beside it.
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewLabeledReader(f, path)
	n, scored := 0, 0
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("line %d: %v", r.Line(), err)
		}
		n++
		if l.HasScore {
			scored++
		}
	}
	if n < 500000 {
		t.Errorf("read %d positions, want the 509k of the file", n)
	}
	if scored != n {
		t.Errorf("%d of %d positions have a ce score; the file gives one on every line", scored, n)
	}
}
