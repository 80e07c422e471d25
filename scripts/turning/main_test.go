package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"vireo/data"
)

// lostPGN is a game White ("new") loses; Black's score dips below +1
// once (after 2...Nc6) and stays at +1 or more from 3...Nf6 on.
const lostPGN = `[White "new"]
[Black "base"]
[Result "0-1"]

1. e4 {+0.20/10 0.1s} e5 {+1.50/10 0.1s} 2. Nf3 {+0.10/10 0.1s} Nc6 {+0.40/10 0.1s}
3. Bc4 {-0.30/10 0.1s} Nf6 {+1.20/10 0.1s} 4. Ng5 {-0.80/10 0.1s} d5 {+2.00/10 0.1s} 0-1
`

func readGame(t *testing.T, pgn string) *data.PGNGame {
	t.Helper()
	g, err := data.NewPGNReader(strings.NewReader(pgn), "test.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestTurningPoint(t *testing.T) {
	tests := []struct {
		name, pgn, engine string
		ok                bool
		fen               string
		move, opp         int
		ours              string
	}{
		{"lost", lostPGN, "new", true, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 4, 120, "-80"},
		{"won by the engine asked about", lostPGN, "base", false, "", 0, 0, ""},
		{"not in the game", lostPGN, "other", false, "", 0, 0, ""},
		{"drawn", strings.ReplaceAll(lostPGN, "0-1", "1/2-1/2"), "new", false, "", 0, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := readGame(t, tc.pgn)
			if g.Result != "0-1" && tc.name != "drawn" {
				t.Fatalf("result %q", g.Result)
			}
			fen, move, opp, ours, ok := turningPoint(g, tc.engine)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if fen != tc.fen || move != tc.move || opp != tc.opp || ours != tc.ours {
				t.Errorf("got %q move %d opp %d ours %s, want %q move %d opp %d ours %s",
					fen, move, opp, ours, tc.fen, tc.move, tc.opp, tc.ours)
			}
		})
	}
}

func TestSearchFlag(t *testing.T) {
	var s searchFlags
	if err := s.Set("sf=/usr/games/stockfish@4000000"); err != nil || len(s) != 1 || s[0].nodes != 4000000 || s[0].cfg.Cmd != "/usr/games/stockfish" {
		t.Fatalf("good flag: %v %+v", err, s)
	}
	for _, bad := range []string{"sf", "sf=cmd", "sf=cmd@", "sf=cmd@-5", "sf=cmd@x"} {
		if err := s.Set(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestShape(t *testing.T) {
	g := readGame(t, lostPGN)
	var sh shape
	sh.add(g, "new", 150)
	sh.add(g, "base", 150)
	// Black's score reaches +1.5 at 4...d5, two of its moves after the
	// +0.40 of 2...Nc6: sudden. Our last score before it, -0.80, had
	// seen trouble, and ours never stays at -1, so there is no lag.
	if sh.played != 2 || sh.lost != 1 || sh.none != 0 || sh.unseen != 0 {
		t.Errorf("played %d lost %d none %d unseen %d, want 2 1 0 0", sh.played, sh.lost, sh.none, sh.unseen)
	}
	if len(sh.moves[0]) != 1 || sh.moves[0][0] != 4 || len(sh.moves[1]) != 0 {
		t.Errorf("sudden at moves %v, gradual at %v; want [4] and none", sh.moves[0], sh.moves[1])
	}
	if sh.phase[0][0] != 1 || len(sh.rises) != 1 || sh.rises[0] != 2 || len(sh.lags) != 0 {
		t.Errorf("phase %v rises %v lags %v; want the first phase, [2], none", sh.phase, sh.rises, sh.lags)
	}
}

func TestSetRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "set.epd")
	fen := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	text := setLine(fen, "0-1", -135, "m.pgn game 1 move 4", 120, "-80") + "\n" +
		setLine(fen, "0-1", 40, "m.pgn game 2 move 4", 120, "-")
	if err := data.WriteFileAtomic(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := readSet(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(set) != 2 || set[0].verdict != -135 || set[1].verdict != 40 || set[0].id != "m.pgn game 1 move 4" ||
		!strings.HasPrefix(set[0].fen, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq -") {
		t.Errorf("read back %+v", set)
	}
	for _, bad := range []struct{ text, want string }{
		{"", "no positions"},
		{"8/8/8/8/8/8/8/8 w - - c9 \"1-0\";\n", ":1: "},
		{setLine(fen, "0-1", 5, "x", 1, "-") + "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1-0\";\n", ":2: no ce verdict"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ce x;\n", `:1: ce "x"`},
	} {
		if err := data.WriteFileAtomic(path, []byte(bad.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readSet(path); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want one containing %q", bad.text, err, bad.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".set.epd.tmp")); !os.IsNotExist(err) {
		t.Errorf("temporary file left behind: %v", err)
	}
}

func TestSignTest(t *testing.T) {
	tests := []struct {
		better, worse int
		want          float64
	}{
		{0, 0, 1},
		{3, 3, 1},
		{5, 0, 2.0 / 32},
		{0, 10, 2.0 / 1024},
		{9, 3, 2 * (1.0 + 12 + 66 + 220) / 4096}, // 2·P(X ≤ 3), X ~ B(12, 1/2)
	}
	for _, tc := range tests {
		if got := signTest(tc.better, tc.worse); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("signTest(%d, %d) = %g, want %g", tc.better, tc.worse, got, tc.want)
		}
	}
	better, worse := flips([]bool{true, true, false, false, true}, []bool{true, false, true, true, true})
	if better != 2 || worse != 1 {
		t.Errorf("flips: better %d worse %d, want 2 and 1", better, worse)
	}
}

// TestMiddlegameSet checks the repository's middlegame test set against
// the games it was cut from: its positions are the turning points of
// those games, file by file, Vireo's losses first and then Ethereal's,
// each where its id says, none missing and none added.
func TestMiddlegameSet(t *testing.T) {
	var want, got []string
	for _, f := range middlegameFiles {
		pgn := filepath.Join("..", "..", "corpus", f.name)
		games, bad, err := data.ReadPGNFile(pgn)
		if err != nil {
			t.Fatalf("the games are part of the repository: %v", err)
		}
		if len(games) != f.games || len(bad) != 0 {
			t.Fatalf("%s: %d games and %d unreadable, want %d and none: %v", pgn, len(games), len(bad), f.games, bad)
		}
		for _, name := range []string{"Vireo", "Ethereal"} {
			for gi, g := range games {
				if fen, move, _, _, ok := turningPoint(g, name); ok {
					want = append(want, fmt.Sprintf("%s | %s game %d move %d", epdPosition(fen), f.name, gi+1, move))
				}
			}
		}
	}
	set, err := readSet(filepath.Join("..", "..", "corpus", "middlegame.epd"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range set {
		got = append(got, epdPosition(e.fen)+" | "+e.id)
	}
	if len(got) != middlegamePositions {
		t.Errorf("the set has %d positions; corpus/README.md says %d", len(got), middlegamePositions)
	}
	if !slices.Equal(got, want) {
		for i := range max(len(got), len(want)) {
			if i >= len(got) || i >= len(want) || got[i] != want[i] {
				t.Fatalf("position %d of the set differs from the games' turning points (%d and %d in all)", i+1, len(got), len(want))
			}
		}
	}
}

// The games the middlegame set is cut from, in its order, and its size,
// as corpus/README.md gives them.
var middlegameFiles = []struct {
	name  string
	games int
}{
	{"ethereal12.pgn.gz", 400},
	{"ethereal12-46b8be6.pgn.gz", 400},
}

const middlegamePositions = 491

func TestRankCorrelation(t *testing.T) {
	if got := ranks([]float64{5, 1, 5, 3}); !slices.Equal(got, []float64{3.5, 1, 3.5, 2}) {
		t.Errorf("ranks = %v, want [3.5 1 3.5 2]", got)
	}
	verdict := []float64{-300, -150, -120, -40, 10, 90}
	louder := []float64{-900, -450, -360, -120, 30, 270} // the same judgement, three times as loud
	for _, tc := range []struct {
		name string
		a    []float64
		want float64
	}{
		{"itself", verdict, 1},
		{"louder", louder, 1},
		{"reversed", []float64{300, 150, 120, 40, -10, -90}, -1},
		{"constant", []float64{7, 7, 7, 7, 7, 7}, 0},
	} {
		if got := spearman(tc.a, verdict); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: spearman = %g, want %g", tc.name, got, tc.want)
		}
	}
	// Louder judges no better: no gain, and every resample agrees.
	if d, lo, hi := rankGain(verdict, louder, verdict, 200); d != 0 || lo != 0 || hi != 0 {
		t.Errorf("rankGain of a louder copy = %g [%g, %g], want 0 [0, 0]", d, lo, hi)
	}
	worse := []float64{-40, -150, -120, -300, 10, 90}
	if d, lo, hi := rankGain(verdict, worse, verdict, 200); d >= 0 || lo > d || hi < d {
		t.Errorf("rankGain of a worse order = %g [%g, %g], want a loss inside its interval", d, lo, hi)
	}
}
