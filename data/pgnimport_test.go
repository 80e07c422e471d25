package data

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/chess"
	"vireo/search"
)

var ruyPlies = strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6")

// matchGame writes the Ruy Lopez line as a match runner would: the first
// two plies are book moves, then every move has "{score/depth time}",
// with score(ply) as the mover's own evaluation in centipawns.
func matchGame(round int, result string, score func(ply int) int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Event \"t\"]\n[Round \"%d\"]\n[Result \"%s\"]\n\n", round, result)
	for i, san := range ruyPlies {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		if i < 2 {
			fmt.Fprintf(&b, "%s {book} ", san)
			continue
		}
		fmt.Fprintf(&b, "%s {%+.2f/10 0.100s} ", san, float64(score(i))/100)
	}
	b.WriteString(result + "\n\n")
	return b.String()
}

// leafPlies maps the quiet leaf of each position of the line to its ply.
func leafPlies(t *testing.T) map[string]int {
	q := search.NewQuieter(nil)
	pos := chess.StartPosition()
	m := map[string]int{}
	for i, san := range ruyPlies {
		l, _, ok := QuietLabeled(q, Labeled{Pos: pos})
		if ok {
			m[strings.Join(strings.Fields(l.Pos.FEN())[:4], " ")] = i
		}
		mv, err := pos.ParseSAN(san)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(mv)
	}
	return m
}

func TestImportPGNFilters(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "games.pgn")
	// Game 1, White wins: White's own eval is +0.50 before ply 20 and
	// +1.50 from ply 20 on, so only positions from ply 20 qualify.
	win := matchGame(1, "1-0", func(ply int) int {
		switch {
		case ply%2 == 1:
			return -300 // Black's view: irrelevant to the winner filter
		case ply < 20:
			return 50
		}
		return 150
	})
	// Game 2 is malformed (an illegal move) and must be skipped alone.
	bad := strings.Replace(matchGame(2, "1-0", func(int) int { return 0 }), "Nc3 ", "Nc5 ", 1)
	// Game 3, a draw: both sides see more than 1.5 pawns (either way)
	// before ply 10, so only positions from ply 10 qualify.
	draw := matchGame(3, "1/2-1/2", func(ply int) int {
		if ply < 10 {
			return 200
		}
		return -30
	})
	os.WriteFile(in, []byte(win+bad+draw), 0o644)
	badLine := strings.Count(win, "\n") + 5 // the bad game's movetext line

	f := DefaultPGNFilter()
	f.MinGap = 3
	var errs strings.Builder
	out := filepath.Join(dir, "out.epd")
	st, err := ImportPGN([]string{in}, out, f, &errs)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 2 || st.Malformed != 1 {
		t.Errorf("stats %+v", st)
	}
	if want := fmt.Sprintf("%s:%d", in, badLine); !strings.Contains(errs.String(), want) {
		t.Errorf("errors %q do not name %s", errs.String(), want)
	}
	ls, _, err := ReadLabeledFile(out, true)
	if err != nil {
		t.Fatal(err)
	}
	plies := leafPlies(t)
	var chosen [2][]int
	for _, l := range ls {
		ply, ok := plies[strings.Join(strings.Fields(l.Pos.FEN())[:4], " ")]
		if !ok {
			t.Fatalf("%s is not the quiet leaf of a game position", FormatLabeled(l))
		}
		g := 0
		if l.Result == 0.5 {
			g = 1
		} else if l.Result != 1 {
			t.Fatalf("%s: result %v", FormatLabeled(l), l.Result)
		}
		// Named by the game's number among those read (the malformed one
		// is not), at the ply of its quiet leaf.
		if want := []string{"1", "2"}[g]; l.Game != want || l.Ply < ply {
			t.Errorf("%s: game %q ply %d, want game %s from ply %d", FormatLabeled(l), l.Game, l.Ply, want, ply)
		}
		chosen[g] = append(chosen[g], ply)
	}
	for g, min := range []int{20, 10} {
		if len(chosen[g]) == 0 || len(chosen[g]) > f.PerGame {
			t.Errorf("game %d: %d positions, want 1..%d", g, len(chosen[g]), f.PerGame)
		}
		for i, p := range chosen[g] {
			if p < min {
				t.Errorf("game %d: position of ply %d passed the filter (plies %v)", g, p, chosen[g])
			}
			for _, q := range chosen[g][:i] {
				if abs(p-q) < f.MinGap {
					t.Errorf("game %d: plies %d and %d closer than %d", g, p, q, f.MinGap)
				}
			}
		}
	}
	if st.Book != 4 || st.Written != len(ls) {
		t.Errorf("book plies skipped %d (want 2 a game), written %d of %d", st.Book, st.Written, len(ls))
	}
}

// TestImportSharedGames imports every shared game; none may be lost.
func TestImportSharedGames(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(gamesDir, "*.pgn"))
	if len(files) == 0 {
		t.Skipf("no PGN files in %s (the shared data)", gamesDir)
	}
	out := filepath.Join(t.TempDir(), "games.epd")
	st, err := ImportPGN(files, out, DefaultPGNFilter(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ls, _, err := ReadLabeledFile(out, true)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 878 || st.Malformed != 0 || len(ls) != st.Written || len(ls) < 878 || len(ls) > 4*878 {
		t.Errorf("stats %+v, %d positions", st, len(ls))
	}
	for _, l := range ls {
		if l.Pos.InCheck() {
			t.Fatalf("%s: in check", FormatLabeled(l))
		}
	}
}

// TestImportPGNGzip checks that a gzipped PGN imports to the same
// positions as the plain file, and that a truncated archive is an error
// that names the file, with no output written.
func TestImportPGNGzip(t *testing.T) {
	dir := t.TempDir()
	pgn := matchGame(1, "1-0", func(int) int { return 120 }) +
		matchGame(2, "1/2-1/2", func(int) int { return 10 })
	plain := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(plain, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte(pgn))
	zw.Close()
	gz := filepath.Join(dir, "games.pgn.gz")
	if err := os.WriteFile(gz, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	f := DefaultPGNFilter()
	f.MinGap = 3
	var outs [2][]byte
	for i, in := range []string{plain, gz} {
		out := filepath.Join(dir, fmt.Sprintf("out%d.epd", i))
		st, err := ImportPGN([]string{in}, out, f, nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Games != 2 || st.Written == 0 {
			t.Fatalf("%s: stats %+v", in, st)
		}
		if outs[i], err = os.ReadFile(out); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Error("the gzipped file gave other positions than the plain one")
	}

	cut := filepath.Join(dir, "cut.pgn.gz")
	if err := os.WriteFile(cut, z.Bytes()[:z.Len()/2], 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "cut.epd")
	if _, err := ImportPGN([]string{cut}, out, f, nil); err == nil || !strings.Contains(err.Error(), cut) {
		t.Errorf("truncated archive: error %v, want one naming %s", err, cut)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("truncated archive: output written (%v)", err)
	}
}

// A game whose result contradicts its Result tag, or the mate or
// stalemate it ends in, is reported as malformed and gives no positions.
func TestSelectPositionsContradictions(t *testing.T) {
	tests := []struct{ name, pgn, want string }{
		{"tag and movetext", "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 0-1\n", "the Result tag says 1-0"},
		{"mate scored for the mated side", "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n", "checkmate by Black"},
		{"stalemate scored as a win", "[FEN \"7k/4Q3/6K1/8/8/8/8/8 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Qf7 1-0\n", "stalemate"},
	}
	q := search.NewQuieter(nil)
	for _, tc := range tests {
		g, err := NewPGNReader(strings.NewReader(tc.pgn), "t.pgn").Next()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var st PGNImportStats
		ls, err := DefaultPGNFilter().SelectPositions(g, q, 1, &st)
		if err == nil || !strings.Contains(err.Error(), tc.want) || len(ls) != 0 {
			t.Errorf("%s: %d positions, error %v; want an error containing %q", tc.name, len(ls), err, tc.want)
		}
	}
	g, _ := NewPGNReader(strings.NewReader("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), "t.pgn").Next()
	var st PGNImportStats
	if _, err := DefaultPGNFilter().SelectPositions(g, q, 1, &st); err != nil {
		t.Errorf("a consistent mate: %v", err)
	}
}
