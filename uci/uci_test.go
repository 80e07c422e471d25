package uci

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"vireo/chess"
)

// session drives an Engine through pipes, as a GUI does.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan struct{}
	err   error // what Run returned, once done is closed
}

func start(t *testing.T) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 10000), done: make(chan struct{})}
	e := New("Vireo test", outW)
	go func() {
		s.err = e.Run(inR)
		outW.Close()
		close(s.done)
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			t.Error("engine did not exit after input closed")
		}
	})
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

// expect reads lines until one has the prefix, failing after timeout. It
// returns the matching line and every line read before it.
func (s *session) expect(prefix string, timeout time.Duration) (string, []string) {
	s.t.Helper()
	var seen []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("output ended waiting for %q; saw %q", prefix, seen)
			}
			if strings.HasPrefix(l, prefix) {
				return l, seen
			}
			seen = append(seen, l)
		case <-deadline:
			s.t.Fatalf("no %q within %v; saw %q", prefix, timeout, seen)
		}
	}
}

func TestHandshakeAndOptions(t *testing.T) {
	s := start(t)
	s.send("uci")
	_, before := s.expect("uciok", time.Second)
	joined := strings.Join(before, "\n")
	for _, want := range []string{"id name Vireo test", "id author ", "option name Hash type spin", "option name Threads type spin",
		"option name MultiPV type spin", "option name Ponder type check", "option name Move Overhead type spin",
		"option name UCI_Chess960 type check", "option name Clear Hash type button"} {
		if !strings.Contains(joined, want) {
			t.Errorf("uci output lacks %q", want)
		}
	}
	s.send("isready")
	s.expect("readyok", time.Second)
	s.send("setoption name Hash value 32")
	s.send("setoption name Hash value lots")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, "Hash") {
		t.Errorf("bad Hash value: %q", l)
	}
	s.send("setoption name NoSuchOption value 1")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, "unknown option") {
		t.Errorf("unknown option: %q", l)
	}
	s.send("setoption name Clear Hash")
	s.send("isready")
	s.expect("readyok", time.Second)
}

// checkSearchOutput applies fastchess's strict checks to one search's
// output: at least one info line with a score, every PV legal, and the
// best move the first move of the last PV.
func checkSearchOutput(t *testing.T, fen string, lines []string, best string) {
	t.Helper()
	lastPV := ""
	scored := false
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 || f[0] != "info" {
			continue
		}
		for i, w := range f {
			if w == "score" {
				scored = true
			}
			if w == "pv" {
				p := chess.MustParseFEN(fen)
				for _, mv := range f[i+1:] {
					m, err := p.ParseUCI(mv)
					if err != nil {
						t.Errorf("illegal PV move %s in %q", mv, l)
						break
					}
					p.MakeMove(m)
				}
				lastPV = f[i+1]
			}
		}
	}
	if !scored {
		t.Error("no info line with a score before bestmove")
	}
	if f := strings.Fields(best); len(f) < 2 || f[1] != lastPV {
		t.Errorf("%q is not the first move of the last PV (%s)", best, lastPV)
	}
}

func TestSearchConversation(t *testing.T) {
	s := start(t)
	// go before any position searches the start position.
	s.send("go depth 3")
	best, lines := s.expect("bestmove", 10*time.Second)
	checkSearchOutput(t, chess.StartFEN, lines, best)

	s.send("position startpos moves e2e4 e7e5 g1f3")
	s.send("go depth 6")
	best, lines = s.expect("bestmove", 10*time.Second)
	p := chess.StartPosition()
	for _, mv := range []string{"e2e4", "e7e5", "g1f3"} {
		m, _ := p.ParseUCI(mv)
		p.MakeMove(m)
	}
	checkSearchOutput(t, p.FEN(), lines, best)

	s.send("position fen k7/8/2K5/8/8/8/8/1R6 w - - 0 1")
	s.send("go depth 6")
	best, lines = s.expect("bestmove", 10*time.Second)
	if !strings.Contains(lines[len(lines)-1], "score mate 2") {
		t.Errorf("mate in 2: last info %q", lines[len(lines)-1])
	}
	checkSearchOutput(t, "k7/8/2K5/8/8/8/8/1R6 w - - 0 1", lines, best)

	s.send("position fen k7/8/1K6/8/8/8/8/7R b - - 0 1")
	s.send("go depth 6")
	_, lines = s.expect("bestmove", 10*time.Second)
	if !strings.Contains(lines[len(lines)-1], "score mate -1") {
		t.Errorf("mated in 1: last info %q", lines[len(lines)-1])
	}

	s.send("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
	s.send("go depth 3")
	best, lines = s.expect("bestmove", 10*time.Second)
	if best != "bestmove (none)" || !strings.Contains(strings.Join(lines, "\n"), "score mate 0") {
		t.Errorf("checkmated root: %q after %q", best, lines)
	}
}

func TestBadInput(t *testing.T) {
	s := start(t)
	s.send("flurb 1 2")
	if l, _ := s.expect("info string", time.Second); l != "info string unknown command: flurb 1 2" {
		t.Errorf("unknown command: %q", l)
	}
	// UCI's debug and register need no answer and are not errors.
	s.send("debug on")
	s.send("register later")
	s.send("setoption Hash value 64")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, `expected "setoption name NAME [value VALUE]", got "setoption Hash value 64"`) {
		t.Errorf("setoption without name: %q", l)
	}
	s.send("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	s.send("position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, "rank") {
		t.Errorf("bad FEN: %q", l)
	}
	s.send("d")
	if l, _ := s.expect("Fen:", time.Second); l != "Fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1" {
		t.Errorf("after a bad FEN the previous position must stay: %q", l)
	}
	// An illegal move leaves the position as it was: the moves before it
	// would as often as not leave the wrong side to move.
	s.send("position startpos moves e2e4 e7e5 e1e3 g1f3")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, "move 3 (e1e3)") || !strings.Contains(l, "keeping the previous position") {
		t.Errorf("illegal move: %q", l)
	}
	s.send("d")
	if l, _ := s.expect("Fen:", time.Second); l != "Fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1" {
		t.Errorf("after an illegal move the previous position must stay: %q", l)
	}
	s.send("position startpos moves e2e4 e7e5")
	// Moves without the word "moves" leave the position as it was: the
	// start position in their place would be searched for the wrong side.
	s.send("position startpos e2e4 e7e5")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, `expected "moves", got "e2e4"`) || !strings.Contains(l, "keeping the previous position") {
		t.Errorf("moves without \"moves\": %q", l)
	}
	s.send("d")
	if l, _ := s.expect("Fen:", time.Second); l != "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" {
		t.Errorf("after moves without \"moves\" the previous position must stay: %q", l)
	}
	for _, bad := range []string{"position", "position fen", "position banana", "go depth", "go depth x",
		"go wtime -5 btime", "setoption", "setoption name", "setoption name Threads value 0",
		"perft x", "position startpos moves", "position startpos moves zzzz", "go searchmoves a9a9 depth 2"} {
		s.send(bad)
	}
	s.send("isready")
	s.expect("readyok", 10*time.Second)
	s.send("stop")
	s.send("go depth 2")
	best, _ := s.expect("bestmove", 10*time.Second)
	if best == "bestmove (none)" {
		t.Error("engine lost its position after bad input")
	}
}

func TestIsReadyAndStopDuringInfinite(t *testing.T) {
	s := start(t)
	s.send("position startpos")
	s.send("go infinite")
	time.Sleep(200 * time.Millisecond)
	t0 := time.Now()
	s.send("isready")
	// Immediate answers take microseconds; the limits leave room for a
	// machine whose cores are busy (under -race at nice 19 stop took up
	// to 230 ms), and still catch an engine that waits for the search.
	s.expect("readyok", 5*time.Second)
	if el := time.Since(t0); el > 500*time.Millisecond {
		t.Errorf("isready during search took %v", el)
	}
	t0 = time.Now()
	s.send("stop")
	s.expect("bestmove", 5*time.Second)
	if el := time.Since(t0); el > 500*time.Millisecond {
		t.Errorf("stop took %v", el)
	}
}

func TestPonder(t *testing.T) {
	s := start(t)
	s.send("position startpos moves e2e4")
	s.send("go ponder wtime 1000 btime 1000")
	// While pondering no bestmove may come, even on a short clock.
	select {
	case l := <-s.lines:
		for strings.HasPrefix(l, "info") {
			select {
			case l = <-s.lines:
			case <-time.After(700 * time.Millisecond):
				l = ""
			}
		}
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("bestmove while pondering: %q", l)
		}
	case <-time.After(700 * time.Millisecond):
	}
	s.send("ponderhit")
	s.expect("bestmove", 2*time.Second)
	// stop during ponder answers at once.
	s.send("go ponder wtime 100000 btime 100000")
	time.Sleep(100 * time.Millisecond)
	s.send("stop")
	s.expect("bestmove", time.Second)
}

func TestQuitDuringSearch(t *testing.T) {
	s := start(t)
	s.send("go infinite")
	time.Sleep(50 * time.Millisecond)
	s.send("quit")
	select {
	case <-s.done:
	case <-time.After(2 * time.Second):
		t.Fatal("quit during search did not end the session")
	}
}

func TestChess960Castling(t *testing.T) {
	s := start(t)
	s.send("setoption name UCI_Chess960 value true")
	// King g1 takes rook h1: the king stays, the rook goes to f1.
	s.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BN1KR w Hh - 2 9 moves g1h1")
	s.send("d")
	if l, _ := s.expect("Fen:", time.Second); !strings.HasPrefix(l, "Fen: bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRK1 b ") {
		t.Errorf("960 castling g1h1: %q", l)
	}
	// With the other rook on f1, the rook has nowhere to go: g1h1 is
	// illegal, and the position stays the one before the command.
	s.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 moves g1h1")
	s.send("d")
	if l, _ := s.expect("Fen:", time.Second); !strings.HasPrefix(l, "Fen: bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRK1 b ") {
		t.Errorf("after an illegal 960 castling: %q", l)
	}
}

func TestFormatScore(t *testing.T) {
	for _, tc := range []struct {
		in   int
		want string
	}{{35, "cp 35"}, {-12, "cp -12"}, {31999, "mate 1"}, {31997, "mate 2"}, {-31998, "mate -1"}, {-32000, "mate 0"}} {
		if got := FormatScore(tc.in); got != tc.want {
			t.Errorf("FormatScore(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
