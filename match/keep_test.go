package match

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"vireo/data"
)

// TestSPRTKeepAcrossMachines carries an interrupted match from one
// directory to another with scripts/sprt-keep.sh, as docs/testing.md
// does between machines: the copy taken while the match stood (state
// first, then the gzipped PGN) resumes elsewhere after its last
// completed pair, plays every pair once, and leaves a PGN with exactly
// the match's games.
func TestSPRTKeepAcrossMachines(t *testing.T) {
	for _, tool := range []string{"bash", "gzip"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed to run scripts/sprt-keep.sh: %v", tool, err)
		}
	}
	script, err := filepath.Abs("../scripts/sprt-keep.sh")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	first, second, keep := filepath.Join(root, "first"), filepath.Join(root, "second"), filepath.Join(root, "keep")
	for _, d := range []string{first, second} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	epd := filepath.Join(root, "book.epd")
	writeFirstMoves(t, epd, "e2e4", "d2d4", "c2c4", "g1f3", "b1c3", "f2f4")
	const line = "k|fake|||6|nodes=1|elo0=0 elo1=5|"
	if err := os.WriteFile(filepath.Join(first, "queue.txt"), []byte("# a comment\n"+line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lim := Limits{Nodes: 1}
	cfg := Config{
		Engines: []EngineConfig{fakeConfig(t, "A", "delay=5", lim), fakeConfig(t, "B", "delay=5", lim)},
		Rounds:  6, Games: 2, Concurrency: 2, MaxMoves: 10, Seed: 7, SeedSet: true,
		// Relative, as scripts/screen-queue.sh gives it: the state names
		// the PGN by this path.
		PGNOut:   "screen-k.pgn",
		Openings: OpeningConfig{File: epd, Format: "epd", Order: "random"},
	}

	// The first machine: stopped after its fifth finished game.
	t.Chdir(first)
	res1, _ := runInterrupted(t, cfg, 5)

	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("bash", append([]string{script}, args...)...)
		cmd.Env = append(os.Environ(), "SPRT_KEEP_DIR="+keep)
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("sprt-keep.sh %s: %v\n%s", strings.Join(args, " "), err, b)
		}
		return string(b)
	}
	if got := run("save", first, "k"); !strings.Contains(got, fmt.Sprintf("%d completed pairs", len(res1.Pairs))) {
		t.Errorf("save says %q, want %d completed pairs", got, len(res1.Pairs))
	}
	q, err := os.ReadFile(filepath.Join(keep, "k", "queue.txt"))
	if err != nil || string(q) != line+"\n" {
		t.Fatalf("kept queue line %q (%v), want %q", q, err, line)
	}

	// The second machine.
	run("restore", "k", second)
	cmd := exec.Command("bash", script, "restore", "k", second)
	cmd.Env = append(os.Environ(), "SPRT_KEEP_DIR="+keep)
	if b, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(b), "exists") {
		t.Errorf("a second restore over the first: %v\n%s", err, b)
	}
	t.Chdir(second)
	cfg.Resume, cfg.SeedSet = true, false
	out2 := &syncBuffer{}
	cfg.Out = out2
	res2, err := Run(context.Background(), context.Background(), cfg)
	if err != nil {
		t.Fatalf("resume on the second machine: %v\n%s", err, out2.String())
	}
	if res2.Interrupted || len(res2.Pairs) != 6 {
		t.Fatalf("after the resume: %d pairs, interrupted=%v\n%s", len(res2.Pairs), res2.Interrupted, out2.String())
	}
	// Only the pairs the first machine did not complete are played.
	if got, want := strings.Count(out2.String(), "Finished game"), 2*(6-len(res1.Pairs)); got != want {
		t.Errorf("the second machine played %d games, want %d\n%s", got, want, out2.String())
	}
	for i, p := range res1.Pairs {
		if fmt.Sprint(res2.Pairs[i]) != fmt.Sprint(p) {
			t.Errorf("pair %d changed on the way: %+v -> %+v", i, p, res2.Pairs[i])
		}
	}
	seen := readPairs(t, res2)
	for id := 0; id < 6; id++ {
		if seen[id] != 1 {
			t.Errorf("pair %d played %d times", id, seen[id])
		}
	}
	games, bad, err := data.ReadPGNFile("screen-k.pgn")
	if err != nil || len(bad) > 0 {
		t.Fatalf("PGN: %v %v", bad, err)
	}
	if len(games) != 12 {
		t.Errorf("the second machine's PGN holds %d games, want 12", len(games))
	}
	q, err = os.ReadFile("queue.txt")
	if err != nil || string(q) != line+"\n" {
		t.Errorf("restored queue.txt %q (%v), want the one line %q", q, err, line)
	}
}
