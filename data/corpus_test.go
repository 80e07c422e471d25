package data

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSelfplayCorpus imports the repository's self-play corpus with the
// options of docs/tuning.md and checks what it yields. The positions are
// quieted by the engine's quiescence search, so an evaluation change can
// move the count of positions by a few; the number of games cannot move.
func TestSelfplayCorpus(t *testing.T) {
	in := filepath.Join("..", "corpus", "selfplay7.pgn.gz")
	if _, err := os.Stat(in); err != nil {
		t.Fatalf("the corpus is part of the repository: %v", err)
	}
	out := filepath.Join(t.TempDir(), "sp7.epd")
	f := PGNFilter{PerGame: 40, MinGap: 3, WinMargin: -100000, DrawMargin: 100000, Seed: 1}
	st, err := ImportPGN([]string{in}, out, f, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Malformed != 0 || st.Unfinished != 0 {
		t.Errorf("%s: %d malformed and %d unfinished games", in, st.Malformed, st.Unfinished)
	}
	if st.Games != corpusGames || st.Written != corpusPositions {
		t.Errorf("%s: %d games, %d positions; docs/tuning.md says %d and %d (an evaluation change can move the positions: measure again and update both)",
			in, st.Games, st.Written, corpusGames, corpusPositions)
	}
}

// The corpus's size as docs/tuning.md gives it.
const (
	corpusGames     = 4591
	corpusPositions = 140379
)
