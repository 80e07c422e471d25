package uci

import (
	"strings"
	"testing"
	"time"
)

// Threads: a bad value is refused, a good one searches on that many
// threads (legal output, node totals that grow), stop and ponderhit work,
// and back at one thread "go nodes" is exact again.
func TestThreadsOption(t *testing.T) {
	s := start(t)
	s.send("setoption name Threads value 0")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, "Threads") {
		t.Errorf("Threads 0: %q", l)
	}
	s.send("setoption name Threads value 3")
	s.send("isready")
	if _, lines := s.expect("readyok", 5*time.Second); len(lines) > 0 {
		t.Errorf("setoption Threads 3 answered %q", lines)
	}
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	s.send("position startpos moves e2e4 e7e5 g1f3 b8c6")
	s.send("go depth 6")
	best, lines := s.expect("bestmove", 30*time.Second)
	checkSearchOutput(t, fen, lines, best)
	var prev int64
	for _, l := range lines {
		if in, ok := parseInfo(t, l); ok {
			if in.nodes < prev {
				t.Errorf("info nodes went down: %d after %d", in.nodes, prev)
			}
			prev = in.nodes
		}
	}

	// go nodes counts every thread's nodes.
	s.send("go nodes 30000")
	best, lines = s.expect("bestmove", 30*time.Second)
	checkSearchOutput(t, fen, lines, best)
	var last infoLine
	for _, l := range lines {
		if in, ok := parseInfo(t, l); ok {
			last = in
		}
	}
	if last.nodes < 30000 || last.nodes > 30000+3*100 {
		t.Errorf("go nodes 30000 on 3 threads: last info has %d nodes", last.nodes)
	}

	s.send("go infinite")
	time.Sleep(200 * time.Millisecond)
	s.send("stop")
	best, lines = s.expect("bestmove", 5*time.Second)
	checkSearchOutput(t, fen, lines, best)

	s.send("go ponder movetime 300")
	s.noLine("bestmove", 500*time.Millisecond)
	s.send("ponderhit")
	best, lines = s.expect("bestmove", 5*time.Second)
	checkSearchOutput(t, fen, lines, best)
	if !strings.Contains(best, " ponder ") {
		t.Errorf("no ponder move in %q", best)
	}

	s.send("ucinewgame")
	s.send("setoption name Threads value 1")
	s.send("go nodes 7777")
	best, lines = s.expect("bestmove", 20*time.Second)
	checkSearchOutput(t, fen, lines, best)
	for _, l := range lines {
		if in, ok := parseInfo(t, l); ok {
			last = in
		}
	}
	if last.nodes != 7777 {
		t.Errorf("go nodes 7777 back on 1 thread: last info has %d nodes", last.nodes)
	}
}
