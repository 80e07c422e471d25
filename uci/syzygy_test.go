package uci

import (
	"os"
	"strings"
	"testing"
	"time"
)

const tbDir = "../../shared/data/syzygy"

// TestSyzygyOptions: the four options are listed as Stockfish names them,
// a bad path is reported and leaves probing off (the engine still plays),
// and a good one is probed, with tbhits in the info lines.
func TestSyzygyOptions(t *testing.T) {
	s := start(t)
	s.send("uci")
	_, lines := s.expect("uciok", 5*time.Second)
	all := strings.Join(lines, "\n")
	for _, opt := range []string{
		"option name SyzygyPath type string default <empty>",
		"option name SyzygyProbeDepth type spin default 1 min 1 max 100",
		"option name SyzygyProbeLimit type spin default 7 min 0 max 7",
		"option name Syzygy50MoveRule type check default true",
	} {
		if !strings.Contains(all, opt) {
			t.Errorf("missing %q", opt)
		}
	}
	s.send("setoption name SyzygyPath value /no/such/dir")
	if l, _ := s.expect("info string", 5*time.Second); !strings.Contains(l, "/no/such/dir") || !strings.Contains(l, "off") {
		t.Errorf("bad path: %q", l)
	}
	s.send("position fen 8/8/2k5/1r6/8/8/8/2KQ4 w - - 0 1")
	s.send("go depth 3")
	if l, lines := s.expect("bestmove", 10*time.Second); l == "bestmove (none)" || !strings.Contains(strings.Join(lines, "\n"), "tbhits 0") {
		t.Errorf("without tables: %q after %q", l, lines)
	}
	if _, err := os.Stat(tbDir); err != nil {
		t.Skipf("no Syzygy tables at %s: %v", tbDir, err)
	}
	s.send("setoption name SyzygyPath value " + tbDir)
	if l, _ := s.expect("info string", 5*time.Second); !strings.Contains(l, "35 WDL and 35 DTZ tables, up to 4 pieces") {
		t.Errorf("good path: %q", l)
	}
	s.send("go depth 3")
	l, lines := s.expect("bestmove", 10*time.Second)
	last := lines[len(lines)-1]
	if infoField(last, "tbhits") <= 0 || !strings.Contains(last, "score cp 31743") {
		t.Errorf("with tables the root is decided by them: %q", last)
	}
	// Kd2 and Qc2 draw; every other move wins (fathom).
	if l == "bestmove c1d2" || l == "bestmove d1c2" || strings.HasPrefix(l, "bestmove c1d2 ") || strings.HasPrefix(l, "bestmove d1c2 ") {
		t.Errorf("%q throws the win away", l)
	}
	// A mistyped path later keeps the tables that work, and says so.
	s.send("setoption name SyzygyPath value /no/such/dir2")
	if l, _ := s.expect("info string", 5*time.Second); !strings.Contains(l, "/no/such/dir2") || !strings.Contains(l, "keeping the tables of \""+tbDir+"\"") {
		t.Errorf("bad path after a good one: %q", l)
	}
	s.send("go depth 3")
	if _, lines := s.expect("bestmove", 10*time.Second); infoField(lines[len(lines)-1], "tbhits") <= 0 {
		t.Errorf("the tables were dropped by a bad path: %q", lines[len(lines)-1])
	}
	s.send("setoption name SyzygyPath value <empty>")
	s.send("go depth 3")
	if _, lines := s.expect("bestmove", 10*time.Second); infoField(lines[len(lines)-1], "tbhits") != 0 {
		t.Errorf("<empty> left the tables on: %q", lines[len(lines)-1])
	}
}

// TestSyzygyDamagedTable: a damaged table file is reported by name once
// a search needs it, its endgame goes unprobed, and the engine plays on
// with the other tables.
func TestSyzygyDamagedTable(t *testing.T) {
	if _, err := os.Stat(tbDir); err != nil {
		t.Skipf("no Syzygy tables at %s: %v", tbDir, err)
	}
	dir := t.TempDir()
	for _, name := range []string{"KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz"} {
		data, err := os.ReadFile(tbDir + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if name == "KQvK.rtbw" {
			data = data[:len(data)/2] // truncated
		}
		if err := os.WriteFile(dir+"/"+name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := start(t)
	s.send("setoption name SyzygyPath value " + dir)
	s.expect("info string SyzygyPath: 2 WDL", 5*time.Second)
	s.send("position fen 8/8/8/4k3/8/8/8/3QK3 w - - 0 1")
	s.send("go depth 4")
	l, lines := s.expect("bestmove", 10*time.Second)
	all := strings.Join(lines, "\n")
	if !strings.Contains(all, "KQvK.rtbw") || !strings.Contains(all, "not probed") {
		t.Errorf("the damaged table is not reported: %q", lines)
	}
	if l == "bestmove (none)" {
		t.Errorf("no move: %q", l)
	}
	// The good table is still probed.
	s.send("position fen 8/8/8/4k3/8/8/8/3RK3 w - - 0 1")
	s.send("go depth 4")
	_, lines = s.expect("bestmove", 10*time.Second)
	if last := lines[len(lines)-1]; infoField(last, "tbhits") <= 0 {
		t.Errorf("KRvK is not probed: %q", last)
	}
}

// TestSyzygyDamagedBlock: damage inside a table's compressed data, which
// its headers do not show, is reported by name once, however many
// searches run into it.
func TestSyzygyDamagedBlock(t *testing.T) {
	if _, err := os.Stat(tbDir); err != nil {
		t.Skipf("no Syzygy tables at %s: %v", tbDir, err)
	}
	dir := t.TempDir()
	for _, name := range []string{"KQvKR.rtbw", "KQvKR.rtbz", "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz"} {
		data, err := os.ReadFile(tbDir + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if name == "KQvKR.rtbw" {
			for i := len(data) / 3; i < len(data); i++ {
				data[i] ^= 0x5a // the data blocks; the headers stay whole
			}
		}
		if err := os.WriteFile(dir+"/"+name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := start(t)
	s.send("setoption name SyzygyPath value " + dir)
	s.expect("info string SyzygyPath: 3 WDL", 5*time.Second)
	reports := 0
	for _, fen := range []string{
		"8/8/2k5/1r6/8/8/8/2KQ4 w - - 0 1", "8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1",
		"2k5/8/8/1r6/8/8/8/2KQ4 w - - 0 1", "8/3k4/8/1r6/8/8/8/2KQ4 b - - 0 1",
	} {
		s.send("position fen " + fen)
		s.send("go depth 6")
		l, lines := s.expect("bestmove", 10*time.Second)
		if l == "bestmove (none)" {
			t.Errorf("%s: no move", fen)
		}
		for _, line := range lines {
			if strings.HasPrefix(line, "info string SyzygyPath:") && strings.Contains(line, "KQvKR.rtbw") {
				reports++
			}
		}
	}
	if reports != 1 {
		t.Errorf("the damaged KQvKR.rtbw was reported %d times, want once", reports)
	}
}
