package book

import (
	"bytes"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/chess"
)

// play returns the start position after the UCI moves.
func play(t *testing.T, moves string) *chess.Position {
	t.Helper()
	p := chess.StartPosition()
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	return p
}

// The keys published with the Polyglot book format.
var published = []struct {
	moves, fen string
	key        uint64
}{
	{"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c},
	{"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
	{"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
	{"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
	{"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652a607ca3f242c1},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560},
}

func TestPublishedKeys(t *testing.T) {
	for _, c := range published {
		if k := Key(play(t, c.moves)); k != c.key {
			t.Errorf("after %q: key %016x, want %016x", c.moves, k, c.key)
		}
		if k := Key(chess.MustParseFEN(c.fen)); k != c.key {
			t.Errorf("%s: key %016x, want %016x", c.fen, k, c.key)
		}
	}
}

// The en-passant file counts when a pawn of the side to move stands next
// to the pawn that has just advanced, even if the capture is illegal (a
// pin), and not when none does.
func TestKeyEnPassantRule(t *testing.T) {
	pinned := Key(chess.MustParseFEN("8/8/8/KPp4r/8/8/8/7k w - c6 0 1"))
	without := Key(chess.MustParseFEN("8/8/8/KPp4r/8/8/8/7k w - - 0 1"))
	if pinned != without^random64[epOffset+2] {
		t.Errorf("pinned capture: key %016x, want the key without en passant %016x xor file c", pinned, without)
	}
	a := Key(chess.MustParseFEN("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1"))
	b := Key(chess.MustParseFEN("4k3/8/8/3p4/8/8/8/4K3 w - - 0 1"))
	if a != b {
		t.Errorf("no pawn can capture: %016x != %016x", a, b)
	}
}

// Every legal move survives encoding and decoding, castling (king takes
// rook) and promotions included.
func TestMoveRoundTrip(t *testing.T) {
	fens := []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	}
	castles, promos := 0, 0
	for _, f := range fens {
		p := chess.MustParseFEN(f)
		var ml chess.MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			got, ok := DecodeMove(p, EncodeMove(m))
			if !ok || got != m {
				t.Errorf("%s: %v encodes to %04x, decodes to %v (%v)", f, m, EncodeMove(m), got, ok)
			}
			if m.IsCastling() {
				castles++
			}
			if m.IsPromotion() {
				promos++
			}
		}
	}
	if castles == 0 || promos == 0 {
		t.Fatalf("the positions should include castling and promotions: %d, %d", castles, promos)
	}
	// Polyglot's own encodings: e1h1 is O-O, e7e8q a queen promotion.
	p := chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	sq := func(s string) uint16 { x, _ := chess.ParseSquare(s); return uint16(x.File()) | uint16(x.Rank())<<3 }
	m, ok := DecodeMove(p, sq("e1")<<6|sq("h1"))
	if !ok || !m.IsCastling() || p.UCI(m) != "e1g1" {
		t.Errorf("e1h1 decodes to %v (%v), want white O-O", m, ok)
	}
	// A king's two-square move is taken for castling too.
	if m2, ok := DecodeMove(p, sq("e1")<<6|sq("g1")); !ok || m2 != m {
		t.Errorf("e1g1 decodes to %v (%v), want white O-O", m2, ok)
	}
	q := chess.MustParseFEN("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
	if m, ok := DecodeMove(q, 4<<12|sq("b7")<<6|sq("b8")); !ok || q.UCI(m) != "b7b8q" {
		t.Errorf("b7b8 promotion 4 decodes to %v (%v), want b7b8q", m, ok)
	}
	if m, ok := DecodeMove(q, 1<<12|sq("b7")<<6|sq("b8")); !ok || q.UCI(m) != "b7b8n" {
		t.Errorf("b7b8 promotion 1 decodes to %v (%v), want b7b8n", m, ok)
	}
	if _, ok := DecodeMove(q, 5<<12|sq("b7")<<6|sq("b8")); ok {
		t.Error("promotion code 5 decoded")
	}
}

func writeBook(t *testing.T, entries []Entry) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, entries); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "tiny.bin")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func entry(t *testing.T, p *chess.Position, uci string, w uint16) Entry {
	t.Helper()
	m, err := p.ParseUCI(uci)
	if err != nil {
		t.Fatal(err)
	}
	return Entry{Key: Key(p), Move: EncodeMove(m), Weight: w}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "missing.bin")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	odd := filepath.Join(dir, "odd.bin")
	os.WriteFile(odd, make([]byte, 33), 0o644)
	if _, err := Open(odd); !errors.Is(err, ErrSize) || !strings.Contains(err.Error(), "odd.bin") {
		t.Errorf("33-byte file: %v", err)
	}
	empty := filepath.Join(dir, "empty.bin")
	os.WriteFile(empty, nil, 0o644)
	if _, err := Open(empty); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty file: %v", err)
	}
	// A directory, or a device named by mistake, is refused before any
	// read: /dev/zero would fill the memory.
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
	if _, serr := os.Stat("/dev/zero"); serr == nil {
		if _, err := Open("/dev/zero"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("/dev/zero: %v", err)
		}
	}
	unsorted := make([]byte, 32)
	unsorted[0] = 2 // first key 0x02..., second 0
	if _, err := Parse(unsorted); !errors.Is(err, ErrUnsorted) {
		t.Errorf("unsorted: %v", err)
	}
}

// Entries whose move is illegal in the position are skipped.
func TestIllegalMovesSkipped(t *testing.T) {
	p := chess.StartPosition()
	k := Key(p)
	sq := func(s string) uint16 { x, _ := chess.ParseSquare(s); return uint16(x.File()) | uint16(x.Rank())<<3 }
	path := writeBook(t, []Entry{
		entry(t, p, "e2e4", 10),
		{Key: k, Move: sq("e2")<<6 | sq("e5"), Weight: 50}, // not a legal move
		{Key: k, Move: sq("e7")<<6 | sq("e5"), Weight: 50}, // Black's move
		entry(t, p, "d2d4", 5),
	})
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	moves, skipped := b.Moves(p)
	if skipped != 2 || len(moves) != 2 || p.UCI(moves[0].Move) != "e2e4" || p.UCI(moves[1].Move) != "d2d4" {
		t.Fatalf("moves %v, skipped %d; want e2e4 and d2d4, 2 skipped", moves, skipped)
	}
	after := play(t, "g1f3")
	if ms, _ := b.Moves(after); len(ms) != 0 {
		t.Errorf("a position not in the book has moves %v", ms)
	}
	if _, _, ok := b.Pick(after, rand.New(rand.NewPCG(1, 2))); ok {
		t.Error("Pick found a move in a position not in the book")
	}
}

// A tiny book written here: over many draws each move comes out in
// proportion to its weight (a chi-square test at the 0.1% level, which
// a uniform pick or one that favours the heaviest move fails by far),
// and a weight-0 move never does.
func TestPickProportionalToWeights(t *testing.T) {
	p := chess.StartPosition()
	weights := map[string]uint16{"e2e4": 40, "d2d4": 30, "g1f3": 20, "c2c4": 10, "b1c3": 0}
	var es []Entry
	for _, m := range []string{"e2e4", "d2d4", "g1f3", "c2c4", "b1c3"} {
		es = append(es, entry(t, p, m, weights[m]))
	}
	// Another position's entries around it, so the lookup must find
	// its own run.
	p2 := play(t, "e2e4")
	es = append(es, entry(t, p2, "e7e5", 7), entry(t, p2, "c7c5", 9))
	b, err := Open(writeBook(t, es))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(20261122, 13))
	const n = 100000
	counts := map[string]int{}
	for range n {
		c, total, ok := b.Pick(p, r)
		if !ok || total != 100 {
			t.Fatalf("pick: ok %v, total %d", ok, total)
		}
		counts[p.UCI(c.Move)]++
	}
	if counts["b1c3"] != 0 {
		t.Errorf("the weight-0 move was picked %d times", counts["b1c3"])
	}
	chi2 := 0.0
	for m, w := range weights {
		if w == 0 {
			continue
		}
		exp := float64(n) * float64(w) / 100
		d := float64(counts[m]) - exp
		chi2 += d * d / exp
	}
	// 3 degrees of freedom: P(chi2 > 16.27) = 0.001.
	if chi2 > 16.27 {
		t.Errorf("counts %v for weights %v: chi-square %.1f > 16.27", counts, weights, chi2)
	}
	t.Logf("counts %v, chi-square %.2f (3 dof)", counts, chi2)
	// The same seed gives the same sequence (the source is injectable).
	r1, r2 := rand.New(rand.NewPCG(5, 6)), rand.New(rand.NewPCG(5, 6))
	for range 100 {
		a, _, _ := b.Pick(p, r1)
		c, _, _ := b.Pick(p, r2)
		if a != c {
			t.Fatal("same seed, different picks")
		}
	}
}

// The gnuchess-book package's book.bin is a Polyglot book: its start
// position has 1.e4 as the heaviest move, and following random book
// lines every position reached has its moves, all legal.
func TestGnuChessBook(t *testing.T) {
	const path = "/usr/share/games/gnuchess/book.bin"
	if _, err := os.Stat(path); err != nil {
		t.Skip("gnuchess-book is not installed (apt-get install gnuchess-book)")
	}
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	start := chess.StartPosition()
	moves, skipped := b.Moves(start)
	if len(moves) < 5 || skipped != 0 {
		t.Fatalf("start position: %d moves, %d skipped", len(moves), skipped)
	}
	best := moves[0]
	for _, c := range moves {
		if c.Weight > best.Weight {
			best = c
		}
	}
	if start.UCI(best.Move) != "e2e4" {
		t.Errorf("heaviest move in the start position is %s", start.UCI(best.Move))
	}
	r := rand.New(rand.NewPCG(1, 1))
	plies, castles := 0, 0
	for range 300 {
		p := chess.StartPosition()
		for range 60 { // book lines may repeat positions
			ms, sk := b.Moves(p)
			if sk != 0 {
				t.Errorf("%s: %d illegal book moves", p.FEN(), sk)
			}
			c, _, ok := PickFrom(ms, r)
			if !ok {
				break
			}
			if c.Move.IsCastling() {
				castles++
			}
			p.MakeMove(c.Move)
			plies++
		}
	}
	t.Logf("%d entries; 300 random lines, %d book plies, %d castling moves", b.Len(), plies, castles)
	if plies < 300*8 || castles == 0 {
		t.Errorf("300 lines gave only %d book plies and %d castling moves", plies, castles)
	}
}
