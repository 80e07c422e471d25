package eval

import (
	"bufio"
	"bytes"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/chess"
)

// epdPath holds the labelled positions of the shared data; fallbackPath
// a sample of 500 of them shipped with the repository (testdata/README.md).
const (
	epdPath      = "../../shared/data/labeled/engine-games.epd"
	fallbackPath = "testdata/positions.epd"
)

// samplePositions reads n positions from the shared labelled EPD file or,
// when that file is absent, every position of testdata/positions.epd (500,
// fewer than most callers ask for), saying which it used.
func samplePositions(t testing.TB, n int) []*chess.Position {
	t.Helper()
	path := epdPath
	f, err := os.Open(path)
	if err != nil {
		t.Logf("%v: using the %s sample instead", err, fallbackPath)
		path = fallbackPath
		if f, err = os.Open(path); err != nil {
			t.Fatal(err)
		}
	}
	defer f.Close()
	var out []*chess.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 {
			continue
		}
		p, err := chess.ParseFEN(strings.Join(fields[:4], " "))
		if err != nil {
			t.Fatalf("%s: %q: %v", path, sc.Text(), err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if path == epdPath && len(out) < n || len(out) < min(n, 500) {
		t.Fatalf("only %d positions in %s, want %d", len(out), path, n)
	}
	return out
}

// whiteView is the evaluation from White's point of view.
func whiteView(e *Evaluator, p *chess.Position) int {
	v := e.Evaluate(p)
	if p.SideToMove() == chess.Black {
		return -v
	}
	return v
}

// mirror flips the board vertically and swaps the colours, the side to
// move, the castling rights and the en passant square.
func mirror(t testing.TB, p *chess.Position) *chess.Position {
	t.Helper()
	f := strings.Fields(p.FEN())
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		// Upper case first, as FEN wants.
		c := []byte(swap(f[2]))
		var up, low []byte
		for _, b := range c {
			if b >= 'A' && b <= 'Z' {
				up = append(up, b)
			} else {
				low = append(low, b)
			}
		}
		f[2] = string(up) + string(low)
	}
	if f[3] != "-" {
		f[3] = string([]byte{f[3][0], '1' + '8' - f[3][1]})
	}
	m, err := chess.ParseFEN(strings.Join(f, " "))
	if err != nil {
		t.Fatalf("mirror of %s: %v", p.FEN(), err)
	}
	return m
}

// perturbed returns the defaults with every value moved at random.
func perturbed(seed int64) *Params {
	r := rand.New(rand.NewSource(seed))
	p := Defaults()
	for i := range p.Pairs {
		p.Pairs[i].EG += r.Intn(21) - 10
		if PairKind(i) == Pair {
			p.Pairs[i].MG += r.Intn(21) - 10
		}
	}
	for i := range p.Scalars {
		p.Scalars[i] += r.Intn(11) - 5
	}
	return p
}

func TestTraceReproducesEvaluation(t *testing.T) {
	positions := samplePositions(t, 10000)
	def := New()
	alt := NewWithParams(perturbed(1))
	same := 0
	for _, p := range positions {
		tr := def.Trace(p)
		v := def.Evaluate(p)
		if tr.Eval != v {
			t.Fatalf("%s: Trace.Eval %d, Evaluate %d", p.FEN(), tr.Eval, v)
		}
		if got := tr.Evaluate(def.Params()); got != v {
			t.Fatalf("%s: trace recomputes %d, Evaluate %d", p.FEN(), got, v)
		}
		// The coefficients do not depend on the parameters: the trace
		// taken with the defaults reproduces the evaluation with other
		// parameters, exactly, whenever the stronger side is the same.
		tr2 := alt.Trace(p)
		if tr2.Pairs != tr.Pairs || tr2.KS != tr.KS {
			t.Fatalf("%s: coefficients change with the parameters", p.FEN())
		}
		if tr2.Strong == tr.Strong {
			same++
			if got, want := tr.Evaluate(alt.Params()), alt.Evaluate(p); got != want {
				t.Fatalf("%s: defaults' trace with other parameters gives %d, Evaluate %d", p.FEN(), got, want)
			}
		}
	}
	if same < len(positions)*8/10 {
		t.Errorf("stronger side changed in %d of %d positions", len(positions)-same, len(positions))
	}
}

func TestMirroredEvaluationIsNegated(t *testing.T) {
	positions := samplePositions(t, 10000)
	e := New()
	for _, p := range positions {
		m := mirror(t, p)
		if a, b := whiteView(e, p), whiteView(e, m); a != -b {
			t.Fatalf("%s: %d, mirrored %s: %d", p.FEN(), a, m.FEN(), b)
		}
	}
	for _, fen := range groupFENs {
		p := chess.MustParseFEN(fen)
		if a, b := whiteView(e, p), whiteView(e, mirror(t, p)); a != -b {
			t.Fatalf("%s: %d, mirrored: %d", fen, a, b)
		}
	}
}

func TestPawnHashAgrees(t *testing.T) {
	// Evaluate through the pawn hash (second call hits) and through the
	// trace (no hash) must agree, also after the king moves.
	e := New()
	for _, p := range samplePositions(t, 2000) {
		a, b := e.Evaluate(p), e.Evaluate(p)
		if a != b || a != e.Trace(p).Eval {
			t.Fatalf("%s: %d, %d, trace %d", p.FEN(), a, b, e.Trace(p).Eval)
		}
	}
}

func TestParamsRoundTrip(t *testing.T) {
	for _, p := range []*Params{Defaults(), perturbed(7)} {
		var buf bytes.Buffer
		if err := WriteParams(&buf, p); err != nil {
			t.Fatal(err)
		}
		q, err := ReadParams(bytes.NewReader(buf.Bytes()), nil)
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		if *q != *p {
			t.Fatal("parameters changed in the round trip")
		}
		var buf2 bytes.Buffer
		WriteParams(&buf2, q)
		if buf.String() != buf2.String() {
			t.Fatal("second write differs")
		}
	}
	// A partial file changes only what it names.
	q, err := ReadParams(strings.NewReader("# partial\nBISHOP_PAIR = ( 1 , 2 ) # trailing\nKS_SAFE_CHECK = [1,2,3,4]\nPAWN_DIST_MULT = -9\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Defaults()
	want.Pairs[iBishopPair] = S(1, 2)
	copy(want.Scalars[kKsSafeCheck:], []int{1, 2, 3, 4})
	want.Pairs[iPawnDistMult] = S(0, -9)
	if *q != *want {
		t.Fatal("partial file: wrong parameters")
	}
	// Term.Format writes what the file holds, and one NAME = Format line
	// reads back to the same value.
	for _, tm := range Terms() {
		r, err := ReadParams(strings.NewReader(tm.Name+" = "+tm.Format(q)), Defaults())
		if err != nil || tm.Format(r) != tm.Format(q) {
			t.Fatalf("%s = %s: %v", tm.Name, tm.Format(q), err)
		}
	}
	if f := Terms()[termByName["BISHOP_PAIR"]].Format(q); f != "(1, 2)" {
		t.Fatalf("BISHOP_PAIR formats as %q", f)
	}
}

func TestParamsErrors(t *testing.T) {
	base := perturbed(3)
	keep := *base
	file := strings.Join([]string{
		"[KnightV]",                         // 1
		"KNIGHT_AWOL = (1, 2)",              // 2 fine
		"BOGUS = 3",                         // 3 unknown name
		"KNIGHT_OUTPOST = [(1, 2)]",         // 4 wrong length
		"KNIGHT_AWOL = (3, 4)",              // 5 repeated
		"[NoSuchGroup]",                     // 6 unknown group
		"just some words",                   // 7 no '='
		"BISHOP_PAIR = (1, 2)",              // 8 under the KnightV header
		"[MaterialV]",                       // 9
		"BISHOP_PAIR = (1, x)",              // 10 not a number
		"TEMPO = 5",                         // 11 pair wanted
		"PIECE_VALUE = (1, 2)",              // 12 array wanted
		"",                                  // 13
		"[KingV]",                           // 14
		"KS_SAFE_CHECK = [(1,2),(3,4),5,6]", // 15 scalars wanted
		"[EndGameV]",                        // 16
		"PAWN_DIST_MULT = -6 0",             // 17 a space inside a number, not -60
		"KING_MOBILITY = [1, 2, 3, 4, 5, 6, 7, 8 9, 10]", // 18 a missing comma, not 89
	}, "\n")
	p, err := ReadParams(strings.NewReader(file), base)
	if p != nil || err == nil {
		t.Fatal("bad file accepted")
	}
	var pe *ParamError
	if !errors.As(err, &pe) {
		t.Fatalf("error %T, want *ParamError", err)
	}
	var lines []int
	for _, le := range pe.Errors {
		lines = append(lines, le.Line)
	}
	want := []int{3, 4, 5, 6, 7, 8, 10, 11, 12, 15, 17, 18}
	if len(lines) != len(want) {
		t.Fatalf("errors on lines %v, want %v: %v", lines, want, err)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Fatalf("errors on lines %v, want %v: %v", lines, want, err)
		}
	}
	if *base != keep {
		t.Fatal("base parameters modified")
	}
	if !strings.Contains(err.Error(), "3: unknown parameter \"BOGUS\"") || !strings.Contains(err.Error(), "17: PAWN_DIST_MULT: a space inside a number") {
		t.Errorf("message: %v", err)
	}
	// Any Unicode space splits a number, not only ' ' and '\t'.
	for _, v := range []string{"PAWN_DIST_MULT = -4\u00a020", "PAWN_DIST_MULT = -4\v20", "TEMPO = (1\f5, 20)"} {
		if _, err := ReadParams(strings.NewReader(v), nil); err == nil || !strings.Contains(err.Error(), "a space inside a number") {
			t.Errorf("%q: error %v, want a space inside a number", v, err)
		}
	}
	if _, err := LoadParams("/nonexistent/params.txt"); err == nil {
		t.Error("missing file accepted")
	}
	for _, path := range []string{"/dev/null", t.TempDir()} {
		if _, err := LoadParams(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("LoadParams(%s): error %v, want not a regular file", path, err)
		}
	}
	dir := t.TempDir()
	path := dir + "/bad.txt"
	os.WriteFile(path, []byte("TEMPO = (1, 2)\nNOPE = 1\n"), 0o644)
	if _, err := LoadParams(path); err == nil || !strings.Contains(err.Error(), path+":2:") {
		t.Errorf("LoadParams error %v, want %s:2:", err, path)
	}
}

func TestLoadParamsChangesEvaluation(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/p.txt"
	if err := os.WriteFile(path, []byte("[MaterialV]\nPIECE_VALUE = [(100, 100), (300, 300), (300, 300), (500, 500), (900, 900)]\nTEMPO = (0, 0)\nend 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pr, err := LoadParams(path)
	if err != nil {
		t.Fatal(err)
	}
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	e := New()
	before := e.Evaluate(p)
	e.SetParams(pr)
	after := e.Evaluate(p)
	if before == after {
		t.Errorf("evaluation unchanged (%d) by new material values", before)
	}
	if NewWithParams(pr).Evaluate(p) != after {
		t.Error("NewWithParams and SetParams disagree")
	}
}

// groupFENs are positions chosen so that every group's terms fire.
var groupFENs = []string{
	chess.StartFEN,
	// Knight outpost on d5, rook on the open file, bishop pair, passed
	// pawn, king attack.
	"r4rk1/pp3ppp/3p1n2/2pNp1q1/2P1P3/3P1Q2/PP3PPP/R4RK1 w - - 0 15",
	// Opposite-coloured bishops (ScaleV), passed pawns, kings near pawns.
	"8/5k2/2b3p1/5p2/1p3P2/1P2B1P1/6K1/8 w - - 0 40",
	// Pawn ending with a race (EndGameV) and an outside passed pawn.
	"8/p7/8/8/5k2/8/5PPK/8 b - - 0 50",
	// Hanging pieces and pawn threats (TacticalV), queen on a closed file.
	"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
	// Safe checks and a weak king (KingV scalars).
	"r1b2rk1/ppp2ppp/2n5/3qN3/3P4/2PB4/P4PPP/R2QR1K1 w - - 0 15",
	// Rooks on the 7th, doubled and isolated pawns.
	"6k1/1R3pp1/p1R4p/2p5/2P5/5PP1/r6P/6K1 w - - 0 30",
	// Rook against knight, scale with one side's pawns.
	"8/5k2/8/4n3/8/2K5/1P6/4R3 w - - 0 60",
	// Rook against two knights.
	"8/5k2/8/3nn3/8/2K5/8/4R3 w - - 0 60",
	// Two rooks on the 7th against the king on the 8th.
	"6k1/1R3Rpp/8/8/8/8/5PPP/6K1 b - - 0 30",
}

// fires reports whether group g has a non-zero coefficient in t.
func fires(t *Trace, g Group) bool {
	for i, c := range t.Pairs {
		if groupOfPair[i] == g && (c[0] != 0 || c[1] != 0) {
			return true
		}
	}
	for k := range t.Scale {
		if groupOfScale[k] == g && (t.KS[0][k] != 0 || t.KS[1][k] != 0 || t.Scale[k] != 0) {
			return true
		}
	}
	return false
}

func TestEveryGroupFires(t *testing.T) {
	e := New()
	var fired [NumGroups]bool
	for _, fen := range groupFENs {
		tr := e.Trace(chess.MustParseFEN(fen))
		for g := Group(0); g < NumGroups; g++ {
			if fires(tr, g) {
				fired[g] = true
			}
		}
	}
	for g := Group(0); g < NumGroups; g++ {
		if !fired[g] {
			t.Errorf("no test position fires a %s term", g)
		}
	}
}

// TestTermsFire checks, on the sample games and the group positions, that
// every term (each array as a whole) fires somewhere: a term that never
// fires cannot be tuned.
func TestTermsFire(t *testing.T) {
	positions := samplePositions(t, 10000)
	for _, fen := range groupFENs {
		positions = append(positions, chess.MustParseFEN(fen))
	}
	e := New()
	var pairs [NumPairs]bool
	var scalars [NumScalars]bool
	for _, p := range positions {
		tr := e.Trace(p)
		for i, c := range tr.Pairs {
			pairs[i] = pairs[i] || c[0] != 0 || c[1] != 0
		}
		for k := range tr.Scale {
			scalars[k] = scalars[k] || tr.KS[0][k] != 0 || tr.KS[1][k] != 0 || tr.Scale[k] != 0
		}
	}
	for _, term := range terms {
		any := false
		for j := term.Index; j < term.Index+term.Len; j++ {
			if term.Kind == Scalar {
				any = any || scalars[j]
			} else {
				any = any || pairs[j]
			}
		}
		if !any {
			t.Errorf("%s never fires", term.Name)
		}
	}
}

func TestBreakdownTotal(t *testing.T) {
	e := New()
	for _, fen := range groupFENs {
		p := chess.MustParseFEN(fen)
		b := e.Breakdown(p)
		for _, g := range groupNames {
			if !strings.Contains(b, g) {
				t.Errorf("breakdown lacks %s:\n%s", g, b)
			}
		}
		if !strings.Contains(b, "Final evaluation") {
			t.Errorf("no final line:\n%s", b)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	positions := samplePositions(b, 10000)
	e := New()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Evaluate(positions[i%len(positions)])
	}
}

func BenchmarkTrace(b *testing.B) {
	positions := samplePositions(b, 10000)
	e := New()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Trace(positions[i%len(positions)])
	}
}

// TestParamFileEnd: a parameter file cut at any line boundary is refused
// with its name and what is missing, never loaded with the rest at the
// defaults; a whole file without the end line (as written before there
// was one) still loads, and so does a partial file that ends with its
// count.
func TestParamFileEnd(t *testing.T) {
	p := Defaults()
	p.Scalars[0] += 7 // a value that differs from the defaults
	var buf bytes.Buffer
	if err := WriteParams(&buf, p); err != nil {
		t.Fatal(err)
	}
	whole := buf.String()
	dir := t.TempDir()
	path := filepath.Join(dir, "params.txt")
	load := func(text string) (*Params, error) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return LoadParams(path)
	}
	if q, err := load(whole); err != nil || *q != *p {
		t.Fatalf("whole file: %v", err)
	}
	lines := strings.SplitAfter(whole, "\n")
	endAt, lastParam := -1, -1
	for i, l := range lines {
		if strings.HasPrefix(l, "end ") {
			endAt = i
		}
		if strings.Contains(l, " = ") && !strings.HasPrefix(l, "#") {
			lastParam = i
		}
	}
	if endAt < 0 {
		t.Fatal("WriteParams wrote no end line")
	}
	// Every cut that loses a parameter line (a cut after the last one
	// leaves a whole table of the older kind).
	for cut := 0; cut <= lastParam; cut++ {
		_, err := load(strings.Join(lines[:cut], ""))
		if err == nil {
			t.Fatalf("file cut after line %d of %d loaded", cut, len(lines))
		}
		if !strings.Contains(err.Error(), path+":") {
			t.Fatalf("cut after line %d: error %q does not name the file", cut, err)
		}
	}
	// Written before the end line: whole, so it loads; cut, it does not.
	old := strings.Join(lines[:endAt], "")
	if q, err := load(old); err != nil || *q != *p {
		t.Errorf("whole file without an end line: %v", err)
	}
	_, err := load(strings.Join(lines[:endAt-5], ""))
	if err == nil || !strings.Contains(err.Error(), "missing") || !strings.Contains(err.Error(), "end ") {
		t.Errorf("cut file without an end line: %v, want what is missing and how to mark a partial file", err)
	}
	for _, tc := range []struct{ text, want string }{
		{"TEMPO = (1, 2)\nend 1\n", ""},
		{"TEMPO = (1, 2)\nend 1 # comment\n\n# more comment\n", ""},
		{"TEMPO = (1, 2)\nend 2\n", ":2: the end line says 2 parameters, the file sets 1"},
		{"TEMPO = (1, 2)\nend 1\nBISHOP_PAIR = (1, 2)\n", ":3: \"BISHOP_PAIR = (1, 2)\" after the end line"},
		{"TEMPO = (1, 2)\nend one\n", ":2: want \"end N\""},
		{"TEMPO = (1, 2)\nend\n", ":2: want \"end N\""},
		{"TEMPO = (1, 2)\n", ":2: the file ends without its end line"},
	} {
		_, err := load(tc.text)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.text, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), path+tc.want)):
			t.Errorf("%q: error %v, want %q", tc.text, err, path+tc.want)
		}
	}
	// ReadParams takes a few lines for a single change without an end line.
	if _, err := ReadParams(strings.NewReader("TEMPO = (1, 2)"), nil); err != nil {
		t.Errorf("ReadParams of one line: %v", err)
	}
}

// TestParamLimits: a value beyond ±MaxParam is refused on its line (an
// extra digit must not load), a file that is not a parameter file stops
// after maxParamErrors lines with short quotes, and no table, however
// extreme, evaluates beyond ±MaxScore, where the search's mate and
// tablebase scores begin.
func TestParamLimits(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"TEMPO = (10001, 0)", "1: TEMPO: value 10001 is beyond ±10000"},
		{"TEMPO = (0, -10001)", "1: TEMPO: value -10001 is beyond ±10000"},
		{"\nPIECE_VALUE = [(1,1),(1,1),(1,1),(1,1),(1, 90000)]", "2: PIECE_VALUE: value 90000 (index 4) is beyond ±10000"},
		{"KS_SAFE_CHECK = [1,2,3,99999]", "1: KS_SAFE_CHECK: value 99999 (index 3) is beyond ±10000"},
		{"PAWN_DIST_MULT = -10001", "1: PAWN_DIST_MULT: value -10001 is beyond ±10000"},
	} {
		p, err := ReadParams(strings.NewReader(c.file), nil)
		if p != nil || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %q", c.file, err, c.want)
		}
	}
	if _, err := ReadParams(strings.NewReader("TEMPO = (10000, -10000)"), nil); err != nil {
		t.Errorf("the limits themselves refused: %v", err)
	}

	junk := strings.Repeat(strings.Repeat("x", 5000)+"\n", 1000)
	_, err := ReadParams(strings.NewReader(junk), nil)
	var pe *ParamError
	if !errors.As(err, &pe) || len(pe.Errors) != maxParamErrors+1 || !strings.Contains(err.Error(), "stopped reading") {
		t.Fatalf("1,000 lines of junk: %d errors, %v", len(pe.Errors), err)
	}
	if n := len(err.Error()); n > 3000 {
		t.Errorf("the error for 1,000 long lines of junk is %d bytes", n)
	}

	p := Defaults()
	for i := range p.Pairs {
		p.Pairs[i] = S(MaxParam, MaxParam)
	}
	ev := NewWithParams(p)
	for _, fen := range []string{"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1"} {
		pos := chess.MustParseFEN(fen)
		v := ev.Evaluate(pos)
		if want := MaxScore; v != want && v != -want {
			t.Errorf("%s: %d, want ±%d (the bound)", fen, v, want)
		}
		if tr := ev.Trace(pos); tr.Eval != v || tr.Evaluate(p) != v {
			t.Errorf("%s: trace %d, recomputed %d, Evaluate %d", fen, tr.Eval, tr.Evaluate(p), v)
		}
	}

	// King danger with every attack scalar at the limit, turned to add
	// units, against a bare king among eight queens: the units pass the
	// cap (past it a square would leave 32 bits in the tuner), the danger
	// stays at the cap's, and the fast evaluation, the reference and the
	// trace agree on the bound.
	p = Defaults()
	for k := kKsBaseCoverByPiece; k <= kKsAttackSub; k++ {
		p.Scalars[k] = MaxParam
	}
	p.Scalars[kKsAttackSub] = -MaxParam
	ev = NewWithParams(p)
	pos := chess.MustParseFEN("8/2Q1Q3/1Q3Q2/3k4/1Q3Q2/2Q1Q3/8/4K3 w - - 0 1")
	tr := ev.Trace(pos)
	if u := tr.Units(p, chess.Black); u <= 9000 {
		t.Fatalf("king danger units %d, want more than the cap of 9,000 for this test", u)
	}
	if kd := tr.KingDanger(p, chess.Black); kd != (Score{9000 * 9000 / 4096, 9000 / 16}) {
		t.Errorf("king danger %v past the cap, want %v", kd, Score{9000 * 9000 / 4096, 9000 / 16})
	}
	if v := ev.Evaluate(pos); v != MaxScore || tr.Eval != v || tr.Evaluate(p) != v {
		t.Errorf("eight queens round a bare king: Evaluate %d, trace %d, recomputed %d; want %d", v, tr.Eval, tr.Evaluate(p), MaxScore)
	}
}
