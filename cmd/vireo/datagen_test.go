package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"vireo/data"
	"vireo/datagen"
)

// TestMain lets a test run the command in a child process (this test
// binary with VIREO_RUN_MAIN=1), so that it can be killed for real.
func TestMain(m *testing.M) {
	if os.Getenv("VIREO_RUN_MAIN") == "1" {
		os.Exit(run(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// killWhen runs the command args in a child process and kills it with
// SIGKILL as soon as ready says so (polled every 5 ms, for at most a
// minute): a kill in the middle of a run, not at its end.
func killWhen(t *testing.T, args []string, ready func() bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "VIREO_RUN_MAIN=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	deadline := time.Now().Add(60 * time.Second)
	for !ready() {
		if time.Now().After(deadline) {
			t.Fatal("nothing committed in 60 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// resume runs the command args in a child process to its end.
func resume(t *testing.T, args []string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "VIREO_RUN_MAIN=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("resume: %v\n%s", err, b)
	}
}

// TestDatagenKillResume kills "vireo datagen" with SIGKILL in the middle of
// a run, damages the tail of its output as an interrupted write would,
// resumes it, and checks that games 1..N are each there exactly once and
// that the file is byte for byte what an uninterrupted run writes.
func TestDatagenKillResume(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	const games = 40
	dir := t.TempDir()
	// The state file is written once a second, so the run must last
	// several seconds for the kill to land mid-run: at 300 nodes a move
	// an idle machine played all 40 games before the first write.
	args := func(out string) []string {
		return []string{"datagen", "-out", out, "-format", "pgn", "-games", strconv.Itoa(games),
			"-nodes", "3000", "-threads", "2", "-progress", "0", "-seed", "7"}
	}

	// The reference: one uninterrupted run, in process.
	ref := filepath.Join(dir, "ref.pgn")
	if code := run(args(ref)); code != 0 {
		t.Fatalf("reference run exited %d", code)
	}

	out := filepath.Join(dir, "killed.pgn")
	killedAt := 0
	killWhen(t, args(out), func() bool {
		st, ok, err := datagen.ReadState(out)
		killedAt = st.Games
		return err == nil && ok && st.Games >= 3
	})
	st, _, err := datagen.ReadState(out)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games >= games {
		t.Fatalf("the run finished (%d games) before it was killed", st.Games)
	}
	// A half-written game after the last commit, as a kill mid-write leaves.
	f, err := os.OpenFile(out, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("[Event \"vireo datagen\"]\n[Site \"half a game")
	f.Close()
	t.Logf("killed after %d games committed (state %d)", killedAt, st.Games)

	resume(t, args(out))

	gs, bad, err := data.ReadPGNFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Errorf("malformed game in resumed output: %v", b)
	}
	seen := map[int]int{}
	for _, g := range gs {
		n, err := strconv.Atoi(g.Tag("Round"))
		if err != nil {
			t.Errorf("line %d: round %q", g.Line, g.Tag("Round"))
		}
		seen[n]++
		if g.Result == "*" || len(g.Moves) == 0 {
			t.Errorf("game %d: result %q with %d moves", n, g.Result, len(g.Moves))
		}
	}
	for n := 1; n <= games; n++ {
		if seen[n] != 1 {
			t.Errorf("game %d appears %d times", n, seen[n])
		}
	}
	if len(gs) != games {
		t.Errorf("%d games, want %d", len(gs), games)
	}
	a, _ := os.ReadFile(ref)
	b, _ := os.ReadFile(out)
	if string(a) != string(b) {
		t.Errorf("resumed output (%d bytes) differs from an uninterrupted run (%d bytes)", len(b), len(a))
	}
}

// TestRescoreKillResume kills "vireo data rescore" with SIGKILL mid-run,
// appends half a line as an interrupted write would, resumes it on
// another thread count, and checks the output is byte for byte what an
// uninterrupted run writes.
func TestRescoreKillResume(t *testing.T) {
	if testing.Short() {
		t.Skip("searches 1,000 positions three times")
	}
	in := "../../../shared/data/labeled/engine-games.epd"
	if _, err := os.Stat(in); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	// The state is written once a second, so the run must last several
	// seconds for the kill to land mid-run: at 3,000 nodes a position an
	// idle Xeon scored all 1,000 in about 0.6 s, before the first write.
	args := func(out, threads string) []string {
		return []string{"data", "rescore", "-nodes", "12000", "-every", "97", "-positions", "1000", "-threads", threads, in, out}
	}
	ref := filepath.Join(dir, "ref.epd")
	if code := run(args(ref, "2")); code != 0 {
		t.Fatalf("reference run exited %d", code)
	}

	out := filepath.Join(dir, "killed.epd")
	killWhen(t, args(out, "2"), func() bool {
		st, ok, err := data.ReadRescoreState(out)
		return err == nil && ok && st.Written > 0
	})
	st, _, err := data.ReadRescoreState(out)
	if err != nil {
		t.Fatal(err)
	}
	if st.Written >= 1000 || st.Done {
		t.Fatalf("the run finished (%d positions) before it was killed", st.Written)
	}
	f, err := os.OpenFile(out, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("r1bqkb1r/pppp1ppp/2n2n2/4p3 w KQkq - ce 1")
	f.Close()
	t.Logf("killed with %d positions committed", st.Written)

	resume(t, args(out, "1"))
	a, _ := os.ReadFile(ref)
	b, _ := os.ReadFile(out)
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("resumed output (%d bytes) differs from an uninterrupted run (%d bytes)", len(b), len(a))
	}
}
