package search

import (
	"bufio"
	"compress/gzip"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"vireo/chess"
	"vireo/syzygy"
)

// tbDir holds the 3- and 4-piece tables (the repository's
// ../shared/data/syzygy).
const tbDir = "../../shared/data/syzygy"

func openTB(t *testing.T) *syzygy.Tablebase {
	t.Helper()
	if _, err := os.Stat(tbDir); err != nil {
		t.Skipf("no Syzygy tables at %s (../shared/data/syzygy): %v", tbDir, err)
	}
	tb, err := syzygy.Open(tbDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

func tbSearcher(tb *syzygy.Tablebase) *Searcher {
	s := NewSearcher(16)
	s.Syzygy = Syzygy{TB: tb, ProbeDepth: 1, ProbeLimit: 7, Rule50: true}
	return s
}

// TestTablebaseRoot: at a root the tables cover, a win is played from the
// tables (a move that keeps the win, a tablebase score, no search) and a
// draw is searched among the moves that keep it.
func TestTablebaseRoot(t *testing.T) {
	tb := openTB(t)
	for _, tc := range []struct {
		fen     string
		wantWDL int // of the root, side to move
	}{
		{"8/8/2k5/1r6/8/8/8/2KQ4 w - - 0 1", 2},  // KQvKR, won
		{"8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1", -2}, // the same, lost
		{"8/8/8/4k3/8/8/1r6/R3K3 w - - 0 1", 0},  // KRvKR: Rb1 and Ra2 lose
		{"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", -2},  // KPvK, lost for black
	} {
		s := tbSearcher(tb)
		pos := chess.MustParseFEN(tc.fen)
		if w, ok := tb.ProbeWDL(pos); !ok || w != tc.wantWDL {
			t.Fatalf("%s: tables say %d (ok %v), the test expects %d", tc.fen, w, ok, tc.wantWDL)
		}
		res := s.Search(pos, Limits{MoveTime: 200 * time.Millisecond})
		pos.MakeMove(res.Best)
		after, ok := tb.ProbeWDL(pos)
		if !ok {
			t.Fatalf("%s: %v leaves the tables", tc.fen, res.Best)
		}
		if -after < tc.wantWDL {
			t.Errorf("%s: %v turns %d into %d", tc.fen, res.Best, tc.wantWDL, -after)
		}
		switch {
		case tc.wantWDL == 2 && (res.Score != TBWin || res.Nodes != 0):
			t.Errorf("%s: a won root is played from the tables: score %d nodes %d", tc.fen, res.Score, res.Nodes)
		case tc.wantWDL == 0 && res.Nodes == 0:
			t.Errorf("%s: a drawn root is searched, got no nodes", tc.fen)
		}
	}
}

// TestTablebaseInSearch: a position with one piece too many for the
// tables probes them after the captures that enter them, and its score
// shows the won ending those lead to.
func TestTablebaseInSearch(t *testing.T) {
	tb := openTB(t)
	// White wins the rook: Qa8+ forks king and rook (KQRvKR, 5 pieces,
	// becomes KQvK... after the captures).
	pos := chess.MustParseFEN("r7/8/8/8/8/8/k7/4K2Q w - - 0 1")
	s := tbSearcher(tb)
	var hits uint64
	s.OnInfo = func(in Info) { hits = in.TBHits }
	res := s.Search(pos, Limits{Depth: 8})
	if hits == 0 {
		t.Errorf("no tablebase hits reported")
	}
	if res.Score < TBWin-MaxPly {
		t.Errorf("score %d, want a tablebase win (%d or near)", res.Score, TBWin)
	}
	// Without tables the same search probes nothing.
	s2 := NewSearcher(16)
	hits = 1
	s2.OnInfo = func(in Info) { hits = in.TBHits }
	s2.Search(pos, Limits{Depth: 8})
	if hits != 0 {
		t.Errorf("no tables, %d hits", hits)
	}
}

// readOracle reads the prober's fathom-checked positions: FEN;wdl;dtz.
func readOracle(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("../syzygy/testdata/fathom-oracle.txt.gz")
	if err != nil {
		t.Skipf("no oracle file: %v", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

// TestTablebasePlay plays 4-piece won and drawn positions out against
// itself: every move keeps its side's tablebase result (a win stays a
// win, a draw never becomes a loss), and every won game is mated before
// the 50-move rule could draw it. VIREO_TB_MOVETIME=100 runs the
// acceptance version at 100 ms a move (about half an hour); by default
// each searched move has 2,000 nodes, and -short plays fewer positions.
func TestTablebasePlay(t *testing.T) {
	tb := openTB(t)
	limits := Limits{Nodes: 2000}
	if ms, err := strconv.Atoi(os.Getenv("VIREO_TB_MOVETIME")); err == nil && ms > 0 {
		limits = Limits{MoveTime: time.Duration(ms) * time.Millisecond}
	}
	nWon, nDrawn := 200, 200
	if testing.Short() {
		nWon, nDrawn = 10, 10 // make test runs -short under the race detector
	}
	won, drawn := 0, 0
	s := tbSearcher(tb)
	for _, line := range readOracle(t) {
		f := strings.Split(line, ";")
		if len(f) != 3 {
			continue
		}
		wdl, _ := strconv.Atoi(f[1])
		pos, err := chess.ParseFEN(f[0])
		if err != nil || pos.Occupied().Count() != 4 || pos.HalfmoveClock() != 0 {
			continue
		}
		switch {
		case (wdl == 2 || wdl == -2) && won < nWon:
			won++
		case wdl == 0 && drawn < nDrawn:
			drawn++
		default:
			continue
		}
		s.NewGame()
		playOut(t, s, tb, pos, wdl, limits)
		if won == nWon && drawn == nDrawn {
			break
		}
	}
	if won < nWon || drawn < nDrawn {
		t.Errorf("only %d won and %d drawn positions in the oracle", won, drawn)
	}
	t.Logf("%d won and %d drawn positions played out", won, drawn)
}

// playOut plays pos out, checking each move against the tables: a won
// game to mate within the 50-move rule, a drawn one for 40 plies.
func playOut(t *testing.T, s *Searcher, tb *syzygy.Tablebase, pos *chess.Position, wdl int, limits Limits) {
	t.Helper()
	start := pos.FEN()
	plies := 40
	if wdl != 0 {
		plies = 300
	}
	for ply := 0; ply < plies; ply++ {
		var ml chess.MoveList
		pos.LegalMoves(&ml)
		if len(ml.Slice()) == 0 {
			if wdl != 0 && !pos.InCheck() {
				t.Errorf("%s: stalemate after %d plies", start, ply)
			}
			return
		}
		if pos.IsFiftyMoveDraw() || pos.IsInsufficientMaterial() {
			if wdl != 0 {
				t.Errorf("%s: a won game drawn after %d plies (%s)", start, ply, pos.FEN())
			}
			return
		}
		before, ok := tb.ProbeWDL(pos)
		if !ok {
			t.Fatalf("%s: left the tables at %s", start, pos.FEN())
		}
		res := s.Search(pos, limits)
		pos.MakeMove(res.Best)
		after, ok := tb.ProbeWDL(pos)
		if !ok {
			// Only a capture into a 3-piece ending with a bare king
			// pair leaves nothing to probe; the tables have KvK too.
			t.Fatalf("%s: no probe after %v at %s", start, res.Best, pos.FEN())
		}
		if -after < before {
			t.Errorf("%s: ply %d, %v turns %d into %d (%s)", start, ply, res.Best, before, -after, pos.FEN())
			return
		}
	}
	if wdl != 0 {
		t.Errorf("%s: not mated in %d plies (%s)", start, plies, pos.FEN())
	}
}
