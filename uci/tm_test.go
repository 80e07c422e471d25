package uci

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// infoLine is the parsed part of an "info" line these tests look at.
type infoLine struct {
	depth, multipv, score int
	mate                  bool
	bound                 string
	nodes                 int64
	pv                    []string
}

func parseInfo(t *testing.T, l string) (infoLine, bool) {
	t.Helper()
	f := strings.Fields(l)
	if len(f) < 2 || f[0] != "info" || f[1] == "string" {
		return infoLine{}, false
	}
	in := infoLine{multipv: 1}
	num := func(i int) int64 {
		if i >= len(f) {
			t.Fatalf("truncated info line %q", l)
		}
		v, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil {
			t.Fatalf("bad number %q in %q", f[i], l)
		}
		return v
	}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth":
			in.depth = int(num(i + 1))
			i++
		case "multipv":
			in.multipv = int(num(i + 1))
			i++
		case "score":
			in.mate = f[i+1] == "mate"
			in.score = int(num(i + 2))
			i += 2
		case "lowerbound", "upperbound":
			in.bound = f[i]
		case "nodes":
			in.nodes = num(i + 1)
			i++
		case "pv":
			in.pv = f[i+1:]
			i = len(f)
		}
	}
	return in, true
}

// noLine fails if a line with the prefix arrives within d; it returns the
// lines read.
func (s *session) noLine(prefix string, d time.Duration) []string {
	s.t.Helper()
	var seen []string
	deadline := time.After(d)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("output ended; saw %q", seen)
			}
			if strings.HasPrefix(l, prefix) {
				s.t.Fatalf("%q arrived too early; saw %q", l, seen)
			}
			seen = append(seen, l)
		case <-deadline:
			return seen
		}
	}
}

func TestPonderSequences(t *testing.T) {
	s := start(t)
	s.send("position startpos moves e2e4")

	// 1. The clock of "go ponder" runs from ponderhit: with movetime 400
	// (overhead 10) the answer comes no sooner than 390 ms after it, however
	// long the pondering took, and not long after.
	s.send("go ponder movetime 400")
	s.noLine("bestmove", 800*time.Millisecond)
	t0 := time.Now()
	s.send("ponderhit")
	best, _ := s.expect("bestmove", 5*time.Second)
	if el := time.Since(t0); el < 380*time.Millisecond {
		t.Errorf("bestmove %v after ponderhit with movetime 400", el)
	}
	if !strings.Contains(best, " ponder ") {
		t.Errorf("no ponder move in %q", best)
	}

	// 2. On a clock: nothing while pondering for longer than the whole
	// clock, then after ponderhit the search ends within its hard limit
	// (60 ms here; the test allows for a loaded machine).
	s.send("go ponder wtime 1000 btime 1000 winc 10 binc 10")
	s.noLine("bestmove", 1200*time.Millisecond)
	t0 = time.Now()
	s.send("ponderhit")
	s.expect("bestmove", 5*time.Second)
	if el := time.Since(t0); el > 2500*time.Millisecond {
		t.Errorf("after ponderhit with 1 s on the clock the search took %v", el)
	}

	// 3. A ponder search that has finished (depth 3) waits for ponderhit.
	s.send("go ponder depth 3")
	s.noLine("bestmove", 500*time.Millisecond)
	s.send("ponderhit")
	s.expect("bestmove", 5*time.Second)

	// 4. stop during ponder answers at once, with a legal move.
	s.send("go ponder wtime 100000 btime 100000")
	time.Sleep(200 * time.Millisecond)
	t0 = time.Now()
	s.send("stop")
	best, lines := s.expect("bestmove", 5*time.Second)
	if el := time.Since(t0); el > 2*time.Second {
		t.Errorf("stop during ponder took %v", el)
	}
	checkSearchOutput(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", lines, best)

	// 5. ponderhit without a search, or during go infinite, is harmless.
	s.send("ponderhit")
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	s.send("go infinite")
	time.Sleep(100 * time.Millisecond)
	s.send("ponderhit")
	s.noLine("bestmove", 400*time.Millisecond)
	s.send("stop")
	s.expect("bestmove", 5*time.Second)
	s.send("go depth 3")
	if best, _ := s.expect("bestmove", 5*time.Second); best == "bestmove (none)" {
		t.Error("no move after a stray ponderhit")
	}
}

func TestMultiPVOutput(t *testing.T) {
	s := start(t)
	s.send("setoption name MultiPV value 3")
	s.send("position startpos moves e2e4 e7e5")
	depth := 9
	if testing.Short() {
		depth = 7 // the race detector's run
	}
	s.send("go depth " + strconv.Itoa(depth))
	best, lines := s.expect("bestmove", 30*time.Second)
	exact := map[int][]infoLine{}
	for _, l := range lines {
		in, ok := parseInfo(t, l)
		if !ok || in.depth == 0 {
			continue
		}
		if in.multipv < 1 || in.multipv > 3 {
			t.Errorf("multipv %d in %q", in.multipv, l)
		}
		if in.bound == "" {
			exact[in.depth] = append(exact[in.depth], in)
		}
	}
	for d := 1; d <= depth; d++ {
		ls := exact[d]
		if len(ls) != 3 {
			t.Errorf("depth %d: %d exact lines, want 3", d, len(ls))
			continue
		}
		for i, in := range ls {
			if in.multipv != i+1 {
				t.Errorf("depth %d: line %d is multipv %d", d, i+1, in.multipv)
			}
			for j := 0; j < i; j++ {
				if ls[j].pv[0] == in.pv[0] {
					t.Errorf("depth %d: lines %d and %d both start with %s", d, j+1, i+1, in.pv[0])
				}
			}
			if i > 0 && !in.mate && !ls[i-1].mate && in.score > ls[i-1].score {
				t.Errorf("depth %d: line %d scores %d above line %d's %d", d, i+1, in.score, i, ls[i-1].score)
			}
		}
	}
	if f := strings.Fields(best); len(exact[depth]) > 0 && f[1] != exact[depth][0].pv[0] {
		t.Errorf("%q is not line 1 of depth %d (%v)", best, depth, exact[depth][0].pv)
	}

	// More lines than legal moves: capped at the five there are.
	s.send("setoption name MultiPV value 50")
	s.send("position fen 7k/8/8/8/8/8/6PP/7K w - - 0 1")
	s.send("go depth 4")
	_, lines = s.expect("bestmove", 10*time.Second)
	top := 0
	for _, l := range lines {
		if in, ok := parseInfo(t, l); ok {
			top = max(top, in.multipv)
		}
	}
	if top != 5 {
		t.Errorf("MultiPV 50 with 5 legal moves: highest multipv %d", top)
	}
}

func TestGoNodesExact(t *testing.T) {
	s := start(t)
	for _, n := range []int64{7777, 30000} {
		s.send("position startpos moves d2d4 g8f6 c2c4")
		s.send("go nodes " + strconv.FormatInt(n, 10))
		best, lines := s.expect("bestmove", 20*time.Second)
		var last infoLine
		for _, l := range lines {
			if in, ok := parseInfo(t, l); ok {
				last = in
			}
		}
		if last.nodes != n {
			t.Errorf("go nodes %d: last info has nodes %d", n, last.nodes)
		}
		if f := strings.Fields(best); len(last.pv) == 0 || f[1] != last.pv[0] {
			t.Errorf("go nodes %d: %q vs last pv %v", n, best, last.pv)
		}
	}
}

func TestGoMate(t *testing.T) {
	s := start(t)
	// Mate in 2 (Stockfish): Nf6+ gxf6 Bxf7#.
	s.send("position fen r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1")
	t0 := time.Now()
	s.send("go mate 2")
	best, lines := s.expect("bestmove", 30*time.Second)
	if !strings.Contains(lines[len(lines)-1], "score mate 2") && !strings.Contains(lines[len(lines)-1], "score mate 1") {
		t.Errorf("go mate 2: last info %q", lines[len(lines)-1])
	}
	if best != "bestmove d5f6 ponder g7f6" && !strings.HasPrefix(best, "bestmove d5f6") {
		t.Errorf("go mate 2: %q", best)
	}
	// It stopped once the mate was proven: well before a depth of 20.
	if in, _ := parseInfo(t, lines[len(lines)-1]); in.depth > 16 {
		t.Errorf("go mate 2 went on to depth %d (%v)", in.depth, time.Since(t0))
	}
}

func TestSearchMovesUCI(t *testing.T) {
	s := start(t)
	// Rxd8+ wins the queen; only the king and pawn moves are allowed.
	s.send("position fen 3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
	s.send("go searchmoves g1f1 h2h3 e2e4 z9z9 depth 6")
	l, _ := s.expect("info string", 2*time.Second)
	if !strings.Contains(l, "e2e4") {
		t.Errorf("illegal searchmove not reported: %q", l)
	}
	l, _ = s.expect("info string", 2*time.Second)
	if !strings.Contains(l, "z9z9") {
		t.Errorf("illegal searchmove not reported: %q", l)
	}
	best, lines := s.expect("bestmove", 10*time.Second)
	if best != "bestmove g1f1" && !strings.HasPrefix(best, "bestmove g1f1 ") && !strings.HasPrefix(best, "bestmove h2h3") {
		t.Errorf("searchmoves g1f1 h2h3: %q", best)
	}
	for _, l := range lines {
		if strings.Contains(l, "unknown parameter") {
			t.Errorf("depth after searchmoves misread: %q", l)
		}
		if in, ok := parseInfo(t, l); ok && len(in.pv) > 0 && in.pv[0] != "g1f1" && in.pv[0] != "h2h3" {
			t.Errorf("info outside searchmoves: %q", l)
		}
		if in, ok := parseInfo(t, l); ok && in.depth > 6 {
			t.Errorf("depth limit after searchmoves ignored: %q", l)
		}
	}
}
