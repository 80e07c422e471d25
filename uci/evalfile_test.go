package uci

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vireo/search"
)

// TestEvalFile loads an evaluation parameter file through setoption: a
// good one changes both the "eval" command and the search's evaluation,
// a bad one is an error that leaves the engine unable to evaluate until a
// good file or <empty> is set, and <empty> restores the compiled-in
// parameters. The good file's folder has two spaces in its name, which the
// value keeps.
func TestEvalFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "my  params"), 0o755); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "my  params", "good.txt")
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(good, []byte("[MaterialV]\nTEMPO = (777, 777)\nend 1\n"), 0o644)
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
	if !strings.HasPrefix(l, "info string ERROR: ") || !strings.Contains(l, "bad.txt:2:") || !strings.Contains(l, "NO_SUCH_TERM") {
		t.Errorf("error report %q", l)
	}
	// With the file broken, "eval" reports the error, not the old values.
	s.send("eval")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, "ERROR: EvalFile") {
		t.Errorf("eval with a broken EvalFile: %q", l)
	}

	s.send("setoption name EvalFile value " + good)
	s.send("position startpos")
	if got := final(); got == before || !strings.Contains(got, "+777") {
		t.Errorf("after loading: %q, before %q", got, before)
	}
	if got := score(); got == beforeScore {
		t.Errorf("search score unchanged by the new parameters: %q", got)
	}
	// bench searches with the loaded table too.
	s.send("bench 2")
	if l, _ := s.expect("Bench: ", 30*time.Second); strings.HasPrefix(l, fmt.Sprintf("Bench: %d nodes", search.Bench(2, 16).Nodes)) {
		t.Errorf("bench with EvalFile %s gave the compiled-in count: %q", good, l)
	}

	s.send("setoption name EvalFile value <empty>")
	s.send("position startpos")
	if got := final(); got != before {
		t.Errorf("after <empty>: %q, want %q", got, before)
	}
}

// TestEvalFileRefusesToSearch checks the EvalFile rule: after an EvalFile that
// is missing, unreadable or malformed, "go" prints an error naming the
// file and the reason, searches nothing, plays no move and ends the
// session with that error (the program exits with status 1), as
// Stockfish does with a network that fails to load.
func TestEvalFileRefusesToSearch(t *testing.T) {
	dir := t.TempDir()
	malformed := filepath.Join(dir, "malformed.txt")
	os.WriteFile(malformed, []byte("[MaterialV]\nPIECE_VALUE = [(1, 2)]\n"), 0o644)
	cut := filepath.Join(dir, "cut.txt") // a file that lost its end
	os.WriteFile(cut, []byte("[MaterialV]\nTEMPO = (1, 2)\n"), 0o644)
	junk := filepath.Join(dir, "net.nnue") // another engine's file: 5 MB
	os.WriteFile(junk, []byte(strings.Repeat(strings.Repeat("x", 4999)+"\n", 1000)), 0o644)
	for _, c := range []struct{ name, path, reason string }{
		{"missing", "/no/such/file", "no such file"},
		{"a directory", dir, "not a regular file"},
		{"malformed", malformed, "malformed.txt:2:"},
		{"cut short", cut, "cut.txt:3: the file ends without its end line"},
		{"not a parameter file", junk, "more than 20 errors: stopped reading"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := start(t)
			s.send("uci")
			s.expect("uciok", time.Second)
			s.send("setoption name EvalFile value " + c.path)
			l, _ := s.expect("info string", time.Second)
			if !strings.HasPrefix(l, "info string ERROR: EvalFile") || !strings.Contains(l, c.path) || !strings.Contains(l, c.reason) {
				t.Errorf("setoption: %q, want an ERROR naming %s and %q", l, c.path, c.reason)
			}
			if len(l) > 4000 {
				t.Errorf("setoption: a %d-byte error line", len(l))
			}
			s.send("isready")
			s.expect("readyok", time.Second)
			s.send("position startpos")
			s.send("go depth 5")
			var out []string
			for l := range s.lines { // the output ends with the session
				out = append(out, l)
			}
			<-s.done
			text := strings.Join(out, "\n")
			if !strings.Contains(text, "info string ERROR: EvalFile") || !strings.Contains(text, c.reason) {
				t.Errorf("go printed %q, want the EvalFile error", text)
			}
			for _, l := range out {
				if strings.HasPrefix(l, "bestmove") || strings.HasPrefix(l, "info depth") {
					t.Errorf("searched with a broken EvalFile: %q", l)
				}
			}
			if s.err == nil || !strings.Contains(s.err.Error(), c.reason) {
				t.Errorf("Run returned %v, want the EvalFile error", s.err)
			}
		})
	}
}

// TestEvalFileFixedThenSearches: a bad EvalFile followed by <empty> (or a
// good file) searches normally.
func TestEvalFileFixedThenSearches(t *testing.T) {
	s := start(t)
	s.send("setoption name EvalFile value /no/such/file")
	s.expect("info string ERROR", time.Second)
	s.send("setoption name EvalFile value <empty>")
	s.send("position startpos")
	s.send("go depth 3")
	s.expect("bestmove", 5*time.Second)
}
