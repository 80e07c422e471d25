package uci

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"vireo/book"
	"vireo/chess"
	"vireo/search"
)

// The players' options are listed with valid types, ranges and defaults.
func TestPlayerOptionsListed(t *testing.T) {
	s := start(t)
	s.send("uci")
	_, lines := s.expect("uciok", time.Second)
	opts := map[string][]string{}
	for _, l := range lines {
		if !strings.HasPrefix(l, "option name ") {
			continue
		}
		rest := strings.TrimPrefix(l, "option name ")
		i := strings.Index(rest, " type ")
		opts[rest[:i]] = strings.Fields(rest[i+1:])
	}
	for name, want := range map[string]string{
		"OwnBook":           "type check default false",
		"BookFile":          "type string default <empty>",
		"UCI_LimitStrength": "type check default false",
		"UCI_ShowWDL":       "type check default false",
	} {
		if got := strings.Join(opts[name], " "); got != want {
			t.Errorf("option %s: %q, want %q", name, got, want)
		}
	}
	elo := opts["UCI_Elo"]
	if len(elo) != 8 || elo[1] != "spin" || elo[2] != "default" || elo[4] != "min" || elo[6] != "max" {
		t.Fatalf("UCI_Elo: %q", elo)
	}
	def, _ := strconv.Atoi(elo[3])
	lo, _ := strconv.Atoi(elo[5])
	hi, _ := strconv.Atoi(elo[7])
	if !(lo < hi && lo <= def && def <= hi) || lo != search.MinElo || hi != search.MaxElo {
		t.Errorf("UCI_Elo default %d min %d max %d", def, lo, hi)
	}
	s.send("setoption name UCI_Elo value 100")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, "UCI_Elo") {
		t.Errorf("UCI_Elo out of range: %q", l)
	}
	s.send("setoption name UCI_LimitStrength value maybe")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, "true or false") {
		t.Errorf("bad check value: %q", l)
	}
}

// tinyBook writes a book with the given moves (UCI, weight) for the
// position after the moves of line.
func tinyBook(t *testing.T, line string, moves map[string]uint16) string {
	t.Helper()
	p := chess.StartPosition()
	for _, mv := range strings.Fields(line) {
		m, err := p.ParseUCI(mv)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	var es []book.Entry
	for mv, w := range moves {
		m, err := p.ParseUCI(mv)
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, book.Entry{Key: book.Key(p), Move: book.EncodeMove(m), Weight: w})
	}
	var b bytes.Buffer
	if err := book.Write(&b, es); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "tiny.bin")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestOwnBook(t *testing.T) {
	path := tinyBook(t, "e2e4 e7e5", map[string]uint16{"g1f3": 3, "b1c3": 1})
	s := start(t)
	s.send("setoption name BookFile value " + path)
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, "2 entries") {
		t.Errorf("loading: %q", l)
	}
	// OwnBook off: the book is not used.
	s.send("position startpos moves e2e4 e7e5")
	s.send("go depth 2")
	_, lines := s.expect("bestmove", 10*time.Second)
	if strings.Contains(strings.Join(lines, "\n"), "book move") {
		t.Error("book used with OwnBook off")
	}
	s.send("setoption name OwnBook value true")
	counts := map[string]int{}
	for range 40 {
		s.send("go wtime 1000 btime 1000")
		best, lines := s.expect("bestmove", time.Second)
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "info string book move ") {
			t.Fatalf("book move: %q before %q", lines, best)
		}
		counts[strings.Fields(best)[1]]++
	}
	if counts["g1f3"]+counts["b1c3"] != 40 || counts["b1c3"] == 0 || counts["g1f3"] <= counts["b1c3"] {
		t.Errorf("book moves %v, want g1f3 about 3 times as often as b1c3", counts)
	}
	// Out of the book, and in analysis, the engine searches.
	s.send("position startpos moves e2e4 e7e5 g1f3")
	s.send("go depth 3")
	best, lines := s.expect("bestmove", 10*time.Second)
	checkSearchOutput(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", lines, best)
	s.send("position startpos moves e2e4 e7e5")
	s.send("go depth 3 searchmoves b1c3")
	if best, _ := s.expect("bestmove", 10*time.Second); !strings.HasPrefix(best, "bestmove b1c3") {
		t.Errorf("searchmoves: %q", best)
	}
	// A mistyped BookFile later keeps the book that works, and says so.
	s.send("setoption name BookFile value " + path + ".typo")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, path+".typo") || !strings.Contains(l, "keeping the book "+path) {
		t.Errorf("bad BookFile after a good one: %q", l)
	}
	s.send("go wtime 1000 btime 1000")
	if _, lines := s.expect("bestmove", time.Second); len(lines) != 1 || !strings.HasPrefix(lines[0], "info string book move ") {
		t.Errorf("the book was dropped by a bad BookFile: %q", lines)
	}
}

// A missing or corrupt book is reported by name, and the engine plays on.
func TestBadBookFile(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.bin")
	os.WriteFile(corrupt, make([]byte, 40), 0o644)
	for _, c := range []struct{ path, problem string }{
		{filepath.Join(dir, "missing.bin"), "no such file"},
		{corrupt, "not a multiple of 16"},
	} {
		s := start(t)
		s.send("setoption name OwnBook value true")
		s.send("setoption name BookFile value " + c.path)
		l, _ := s.expect("info string", time.Second)
		if !strings.Contains(l, c.path) || !strings.Contains(l, c.problem) || !strings.Contains(l, "without a book") {
			t.Errorf("%s: %q", c.path, l)
		}
		s.send("go depth 3")
		best, lines := s.expect("bestmove", 10*time.Second)
		if !strings.Contains(lines[0], c.path) {
			t.Errorf("first go: %q", lines[0])
		}
		checkSearchOutput(t, chess.StartFEN, lines, best)
	}
}

// wdlOf parses "wdl W D L" from an info line.
func wdlOf(t *testing.T, l string) (w, d, lo int, ok bool) {
	t.Helper()
	f := strings.Fields(l)
	for i := range f {
		if f[i] == "wdl" && i+3 < len(f) {
			w, _ = strconv.Atoi(f[i+1])
			d, _ = strconv.Atoi(f[i+2])
			lo, _ = strconv.Atoi(f[i+3])
			return w, d, lo, true
		}
	}
	return 0, 0, 0, false
}

func TestShowWDL(t *testing.T) {
	s := start(t)
	s.send("go depth 3")
	_, lines := s.expect("bestmove", 10*time.Second)
	for _, l := range lines {
		if _, _, _, ok := wdlOf(t, l); ok {
			t.Fatalf("wdl without UCI_ShowWDL: %q", l)
		}
	}
	s.send("setoption name UCI_ShowWDL value true")
	for _, c := range []struct {
		fen  string
		sign int // of the score: White is up a queen, down a queen, mates
	}{
		{"4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1", 1},
		{"3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", -1},
		{"k7/8/2K5/8/8/8/8/1R6 w - - 0 1", 2},
	} {
		s.send("position fen " + c.fen)
		s.send("go depth 6")
		_, lines := s.expect("bestmove", 10*time.Second)
		n := 0
		for _, l := range lines {
			in, isInfo := parseInfo(t, l)
			if !isInfo {
				continue
			}
			w, d, lo, ok := wdlOf(t, l)
			if !ok {
				t.Errorf("no wdl: %q", l)
				continue
			}
			n++
			if w+d+lo != 1000 || w < 0 || d < 0 || lo < 0 {
				t.Errorf("wdl %d %d %d: %q", w, d, lo, l)
			}
			switch {
			case in.mate && in.score > 0:
				if w != 1000 {
					t.Errorf("mate: %q", l)
				}
			case c.sign == 1 && in.score > 300 && w <= lo, c.sign == -1 && in.score < -300 && w >= lo:
				t.Errorf("score and wdl disagree: %q", l)
			}
		}
		if n == 0 {
			t.Errorf("%s: no info lines", c.fen)
		}
	}
}

// A weakened engine plays whole games (both sides) from random openings
// at several ratings without an illegal move and without running out of
// its clock, which is charged the wall time from go to bestmove, or
// overrunning a 50 ms movetime.
func TestLimitStrengthGames(t *testing.T) {
	elos := []int{search.MinElo, 1800, search.MaxElo}
	plies := 40
	if testing.Short() {
		elos, plies = []int{search.MinElo, search.MaxElo}, 16
	}
	r := rand.New(rand.NewPCG(13, 13))
	for _, elo := range elos {
		s := start(t)
		s.send("setoption name UCI_LimitStrength value true")
		s.send("setoption name UCI_Elo value " + strconv.Itoa(elo))
		s.send("ucinewgame")
		// A random opening of 4 plies.
		p := chess.StartPosition()
		moves := []string{}
		for range 4 {
			var ml chess.MoveList
			p.LegalMoves(&ml)
			m := ml.Moves[r.IntN(ml.Len)]
			moves = append(moves, p.UCI(m))
			p.MakeMove(m)
		}
		clock := [2]time.Duration{2 * time.Second, 2 * time.Second}
		const inc = 20 * time.Millisecond
		for ply := 0; ply < plies && p.HasLegalMove() && !p.IsInsufficientMaterial() && p.HalfmoveClock() < 100; ply++ {
			s.send("position startpos moves " + strings.Join(moves, " "))
			start := time.Now()
			side := p.SideToMove()
			var best string
			if ply%5 == 4 {
				// Every fifth move on a fixed 50 ms, which the clock is
				// not charged for; the slack is for a starved machine.
				s.send("go movetime 50")
				best, _ = s.expect("bestmove", 5*time.Second)
				if el := time.Since(start); el > 500*time.Millisecond {
					t.Errorf("Elo %d: go movetime 50 took %v", elo, el)
				}
			} else {
				s.send("go wtime " + strconv.FormatInt(clock[0].Milliseconds(), 10) + " btime " + strconv.FormatInt(clock[1].Milliseconds(), 10) +
					" winc 20 binc 20")
				best, _ = s.expect("bestmove", 5*time.Second)
				clock[side] -= time.Since(start)
				if clock[side] <= 0 {
					t.Fatalf("Elo %d: lost on time at ply %d", elo, ply)
				}
				clock[side] += inc
			}
			m, err := p.ParseUCI(strings.Fields(best)[1])
			if err != nil {
				t.Fatalf("Elo %d: %q at ply %d: %v", elo, best, ply, err)
			}
			moves = append(moves, p.UCI(m))
			p.MakeMove(m)
		}
		t.Logf("Elo %d: %d plies, clocks left %v %v", elo, len(moves), clock[0].Round(time.Millisecond), clock[1].Round(time.Millisecond))
	}
}
