package match

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"vireo/data"
)

// syncBuffer is a bytes.Buffer safe for the runner and a test to share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	// onWrite, if set, sees every write (to react to progress lines).
	onWrite func(string)
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	n, err := b.buf.Write(p)
	f := b.onWrite
	b.mu.Unlock()
	if f != nil {
		f(string(p))
	}
	return n, err
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func mustTC(t testing.TB, s string) *TimeControl {
	tc, err := ParseTC(s)
	if err != nil {
		t.Fatal(err)
	}
	return &tc
}

func countLines(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

// TestEngineFailures has a fake engine misbehave on its second move of
// the first game, and checks that the game is lost with the right cause,
// that the engine is restarted, and that the restarted engine then plays
// the second game normally.
func TestEngineFailures(t *testing.T) {
	cases := []struct {
		mode   string
		cause  Cause
		term   string
		reason string
	}{
		{"illegal", CauseIllegal, TermIllegal, "White makes an illegal move"},
		{"garbage", CauseIllegal, TermIllegal, `White makes an illegal move: "xyzzy"`},
		{"nomove", CauseIllegal, TermIllegal, `White makes an illegal move: "(none)"`},
		{"bare", CauseIllegal, TermIllegal, `White makes an illegal move: ""`},
		{"glued", CauseHang, TermHang, "White's connection stalls"},
		{"crash", CauseCrash, TermCrash, "White disconnects"},
		{"hang", CauseHang, TermHang, "White's connection stalls"},
		{"slow", CauseTime, TermTime, "White loses on time"},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			dir := t.TempDir()
			starts := filepath.Join(dir, "starts")
			goodStarts := filepath.Join(dir, "good-starts")
			// A generous clock, so that a loaded machine cannot make the
			// good engine lose on time; the slow and hanging engines use up
			// their clock, so theirs is short.
			lim := Limits{TC: mustTC(t, "10+0.1")}
			if c.mode == "slow" || c.mode == "hang" || c.mode == "glued" {
				lim = Limits{TC: mustTC(t, "1+0.1")}
			}
			bad := fakeConfig(t, "Bad", fmt.Sprintf("mode=%s,at=2,once=%s,starts=%s", c.mode, filepath.Join(dir, "once"), starts), lim)
			good := fakeConfig(t, "Good", "starts="+goodStarts, lim)
			var out syncBuffer
			pgn := filepath.Join(dir, "games.pgn")
			res, err := Run(context.Background(), context.Background(), Config{
				Engines: []EngineConfig{bad, good}, Rounds: 1, Games: 2, Concurrency: 1,
				MaxMoves: 6, HangTime: 300 * time.Millisecond, PGNOut: pgn, Out: &out,
			})
			if err != nil {
				t.Fatalf("Run: %v\n%s", err, out.String())
			}
			if len(res.Pairs) != 1 || len(res.Pairs[0].Games) != 2 {
				t.Fatalf("pairs %+v\n%s", res.Pairs, out.String())
			}
			g1, g2 := res.Pairs[0].Games[0], res.Pairs[0].Games[1]
			if g1.White != 0 || g1.Result != BlackWins || g1.Cause != c.cause || g1.Term != c.term {
				t.Errorf("game 1: %+v, want a loss of Bad (White) by %s", g1, c.cause)
			}
			if g2.White != 1 || g2.Result != Draw || g2.Term != TermAdjudicated || g2.Cause != CauseNone {
				t.Errorf("game 2: %+v, want the restarted engine to play to the move limit", g2)
			}
			f := res.Failures[0]
			var want Failures
			want.add(c.cause)
			if f != want || res.Failures[1] != (Failures{}) {
				t.Errorf("failure counts %+v %+v, want %+v for Bad only", f, res.Failures[1], want)
			}
			if n := countLines(t, starts); n != 2 {
				t.Errorf("Bad started %d times, want 2 (a restart after the failure)", n)
			}
			if n := countLines(t, goodStarts); n != 1 {
				t.Errorf("Good started %d times, want 1", n)
			}
			if !strings.Contains(out.String(), c.reason) {
				t.Errorf("output lacks %q:\n%s", c.reason, out.String())
			}
			games, bad2, err := data.ReadPGNFile(pgn)
			if err != nil || len(bad2) > 0 || len(games) != 2 {
				t.Fatalf("PGN: %d games, %v, %v", len(games), bad2, err)
			}
			if games[0].Tag("Termination") != c.term || !strings.Contains(games[0].Info[len(games[0].Info)-1].Comment, c.reason) {
				t.Errorf("PGN game 1: Termination %q, last comment %q", games[0].Tag("Termination"), games[0].Info[len(games[0].Info)-1].Comment)
			}
			wantLine := fmt.Sprintf("Bad: %d time losses, %d illegal moves, %d crashes, %d hangs", want.Time, want.Illegal, want.Crash, want.Hang)
			if !strings.Contains(out.String(), wantLine) {
				t.Errorf("report lacks %q:\n%s", wantLine, out.String())
			}
		})
	}
}

// shorten sets one of the runner's time limits for the test's length.
func shorten(t *testing.T, limit *time.Duration, d time.Duration) {
	old := *limit
	*limit = d
	t.Cleanup(func() { *limit = old })
}

// TestEngineThatNeverStarts checks that an engine that never answers
// "uci" stops the match with a clear error instead of hanging it.
func TestEngineThatNeverStarts(t *testing.T) {
	shorten(t, &uciTimeout, 200*time.Millisecond)
	lim := Limits{Nodes: 1}
	var out syncBuffer
	start := time.Now()
	_, err := Run(context.Background(), context.Background(), Config{
		Engines: []EngineConfig{fakeConfig(t, "Mute", "mode=silentstart", lim), fakeConfig(t, "Good", "", lim)},
		Rounds:  3, Games: 2, Concurrency: 2, Out: &out,
	})
	if err == nil || !strings.Contains(err.Error(), "Mute") || !strings.Contains(err.Error(), "uciok") {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v to give up", d)
	}
}

// TestStoppedMoves: a move with no clock that outruns the runner's limit is
// asked for with "stop" and played, not lost, and the report counts it,
// since the node limit the match asked for was not played out.
func TestStoppedMoves(t *testing.T) {
	shorten(t, &unclockedLimit, 50*time.Millisecond)
	lim := Limits{Nodes: 1}
	var out syncBuffer
	res, err := Run(context.Background(), context.Background(), Config{
		Engines: []EngineConfig{
			fakeConfig(t, "Slow", "mode=slow,at=2", lim),
			fakeConfig(t, "Good", "", lim),
		},
		Rounds: 1, Games: 2, Concurrency: 1, MaxMoves: 6, HangTime: 2 * time.Second, Out: &out,
	})
	if err != nil {
		t.Fatalf("Run: %v\n%s", err, out.String())
	}
	// Its second move of each game.
	if want := (Failures{Stopped: 2}); res.Failures[0] != want || res.Failures[1] != (Failures{}) {
		t.Errorf("failures %+v %+v, want %+v for Slow only", res.Failures[0], res.Failures[1], want)
	}
	for _, g := range res.Pairs[0].Games {
		if g.Cause != CauseNone {
			t.Errorf("game %+v lost off the board", g)
		}
	}
	if line := "Slow: 0 time losses, 0 illegal moves, 0 crashes, 0 hangs; 2 moves without a clock stopped after 50ms"; !strings.Contains(out.String(), line) {
		t.Errorf("report lacks %q:\n%s", line, out.String())
	}
}

// TestStaleBestmove: a bestmove left in the pipe, a second copy of an
// answer or an answer to a stop that came after the search ended, is not
// read as the engine's next move (which would be illegal there, or a move
// behind) and does not credit its clock.
func TestStaleBestmove(t *testing.T) {
	shorten(t, &unclockedLimit, 50*time.Millisecond)
	lim := Limits{Nodes: 1}
	for _, spec := range []string{"mode=double,at=2", "mode=slow,at=2,echostop=1"} {
		var out syncBuffer
		res, err := Run(context.Background(), context.Background(), Config{
			Engines: []EngineConfig{fakeConfig(t, "Odd", spec, lim), fakeConfig(t, "Good", "", lim)},
			Rounds:  1, Games: 2, Concurrency: 1, MaxMoves: 6, HangTime: 2 * time.Second, Out: &out,
		})
		if err != nil {
			t.Fatalf("%s: Run: %v\n%s", spec, err, out.String())
		}
		for _, g := range res.Pairs[0].Games {
			if g.Cause != CauseNone || g.Result != Draw {
				t.Errorf("%s: game %+v, want a draw at the move limit\n%s", spec, g, out.String())
			}
		}
		if f := res.Failures[0]; f.Time+f.Illegal+f.Crash+f.Hang != 0 {
			t.Errorf("%s: failures %+v", spec, f)
		}
	}
}

// TestResumeKeepsOtherMatchGames: games another match appended to the
// PGN after this one stopped are not cut by this one's resume, which
// refuses instead and leaves the file as it is.
func TestResumeKeepsOtherMatchGames(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	lim := Limits{Nodes: 1}
	cfg := Config{
		Engines: []EngineConfig{fakeConfig(t, "A", "delay=5", lim), fakeConfig(t, "B", "delay=5", lim)},
		Rounds:  8, Games: 2, Concurrency: 2, MaxMoves: 10, PGNOut: pgn, Seed: 42, SeedSet: true,
		StateFile: filepath.Join(dir, "a.json"),
	}
	runInterrupted(t, cfg, 5)
	other := Config{
		Engines: []EngineConfig{fakeConfig(t, "C", "", lim), fakeConfig(t, "D", "", lim)},
		Rounds:  2, Games: 2, Concurrency: 1, MaxMoves: 10, PGNOut: pgn,
		StateFile: filepath.Join(dir, "b.json"), Out: &syncBuffer{},
	}
	if _, err := Run(context.Background(), context.Background(), other); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(pgn)
	cfg.Resume, cfg.Out = true, &syncBuffer{}
	if _, err := Run(context.Background(), context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "this match did not write") {
		t.Errorf("resume over another match's games: %v", err)
	}
	if after, _ := os.ReadFile(pgn); !bytes.Equal(before, after) {
		t.Errorf("the PGN changed from %d to %d bytes", len(before), len(after))
	}
}

// TestBadEngineCommand checks the error for a binary that does not exist.
func TestBadEngineCommand(t *testing.T) {
	lim := Limits{Nodes: 1}
	_, err := Run(context.Background(), context.Background(), Config{
		Engines: []EngineConfig{{Name: "Nope", Cmd: "/nonexistent/engine", Limits: lim}, fakeConfig(t, "Good", "", lim)},
		Rounds:  1, Games: 2, Concurrency: 1, Out: &syncBuffer{},
	})
	if err == nil || !strings.Contains(err.Error(), "Nope") {
		t.Fatalf("err = %v", err)
	}
}

// TestSPRTStops plays an engine that wins every game (its opponent
// resigns at once) and checks that the SPRT stops the match at H1 long
// before the rounds run out, and at H0 the other way round.
func TestSPRTStops(t *testing.T) {
	lim := Limits{Nodes: 1}
	for _, strongFirst := range []bool{true, false} {
		strong := fakeConfig(t, "Strong", "score=900", lim)
		weak := fakeConfig(t, "Weak", "score=-900", lim)
		engines := []EngineConfig{strong, weak}
		want := SPRTAcceptH1
		if !strongFirst {
			engines = []EngineConfig{weak, strong}
			want = SPRTAcceptH0
		}
		var out syncBuffer
		res, err := Run(context.Background(), context.Background(), Config{
			Engines: engines, Rounds: 200, Games: 2, Concurrency: 2,
			Resign: &ResignRule{MoveCount: 1, Score: 600},
			SPRT:   &SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}, Out: &out,
		})
		if err != nil {
			t.Fatal(err)
		}
		if res.Decision != want {
			t.Fatalf("decision %v, want %v\n%s", res.Decision, want, out.String())
		}
		if len(res.Pairs) >= 150 {
			t.Errorf("needed %d pairs for a one-sided match", len(res.Pairs))
		}
		lo, hi := (&SPRT{Alpha: 0.05, Beta: 0.05}).Bounds()
		if (want == SPRTAcceptH1 && res.LLR < hi) || (want == SPRTAcceptH0 && res.LLR > lo) {
			t.Errorf("stopped at LLR %.3f inside (%.3f, %.3f)", res.LLR, lo, hi)
		}
		// Stopping one pair earlier would not have crossed the bound.
		var prev Pentanomial
		for _, p := range res.Pairs[:len(res.Pairs)-1] {
			prev[p.Penta]++
		}
		if _, d := (&SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}).Pentanomial(prev); d != SPRTContinue {
			t.Errorf("the SPRT should have stopped a pair earlier (%v)", prev)
		}
		report := out.String()
		for _, s := range []string{"LLR: ", fmt.Sprintf("SPRT ([0.00, 10.00]) completed - %v was accepted", want), "Ptnml(0-2): "} {
			if !strings.Contains(report, s) {
				t.Errorf("report lacks %q:\n%s", s, report)
			}
		}
		if res.Interrupted {
			t.Error("an SPRT decision counted as an interruption")
		}
	}
}

// TestPGNRoundTrip plays games from PGN openings and reads the output back
// with data.PGNReader: every tag, move, score and result must survive.
func TestPGNRoundTrip(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.pgn")
	err := os.WriteFile(book, []byte(`[Event "a"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *

[Event "b"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]
[SetUp "1"]

2. Nf3 Nc6 3. Bc4 Bc5 *
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	pgn := filepath.Join(dir, "out.pgn")
	lim := Limits{TC: mustTC(t, "10+0.1")}
	var out syncBuffer
	res, err := Run(context.Background(), context.Background(), Config{
		Engines: []EngineConfig{fakeConfig(t, "A", "score=35,depth=12", lim), fakeConfig(t, "B", "mate=-3,depth=5", lim)},
		Rounds:  2, Games: 2, Concurrency: 2, MaxMoves: 12, PGNOut: pgn, Out: &out,
		Openings: OpeningConfig{File: book, Format: "pgn", Order: "sequential", Plies: 3},
		Event:    "Round trip", Site: "here",
	})
	if err != nil {
		t.Fatal(err)
	}
	games, bad, err := data.ReadPGNFile(pgn)
	if err != nil || len(bad) > 0 {
		t.Fatalf("re-reading: %v %v", bad, err)
	}
	if len(games) != 4 || res.Games() != 4 {
		t.Fatalf("%d games in the PGN, %d played", len(games), res.Games())
	}
	for _, g := range games {
		if g.Tag("Event") != "Round trip" || g.Tag("Site") != "here" || g.Tag("TimeControl") != "10+0.1" {
			t.Errorf("tags %v", g.Tags)
		}
		if g.Result != g.Tag("Result") || g.Tag("PlyCount") != fmt.Sprint(len(g.Moves)) {
			t.Errorf("result %q tag %q, plies %d tag %q", g.Result, g.Tag("Result"), len(g.Moves), g.Tag("PlyCount"))
		}
		for _, tag := range []string{"Date", "Round", "White", "Black", "Termination", "GameStartTime", "GameEndTime", "GameDuration"} {
			if g.Tag(tag) == "" {
				t.Errorf("tag %s missing", tag)
			}
		}
		second := g.Tag("Round") == "2"
		if second != (g.Tag("FEN") != "") || second != (g.Tag("SetUp") == "1") {
			t.Errorf("round %s: FEN %q SetUp %q", g.Tag("Round"), g.Tag("FEN"), g.Tag("SetUp"))
		}
		for i, mi := range g.Info {
			if i < 3 {
				if !mi.Book || mi.Comment != "book" {
					t.Errorf("move %d: %+v, want a book move", i, mi)
				}
				continue
			}
			if !mi.HasScore || !mi.HasTime {
				t.Errorf("move %d: comment %q not read back", i, mi.Comment)
				continue
			}
			// The side that moved tells us which engine spoke.
			pos, _ := g.StartPosition()
			for _, m := range g.Moves[:i] {
				pos.MakeMove(m)
			}
			white := pos.SideToMove() == 0
			engineA := (g.Tag("White") == "A") == white
			if engineA && (mi.Score != 35 || mi.Mate != 0 || mi.Depth != 12) {
				t.Errorf("A's move %d: %+v", i, mi)
			}
			if !engineA && (mi.Mate != -3 || mi.Depth != 5) {
				t.Errorf("B's move %d: %+v", i, mi)
			}
		}
	}
	text, _ := os.ReadFile(pgn)
	for _, s := range []string{"{+0.35/12 ", "{-M3/5 ", "{book}", "[Result \""} {
		if !bytes.Contains(text, []byte(s)) {
			t.Errorf("PGN lacks %q", s)
		}
	}
}

func readPairs(t *testing.T, res *Result) map[int]int {
	seen := map[int]int{}
	for _, p := range res.Pairs {
		seen[p.ID]++
	}
	return seen
}

// TestResume interrupts a match, resumes it, and checks that every pair
// is played exactly once, that the openings follow the seeded order, and
// that the PGN holds exactly the games of the completed pairs.
// writeFirstMoves writes an EPD book of the positions after each of the
// first moves given.
func writeFirstMoves(t *testing.T, path string, moves ...string) {
	t.Helper()
	var lines []string
	for _, m := range moves {
		lines = append(lines, play(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", m).FEN())
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runInterrupted runs cfg and stops it, as a Ctrl-C would, when the
// runner reports its nth finished game; the match must end interrupted
// with some but not all of its pairs.
func runInterrupted(t *testing.T, cfg Config, n int) (*Result, *syncBuffer) {
	t.Helper()
	soft, stop := context.WithCancel(context.Background())
	defer stop()
	out := &syncBuffer{}
	finished := 0
	out.onWrite = func(s string) {
		if strings.HasPrefix(s, "Finished game") {
			if finished++; finished == n {
				stop()
			}
		}
	}
	cfg.Out = out
	res, err := Run(soft, context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || len(res.Pairs) == 0 || len(res.Pairs) >= cfg.Rounds {
		t.Fatalf("first run: interrupted=%v with %d pairs\n%s", res.Interrupted, len(res.Pairs), out.String())
	}
	return res, out
}

func TestResume(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "book.epd")
	writeFirstMoves(t, epd, "e2e4", "d2d4", "c2c4", "g1f3", "b1c3", "f2f4", "b2b3", "g2g3", "e2e3", "d2d3")
	pgn := filepath.Join(dir, "games.pgn")
	lim := Limits{Nodes: 1}
	cfg := Config{
		Engines: []EngineConfig{fakeConfig(t, "A", "delay=5", lim), fakeConfig(t, "B", "delay=5", lim)},
		Rounds:  8, Games: 2, Concurrency: 2, MaxMoves: 10, PGNOut: pgn, Seed: 42, SeedSet: true,
		Openings: OpeningConfig{File: epd, Format: "epd", Order: "random"},
	}

	// First run: stop after the fifth finished game.
	res1, out1 := runInterrupted(t, cfg, 5)
	if !strings.Contains(out1.String(), "-resume continues it") {
		t.Errorf("interrupted report does not say how to resume:\n%s", out1.String())
	}

	// Starting again without -resume must refuse rather than mix matches.
	cfg.Out = &syncBuffer{}
	if _, err := Run(context.Background(), context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "-resume") {
		t.Fatalf("restart without -resume: %v", err)
	}
	// Resuming with different settings must refuse too.
	changed := cfg
	changed.Resume = true
	changed.MaxMoves = 11
	if _, err := Run(context.Background(), context.Background(), changed); err == nil || !strings.Contains(err.Error(), "(differs in: MaxMoves)") {
		t.Fatalf("resume with another -maxmoves: %v, want MaxMoves named alone", err)
	}

	// Simulate a crash after a game was appended but before its pair
	// completed: an unrecorded game at the end of the PGN.
	f, err := os.OpenFile(pgn, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("[Event \"orphan\"]\n[Result \"*\"]\n\n1. e4 *\n\n")
	f.Close()

	cfg.Resume = true
	cfg.SeedSet = false // the seed comes from the state
	out2 := &syncBuffer{}
	cfg.Out = out2
	res2, err := Run(context.Background(), context.Background(), cfg)
	if err != nil {
		t.Fatalf("resume: %v\n%s", err, out2.String())
	}
	if res2.Interrupted || len(res2.Pairs) != 8 {
		t.Fatalf("after resume: %d pairs, interrupted=%v\n%s", len(res2.Pairs), res2.Interrupted, out2.String())
	}
	seen := readPairs(t, res2)
	for id := 0; id < 8; id++ {
		if seen[id] != 1 {
			t.Errorf("pair %d played %d times", id, seen[id])
		}
	}
	// The first run's pairs are kept as they were.
	for i, p := range res1.Pairs {
		if fmt.Sprint(res2.Pairs[i]) != fmt.Sprint(p) {
			t.Errorf("pair %d changed on resume: %+v -> %+v", i, p, res2.Pairs[i])
		}
	}
	// Openings follow the seeded order: an uninterrupted match with the same
	// seed uses the same opening for every round.
	book, _, err := LoadBook(cfg.Openings, 42, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res2.Pairs {
		if p.Opening != book.Index(p.Round-1) {
			t.Errorf("pair %d (round %d) used opening %d, want %d", p.ID, p.Round, p.Opening, book.Index(p.Round-1))
		}
	}
	games, bad, err := data.ReadPGNFile(pgn)
	if err != nil || len(bad) > 0 {
		t.Fatalf("PGN: %v %v", bad, err)
	}
	if len(games) != 16 {
		t.Errorf("PGN holds %d games, want 16", len(games))
	}
	rounds := map[string]int{}
	for _, g := range games {
		rounds[g.Tag("Round")]++
		if g.Tag("Event") == "orphan" {
			t.Error("the orphan game survived the resume")
		}
	}
	for r := 1; r <= 8; r++ {
		if rounds[fmt.Sprint(r)] != 2 {
			t.Errorf("round %d has %d games in the PGN", r, rounds[fmt.Sprint(r)])
		}
	}
	// The state agrees with the result and resuming a finished match
	// plays nothing more.
	out3 := &syncBuffer{}
	cfg.Out = out3
	res3, err := Run(context.Background(), context.Background(), cfg)
	if err != nil || len(res3.Pairs) != 8 || strings.Contains(out3.String(), "Finished game") {
		t.Errorf("resuming a finished match: %v, %d pairs\n%s", err, len(res3.Pairs), out3.String())
	}
}

// TestRepairPGN checks the removal of unfinished pairs' games from a PGN
// file on resume.
func TestRepairPGN(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pgn")
	content := "AAAA" + "bbb" + "CCCC" + "dd" + "EEEE" + "tail"
	write := func() {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write()
	size, msg, err := repairPGN(path, 17, []pgnSpan{{Pair: 3, Offset: 11, Length: 2}, {Pair: 1, Offset: 4, Length: 3}})
	got, _ := os.ReadFile(path)
	if err != nil || string(got) != "AAAACCCCEEEE" || size != 12 || msg == "" {
		t.Errorf("repair: %q size %d msg %q err %v", got, size, msg, err)
	}
	write()
	if _, _, err := repairPGN(path, 17, nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != content[:17] {
		t.Errorf("truncate: %q", got)
	}
	// A file shorter than recorded is left alone, with a note.
	write()
	if _, msg, err := repairPGN(path, 100, nil); err != nil || !strings.Contains(msg, "shorter") {
		t.Errorf("short file: %q %v", msg, err)
	}
	if got, _ := os.ReadFile(path); string(got) != content {
		t.Error("a short file was modified")
	}
	// Spans that do not fit are an error, and the file is left alone:
	// cut from a file they do not describe, they would remove the wrong
	// games.
	if _, _, err := repairPGN(path, 17, []pgnSpan{{Offset: 16, Length: 5}}); err == nil || !strings.Contains(err.Error(), "outside the pgn") {
		t.Errorf("bad span: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != content {
		t.Error("a file with a bad span was modified")
	}
}

// TestGauntletSingleGames runs a three-engine gauntlet with single games
// (no pairs): the first engine meets each other one, colours alternate by
// round, and the report has a block per pairing without pentanomials.
func TestGauntletSingleGames(t *testing.T) {
	lim := Limits{Nodes: 1}
	engines := []EngineConfig{fakeConfig(t, "Hero", "score=900", lim), fakeConfig(t, "V1", "score=-900", lim), fakeConfig(t, "V2", "score=-900", lim)}
	cfg := Config{Engines: engines, Gauntlet: true, Rounds: 2, Games: 1, Concurrency: 2,
		Resign: &ResignRule{MoveCount: 1, Score: 600}, Out: &syncBuffer{}}
	if got := fmt.Sprint(cfg.Pairings()); got != "[{0 1} {0 2}]" {
		t.Errorf("gauntlet pairings %s", got)
	}
	rr := cfg
	rr.Gauntlet = false
	if got := fmt.Sprint(rr.Pairings()); got != "[{0 1} {0 2} {1 2}]" {
		t.Errorf("round-robin pairings %s", got)
	}
	res, err := Run(context.Background(), context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pairs) != 4 || res.Games() != 4 {
		t.Fatalf("%d pairs, %d games", len(res.Pairs), res.Games())
	}
	for _, p := range res.Pairs {
		if g := p.Games[0]; (g.White == 0) != (p.Round == 1) {
			t.Errorf("round %d: Hero has %v", p.Round, colorOf(g, 0))
		}
	}
	for i, st := range res.Stats {
		if st.Tri != (Trinomial{W: 2}) || st.Penta != (Pentanomial{}) {
			t.Errorf("pairing %d: %+v", i, st)
		}
	}
	report := cfg.Out.(*syncBuffer).String()
	for _, s := range []string{"Results of Hero vs V1 (nodes=1, NULL, NULL, NULL):", "Results of Hero vs V2", "Games: 2, Wins: 2, Losses: 0, Draws: 0, Points: 2.0 (100.00 %)"} {
		if !strings.Contains(report, s) {
			t.Errorf("report lacks %q:\n%s", s, report)
		}
	}
	if strings.Contains(report, "Ptnml") {
		t.Errorf("pentanomials reported for single games:\n%s", report)
	}
}

func colorOf(g GameOutcome, i int) string {
	if g.White == i {
		return "White"
	}
	return "Black"
}

// TestDamagedState checks that a broken state file is an error, not a
// crash or a silent fresh start.
func TestDamagedState(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "s.json")
	lim := Limits{Nodes: 1}
	cfg := Config{Engines: []EngineConfig{fakeConfig(t, "A", "", lim), fakeConfig(t, "B", "", lim)},
		Rounds: 1, Games: 2, Concurrency: 1, StateFile: state, Resume: true, Out: &syncBuffer{}}
	for _, junk := range []string{"{not json", `{"version": 99}`, ""} {
		os.WriteFile(state, []byte(junk), 0o644)
		if _, err := Run(context.Background(), context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "s.json") {
			t.Errorf("state %q: %v", junk, err)
		}
	}
	// A state whose pairs do not fit the match is refused as well.
	fpJSON, fp := fingerprint(&cfg, 5)
	st := stateFile{Version: stateVersion, Fingerprint: fp, Config: fpJSON, Seed: 5,
		Pairs: []PairRecord{{ID: 0, Round: 1, Games: []GameOutcome{{White: 0, Black: 7, Result: "1-0"}, {White: 1, Black: 0, Result: "1-0"}}}}}
	b, _ := json.Marshal(st)
	os.WriteFile(state, b, 0o644)
	if _, err := Run(context.Background(), context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("pair with a bad engine index: %v", err)
	}
	// So is a record of the PGN that no run writes: repairing the file
	// from it would cut the wrong bytes (or crash on a negative size).
	for _, ps := range []pgnState{
		{File: "g.pgn", Size: -1, Pending: []pgnSpan{{Pair: 0, Offset: 0, Length: 10}}},
		{File: "g.pgn", Size: 100, Pending: []pgnSpan{{Pair: 0, Offset: 90, Length: 20}}},
		{File: "g.pgn", Size: 100, Pending: []pgnSpan{{Pair: 0, Offset: 0, Length: 50}, {Pair: 1, Offset: 40, Length: 20}}},
		{File: "g.pgn", Size: 100, Pending: []pgnSpan{{Pair: 0, Offset: -5, Length: 10}}},
	} {
		st := stateFile{Version: stateVersion, Fingerprint: fp, Config: fpJSON, Seed: 5, PGN: &ps}
		b, _ := json.Marshal(st)
		os.WriteFile(state, b, 0o644)
		if _, err := Run(context.Background(), context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), "s.json") {
			t.Errorf("pgn record %+v: %v", ps, err)
		}
	}
}

// TestResumeFewerRounds: a resume whose -rounds is below the last round
// the state holds is refused, naming the rounds it needs, since its
// pairs would be counted beyond the match or lost; with more rounds the
// match goes on.
func TestResumeFewerRounds(t *testing.T) {
	dir := t.TempDir()
	lim := Limits{Nodes: 1}
	cfg := Config{
		Engines: []EngineConfig{fakeConfig(t, "A", "", lim), fakeConfig(t, "B", "", lim)},
		Rounds:  4, Games: 2, Concurrency: 1, MaxMoves: 10, PGNOut: filepath.Join(dir, "games.pgn"),
		Seed: 7, SeedSet: true, Out: &syncBuffer{},
	}
	if _, err := Run(context.Background(), context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	cfg.Resume, cfg.Rounds = true, 2
	if _, err := Run(context.Background(), context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "-rounds 4 or more") {
		t.Errorf("resume with -rounds 2 after 4 rounds: %v", err)
	}
	cfg.Rounds = 5
	res, err := Run(context.Background(), context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pairs) != 5 || res.Interrupted {
		t.Errorf("resume with -rounds 5: %d pairs, interrupted %v; want 5, false", len(res.Pairs), res.Interrupted)
	}
}

// TestResumeShortPGN: when the PGN file lost its end (shorter than the
// state records), a resume cuts it back to whole games instead of
// appending after a half-written one, and plays again the pairs whose
// games are missing, so that the file ends with every game whole.
func TestResumeShortPGN(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	lim := Limits{Nodes: 1}
	cfg := Config{
		Engines: []EngineConfig{fakeConfig(t, "A", "", lim), fakeConfig(t, "B", "", lim)},
		Rounds:  4, Games: 2, Concurrency: 1, MaxMoves: 10, PGNOut: pgn, Seed: 7, SeedSet: true,
		Out: &syncBuffer{},
	}
	// An earlier match's game stands before this match's games and must
	// survive the repair.
	other := "[Event \"other\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
	if err := os.WriteFile(pgn, []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	// Cut the file in the middle of the sixth game (pair 2's second).
	starts := []int{}
	for i := len(other); i < len(b); i++ {
		if bytes.HasPrefix(b[i:], []byte("[Event ")) {
			starts = append(starts, i)
		}
	}
	if len(starts) != 8 {
		t.Fatalf("%d games in the PGN, want 8", len(starts))
	}
	cut := (starts[5] + starts[6]) / 2
	if err := os.WriteFile(pgn, b[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	cfg.Resume = true
	out := &syncBuffer{}
	cfg.Out = out
	res, err := Run(context.Background(), context.Background(), cfg)
	if err != nil {
		t.Fatalf("resume: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "shorter than the state records") || !strings.Contains(out.String(), "2 game pairs") {
		t.Errorf("the resume did not say what it repaired:\n%s", out.String())
	}
	if n := strings.Count(out.String(), "Finished game"); n != 4 {
		t.Errorf("%d games played on resume, want 4 (pairs 2 and 3)\n%s", n, out.String())
	}
	if len(res.Pairs) != 4 {
		t.Errorf("%d pairs after the resume, want 4", len(res.Pairs))
	}
	games, bad, err := data.ReadPGNFile(pgn)
	if err != nil || len(bad) > 0 {
		t.Fatalf("PGN after resume: %v %v", bad, err)
	}
	if len(games) == 0 || games[0].Tag("Event") != "other" {
		t.Fatalf("the earlier match's game was lost in the repair")
	}
	games = games[1:]
	rounds := map[string]int{}
	for _, g := range games {
		if g.Result == "*" || g.Result != g.Tag("Result") {
			t.Errorf("round %s: result %q, tag %q", g.Tag("Round"), g.Result, g.Tag("Result"))
		}
		rounds[g.Tag("Round")]++
	}
	if len(games) != 8 || fmt.Sprint(rounds) != "map[1:2 2:2 3:2 4:2]" {
		t.Errorf("PGN after resume: %d games, by round %v; want 8, two a round", len(games), rounds)
	}
}

// TestStateGuards: a second match on a state or PGN in use is refused; so
// is a resume that finds games in the PGN but no state, and a resume without
// the -pgnout its state was written with.
func TestStateGuards(t *testing.T) {
	dir := t.TempDir()
	lim := Limits{Nodes: 1}
	pgn := filepath.Join(dir, "games.pgn")
	cfg := Config{
		Engines: []EngineConfig{fakeConfig(t, "A", "", lim), fakeConfig(t, "B", "", lim)},
		Rounds:  1, Games: 2, Concurrency: 1, MaxMoves: 10, PGNOut: pgn,
		Seed: 7, SeedSet: true, Out: &syncBuffer{},
	}
	lock, err := os.OpenFile(cfg.StatePath()+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := data.LockFile(lock); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "in use by another match") {
		t.Errorf("state locked by another run: %v", err)
	}
	// A state of its own does not let a second match write the same PGN.
	other := cfg
	other.StateFile = filepath.Join(dir, "other.json")
	if _, err := Run(context.Background(), context.Background(), other); err == nil || !strings.Contains(err.Error(), "PGN file "+pgn+" is in use") {
		t.Errorf("PGN written by another run: %v", err)
	}
	lock.Close()
	if _, err := Run(context.Background(), context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	// The state of the finished match is lost: its PGN is not started on.
	if err := os.Rename(cfg.StatePath(), filepath.Join(dir, "kept.json")); err != nil {
		t.Fatal(err)
	}
	cfg.Resume, cfg.Rounds = true, 2
	if _, err := Run(context.Background(), context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "already holds games") {
		t.Errorf("resume with a PGN and no state: %v", err)
	}
	// The state is back, but the resume forgets -pgnout.
	cfg.StateFile, cfg.PGNOut = filepath.Join(dir, "kept.json"), ""
	if _, err := Run(context.Background(), context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "same -pgnout") {
		t.Errorf("resume without -pgnout: %v", err)
	}
	cfg.PGNOut = pgn
	if res, err := Run(context.Background(), context.Background(), cfg); err != nil || len(res.Pairs) != 2 {
		t.Errorf("resume with its state and PGN: %v, want 2 pairs", err)
	}
}
