package uci

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// infoField returns the integer after key in an info line, or -1.
func infoField(line, key string) int {
	f := strings.Fields(line)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == key {
			v, err := strconv.Atoi(f[i+1])
			if err != nil {
				return -1
			}
			return v
		}
	}
	return -1
}

// TestSelDepthOfLastInfo: the info line printed after a search is cut
// short (here by a node limit, as by stop) gives the selective depth of
// the line it shows, not a copy of the nominal depth.
func TestSelDepthOfLastInfo(t *testing.T) {
	s := start(t)
	s.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4")
	s.send("go nodes 30000")
	_, lines := s.expect("bestmove", 20*time.Second)
	last := ""
	for _, l := range lines {
		if strings.HasPrefix(l, "info") && strings.Contains(l, " pv ") {
			last = l
		}
	}
	if last == "" {
		t.Fatalf("no info line with a pv; saw %q", lines)
	}
	d, sd := infoField(last, "depth"), infoField(last, "seldepth")
	if d < 1 || sd <= d {
		t.Errorf("last info line has depth %d seldepth %d, want seldepth > depth: %q", d, sd, last)
	}
}

// TestEmptyClockMovesAtOnce: "go wtime -5" (an overdrawn clock, as some
// GUIs send after a lag) and "go wtime 0" must answer at once, not
// search as if there were no clock; so must a clock given for the other
// side only (ours is then empty, as in Stockfish), and an overdrawn clock
// beyond int64. A malformed clock is an empty one and a malformed limit
// searches depth 1: dropped, either would leave the search unbounded.
func TestEmptyClockMovesAtOnce(t *testing.T) {
	for _, cmd := range []string{"go wtime -5 btime 1000", "go wtime 0 btime 0", "go wtime -5", "go btime 1000",
		"go wtime -99999999999999999999 btime 1000", "go wtime 60000.5 btime 60000.5", "go wtime",
		"go depth x", "go movetime 5s", "go nodes 1e6", "go mate"} {
		s := start(t)
		s.send("position startpos")
		t0 := time.Now()
		s.send(cmd)
		best, _ := s.expect("bestmove", 5*time.Second)
		if el := time.Since(t0); el > time.Second {
			t.Errorf("%s: bestmove after %v", cmd, el)
		}
		if best == "bestmove (none)" || best == "bestmove 0000" {
			t.Errorf("%s: %q", cmd, best)
		}
	}
}

// A clock beyond int64 is a huge clock, capped as any value beyond the
// time manager's range is, not a malformed value that leaves the search
// without a clock.
func TestClockBeyondInt64(t *testing.T) {
	s := start(t)
	s.send("position startpos")
	s.send("go wtime 99999999999999999999 btime 99999999999999999999 movetime 200")
	_, lines := s.expect("bestmove", 5*time.Second)
	capped := false
	for _, l := range lines {
		capped = capped || strings.HasPrefix(l, "info string go: wtime") && strings.Contains(l, "using")
		if strings.Contains(l, "bad value") {
			t.Errorf("huge clock read as malformed: %q", l)
		}
	}
	if !capped {
		t.Errorf("no info string saying the clock was capped: %q", lines)
	}
}
