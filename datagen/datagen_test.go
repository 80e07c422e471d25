package datagen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/data"
	"vireo/match"
)

func testConfig(out string) Config {
	c := DefaultConfig()
	c.Out, c.Nodes, c.Threads, c.Games, c.Seed = out, 300, 2, 6, 3
	return c
}

// TestLabelledOutput checks that every line is a quiet, labelled
// position readable by the data package, that results agree within a
// game's block, and that the state file counts what was written.
func TestLabelledOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.epd")
	st, err := Run(context.Background(), testConfig(out))
	if err != nil {
		t.Fatal(err)
	}
	if !st.Done || st.TotalGames != 6 {
		t.Fatalf("stats %+v", st)
	}
	ls, bad, err := data.ReadLabeledFile(out, true)
	if err != nil || len(bad) > 0 {
		t.Fatal(err, bad)
	}
	if len(ls) != st.TotalPositions || len(ls) < 6*20 {
		t.Fatalf("%d positions, state says %d", len(ls), st.TotalPositions)
	}
	state, ok, err := ReadState(out)
	if err != nil || !ok || state.Positions != len(ls) || state.Games != 6 {
		t.Fatalf("state %+v %v %v", state, ok, err)
	}
	fi, _ := os.Stat(out)
	if fi.Size() != state.Bytes {
		t.Errorf("file %d bytes, state %d", fi.Size(), state.Bytes)
	}
	q := newPlayer(&Config{Nodes: 1, HashMB: 1}).q
	for _, l := range ls {
		if l.Pos.InCheck() || !l.HasScore {
			t.Fatalf("%s: in check or no score", data.FormatLabeled(l))
		}
		if r := q.Search(l.Pos); len(r.PV) != 0 {
			t.Fatalf("%s: not quiet, qsearch plays %v", data.FormatLabeled(l), r.PV)
		}
	}
}

// TestResumeRefusals: a state file from other settings, or an output
// file with no state file, must not be appended to.
func TestResumeRefusals(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "g.epd")
	c := testConfig(out)
	c.Games = 1
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	c.Games, c.Nodes = 2, 500
	if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("resume with other nodes: %v", err)
	}
	c = testConfig(out)
	c.Games, c.HashMB = 2, 64
	if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("resume with another hash size: %v", err)
	}
	// The same book name and length with another position: other games.
	bk := filepath.Join(dir, "b.epd")
	c = testConfig(bk)
	c.Games = 1
	c.Book, c.BookName = []string{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}, "book.epd"
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	c.Games = 2
	c.Book = []string{"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"}
	if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("resume with an edited book: %v", err)
	}
	foreign := filepath.Join(dir, "foreign.epd")
	os.WriteFile(foreign, []byte("precious\n"), 0o644)
	if _, err := Run(context.Background(), testConfig(foreign)); err == nil {
		t.Error("appended to a file without a state file")
	}
	if b, _ := os.ReadFile(foreign); string(b) != "precious\n" {
		t.Errorf("foreign file changed to %q", b)
	}
	// A negative target would mean none (a run without end): refused,
	// before any output is made.
	for _, neg := range []func(*Config){func(c *Config) { c.Games = -1 }, func(c *Config) { c.Positions = -5 }} {
		c := testConfig(filepath.Join(dir, "neg.epd"))
		neg(&c)
		if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "target") {
			t.Errorf("games %d, positions %d: %v", c.Games, c.Positions, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "neg.epd")); err == nil {
		t.Error("a refused run created its output")
	}
	// A damaged state (a negative count) is refused, not resumed with
	// game ids at or below zero or a cut at a negative size.
	for _, damage := range []func(*State){func(st *State) { st.Games = -3 }, func(st *State) { st.Bytes = -1 }} {
		c := testConfig(filepath.Join(dir, "dmg.epd"))
		c.Games = 1
		if _, err := Run(context.Background(), c); err != nil {
			t.Fatal(err)
		}
		st, _, err := data.ReadState[State](c.Out)
		if err != nil {
			t.Fatal(err)
		}
		damage(&st)
		if err := data.WriteState(c.Out, st); err != nil {
			t.Fatal(err)
		}
		c.Games = 2
		if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("state %+v: %v, want it refused as damaged", st, err)
		}
		os.Remove(c.Out)
		os.Remove(c.Out + ".state")
	}
}

// TestCancelResume cancels a run from its progress output and resumes
// it; the result must equal an uninterrupted run.
func TestCancelResume(t *testing.T) {
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref.epd")
	c := testConfig(ref)
	c.Games = 10
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.epd")
	c.Out = out
	ctx, cancel := context.WithCancel(context.Background())
	c.Progress, c.ProgressEvery = cancelWriter(cancel), 1 // first progress line: after the first game
	st, err := Run(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if st.Done || st.TotalGames == 0 || st.TotalGames >= 10 {
		t.Fatalf("cancelled run: %+v", st)
	}
	c.Progress = nil
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(ref)
	b, _ := os.ReadFile(out)
	if string(a) != string(b) {
		t.Errorf("resumed output differs from an uninterrupted run (%d vs %d bytes)", len(b), len(a))
	}
}

// cancelWriter cancels the run at the first progress line that counts a
// finished game: on a loaded machine a progress line can come before any.
type cancelWriter context.CancelFunc

func (c cancelWriter) Write(p []byte) (int, error) {
	if !bytes.Contains(p, []byte(" 0 games")) {
		c()
	}
	return len(p), nil
}

// TestSecondWriterRefused: while one run holds the output, another must
// not write to it.
func TestSecondWriterRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.epd")
	f, err := os.OpenFile(out, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := data.LockFile(f); err != nil {
		t.Skipf("no file locking here: %v", err)
	}
	if _, err := Run(context.Background(), testConfig(out)); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Errorf("second writer: %v", err)
	}
}

// TestConfigRanges: settings out of range are refused before anything is
// written, never clamped or played as something else.
func TestConfigRanges(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(*Config)
		want string
	}{
		{"negative threads", func(c *Config) { c.Threads = -1 }, "threads -1"},
		{"too many threads", func(c *Config) { c.Threads = 100000 }, "threads 100000: want at most"},
		{"negative hash", func(c *Config) { c.HashMB = -4 }, "hash -4"},
		{"negative random plies", func(c *Config) { c.RandomPlies = -2 }, "random plies -2"},
		{"no variety", func(c *Config) { c.RandomPlies = 0 }, "every game would be the same game"},
		{"negative win score", func(c *Config) { c.WinScore = -1 }, "win score -1"},
		{"no win plies", func(c *Config) { c.WinPlies = 0 }, "win plies 0"},
		{"negative max plies", func(c *Config) { c.MaxPlies = -5 }, "max plies -5"},
		{"nodes and depth", func(c *Config) { c.Depth = 6 }, "not both"},
		{"draw band over the win band", func(c *Config) { c.WinScore, c.DrawScore = 5, 10 }, "draw score 10: want less than the win score 5"},
	} {
		out := filepath.Join(t.TempDir(), "g.epd")
		cfg := testConfig(out)
		c.set(&cfg)
		if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: the output was created", c.name)
		}
	}
}

// TestAdjudicator: a win needs WinPlies plies in a row scored a win for
// the same side; a swing to the other side starts the count again.
func TestAdjudicator(t *testing.T) {
	cfg := DefaultConfig()
	cfg.WinScore, cfg.WinPlies, cfg.DrawAfter, cfg.DrawScore, cfg.DrawPlies = 1000, 4, 10, 10, 3
	for _, c := range []struct {
		name   string
		scores []int
		want   string // result after the last score
	}{
		{"white wins", []int{1010, 1050, 1100, 1020}, match.WhiteWins},
		{"black wins", []int{-1010, -1050, -1100, -1020}, match.BlackWins},
		{"a swing restarts the count", []int{1010, 1050, 1100, -1020}, ""},
		{"black after the swing", []int{1010, 1050, 1100, -1020, -1100, -1200, -1300}, match.BlackWins},
		{"a gap restarts it", []int{1010, 1050, 900, 1100, 1020}, ""},
		{"draw after move ten", []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 5, -5, 0}, match.Draw},
		{"no draw before", []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 5, -5}, ""},
	} {
		var a adjudicator
		result := ""
		for i, s := range c.scores {
			if result != "" {
				t.Fatalf("%s: ended at ply %d of %d", c.name, i, len(c.scores))
			}
			result, _ = a.step(&cfg, s, i+1)
		}
		if result != c.want {
			t.Errorf("%s: result %q, want %q", c.name, result, c.want)
		}
	}
}
