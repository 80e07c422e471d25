package syzygy

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"vireo/chess"
)

// TestFathomLive compares WDL, DTZ and the classification of every root
// move with the fathom tool, run live on random positions. It needs
// /usr/games/fathom (Debian package fathom). SYZYGY_FATHOM_N sets the
// number of positions (default 300) and SYZYGY_FATHOM_SEED the seed
// (default fixed; "time" for a fresh one). scripts/syzygy-vs-fathom.sh
// runs it.
func TestFathomLive(t *testing.T) {
	if _, err := os.Stat(fathomPath); err != nil {
		t.Skip("fathom not installed (apt-get install fathom)")
	}
	tb, why := openShared()
	if tb == nil {
		t.Skip(why)
	}
	defer tb.Close()
	n := 300
	if s := os.Getenv("SYZYGY_FATHOM_N"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			t.Fatalf("bad SYZYGY_FATHOM_N %q", s)
		}
		n = v
	}
	seed := uint64(99)
	switch s := os.Getenv("SYZYGY_FATHOM_SEED"); s {
	case "":
	case "time":
		seed = uint64(time.Now().UnixNano())
	default:
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("bad SYZYGY_FATHOM_SEED %q", s)
		}
		seed = v
	}
	agree, disagree := 0, 0
	for _, fen := range randomFENs(seed, n) {
		err := compareLive(tb, fen)
		if err == nil {
			agree++
			continue
		}
		if disagree++; disagree <= 20 {
			t.Error(err)
		}
	}
	fmt.Printf("seed %d: %d agree, %d disagree\n", seed, agree, disagree)
}

// compareLive checks one position against fathom.
func compareLive(tb *Tablebase, fen string) error {
	w, d, fm, err := fathomProbe(fen)
	if err != nil {
		return err
	}
	if err := checkAgainst(tb, oracleCase{fen, w, d}); err != nil {
		return err
	}
	pos, _ := chess.ParseFEN(fen)
	moves, ok := tb.RootMoves(pos, true)
	if !ok {
		return fmt.Errorf("%s: RootMoves failed", fen)
	}
	// Compare moves in UCI: fathom's SAN disambiguation differs from the
	// standard one (it writes B3d4 where Bcd4 is meant).
	var mine [3][]string
	for _, m := range moves {
		i := 2
		switch {
		case m.WDL > 0:
			i = 0
		case m.WDL == 0:
			i = 1
		}
		mine[i] = append(mine[i], m.Move.String())
	}
	for i, label := range []string{"winning", "drawing", "losing"} {
		var theirs []string
		if fm[i] != "" {
			for _, san := range strings.Split(fm[i], ", ") {
				m, err := pos.ParseSAN(san)
				if err != nil {
					return fmt.Errorf("%s: fathom move %q: %v", fen, san, err)
				}
				theirs = append(theirs, m.String())
			}
		}
		sort.Strings(theirs)
		sort.Strings(mine[i])
		if strings.Join(theirs, " ") != strings.Join(mine[i], " ") {
			return fmt.Errorf("%s: %s moves: vireo %v, fathom %v", fen, label, mine[i], theirs)
		}
	}
	return nil
}
