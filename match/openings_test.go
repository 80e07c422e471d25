package match

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/chess"
)

func TestEPDBook(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "book.epd")
	lines := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"# a comment",
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1 id \"d4\";",
		"this is not a position",
		"",
		"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq -",
		"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	b, warns, err := LoadBook(OpeningConfig{File: path, Format: "epd", Order: "sequential"}, 1, false)
	if err != nil || len(warns) != 0 {
		t.Fatal(err, warns)
	}
	if b.Len() != 5 || b.Name() != "book.epd" {
		t.Fatalf("%d openings named %q", b.Len(), b.Name())
	}
	for r := 0; r < 7; r++ {
		if b.Index(r) != r%5 {
			t.Errorf("sequential: round %d plays %d", r, b.Index(r))
		}
	}
	op, warn := b.Opening(0)
	if warn != nil || op.FEN != lines[0] || len(op.Moves) != 0 {
		t.Errorf("opening 0: %+v %v", op, warn)
	}
	// The malformed line (entry 2) is reported with its line number and
	// replaced by the next good one.
	op, warn = b.Opening(2)
	if warn == nil || !strings.Contains(warn.Error(), "book.epd:4:") {
		t.Errorf("warning %v", warn)
	}
	if op.FEN != "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1" {
		t.Errorf("replacement opening %q", op.FEN)
	}

	// start=K begins with the K-th opening.
	b, _, _ = LoadBook(OpeningConfig{File: path, Format: "epd", Order: "sequential", Start: 3}, 1, false)
	if b.Index(0) != 2 || b.Index(3) != 0 {
		t.Errorf("start=3: %d %d", b.Index(0), b.Index(3))
	}

	// Random order is a permutation fixed by the seed.
	order := func(seed uint64) string {
		b, _, _ := LoadBook(OpeningConfig{File: path, Format: "epd", Order: "random"}, seed, false)
		var s []string
		seen := map[int]bool{}
		for r := 0; r < 5; r++ {
			seen[b.Index(r)] = true
			s = append(s, string(rune('0'+b.Index(r))))
		}
		if len(seen) != 5 {
			t.Errorf("seed %d: not a permutation: %v", seed, s)
		}
		return strings.Join(s, "")
	}
	if order(7) != order(7) {
		t.Error("the same seed gave two orders")
	}
	differ := false
	for seed := uint64(1); seed < 20; seed++ {
		differ = differ || order(seed) != order(7)
	}
	if !differ {
		t.Error("the order does not depend on the seed")
	}

	if _, _, err := LoadBook(OpeningConfig{File: filepath.Join(dir, "missing.epd"), Format: "epd"}, 1, false); err == nil {
		t.Error("missing file accepted")
	}
	empty := filepath.Join(dir, "empty.epd")
	os.WriteFile(empty, []byte("# nothing\n\n"), 0o644)
	if _, _, err := LoadBook(OpeningConfig{File: empty, Format: "epd"}, 1, false); err == nil || !strings.Contains(err.Error(), "no usable opening") {
		t.Errorf("empty book: %v", err)
	}
	// A file with no valid line at all (a compressed file read as text,
	// the wrong file) is refused instead of played from the start
	// position with a warning a pair.
	junk := filepath.Join(dir, "junk.epd")
	os.WriteFile(junk, []byte("junk\nmore junk\n\x1f\x8b\x08\n"), 0o644)
	if _, _, err := LoadBook(OpeningConfig{File: junk, Format: "epd"}, 1, false); err == nil || !strings.Contains(err.Error(), "no usable opening") || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("book without a valid line: %v", err)
	}
	// So is a line too long to be EPD, naming where it is.
	long := filepath.Join(dir, "long.epd")
	os.WriteFile(long, []byte(lines[0]+"\n"+strings.Repeat("x", maxEPDLine+10)+"\n"), 0o644)
	if _, _, err := LoadBook(OpeningConfig{File: long, Format: "epd"}, 1, false); err == nil || !strings.Contains(err.Error(), "long.epd:2:") {
		t.Errorf("book with a %d-byte line: %v", maxEPDLine+10, err)
	}
}

// A gzipped PGN book is read as the PGN it holds.
func TestGzipPGNBook(t *testing.T) {
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	z.Write([]byte("[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"c\"]\n\n1. d4 d5 2. c4 *\n"))
	z.Close()
	path := filepath.Join(t.TempDir(), "book.pgn.gz")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	b, warns, err := LoadBook(OpeningConfig{File: path, Format: "pgn", Order: "sequential"}, 1, false)
	if err != nil || len(warns) != 0 || b.Len() != 2 {
		t.Fatalf("gzipped PGN book: %v %v, %d openings", err, warns, b.Len())
	}
	if op, _ := b.Opening(1); len(op.Moves) != 3 {
		t.Errorf("second opening has %d moves, want 3", len(op.Moves))
	}
}

func TestPGNBook(t *testing.T) {
	path := "../../shared/data/games/fishtest_sample.pgn"
	if _, err := os.Stat(path); err != nil {
		t.Skip(err)
	}
	b, warns, err := LoadBook(OpeningConfig{File: path, Format: "pgn", Order: "sequential", Plies: 6}, 1, false)
	if err != nil || len(warns) != 0 || b.Len() != 8 {
		t.Fatalf("%v %v %d", err, warns, b.Len())
	}
	op, _ := b.Opening(0)
	if op.FEN != "rnbqk2r/p3ppbp/2p3p1/1p4B1/2BPp3/2P1PP2/PP4PP/R2QK1NR w KQkq - 0 1" || len(op.Moves) != 6 {
		t.Fatalf("opening 0: %q with %d moves", op.FEN, len(op.Moves))
	}
	pos, err := op.Position()
	if err != nil {
		t.Fatal(err)
	}
	if pos.Ply() != 6 || pos.SideToMove() != chess.White {
		t.Errorf("after the book: ply %d", pos.Ply())
	}
	// A broken game in a PGN book is skipped with a warning.
	dir := t.TempDir()
	broken := filepath.Join(dir, "b.pgn")
	os.WriteFile(broken, []byte("[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e5 *\n\n[Event \"c\"]\n\n1. d4 *\n"), 0o644)
	b, warns, err = LoadBook(OpeningConfig{File: broken, Format: "pgn"}, 1, false)
	if err != nil || b.Len() != 2 || len(warns) != 1 || !strings.Contains(warns[0].Error(), "b.pgn:7:") {
		t.Errorf("broken PGN book: %v, %d openings, %v", err, b.Len(), warns)
	}
}

func TestChess960(t *testing.T) {
	if got := Chess960FEN(518); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1" {
		t.Errorf("position 518: %q", got)
	}
	if got := Chess960FEN(0); !strings.HasPrefix(got, "bbqnnrkr/") {
		t.Errorf("position 0: %q", got)
	}
	seen := map[string]bool{}
	for n := 0; n < 960; n++ {
		fen := Chess960FEN(n)
		if seen[fen] {
			t.Fatalf("position %d repeats", n)
		}
		seen[fen] = true
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("position %d: %v", n, err)
		}
		pos.SetChess960(true)
		rank := strings.Split(fen, "/")[7][:8]
		k, r1, r2 := strings.IndexByte(rank, 'K'), strings.IndexByte(rank, 'R'), strings.LastIndexByte(rank, 'R')
		b1, b2 := strings.IndexByte(rank, 'B'), strings.LastIndexByte(rank, 'B')
		if !(r1 < k && k < r2) || (b1+b2)%2 == 0 {
			t.Fatalf("position %d breaks the rules: %s", n, rank)
		}
		if pos.CastlingRights() != chess.AllCastling || !pos.HasLegalMove() {
			t.Fatalf("position %d: castling %b", n, pos.CastlingRights())
		}
	}
	b, _, err := LoadBook(OpeningConfig{}, 3, true)
	if err != nil || b.Len() != 960 {
		t.Fatal(err)
	}
	op, _ := b.Opening(b.Index(0))
	if !op.Chess960 || !seen[op.FEN] {
		t.Errorf("generated 960 opening %+v", op)
	}
}

// A standard match refuses openings that only Chess960 can play: an EPD
// line with Chess960 castling rights is replaced by the next good one with
// a warning naming its line, and a PGN game marked as Chess960 is skipped
// at load with its line; a Chess960 match takes both.
func TestBookChess960InStandardMatch(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "dfrc.epd")
	std := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	if err := os.WriteFile(epd, []byte(Chess960FEN(0)+"\n"+std+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, _, err := LoadBook(OpeningConfig{File: epd, Format: "epd", Order: "sequential"}, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	op, warn := b.Opening(0)
	if warn == nil || !strings.Contains(warn.Error(), "dfrc.epd:1:") || !strings.Contains(warn.Error(), "Chess960") || op.FEN != std {
		t.Errorf("standard match, Chess960 line: %+v, warning %v", op, warn)
	}
	b, _, err = LoadBook(OpeningConfig{File: epd, Format: "epd", Order: "sequential"}, 1, true)
	if err != nil {
		t.Fatal(err)
	}
	if op, warn := b.Opening(0); warn != nil || op.FEN != Chess960FEN(0) || !op.Chess960 {
		t.Errorf("Chess960 match: %+v, warning %v", op, warn)
	}

	pgn := filepath.Join(dir, "dfrc.pgn")
	games := "[Variant \"chess960\"]\n[FEN \"" + Chess960FEN(0) + "\"]\n\n1. e4 *\n\n[Event \"std\"]\n\n1. d4 *\n"
	if err := os.WriteFile(pgn, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	b, warns, err := LoadBook(OpeningConfig{File: pgn, Format: "pgn", Order: "sequential"}, 1, false)
	if err != nil || b.Len() != 1 || len(warns) != 1 || !strings.Contains(warns[0].Error(), "dfrc.pgn:1:") {
		t.Fatalf("standard match, PGN book: %d openings, warnings %v, error %v", b.Len(), warns, err)
	}
	b, warns, err = LoadBook(OpeningConfig{File: pgn, Format: "pgn", Order: "sequential"}, 1, true)
	if err != nil || b.Len() != 2 || len(warns) != 0 {
		t.Errorf("Chess960 match, PGN book: %d openings, warnings %v, error %v", b.Len(), warns, err)
	}
}
