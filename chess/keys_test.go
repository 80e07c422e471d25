package chess

import (
	"math/rand"
	"testing"
)

// Positions and data shared by these tests; defined here rather than taken
// from perft_test.go so that the files stand alone.
const (
	sharedDataDir = "../../shared/data/"
	kiwipeteFEN   = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	endgameFEN    = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
	promotionsFEN = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
)

// keySet is every hash a position maintains incrementally.
type keySet struct {
	key, pawn, major, minor uint64
	nonPawn                 [2]uint64
}

func keysOf(p *Position) keySet {
	return keySet{p.Key(), p.PawnKey(), p.MajorKey(), p.MinorKey(),
		[2]uint64{p.NonPawnKey(White), p.NonPawnKey(Black)}}
}

// checkKeysFromScratch compares the incrementally kept keys of p with those
// of a fresh parse of p.FEN(), which computes them from nothing.
func checkKeysFromScratch(t *testing.T, p *Position, context string) bool {
	t.Helper()
	fen := p.FEN()
	q, err := ParseFEN(fen)
	if err != nil {
		t.Errorf("%s: FEN %q does not re-parse: %v", context, fen, err)
		return false
	}
	if got, want := keysOf(p), keysOf(q); got != want {
		t.Errorf("%s: %s\nincremental %+v\nfrom scratch %+v", context, fen, got, want)
		return false
	}
	if q.FEN() != fen {
		t.Errorf("%s: FEN %q re-prints as %q", context, fen, q.FEN())
		return false
	}
	return true
}

// pickMove chooses a random legal move, preferring the rare kinds (castling,
// en passant, promotion, captures) so that short games still exercise them.
func pickMove(r *rand.Rand, p *Position, ml *MoveList) Move {
	moves := ml.Slice()
	if r.Intn(2) == 0 {
		var special []Move
		for _, m := range moves {
			if m.Kind() != MoveNormal || (r.Intn(3) == 0 && p.IsCapture(m)) {
				special = append(special, m)
			}
		}
		if len(special) > 0 {
			return special[r.Intn(len(special))]
		}
	}
	return moves[r.Intn(len(moves))]
}

// touched reports which piece types and colours a move adds or removes.
type touched struct {
	pawn, major, minor bool
	nonPawn            [2]bool
}

func touchedBy(p *Position, m Move) touched {
	var tc touched
	mark := func(pc Piece) {
		switch pt := pc.Type(); {
		case pc == NoPiece:
		case pt == Pawn:
			tc.pawn = true
		default:
			tc.nonPawn[pc.Color()] = true
			tc.major = tc.major || isMajorKeyPiece(pt)
			tc.minor = tc.minor || isMinorKeyPiece(pt)
		}
	}
	us := p.SideToMove()
	if m.IsCastling() {
		// In Chess960 the king or the rook may already stand on its
		// destination and then hashes as unmoved.
		kTo, rTo := castleTargets(us, m.From(), m.To())
		if kTo != m.From() {
			mark(p.MovedPiece(m))
		}
		if rTo != m.To() {
			mark(p.PieceOn(m.To()))
		}
		return tc
	}
	mark(p.MovedPiece(m))
	switch {
	case m.IsEnPassant():
		mark(MakePiece(us.Other(), Pawn))
	default:
		mark(p.PieceOn(m.To()))
	}
	if m.IsPromotion() {
		mark(MakePiece(us, m.Promotion()))
	}
	return tc
}

// checkKeyDeltas asserts that each partial key changed exactly when the
// move touched a piece it covers: the pawn key ignores piece moves, the
// major key ignores knights and bishops, and so on.
func checkKeyDeltas(t *testing.T, before, after keySet, tc touched, context string) {
	t.Helper()
	check := func(name string, b, a uint64, want bool) {
		if (b != a) != want {
			t.Errorf("%s: %s key changed=%v, want %v", context, name, b != a, want)
		}
	}
	check("full", before.key, after.key, true)
	check("pawn", before.pawn, after.pawn, tc.pawn)
	check("major", before.major, after.major, tc.major)
	check("minor", before.minor, after.minor, tc.minor)
	check("white non-pawn", before.nonPawn[White], after.nonPawn[White], tc.nonPawn[White])
	check("black non-pawn", before.nonPawn[Black], after.nonPawn[Black], tc.nonPawn[Black])
}

// walkKeys plays one random game and checks the keys after every make,
// unmake and null move, then unwinds the game checking each step.
// kinds counts the moves played by kind (indexed by Kind()>>14).
func walkKeys(t *testing.T, r *rand.Rand, p *Position, plies int, name string, kinds *[4]int) (played int) {
	t.Helper()
	startFEN := p.FEN()
	var ml MoveList
	var history []keySet
	for ply := 0; ply < plies; ply++ {
		p.LegalMoves(&ml)
		if ml.Len == 0 {
			break
		}
		ctx := name + " ply " + itoa(ply)
		if !p.InCheck() && r.Intn(8) == 0 {
			before := keysOf(p)
			p.MakeNullMove()
			after := keysOf(p)
			if !checkKeysFromScratch(t, p, ctx+" after null move") {
				return
			}
			if after.key == before.key || after.pawn != before.pawn || after.major != before.major ||
				after.minor != before.minor || after.nonPawn != before.nonPawn {
				t.Errorf("%s: null move changed a partial key or left the full key: %+v -> %+v", ctx, before, after)
			}
			p.UnmakeNullMove()
			if keysOf(p) != before {
				t.Errorf("%s: unmake null move did not restore the keys", ctx)
				return
			}
		}
		m := pickMove(r, p, &ml)
		before := keysOf(p)
		tc := touchedBy(p, m)
		p.MakeMove(m)
		ctx += " " + p.UCI(m)
		if !checkKeysFromScratch(t, p, ctx+" after make") {
			return
		}
		checkKeyDeltas(t, before, keysOf(p), tc, ctx)
		if r.Intn(4) == 0 {
			p.UnmakeMove()
			if keysOf(p) != before || !checkKeysFromScratch(t, p, ctx+" after unmake") {
				t.Errorf("%s: unmake did not restore the keys", ctx)
				return
			}
			p.MakeMove(m)
		}
		history = append(history, before)
		played++
		kinds[m.Kind()>>14]++
	}
	for i := len(history) - 1; i >= 0; i-- {
		p.UnmakeMove()
		if keysOf(p) != history[i] {
			t.Errorf("%s: unwinding to ply %d: keys not restored", name, i)
			return
		}
		if i%8 == 0 && !checkKeysFromScratch(t, p, name+" unwinding") {
			return
		}
	}
	if p.FEN() != startFEN || p.Ply() != 0 {
		t.Errorf("%s: unwinding gave %q at ply %d, want %q at ply 0", name, p.FEN(), p.Ply(), startFEN)
	}
	return played
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func TestKeysRandomGamesStandard(t *testing.T) {
	games, plies := 40, 160
	if testing.Short() {
		games = 20
	}
	r := rand.New(rand.NewSource(1))
	total := 0
	var kinds [4]int
	starts := []string{StartFEN, kiwipeteFEN, endgameFEN, promotionsFEN}
	for g := 0; g < games; g++ {
		p := MustParseFEN(starts[g%len(starts)])
		total += walkKeys(t, r, p, plies, "game "+itoa(g), &kinds)
		if t.Failed() {
			return
		}
	}
	if total < games*20 {
		t.Errorf("only %d plies played in %d games", total, games)
	}
	t.Logf("%d plies; by kind (normal, promotion, en passant, castling): %v", total, kinds)
	if kinds[1] == 0 || kinds[2] == 0 || kinds[3] == 0 {
		t.Errorf("random games missed a move kind: %d promotions, %d en passant, %d castling", kinds[1], kinds[2], kinds[3])
	}
}

// load960 reads the FENs of the Chess960 perft suite.
func load960(t *testing.T) []string {
	t.Helper()
	var fens []string
	for _, c := range readSharedSuite(t, "perft960.epd") {
		fens = append(fens, c.FEN)
	}
	if len(fens) == 0 {
		t.Fatal("perft960.epd holds no positions")
	}
	return fens
}

func TestKeysRandomGames960(t *testing.T) {
	fens := load960(t)
	step, plies := 4, 60
	if testing.Short() {
		step = 8
	}
	r := rand.New(rand.NewSource(960))
	var kinds [4]int
	for i := 0; i < len(fens); i += step {
		p, err := ParseFEN(fens[i])
		if err != nil {
			t.Fatalf("%s: %v", fens[i], err)
		}
		p.SetChess960(true)
		walkKeys(t, r, p, plies, fens[i], &kinds)
		if t.Failed() {
			return
		}
	}
	if kinds[3] == 0 {
		t.Error("no Chess960 castling move was played")
	}
	t.Logf("moves by kind (normal, promotion, en passant, castling): %v", kinds)
}

// TestKeysSpecificMoves pins the key behaviour of each move kind on known
// positions.
func TestKeysSpecificMoves(t *testing.T) {
	tests := []struct {
		name, fen, move string
		want            touched
	}{
		{"quiet pawn push", StartFEN, "e2e4", touched{pawn: true}},
		{"knight move", StartFEN, "g1f3", touched{minor: true, nonPawn: [2]bool{true, false}}},
		{"bishop move", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "c1g5", touched{minor: true, nonPawn: [2]bool{true, false}}},
		{"rook move", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", touched{major: true, nonPawn: [2]bool{true, false}}},
		{"queen move", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d5", touched{major: true, nonPawn: [2]bool{true, false}}},
		{"king move", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1d2", touched{major: true, minor: true, nonPawn: [2]bool{true, false}}},
		{"rook takes knight", "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1", "a1a5", touched{major: true, minor: true, nonPawn: [2]bool{true, true}}},
		{"knight takes pawn", "4k3/8/8/p7/8/1N6/8/4K3 w - - 0 1", "b3a5", touched{pawn: true, minor: true, nonPawn: [2]bool{true, false}}},
		{"pawn takes rook", "4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1", "e4d5", touched{pawn: true, major: true, nonPawn: [2]bool{false, true}}},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", touched{pawn: true}},
		{"promotion to queen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", touched{pawn: true, major: true, nonPawn: [2]bool{true, false}}},
		{"promotion to knight", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", touched{pawn: true, minor: true, nonPawn: [2]bool{true, false}}},
		{"capture promotion", "1b2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8r", touched{pawn: true, major: true, minor: true, nonPawn: [2]bool{true, true}}},
		{"castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", touched{major: true, minor: true, nonPawn: [2]bool{true, false}}},
		{"black castling long", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", touched{major: true, minor: true, nonPawn: [2]bool{false, true}}},
		{"960 castling, king stays", "4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1", touched{major: true, nonPawn: [2]bool{true, false}}},
		{"960 castling, rook stays", "4k3/8/8/8/8/8/8/4KR2 w K - 0 1", "e1f1", touched{major: true, minor: true, nonPawn: [2]bool{true, false}}},
		{"960 castling, swap", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "f1g1", touched{major: true, minor: true, nonPawn: [2]bool{true, false}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			m, err := p.ParseUCI(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if got := touchedBy(p, m); got != tc.want {
				t.Fatalf("test helper disagrees: touched %+v, want %+v", got, tc.want)
			}
			before := keysOf(p)
			p.MakeMove(m)
			checkKeyDeltas(t, before, keysOf(p), tc.want, tc.name)
			checkKeysFromScratch(t, p, tc.name)
			p.UnmakeMove()
			if keysOf(p) != before {
				t.Errorf("unmake did not restore the keys")
			}
		})
	}
}

// TestKeysTransposition checks that move order does not matter and that an
// uncapturable double push hashes like the same position reached quietly.
func TestKeysTransposition(t *testing.T) {
	play := func(fen string, moves ...string) *Position {
		p := MustParseFEN(fen)
		for _, s := range moves {
			m, err := p.ParseUCI(s)
			if err != nil {
				t.Fatal(err)
			}
			p.MakeMove(m)
		}
		return p
	}
	a := play(StartFEN, "g1f3", "g8f6", "b1c3", "b8c6")
	b := play(StartFEN, "b1c3", "b8c6", "g1f3", "g8f6")
	if keysOf(a) != keysOf(b) {
		t.Errorf("transposed knight moves hash differently")
	}
	// e2-e4 with no black pawn able to take sets no en passant square, so it
	// hashes like the same placement given without one.
	c := play(StartFEN, "e2e4")
	if c.EnPassant() != NoSquare {
		t.Errorf("e2e4 from the start set en passant square %v", c.EnPassant())
	}
	if k := MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").Key(); c.Key() != k {
		t.Errorf("e2e4 key %#x differs from the FEN without en passant %#x", c.Key(), k)
	}
	// With a capturing pawn present, the en passant square matters.
	f := play("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", "e2e4")
	g := play("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", "e2e3", "e8d8", "e3e4", "d8e8")
	if f.EnPassant() != MakeSquare(4, 2) {
		t.Errorf("EnPassant() = %v, want e3", f.EnPassant())
	}
	if f.Key() == g.Key() {
		t.Errorf("en passant square does not change the key")
	}
	if f.PawnKey() != g.PawnKey() || f.MajorKey() != g.MajorKey() {
		t.Errorf("partial keys should ignore the en passant square")
	}
}

// KeyAfter must give the exact key for every move that neither castles,
// captures en passant, nor changes the castling or en passant rights; for
// those it is only a prefetch hint.
func TestKeyAfter(t *testing.T) {
	checked := 0
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		var ml MoveList
		p.GenerateMoves(&ml, GenAll)
		for _, m := range ml.Slice() {
			predicted := p.KeyAfter(m)
			castling, ep := p.CastlingRights(), p.EnPassant()
			p.MakeMove(m)
			if !m.IsCastling() && !m.IsEnPassant() && p.CastlingRights() == castling && ep == NoSquare && p.EnPassant() == NoSquare {
				checked++
				if predicted != p.Key() {
					t.Fatalf("%s then %v: KeyAfter %#x, key %#x", p.FEN(), m, predicted, p.Key())
				}
			}
			if depth > 1 {
				walk(p, depth-1)
			}
			p.UnmakeMove()
		}
	}
	for _, fen := range []string{StartFEN, kiwipeteFEN, endgameFEN, promotionsFEN} {
		walk(MustParseFEN(fen), 3)
	}
	if checked < 10000 {
		t.Fatalf("only %d moves checked", checked)
	}
}
