package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/chess"
)

// tbDir holds the shared 3- and 4-piece Syzygy tables (the repository's
// ../shared/data/syzygy).
const tbDir = "../../shared/data/syzygy"

// haveTables reports whether the shared tables are there.
func haveTables() bool {
	_, err := os.Stat(filepath.Join(tbDir, "KQvK.rtbw"))
	return err == nil
}

// openTestTables opens the shared tables with rule's settings, or skips
// the test when they are absent.
func openTestTables(t *testing.T, rule TablebaseRule) *tbReferee {
	t.Helper()
	if !haveTables() {
		t.Skipf("no Syzygy tables in %s (the repository's ../shared/data/syzygy)", tbDir)
	}
	rule.Paths = tbDir
	r, err := openTablebases(&rule)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.close)
	return r
}

func TestTablebaseVerdict(t *testing.T) {
	const (
		whiteWins = "White wins by adjudication: SyzygyTB"
		blackWins = "Black wins by adjudication: SyzygyTB"
		drawn     = "Draw by adjudication: SyzygyTB"
		going     = "" // no adjudication
	)
	// KBNvK with the White king in the corner the bishop does not control:
	// White to move zeroes in 58 plies, Black to move is caught in 61.
	const kbnWhite, kbnBlack = "8/8/8/1k6/3BN3/8/8/K7 w - - %d 1", "8/8/8/1k6/3BN3/8/8/K7 b - - %d 1"
	clock := func(fen string, n int) string { return fmt.Sprintf(fen, n) }
	cases := []struct {
		name     string
		fen      string
		pieces   int
		ignore50 bool
		reason   string
	}{
		{"KQvK, the winner to move", "8/8/8/4k3/8/8/3Q4/4K3 w - - 0 1", 0, false, whiteWins},
		{"KQvK, the loser to move", "8/8/8/4k3/8/8/3Q4/4K3 b - - 0 1", 0, false, whiteWins},
		{"KvKQ, Black wins", "4k3/8/8/8/8/8/1q6/7K w - - 0 1", 0, false, blackWins},
		{"KRvKR is drawn", "3k4/8/8/8/8/2r5/8/3KR3 w - - 0 1", 0, false, drawn},
		{"KQvK where the king takes the queen", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", 0, false, drawn},
		{"KRvK without castling rights", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", 0, false, whiteWins},
		{"KRvK with castling rights is not probed", "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1", 0, false, going},
		{"five pieces are beyond the tables", "k7/1Q6/8/8/3R4/8/7r/4K3 b - - 0 1", 0, false, going},
		{"five pieces with -tbpieces 5", "k7/1Q6/8/8/3R4/8/7r/4K3 b - - 0 1", 5, false, going},
		{"four pieces with -tbpieces 3", "3k4/8/8/8/8/2r5/8/3KR3 w - - 0 1", 3, false, going},
		{"three pieces with -tbpieces 3", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", 3, false, whiteWins},
		{"KBNvK with time to spare", clock(kbnWhite, 30), 0, false, whiteWins},
		{"KBNvK cursed by the clock", clock(kbnWhite, 60), 0, false, drawn},
		{"KBNvK cursed, -tbignore50", clock(kbnWhite, 60), 0, true, whiteWins},
		{"KBNvK lost with a fresh clock", clock(kbnBlack, 0), 0, false, whiteWins},
		{"KBNvK blessed by the clock", clock(kbnBlack, 60), 0, false, drawn},
		{"KBNvK blessed, -tbignore50", clock(kbnBlack, 60), 0, true, whiteWins},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := openTestTables(t, TablebaseRule{Pieces: c.pieces, Ignore50: c.ignore50})
			pos := play(t, c.fen)
			before := pos.FEN()
			v, over := r.Verdict(pos)
			if pos.FEN() != before {
				t.Errorf("the probe changed the position to %s", pos.FEN())
			}
			if c.reason == going {
				if over {
					t.Fatalf("adjudicated %+v, want the game to go on", v)
				}
				return
			}
			want := Draw
			switch c.reason {
			case whiteWins:
				want = WhiteWins
			case blackWins:
				want = BlackWins
			}
			if !over || v.Result != want || v.Reason != c.reason || v.Termination != TermAdjudicated || v.Cause != CauseNone {
				t.Fatalf("over=%v %+v, want %s %q by %s", over, v, want, c.reason, TermAdjudicated)
			}
		})
	}

	var none *tbReferee
	if v, over := none.Verdict(play(t, "8/8/8/4k3/8/8/3Q4/4K3 b - - 0 1")); over {
		t.Errorf("no tables adjudicated %+v", v)
	}
}

// TestAdjudicateOrder checks who decides when several judges could: the
// rules of chess over the tables, the tables over the engines' scores.
func TestAdjudicateOrder(t *testing.T) {
	r := openTestTables(t, TablebaseRule{})
	cases := []struct {
		name    string
		fen     string
		moves   []string
		resign  bool // White reports -700 and resigns at once without the tables
		tables  bool
		result  string
		reason  string
		termina string
	}{
		{"K v K is insufficient material, not a tablebase draw", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", nil, false, true,
			Draw, "Draw by insufficient mating material", TermNormal},
		{"KB v K likewise", "8/8/8/4k3/8/8/8/4KB2 b - - 0 1", nil, false, true,
			Draw, "Draw by insufficient mating material", TermNormal},
		{"mate in a tablebase position", "1k6/8/1K6/8/8/5Q2/8/8 w - - 0 1", []string{"f3b7"}, false, true,
			WhiteWins, "White mates", TermNormal},
		{"stalemate in a tablebase position", "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", []string{"f2f7"}, false, true,
			Draw, "Draw by stalemate", TermNormal},
		{"fifty moves in a won ending", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", []string{"a1a2"}, false, true,
			Draw, "Draw by fifty moves rule", TermNormal},
		{"the tables over a resignation", "8/8/8/4k3/8/8/3Q4/4K3 w - - 0 1", []string{"d2d3"}, true, true,
			WhiteWins, "White wins by adjudication: SyzygyTB", TermAdjudicated},
		{"the resignation without the tables", "8/8/8/4k3/8/8/3Q4/4K3 w - - 0 1", []string{"d2d3"}, true, false,
			BlackWins, "Black wins by adjudication", TermAdjudicated},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos := play(t, c.fen, c.moves...)
			adj := Adjudicator{}
			info := Info{}
			if c.resign {
				adj.Resign = &ResignRule{MoveCount: 1, Score: 600}
				info = cp(-700)
			}
			tb := r
			if !c.tables {
				tb = nil
			}
			v, over := adjudicate(pos, pos.SideToMove().Other(), info, &adj, tb)
			if !over || v.Result != c.result || v.Reason != c.reason || v.Termination != c.termina {
				t.Fatalf("over=%v %+v, want %s %q by %s", over, v, c.result, c.reason, c.termina)
			}
		})
	}
	if v, over := adjudicate(play(t, chess.StartFEN, "e2e4"), chess.White, cp(20), &Adjudicator{}, r); over {
		t.Errorf("the start position was adjudicated: %+v", v)
	}
}

// TestTablebaseGames plays games from positions where Black's only move
// captures a queen and leaves four pieces, with fake engines: the tables
// must end each game right there, and without them the games go on.
func TestTablebaseGames(t *testing.T) {
	openTestTables(t, TablebaseRule{}) // skips without the tables
	dir := t.TempDir()
	book := filepath.Join(dir, "tb.epd")
	err := os.WriteFile(book, []byte("k7/1Q6/8/8/3R4/8/7r/4K3 b - - 0 60\nk7/1Q6/8/8/3Q4/8/7r/4K3 b - - 0 60\n"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		rule   *TablebaseRule
		plies  int
		want   [2]string // results from the two openings
		reason [2]string
	}{
		{"with tables", &TablebaseRule{Paths: tbDir}, 1, [2]string{Draw, WhiteWins},
			[2]string{"Draw by adjudication: SyzygyTB", "White wins by adjudication: SyzygyTB"}},
		{"without tables", nil, 2, [2]string{Draw, Draw},
			[2]string{"Draw by adjudication: maximum moves", "Draw by adjudication: maximum moves"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lim := Limits{TC: mustTC(t, "10+0.1")}
			pgn := filepath.Join(t.TempDir(), "games.pgn")
			var out syncBuffer
			res, err := Run(context.Background(), context.Background(), Config{
				Engines: []EngineConfig{fakeConfig(t, "A", "", lim), fakeConfig(t, "B", "", lim)},
				Rounds:  2, Games: 2, Concurrency: 2, MaxMoves: 1, PGNOut: pgn, Out: &out,
				Openings:  OpeningConfig{File: book, Format: "epd", Order: "sequential"},
				Tablebase: c.rule,
			})
			if err != nil {
				t.Fatalf("Run: %v\n%s", err, out.String())
			}
			if res.Games() != 4 {
				t.Fatalf("%d games played, want 4\n%s", res.Games(), out.String())
			}
			for _, p := range res.Pairs {
				for _, g := range p.Games {
					want := c.want[p.Opening]
					if g.Result != want || g.Term != TermAdjudicated || g.Plies != c.plies {
						t.Errorf("opening %d: %+v, want %s by %s after %d plies", p.Opening, g, want, TermAdjudicated, c.plies)
					}
				}
			}
			text, err := os.ReadFile(pgn)
			if err != nil {
				t.Fatal(err)
			}
			counts := map[string]int{`[Termination "adjudication"]`: 4}
			for _, r := range c.reason {
				counts[r+"} "]++ // the last move's comment ends with the reason
				counts[r+"} "]++ // in both games of the opening's pair
			}
			for s, want := range counts {
				if n := strings.Count(string(text), s); n != want {
					t.Errorf("the PGN has %q %d times, want %d\n%s", s, n, want, text)
				}
			}
		})
	}
}

// TestTablebaseOpenErrors checks that a match told to adjudicate with
// tables it cannot find refuses to start, names the path, and starts
// nothing: no engine, no PGN, no state file.
func TestTablebaseOpenErrors(t *testing.T) {
	empty := t.TempDir()
	file := filepath.Join(empty, "KQvK.rtbw.txt")
	if err := os.WriteFile(file, []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, paths, want string
	}{
		{"missing directory", "/no/such/dir", `"/no/such/dir"`},
		{"a file, not a directory", file, file},
		{"no tables", empty, "no tablebase files found in " + empty},
		{"one good directory, one missing", tbDir + ":/no/such/dir", `"/no/such/dir"`},
		{"empty path", "", "needs a directory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if strings.HasPrefix(c.paths, tbDir) && !haveTables() {
				t.Skipf("no Syzygy tables in %s", tbDir)
			}
			dir := t.TempDir()
			starts := filepath.Join(dir, "starts")
			lim := Limits{TC: mustTC(t, "10+0.1")}
			pgn := filepath.Join(dir, "games.pgn")
			var out syncBuffer
			res, err := Run(context.Background(), context.Background(), Config{
				Engines: []EngineConfig{fakeConfig(t, "A", "starts="+starts, lim), fakeConfig(t, "B", "starts="+starts, lim)},
				Rounds:  1, Games: 2, Concurrency: 1, PGNOut: pgn, Out: &out,
				Tablebase: &TablebaseRule{Paths: c.paths},
			})
			if err == nil || res != nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Run: %v (result %v), want an error naming %s", err, res, c.want)
			}
			for _, f := range []string{starts, pgn, pgn + ".state.json"} {
				if _, err := os.Stat(f); err == nil {
					t.Errorf("%s exists: the match started", f)
				}
			}
		})
	}
}

// TestTablebaseDamageNoted: a table whose data proves damaged during
// adjudication is named once (newErrors, which the runner notes after a
// game), and its positions are no longer adjudicated.
func TestTablebaseDamageNoted(t *testing.T) {
	if !haveTables() {
		t.Skipf("no Syzygy tables in %s (the repository's ../shared/data/syzygy)", tbDir)
	}
	dir := t.TempDir()
	for _, name := range []string{"KQvKR.rtbw", "KQvKR.rtbz", "KQvK.rtbw", "KRvK.rtbw"} {
		b, err := os.ReadFile(filepath.Join(tbDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "KQvKR.rtbw" {
			for i := len(b) / 3; i < len(b); i++ {
				b[i] ^= 0x5a // the data blocks; the headers stay whole
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := openTablebases(&TablebaseRule{Paths: dir, Ignore50: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.close()
	if errs := r.newErrors(); len(errs) != 0 {
		t.Fatalf("errors before any probe: %v", errs)
	}
	var noted []error
	for _, fen := range []string{
		"8/8/2k5/1r6/8/8/8/2KQ4 w - - 0 1", "8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1",
		"2k5/8/8/1r6/8/8/8/2KQ4 w - - 0 1", "8/3k4/8/1r6/8/8/8/2KQ4 b - - 0 1",
		"8/8/8/8/8/2k5/1r6/KQ6 w - - 0 1", "7k/8/8/8/8/8/r7/KQ6 w - - 0 1",
	} {
		r.Verdict(chess.MustParseFEN(fen))
		noted = append(noted, r.newErrors()...)
	}
	if len(noted) != 1 || !strings.Contains(noted[0].Error(), "KQvKR.rtbw") {
		t.Fatalf("noted %v, want the damaged KQvKR.rtbw once", noted)
	}
}
