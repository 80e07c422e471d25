package data

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/chess"
	"vireo/search"
)

// searchScore is the score Rescore must write: a search of pos to depth
// from a new game.
func searchScore(t *testing.T, fen string, depth int) int {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := search.NewSearcher(4)
	s.NewGame()
	return s.Search(pos, search.Limits{Depth: depth}).Score
}

func TestRescore(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.epd")
	lines := []string{
		// A level position with a score far off: the search's replaces it;
		// the result and the game tags stay.
		`4k3/pp6/8/8/8/8/PP6/4K3 w - - ce 700; c9 "1/2-1/2"; game 4.17; ply 33;`,
		`# a comment`,
		// White is a rook up without a score: it gets one.
		`4k3/8/8/8/8/8/8/R3K3 b - - c9 "1-0";`,
		`4k3/8/8/8/8/8/8/R3K3 w - - c9 "2-0";`,
		// Mate in one for White: a mate score teaches nothing, dropped.
		`6k1/5ppp/8/8/8/8/8/R3K3 w - - ce 500; c9 "1-0";`,
		// Stalemate, no move to search: dropped.
		`k7/2Q5/1K6/8/8/8/8/8 b - - c9 "1/2-1/2";`,
	}
	os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	out := filepath.Join(dir, "out.epd")
	var errs strings.Builder
	st, err := Rescore(context.Background(), RescoreConfig{In: in, Out: out, Depth: 4, Threads: 2, Errors: &errs})
	if err != nil {
		t.Fatal(err)
	}
	if !st.Done || st.Read != 5 || st.Bad != 1 || st.Dropped != 2 || st.Written != 2 || st.RunWritten != 2 || st.Lines != 6 {
		t.Errorf("stats %+v", st)
	}
	if !strings.Contains(errs.String(), in+":4:") {
		t.Errorf("malformed line not reported with file:line: %q", errs.String())
	}
	b, _ := os.ReadFile(out)
	want := fmt.Sprintf(`4k3/pp6/8/8/8/8/PP6/4K3 w - - ce %d; c9 "1/2-1/2"; game 4.17; ply 33;`+"\n"+
		`4k3/8/8/8/8/8/8/R3K3 b - - ce %d; c9 "1-0";`+"\n",
		searchScore(t, "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", 4), searchScore(t, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", 4))
	if string(b) != want {
		t.Errorf("output\n%s\nwant\n%s", b, want)
	}
	if got := searchScore(t, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", 4); got > -300 {
		t.Errorf("a rook down scores %d for the side to move", got)
	}

	// A negative target is refused, not read as the whole input.
	if _, err := Rescore(context.Background(), RescoreConfig{In: in, Out: out + ".neg", Depth: 4, Positions: -1}); err == nil || !strings.Contains(err.Error(), "positions -1") {
		t.Errorf("positions -1: %v", err)
	}

	// Done: a second run changes nothing.
	st, err = Rescore(context.Background(), RescoreConfig{In: in, Out: out, Depth: 4})
	if b2, _ := os.ReadFile(out); err != nil || st.RunWritten != 0 || string(b2) != want {
		t.Errorf("rerun of a finished output: %v, %+v", err, st)
	}
}

// walkLines makes n labelled positions of random games from the start,
// with a malformed line at line bad (0: none).
func walkLines(n, bad int) []string {
	rng := rand.New(rand.NewPCG(3, 4))
	var lines []string
	var pos *chess.Position
	for len(lines) < n {
		if pos == nil || pos.Ply() > 40 || !pos.HasLegalMove() {
			pos, _ = chess.ParseFEN(chess.StartFEN)
		}
		var ml chess.MoveList
		pos.LegalMoves(&ml)
		pos.MakeMove(ml.Moves[rng.IntN(ml.Len)])
		if len(lines)+1 == bad {
			lines = append(lines, "8/8/8 w - - c9 \"1-0\";")
			continue
		}
		g := len(lines) / 40
		lines = append(lines, FormatLabeled(Labeled{Pos: pos.Copy(), Result: float64(g%3) / 2, Game: fmt.Sprintf("1.%d", g), Ply: len(lines) % 40}))
	}
	return lines
}

// TestRescoreResume: a run split by a position target, by cancellation
// or over other thread counts writes what one run writes, and a resumed
// run refuses settings, inputs and outputs it cannot continue.
func TestRescoreResume(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.epd")
	os.WriteFile(in, []byte(strings.Join(walkLines(700, 301), "\n")+"\n"), 0o644)
	cfg := RescoreConfig{In: in, Depth: 2, Every: 2}

	whole := cfg
	whole.Out, whole.Threads = filepath.Join(dir, "whole.epd"), 1
	st, err := Rescore(context.Background(), whole)
	if err != nil || !st.Done || st.Read != 350 || st.Written+st.Dropped+st.Bad != 350 || st.Written < 340 {
		t.Fatalf("one run: %v, %+v", err, st)
	}
	want, _ := os.ReadFile(whole.Out)

	// A position target stops after its batch; a run without one goes on.
	split := cfg
	split.Out, split.Threads, split.Positions = filepath.Join(dir, "split.epd"), 2, 100
	st, err = Rescore(context.Background(), split)
	if err != nil || st.Done || st.Written < 100 || st.Written >= 340 || st.Lines%256 != 0 {
		t.Fatalf("run to 100 positions: %v, %+v", err, st)
	}
	split.Positions = 0
	if st, err = Rescore(context.Background(), split); err != nil || !st.Done {
		t.Fatalf("resumed run: %v, %+v", err, st)
	}
	if got, _ := os.ReadFile(split.Out); string(got) != string(want) {
		t.Errorf("a run split by a target wrote other lines than one run")
	}

	// Cancelled when the malformed line 301 is reported (after its batch,
	// lines 257..512, is written), then resumed on three threads.
	cut := cfg
	cut.Out, cut.Threads = filepath.Join(dir, "cut.epd"), 2
	ctx, cancel := context.WithCancel(context.Background())
	cut.Errors = cancelWriter(cancel)
	st, err = Rescore(ctx, cut)
	if err != nil || st.Done || st.Bad != 1 || st.Lines != 512 {
		t.Fatalf("cancelled run: %v, %+v", err, st)
	}
	cut.Errors, cut.Threads = nil, 3
	if st, err = Rescore(context.Background(), cut); err != nil || !st.Done || st.Bad != 1 {
		t.Fatalf("resumed run: %v, %+v", err, st)
	}
	if got, _ := os.ReadFile(cut.Out); string(got) != string(want) {
		t.Errorf("a cancelled and resumed run wrote other lines than one run")
	}

	// What cannot be resumed is refused, and the output is left alone.
	other := split
	other.Depth = 3
	if _, err := Rescore(context.Background(), other); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("other depth on a resumed output: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "stray.epd"), []byte("keep me\n"), 0o644)
	stray := cfg
	stray.Out = filepath.Join(dir, "stray.epd")
	if _, err := Rescore(context.Background(), stray); err == nil || !strings.Contains(err.Error(), "without a state file") {
		t.Errorf("output without state: %v", err)
	}
	if b, _ := os.ReadFile(stray.Out); string(b) != "keep me\n" {
		t.Errorf("an output without state was changed")
	}
	os.Truncate(split.Out, 100)
	if _, err := Rescore(context.Background(), split); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("truncated output: %v", err)
	}
	if _, err := Rescore(context.Background(), RescoreConfig{In: in, Out: filepath.Join(dir, "x.epd")}); err == nil {
		t.Errorf("no nodes and no depth: no error")
	}
}

type cancelWriter context.CancelFunc

func (c cancelWriter) Write(p []byte) (int, error) {
	c()
	return len(p), nil
}
