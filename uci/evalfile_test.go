package uci

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEvalFile loads an evaluation parameter file through setoption: a
// bad file is reported and changes nothing, a good one changes both the
// "eval" command and the search's evaluation, and <empty> restores the
// compiled-in parameters.
func TestEvalFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(good, []byte("[MaterialV]\nTEMPO = (777, 777)\n"), 0o644)
	os.WriteFile(bad, []byte("TEMPO = (1, 2)\nNO_SUCH_TERM = 3\n"), 0o644)

	s := start(t)
	s.send("uci")
	line, _ := s.expect("option name EvalFile", time.Second)
	if line != "option name EvalFile type string default <empty>" {
		t.Errorf("option line %q", line)
	}
	s.expect("uciok", time.Second)

	final := func() string {
		s.send("eval")
		l, _ := s.expect("Final evaluation", 2*time.Second)
		return l
	}
	score := func() string {
		s.send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
		s.send("go depth 1")
		_, lines := s.expect("bestmove", 5*time.Second)
		for _, l := range lines {
			if strings.Contains(l, " score ") {
				return l[strings.Index(l, " score "):strings.Index(l, " nodes")]
			}
		}
		t.Fatal("no score")
		return ""
	}
	before, beforeScore := final(), score()

	s.send("setoption name EvalFile value " + bad)
	l, _ := s.expect("info string", time.Second)
	if !strings.Contains(l, "bad.txt:2:") || !strings.Contains(l, "NO_SUCH_TERM") {
		t.Errorf("error report %q", l)
	}
	s.send("position startpos")
	if got := final(); got != before {
		t.Errorf("bad file changed the evaluation: %q, was %q", got, before)
	}

	s.send("setoption name EvalFile value " + good)
	s.send("position startpos")
	if got := final(); got == before || !strings.Contains(got, "+777") {
		t.Errorf("after loading: %q, before %q", got, before)
	}
	if got := score(); got == beforeScore {
		t.Errorf("search score unchanged by the new parameters: %q", got)
	}

	s.send("setoption name EvalFile value <empty>")
	s.send("position startpos")
	if got := final(); got != before {
		t.Errorf("after <empty>: %q, want %q", got, before)
	}
}
