package syzygy

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"vireo/chess"
)

func TestOpenMissingDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no-such-dir")
	tb, err := Open(dir)
	if err == nil || tb != nil {
		t.Fatalf("Open(%q) = %v, %v; want nil and an error", dir, tb, err)
	}
	if !strings.Contains(err.Error(), dir) {
		t.Errorf("error %q does not name the directory", err)
	}
}

func TestOpenEmptyDirectory(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "README"), []byte("no tables here"), 0o644)
	tb, err := Open(dir)
	if !errors.Is(err, ErrNoTables) {
		t.Fatalf("Open(empty) error = %v, want ErrNoTables", err)
	}
	if tb == nil || tb.MaxPieces() != 0 {
		t.Fatalf("Open(empty) = %v; want a usable Tablebase with MaxPieces 0", tb)
	}
	pos := chess.MustParseFEN("8/8/8/8/8/8/8/K1k5 w - - 0 1")
	if _, ok := tb.ProbeWDL(pos); ok {
		t.Error("ProbeWDL succeeded without tables")
	}
	if _, ok := tb.ProbeDTZ(pos); ok {
		t.Error("ProbeDTZ succeeded without tables")
	}
	if err := tb.Close(); err != nil {
		t.Error(err)
	}
}

func TestParseMaterial(t *testing.T) {
	tests := []struct {
		name            string
		ok              bool
		pieces          int
		pawns, sym, uni bool
		lead, other     int
	}{
		{"KQvK", true, 3, false, false, true, 0, 0},
		{"KRvKR", true, 4, false, true, true, 0, 0},
		{"KNNvK", true, 4, false, false, false, 0, 0},
		{"KPvKP", true, 4, true, true, true, 1, 1},
		{"KPPvKP", true, 5, true, false, true, 1, 2},
		{"KRPPvKPPP", false, 0, false, false, false, 0, 0}, // too many pieces... 9
		{"KQv", false, 0, false, false, false, 0, 0},
		{"QKvK", false, 0, false, false, false, 0, 0}, // the king comes first
		{"KXvK", false, 0, false, false, false, 0, 0},
		{"KKvK", false, 0, false, false, false, 0, 0},
	}
	for _, tc := range tests {
		m, ok := parseMaterial(tc.name)
		if ok != tc.ok {
			t.Errorf("%s: ok = %v", tc.name, ok)
			continue
		}
		if !ok {
			continue
		}
		if m.pieces != tc.pieces || m.pawns != tc.pawns || m.symmetric != tc.sym || m.unique != tc.uni ||
			m.leadPawns != tc.lead || m.otherPawns != tc.other {
			t.Errorf("%s: got %+v", tc.name, m)
		}
	}
}

// TestKnownPositions checks hand-picked positions, verified with fathom.
func TestKnownPositions(t *testing.T) {
	tb, why := openShared()
	if tb == nil {
		t.Skip(why)
	}
	defer tb.Close()
	tests := []struct {
		fen      string
		wdl, dtz int
	}{
		{"8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1", -2, -62},
		{"8/8/8/8/8/8/8/K1k5 w - - 0 1", 0, 0},         // bare kings
		{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 0, 0},      // KPvK, king in front
		{"8/8/8/3k4/8/8/2KBN3/8 w - - 0 1", 2, 54},     // KBNvK
		{"8/8/8/3k4/8/8/2KBB3/8 b - - 0 1", -2, -31},   // KBBvK
		{"8/4p3/8/3k4/8/8/2K5/3R4 b - - 0 1", -2, -14}, // KRvKP
		{"8/8/8/1k6/8/8/4P1p1/1K6 w - - 0 1", -2, -1},  // symmetric pawn table, black promotes
		{"8/8/8/8/8/1k6/1q6/K7 w - - 0 1", -2, -1},     // checkmated
		{"k7/8/1Q6/8/8/8/8/7K b - - 0 1", 0, 0},        // stalemate
		{"8/8/8/8/8/8/8/KNk5 w - - 0 1", 0, 0},         // KNvK
		{"8/8/8/8/3k4/8/8/K1Q5 w - - 0 1", 2, 15},
	}
	for _, tc := range tests {
		pos := chess.MustParseFEN(tc.fen)
		before := pos.FEN()
		wdl, ok1 := tb.ProbeWDL(pos)
		dtz, ok2 := tb.ProbeDTZ(pos)
		if !ok1 || !ok2 || wdl != tc.wdl || dtz != tc.dtz {
			t.Errorf("%s: wdl %d (%v) dtz %d (%v), want %d %d", tc.fen, wdl, ok1, dtz, ok2, tc.wdl, tc.dtz)
		}
		if pos.FEN() != before {
			t.Errorf("%s: probe changed the position to %s", tc.fen, pos.FEN())
		}
	}
}

func TestNotCovered(t *testing.T) {
	tb, why := openShared()
	if tb == nil {
		t.Skip(why)
	}
	defer tb.Close()
	if got := tb.MaxPieces(); got != 4 {
		t.Errorf("MaxPieces = %d, want 4 for the shared 3-4 piece set", got)
	}
	for _, fen := range []string{
		"r3k3/8/8/8/8/8/8/4K3 w q - 0 1",   // castling rights
		"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",   // castling rights
		"4k3/8/8/8/8/8/PP6/R3K3 w - - 0 1", // five pieces
		chess.StartFEN,                     // everything
		"4k3/8/8/8/8/8/8/RRR1K3 w - - 0 1", // KRRRvK: five pieces
	} {
		pos := chess.MustParseFEN(fen)
		if _, ok := tb.ProbeWDL(pos); ok {
			t.Errorf("%s: ProbeWDL ok", fen)
		}
		if _, ok := tb.ProbeDTZ(pos); ok {
			t.Errorf("%s: ProbeDTZ ok", fen)
		}
		if _, ok := tb.RootMoves(pos, true); ok {
			t.Errorf("%s: RootMoves ok", fen)
		}
	}
}

// TestMissingTable: with only KQvK and its subtables present, KQvKR and
// KRvK positions are not covered, while KQvK positions are.
func TestMissingTable(t *testing.T) {
	if _, why := openShared(); why != "" {
		t.Skip(why)
	}
	dir := t.TempDir()
	copyTable(t, dir, "KQvK")
	os.Remove(filepath.Join(dir, "KQvK.rtbz"))
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if w, d := tb.NumTables(); w != 1 || d != 0 || tb.MaxPieces() != 3 {
		t.Errorf("NumTables = %d, %d, MaxPieces %d", w, d, tb.MaxPieces())
	}
	pos := chess.MustParseFEN("8/8/8/8/3k4/8/8/K1Q5 w - - 0 1")
	if w, ok := tb.ProbeWDL(pos); !ok || w != 2 {
		t.Errorf("KQvK WDL = %d, %v", w, ok)
	}
	if _, ok := tb.ProbeDTZ(pos); ok {
		t.Error("KQvK DTZ ok without the .rtbz file")
	}
	// The queen can be captured: KvK needs no table, but the position
	// itself is KQvK, so it is covered.
	pos = chess.MustParseFEN("8/8/8/8/8/2k5/2Q5/6K1 b - - 0 1")
	if w, ok := tb.ProbeWDL(pos); !ok || w != 0 {
		t.Errorf("KQvK with hanging queen: %d, %v", w, ok)
	}
	pos = chess.MustParseFEN("8/8/8/8/8/2k5/2R5/6K1 b - - 0 1")
	if _, ok := tb.ProbeWDL(pos); ok {
		t.Error("KRvK ok without its table")
	}
}

// copyTable copies one table's files into dir.
func copyTable(t *testing.T, dir, name string) {
	for _, ext := range []string{".rtbw", ".rtbz"} {
		src, err := os.Open(filepath.Join(tbDir, name+ext))
		if err != nil {
			t.Fatal(err)
		}
		dst, err := os.Create(filepath.Join(dir, name+ext))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(dst, src); err != nil {
			t.Fatal(err)
		}
		src.Close()
		dst.Close()
	}
}

// TestCorruptTables damages copies of real tables in various ways: the
// probes that need them must fail cleanly, never panic, and the intact
// tables must keep working.
func TestCorruptTables(t *testing.T) {
	if _, why := openShared(); why != "" {
		t.Skip(why)
	}
	damage := []struct {
		name string
		do   func(b []byte) []byte
	}{
		{"bad magic", func(b []byte) []byte { b[0] ^= 0xff; return b }},
		{"truncated", func(b []byte) []byte { return b[:len(b)/2] }},
		{"truncated keeping size 16 mod 64", func(b []byte) []byte { return b[:(len(b)/2)&^63+16] }},
		{"empty", func(b []byte) []byte { return b[:0] }},
		{"header only", func(b []byte) []byte { return b[:5] }},
		{"garbled headers", func(b []byte) []byte {
			for i := 5; i < 200 && i < len(b); i++ {
				b[i] = byte(i * 37)
			}
			return b
		}},
		{"piece code", func(b []byte) []byte { b[6] ^= 0x11; return b }},
		// The leading group's place moved past the last group: its
		// multiplier would stay 0 and every position read index 0.
		{"group order", func(b []byte) []byte { b[5] ^= 0x02; return b }},
		{"garbled data", func(b []byte) []byte {
			for i := len(b) / 3; i < len(b); i++ {
				b[i] ^= byte(i*131 + 7)
			}
			return b
		}},
	}
	fens := []string{
		"8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1",
		"8/8/2k5/1r6/8/8/8/2KQ4 w - - 0 1",
		"2k5/8/8/1r6/8/8/8/2KQ4 w - - 0 1",
		"8/3k4/8/1r6/8/8/8/2KQ4 b - - 0 1",
	}
	for _, dmg := range damage {
		for _, ext := range []string{".rtbw", ".rtbz"} {
			t.Run(dmg.name+ext, func(t *testing.T) {
				dir := t.TempDir()
				copyTable(t, dir, "KQvKR")
				copyTable(t, dir, "KQvK")
				copyTable(t, dir, "KRvK")
				p := filepath.Join(dir, "KQvKR"+ext)
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, dmg.do(b), 0o644); err != nil {
					t.Fatal(err)
				}
				tb, err := Open(dir)
				if err != nil {
					t.Fatal(err)
				}
				defer tb.Close()
				for _, fen := range fens {
					pos := chess.MustParseFEN(fen)
					before := pos.FEN()
					_, okW := tb.ProbeWDL(pos)
					_, okD := tb.ProbeDTZ(pos)
					tb.RootMoves(pos, true)
					if pos.FEN() != before {
						t.Fatalf("%s: position changed to %s", fen, pos.FEN())
					}
					// Damaged headers are always detected; damaged
					// compressed data may decode to wrong values, but
					// must not crash.
					if dmg.name != "garbled data" {
						if ext == ".rtbw" && okW {
							t.Errorf("%s: ProbeWDL ok with a damaged WDL table", fen)
						}
						if !okD && ext == ".rtbw" {
							continue
						}
						if ext == ".rtbz" && okD && dmg.name != "garbled headers" {
							t.Errorf("%s: ProbeDTZ ok with a damaged DTZ table", fen)
						}
					}
				}
				// The undamaged KQvK table still answers.
				pos := chess.MustParseFEN("8/8/8/8/3k4/8/8/K1Q5 w - - 0 1")
				if w, ok := tb.ProbeWDL(pos); !ok || w != 2 {
					t.Errorf("KQvK after damage elsewhere: %d %v", w, ok)
				}
			})
		}
	}
}

// TestMisnamedTables: a table under a name that is not a table's
// canonical one (weaker side first, pieces out of order) or under another
// table's name is not read as that table: the first is passed over and
// reported, the second fails its header check; the real tables answer.
func TestMisnamedTables(t *testing.T) {
	if _, why := openShared(); why != "" {
		t.Skip(why)
	}
	dir := t.TempDir()
	copyTable(t, dir, "KQvK")
	copyTable(t, dir, "KRvK")
	for _, c := range [][2]string{{"KQvK.rtbw", "KvKQ.rtbw"}, {"KRvK.rtbw", "KBNvK.rtbw"}} {
		b, err := os.ReadFile(filepath.Join(dir, c[0]))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, c[1]), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "KNBvK.rtbw"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	// White has the queen in one position, Black in the other.
	for _, fen := range []string{"8/8/8/8/3k4/8/8/K1Q5 w - - 0 1", "8/8/8/8/3K4/8/8/k1q5 b - - 0 1"} {
		if w, ok := tb.ProbeWDL(chess.MustParseFEN(fen)); !ok || w != 2 {
			t.Errorf("%s: %d %v, want a win", fen, w, ok)
		}
	}
	if _, ok := tb.ProbeWDL(chess.MustParseFEN("8/8/8/8/3k4/8/8/KBN5 w - - 0 1")); ok {
		t.Error("KBNvK answered from a KRvK table")
	}
	all := fmt.Sprint(tb.LoadErrors())
	for _, want := range []string{"KvKQ.rtbw: a Syzygy table is named KQvK.rtbw", "KNBvK.rtbw: a Syzygy table is named KBNvK.rtbw", "KBNvK.rtbw", "do not match the file name"} {
		if !strings.Contains(all, want) {
			t.Errorf("load errors %s: want %q", all, want)
		}
	}
}

// TestConcurrentProbes probes from many goroutines at once, including
// the first loads of each table; run with -race.
func TestConcurrentProbes(t *testing.T) {
	tb, why := openShared()
	if tb == nil {
		t.Skip(why)
	}
	defer tb.Close()
	fens := randomFENs(7, 400)
	want := make([][2]int, len(fens))
	ref, _ := Open(tbDir)
	defer ref.Close()
	for i, fen := range fens {
		pos := chess.MustParseFEN(fen)
		w, _ := ref.ProbeWDL(pos)
		d, _ := ref.ProbeDTZ(pos)
		want[i] = [2]int{w, d}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range fens {
				i := (k + g*37) % len(fens)
				pos := chess.MustParseFEN(fens[i])
				w, ok1 := tb.ProbeWDL(pos)
				d, ok2 := tb.ProbeDTZ(pos)
				if !ok1 || !ok2 || w != want[i][0] || d != want[i][1] {
					select {
					case errs <- fens[i]:
					default:
					}
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for fen := range errs {
		t.Errorf("concurrent probe of %s disagrees", fen)
	}
}

// TestRootMoves checks the root ranking on a won and a lost position.
func TestRootMoves(t *testing.T) {
	tb, why := openShared()
	if tb == nil {
		t.Skip(why)
	}
	defer tb.Close()

	// KQvKR, black to move loses in 62 plies: every move loses and the
	// best defence keeps DTZ at -62 (the rook move that prolongs most).
	pos := chess.MustParseFEN("8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1")
	moves, ok := tb.RootMoves(pos, true)
	if !ok || len(moves) != 18 {
		t.Fatalf("RootMoves: %d moves, ok %v", len(moves), ok)
	}
	for _, m := range moves {
		if m.WDL != -2 || m.DTZ >= 0 {
			t.Errorf("%v: wdl %d dtz %d, want a loss", m.Move, m.WDL, m.DTZ)
		}
	}
	best, ok := tb.BestMove(pos, true)
	if !ok || best.DTZ != -62 {
		t.Errorf("BestMove = %v dtz %d, want dtz -62", best.Move, best.DTZ)
	}

	// Play a won ending out with BestMove: KQvK must mate, with DTZ
	// falling and WDL never changing.
	pos = chess.MustParseFEN("8/8/8/8/3k4/8/8/K1Q5 w - - 0 1")
	for ply := 0; ; ply++ {
		if ply > 40 {
			t.Fatal("KQvK not mated in 40 plies")
		}
		if !pos.HasLegalMove() {
			if !pos.IsCheckmate() || pos.SideToMove() != chess.Black {
				t.Fatalf("game ended without white mating: %s", pos.FEN())
			}
			break
		}
		wdl, _ := tb.ProbeWDL(pos)
		want := 2
		if pos.SideToMove() == chess.Black {
			want = -2
		}
		if wdl != want {
			t.Fatalf("%s: wdl %d, want %d", pos.FEN(), wdl, want)
		}
		m, ok := tb.BestMove(pos, true)
		if !ok {
			t.Fatalf("%s: BestMove failed", pos.FEN())
		}
		pos.MakeMove(m.Move)
	}

	// A drawn position: the drawing moves are the best rank.
	pos = chess.MustParseFEN("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1")
	moves, ok = tb.RootMoves(pos, true)
	if !ok {
		t.Fatal("RootMoves failed")
	}
	top := BestRootMoves(moves)
	for _, m := range top {
		if m.WDL != 0 || m.Rank != 0 {
			t.Errorf("%v: wdl %d rank %d in a drawn position", m.Move, m.WDL, m.Rank)
		}
	}
	if len(top) == 0 || len(top) == len(moves) && moves[len(moves)-1].WDL < 0 {
		t.Errorf("BestRootMoves = %v", top)
	}
}

// TestRootMovesRule50 checks that a win too slow for the 50-move rule is
// reported as cursed, ranked below safe wins.
func TestRootMovesRule50(t *testing.T) {
	tb, why := openShared()
	if tb == nil {
		t.Skip(why)
	}
	defer tb.Close()
	// KBNvK, DTZ 54 at halfmove 0: with 60 plies already gone it cannot
	// zero in time.
	fresh := chess.MustParseFEN("8/8/8/3k4/8/8/2KBN3/8 w - - 0 1")
	late := chess.MustParseFEN("8/8/8/3k4/8/8/2KBN3/8 w - - 60 80")
	a, _ := tb.BestMove(fresh, true)
	b, _ := tb.BestMove(late, true)
	if a.WDL != 2 || a.Rank != maxRank {
		t.Errorf("fresh: %+v", a)
	}
	if b.WDL != 1 || b.Rank >= maxRank/2 || b.Rank <= 0 {
		t.Errorf("late: %+v", b)
	}
}

// TestFileShrinksWhileMapped truncates a table after it was mapped: reads
// past the new end fault (SIGBUS), which must become a failed probe, not
// a crash.
func TestFileShrinksWhileMapped(t *testing.T) {
	if _, why := openShared(); why != "" {
		t.Skip(why)
	}
	dir := t.TempDir()
	for _, name := range []string{"KQvKR", "KQvK", "KRvK"} {
		copyTable(t, dir, name)
	}
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	pos := chess.MustParseFEN("8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1")
	if w, ok := tb.ProbeWDL(pos); !ok || w != -2 {
		t.Fatalf("before truncation: %d %v", w, ok)
	}
	if err := os.Truncate(filepath.Join(dir, "KQvKR.rtbw"), 4096); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	failed := 0
	for range 300 {
		pos := chess.MustParseFEN(randomFEN(r, "KQvKR"))
		if _, ok := tb.ProbeWDL(pos); !ok {
			failed++
		}
	}
	if failed == 0 {
		t.Error("no probe of the truncated table failed")
	}
	t.Logf("%d of 300 KQvKR probes failed after truncation", failed)
}

// TestDamagedDataBlock damages copies of a WDL and a DTZ table inside
// their compressed data, past the headers (which still parse): the damage
// is found when a probe reaches it and reported once, as a LoadErrors
// entry naming the file, and from then on every probe of the table fails
// instead of answering. No probe answers a value the intact table does
// not give.
func TestDamagedDataBlock(t *testing.T) {
	good, why := openShared()
	if why != "" {
		t.Skip(why)
	}
	defer good.Close()
	damage := []struct {
		name string
		do   func(b []byte)
	}{
		// 64 bytes inverted in the middle of the file: inside a block.
		{"inverted block", func(b []byte) {
			for i := len(b) / 2; i < len(b)/2+64; i++ {
				b[i] ^= 0xff
			}
		}},
		// The end of the file set to ones: the last blocks.
		{"ones at the end", func(b []byte) {
			for i := len(b) - 2000; i < len(b); i++ {
				b[i] = 0xff
			}
		}},
		// Everything after byte 400 scrambled.
		{"scrambled after 400", func(b []byte) {
			for i := 400; i < len(b); i++ {
				b[i] ^= byte(i*131 + 7)
			}
		}},
	}
	for _, dmg := range damage {
		for _, ext := range []string{".rtbw", ".rtbz"} {
			t.Run(dmg.name+ext, func(t *testing.T) {
				dir := t.TempDir()
				for _, name := range []string{"KQvKR", "KQvK", "KRvK"} {
					copyTable(t, dir, name)
				}
				path := filepath.Join(dir, "KQvKR"+ext)
				b, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				dmg.do(b)
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
				tb, err := Open(dir)
				if err != nil {
					t.Fatal(err)
				}
				defer tb.Close()
				probe := func(tb *Tablebase, pos *chess.Position) (int, bool) {
					if ext == ".rtbw" {
						return tb.ProbeWDL(pos)
					}
					return tb.ProbeDTZ(pos)
				}
				r := rand.New(rand.NewPCG(1, 2))
				failed := 0
				for range 3000 {
					pos := chess.MustParseFEN(randomFEN(r, "KQvKR"))
					v, ok := probe(tb, pos)
					want, wantOK := probe(good, pos)
					if !ok {
						failed++
						continue
					}
					if !wantOK || v != want {
						t.Fatalf("%s: %d from the damaged table, %d (%v) from the intact one", pos.FEN(), v, want, wantOK)
					}
				}
				errs := tb.LoadErrors()
				if len(errs) != 1 || !strings.Contains(errs[0].Error(), path) || !strings.Contains(errs[0].Error(), "corrupt table") {
					t.Fatalf("LoadErrors %v, want one naming %s", errs, path)
				}
				if failed == 0 {
					t.Fatal("no probe failed")
				}
				// Found once, the damage stops every read of the table (a
				// probe may still answer by captures into intact tables).
				for range 200 {
					pos := chess.MustParseFEN(randomFEN(r, "KQvKR"))
					var err error
					if ext == ".rtbw" {
						_, err = tb.tableWDL(pos)
					} else {
						_, _, err = tb.tableDTZ(pos, 2)
					}
					if err == nil {
						t.Fatalf("%s: the damaged table was read", pos.FEN())
					}
				}
				if again := tb.LoadErrors(); len(again) != 1 || again[0].Error() != errs[0].Error() {
					t.Errorf("the damage is reported again differently: %v then %v", errs, again)
				}
				// The intact tables still answer.
				if w, ok := tb.ProbeWDL(chess.MustParseFEN("8/8/8/8/3k4/8/8/K1Q5 w - - 0 1")); !ok || w != 2 {
					t.Errorf("KQvK after damage elsewhere: %d %v", w, ok)
				}
			})
		}
	}
}

// TestSymmetricDTZSideFlag: a symmetric table with pawns is probed from
// white's side only, so its DTZ table stores white to move (the shared
// KPvKP does, for every leading-pawn file). A flag saying black to move
// is damage: the probe fails and LoadErrors names the file, where before
// every probe was sent to the other side to move without an answer.
func TestSymmetricDTZSideFlag(t *testing.T) {
	if _, err := os.Stat(tbDir); err != nil {
		t.Skip("tablebases not available: " + tbDir + " is missing")
	}
	dir := t.TempDir()
	for _, name := range []string{"KPvKP", "KPvK", "KQvKP", "KQvK", "KRvKP", "KRvK", "KBvKP", "KBvK", "KNvKP", "KNvK"} {
		copyTable(t, dir, name)
	}
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	pos := chess.MustParseFEN("8/2P5/8/8/p7/8/8/K5k1 w - - 0 1")
	tab, _ := tb.find(pos)
	if tab == nil || !tab.symmetric || !tab.pawns {
		t.Fatalf("KPvKP: table %+v", tab)
	}
	f, err := tab.load(kindDTZ)
	if err != nil {
		t.Fatal(err)
	}
	for file, d := range f.sub[0] {
		if d != nil && d.flags&flagSTM != 0 {
			t.Fatalf("the intact KPvKP.rtbz stores black to move for file %d", file)
		}
	}
	wdl, err := tb.tableWDL(pos)
	if err != nil || wdl == 0 {
		t.Fatalf("KPvKP %s: WDL %d, %v; want a decided position", pos.FEN(), wdl, err)
	}
	if _, _, err := tb.tableDTZ(pos, wdl); err != nil {
		t.Fatalf("intact table: %v", err)
	}
	for _, d := range f.sub[0] {
		if d != nil {
			d.flags |= flagSTM
		}
	}
	if _, other, err := tb.tableDTZ(pos, wdl); !errors.Is(err, errCorrupt) || other {
		t.Fatalf("flag set to black to move: other %v, error %v; want a damage error", other, err)
	}
	if errs := tb.LoadErrors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "KPvKP.rtbz") {
		t.Fatalf("LoadErrors %v, want one naming KPvKP.rtbz", errs)
	}
}
