package match

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vireo/data"
)

const glaurung = "/usr/games/glaurung"

// buildVireo builds the engine from the repository root into dir.
func buildVireo(t testing.TB, dir string) string {
	t.Helper()
	exe := filepath.Join(dir, "vireo")
	cmd := exec.Command("go", "build", "-o", exe, "./cmd/vireo")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

// noobBook is the team's opening book, if the shared data is present.
func noobBook() OpeningConfig {
	const f = "../../shared/data/openings/noob_3moves.epd"
	if _, err := os.Stat(f); err != nil {
		return OpeningConfig{}
	}
	return OpeningConfig{File: f, Format: "epd", Order: "random"}
}

// TestIntegrationGlaurung plays a short real match between Vireo and
// Debian's Glaurung and checks that every game ends with a result the
// rules (or an adjudication) justify, and that the PGN re-parses.
func TestIntegrationGlaurung(t *testing.T) {
	if _, err := os.Stat(glaurung); err != nil {
		t.Skip("glaurung is not installed (.ci/run installs it)")
	}
	if testing.Short() {
		t.Skip("builds and plays real engines")
	}
	dir := t.TempDir()
	exe := buildVireo(t, dir)
	pgn := filepath.Join(dir, "games.pgn")
	out := &syncBuffer{}
	start := time.Now()
	res, err := Run(context.Background(), context.Background(), Config{
		Engines: []EngineConfig{
			// Depth limits: a shared, loaded machine must not turn the
			// test into a lottery of time forfeits.
			{Name: "Vireo", Cmd: exe, Options: []Option{{"Hash", "16"}}, Limits: Limits{Depth: 6}},
			{Name: "Glaurung", Cmd: glaurung, Options: []Option{{"Threads", "1"}, {"OwnBook", "false"}, {"Hash", "16"}},
				Limits: Limits{Depth: 5}},
		},
		Rounds: 2, Games: 2, Concurrency: 2, PGNOut: pgn, Seed: 7, SeedSet: true,
		Openings: noobBook(), MaxMoves: 100,
		Draw:   &DrawRule{MoveNumber: 40, MoveCount: 8, Score: 10},
		Resign: &ResignRule{MoveCount: 3, Score: 1000},
		Out:    out,
	})
	t.Logf("4 games in %v\n%s", time.Since(start).Round(time.Millisecond), out.String())
	if err != nil {
		t.Fatal(err)
	}
	if res.Games() != 4 || res.Interrupted {
		t.Fatalf("%d games, interrupted=%v", res.Games(), res.Interrupted)
	}
	for _, p := range res.Pairs {
		for _, g := range p.Games {
			if g.Cause != CauseNone {
				t.Errorf("pair %d: engine failure %+v", p.ID, g)
			}
		}
	}
	games, bad, err := data.ReadPGNFile(pgn)
	if err != nil || len(bad) > 0 || len(games) != 4 {
		t.Fatalf("PGN: %d games, %v, %v", len(games), bad, err)
	}
	for _, g := range games {
		checkGameEnd(t, g)
	}
}

// checkGameEnd replays a game and checks that its result is what the
// rules say about the final position, or an adjudication.
func checkGameEnd(t *testing.T, g *data.PGNGame) {
	t.Helper()
	pos, err := g.StartPosition()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range g.Moves {
		pos.MakeMove(m)
	}
	last := ""
	if n := len(g.Info); n > 0 {
		last = g.Info[n-1].Comment
	}
	switch g.Tag("Termination") {
	case TermNormal:
		v, over := RulesVerdict(pos)
		if !over || v.Result != g.Result || !strings.HasSuffix(last, v.Reason) {
			t.Errorf("game %s: result %s %q, but the final position gives %+v (over=%v)", g.Tag("Round"), g.Result, last, v, over)
		}
	case TermAdjudicated:
		if !strings.Contains(last, "adjudication") {
			t.Errorf("adjudicated game %s ends with %q", g.Tag("Round"), last)
		}
		if strings.Contains(last, "maximum moves") && len(g.Moves) < 200 {
			t.Errorf("move limit after %d plies", len(g.Moves))
		}
		if g.Result != Draw && g.Result != WhiteWins && g.Result != BlackWins {
			t.Errorf("adjudicated result %q", g.Result)
		}
	default:
		t.Errorf("game %s ended by %q: %q", g.Tag("Round"), g.Tag("Termination"), last)
	}
}

// BenchmarkRunnerCPU measures what the runner itself (rules, clocks, PGN,
// state) costs next to the engines it drives, in a Vireo self-play match
// at a fixed node count. Run it with
//
//	go test ./match -run '^$' -bench RunnerCPU -benchtime 1x
func BenchmarkRunnerCPU(b *testing.B) {
	dir := b.TempDir()
	exe := buildVireo(b, dir)
	for b.Loop() {
		lim := Limits{Nodes: 20000}
		res, err := Run(context.Background(), context.Background(), Config{
			Engines: []EngineConfig{
				{Name: "A", Cmd: exe, Options: []Option{{"Hash", "16"}}, Limits: lim},
				{Name: "B", Cmd: exe, Options: []Option{{"Hash", "16"}}, Limits: lim},
			},
			Rounds: 5, Games: 2, Concurrency: 2, PGNOut: filepath.Join(dir, "bench.pgn"),
			Openings: noobBook(), Seed: 1, SeedSet: true, Out: &syncBuffer{},
		})
		if err != nil {
			b.Fatal(err)
		}
		os.Remove(filepath.Join(dir, "bench.pgn"))
		os.Remove(filepath.Join(dir, "bench.pgn.state.json"))
		b.ReportMetric(100*res.RunnerCPU.Seconds()/res.EngineCPU.Seconds(), "runner-cpu-%")
		b.ReportMetric(res.RunnerCPU.Seconds(), "runner-s")
		b.ReportMetric(res.EngineCPU.Seconds(), "engine-s")
	}
}
