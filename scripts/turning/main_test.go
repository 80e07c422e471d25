package main

import (
	"os"
	"path/filepath"
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
