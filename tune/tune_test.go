package tune

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/chess"
	"vireo/data"
	"vireo/eval"
)

const epdPath = "../../shared/data/labeled/engine-games.epd"

// sample loads the first n positions of the shared labelled file, all
// into the training set, skipping the test if the file is missing.
func sample(t testing.TB, n int, p *eval.Params) *Dataset {
	t.Helper()
	if _, err := os.Stat(epdPath); err != nil {
		t.Skipf("no labelled positions: %v", err)
	}
	train, valid, st, err := Load(LoadOptions{Files: []string{epdPath}, Limit: n, Params: p, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	if train.Len() != n || valid.Len() != 0 || st.Positions != n {
		t.Fatalf("loaded %d + %d positions (%d read), want %d", train.Len(), valid.Len(), st.Positions, n)
	}
	return train
}

// samplePositions reads the first n positions as chess positions.
func samplePositions(t testing.TB, n int) []*chess.Position {
	t.Helper()
	f, err := os.Open(epdPath)
	if err != nil {
		t.Skipf("no labelled positions: %v", err)
	}
	defer f.Close()
	r := data.NewLabeledReader(f, epdPath)
	var out []*chess.Position
	for len(out) < n {
		l, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, l.Pos)
	}
	return out
}

// perturbed returns the defaults with every tunable value moved at random.
func perturbed(seed int64) *eval.Params {
	r := rand.New(rand.NewSource(seed))
	v := VectorOf(eval.Defaults())
	for i := range v {
		if Tunable(i) {
			v[i] += float64(r.Intn(21) - 10)
		}
	}
	return v.Params()
}

// TestSparseReproducesEvaluation checks the in-memory form against the
// evaluator: the linear part exactly equals Trace.Linear and the whole
// integer evaluation equals the engine's, for the parameters the data was
// traced with and (for the linear part, which a trace does not fix) for
// other parameters.
func TestSparseReproducesEvaluation(t *testing.T) {
	const n = 3000
	d := sample(t, n, nil)
	pos := samplePositions(t, n)
	def := eval.New()
	alt := perturbed(1)
	big := eval.Defaults()
	for k := range big.Scalars {
		if eval.ScalarGroup(k) == eval.KingV {
			big.Scalars[k] = 5000
		}
	}
	wd, wa, wb := ints(eval.Defaults()), ints(alt), ints(big)
	huge := 0
	for j, p := range pos {
		tr := def.Trace(p)
		want := def.Evaluate(p)
		if p.SideToMove() == chess.Black {
			want = -want
		}
		if got := d.evalInt(j, wd); int(got) != want {
			t.Fatalf("%s: sparse evaluation %d, engine %d", p.FEN(), got, want)
		}
		mg, eg := d.linear(j, wa)
		wmg, weg := tr.Linear(alt)
		if int(mg) != wmg || int(eg) != weg {
			t.Fatalf("%s: sparse linear part (%d, %d) with other parameters, trace (%d, %d)", p.FEN(), mg, eg, wmg, weg)
		}
		v := tr.Evaluate(alt)
		if p.SideToMove() == chess.Black {
			v = -v
		}
		if got := d.evalInt(j, wa); int(got) != v {
			t.Fatalf("%s: sparse evaluation %d with other parameters, trace %d", p.FEN(), got, v)
		}
		// King danger far beyond any tuned table (units past what a
		// 32-bit square holds): the cap keeps the two equal.
		v = tr.Evaluate(big)
		if p.SideToMove() == chess.Black {
			v = -v
		}
		if got := d.evalInt(j, wb); int(got) != v {
			t.Fatalf("%s: sparse evaluation %d with king-danger scalars at 5,000, trace %d", p.FEN(), got, v)
		}
		if tr.Units(big, chess.White) > 46341 || tr.Units(big, chess.Black) > 46341 {
			huge++
		}
	}
	if huge == 0 {
		t.Error("no position with more than 46,341 king-danger units: the check above proves nothing")
	}
	if b := float64(d.Bytes()) / float64(d.Len()); b > 250 {
		t.Errorf("%.0f bytes per position, want at most 250", b)
	}
}

// TestGradientMatchesFiniteDifferences compares the analytic gradient of
// the float error with central differences, for every value with a
// gradient, including the king-danger and scale scalars.
func TestGradientMatchesFiniteDifferences(t *testing.T) {
	d := sample(t, 400, nil)
	// Fractional weights: with integers, a scale sum sitting exactly on
	// its clamp or king-danger units exactly at 0 are kinks, where a
	// central difference averages two one-sided slopes.
	w := VectorOf(perturbed(2))
	r := rand.New(rand.NewSource(4))
	for i := range w {
		if Tunable(i) {
			w[i] += 0.1 + 0.8*r.Float64()
		}
	}
	const k = 1.1
	grad := make([]float64, NumValues)
	d.lossGrad(w, k, grad, 2)
	checked, scalars := 0, 0
	for i := range w {
		if !Tunable(i) {
			continue
		}
		const h = 1e-3
		x := w[i]
		w[i] = x + h
		up := d.lossGrad(w, k, nil, 2)
		w[i] = x - h
		down := d.lossGrad(w, k, nil, 2)
		w[i] = x
		fd := (up - down) / (2 * h)
		if math.Abs(fd-grad[i]) > 1e-4*math.Abs(fd)+1e-11 {
			t.Errorf("value %d (%s): gradient %.6g, finite difference %.6g", i, GroupOf(i), grad[i], fd)
		}
		if grad[i] != 0 {
			checked++
			if i >= scalarBase {
				scalars++
			}
		}
	}
	if checked < 300 || scalars < 10 {
		t.Fatalf("only %d non-zero gradients checked (%d scalars)", checked, scalars)
	}
}

// TestFitKFindsKnownK draws results from the sigmoid with a known K and
// checks that the line search recovers it.
func TestFitKFindsKnownK(t *testing.T) {
	d := sample(t, 5000, nil).Repeat(10)
	ev := d.Evals(eval.Defaults(), 2)
	r := rand.New(rand.NewSource(3))
	for _, k0 := range []float64{0.7, 1.3} {
		// Bernoulli results with mean sigmoid(k0, v): the squared error is
		// a proper scoring rule, so its minimum is at k0.
		for j := range d.hdr {
			if r.Float64() < sigmoid(k0, float64(ev[j])) {
				d.hdr[j].target = targetScale
			} else {
				d.hdr[j].target = 0
			}
		}
		k, _ := d.FitK(eval.Defaults(), 2)
		if math.Abs(k-k0) > 0.05*k0 {
			t.Errorf("FitK found %.4f, want %.2f", k, k0)
		}
	}
}

// TestMalformedLinesReported checks that bad lines are reported with
// their file and line numbers and skipped, or stop a strict load.
func TestMalformedLinesReported(t *testing.T) {
	good := `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 "1-0";`
	lines := []string{good, good, "this is not a position", good, `8/8/8/8/8/8/8/8 w - - c9 "1-0";`, "# comment", good}
	path := filepath.Join(t.TempDir(), "bad.epd")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var bad []*data.LabeledError
	train, valid, st, err := Load(LoadOptions{Files: []string{path}, OnBad: func(err error) {
		var le *data.LabeledError
		if !errors.As(err, &le) {
			t.Fatalf("OnBad got %T %v", err, err)
		}
		bad = append(bad, le)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if train.Len()+valid.Len() != 4 || st.Positions != 4 || st.Bad != 2 {
		t.Fatalf("loaded %d positions (%d bad), want 4 and 2", train.Len()+valid.Len(), st.Bad)
	}
	if len(bad) != 2 || bad[0].Line != 3 || bad[1].Line != 5 || bad[0].File != path {
		t.Fatalf("bad lines %v, want lines 3 and 5 of %s", bad, path)
	}
	// A limit reached before a bad line: the line is never reported.
	_, _, st, err = Load(LoadOptions{Files: []string{path}, Limit: 2, Strict: true})
	if err != nil || st.Positions != 2 || st.Bad != 0 {
		t.Fatalf("limit 2: %d positions, %d bad, %v", st.Positions, st.Bad, err)
	}
	_, _, _, err = Load(LoadOptions{Files: []string{path}, Strict: true})
	var le *data.LabeledError
	if !errors.As(err, &le) || le.Line != 3 || !strings.Contains(err.Error(), path+":3:") {
		t.Fatalf("strict load: %v, want an error at %s:3", err, path)
	}
}

// TestLoadRefusesEntryOverflow: a data set with more trace entries than
// the headers' 32-bit offsets reach is refused with a message that says
// what to do, instead of loading with wrapped offsets (every position
// after the wrap would be scored with another's entries). The bound is
// lowered to reach it with a small file.
func TestLoadRefusesEntryOverflow(t *testing.T) {
	line := `r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - c9 "1/2-1/2";`
	path := filepath.Join(t.TempDir(), "many.epd")
	if err := os.WriteFile(path, []byte(strings.Repeat(line+"\n", 300)), 0o644); err != nil {
		t.Fatal(err)
	}
	train, _, st, err := Load(LoadOptions{Files: []string{path}, maxEntries: 1 << 20})
	if err != nil || st.Positions != 300 {
		t.Fatalf("under the bound: %d positions, %v; want 300 and no error", st.Positions, err)
	}
	if n := len(train.ent); n <= 1000 {
		t.Fatalf("300 positions hold %d entries: the test needs more than its bound of 1,000", n)
	}
	_, _, _, err = Load(LoadOptions{Files: []string{path}, maxEntries: 1000})
	if err == nil || !strings.Contains(err.Error(), "--limit") {
		t.Fatalf("over the bound: %v, want an error that names --limit", err)
	}
}

// TestValidationSplit checks the share held out and that the split does
// not depend on anything but the position.
func TestValidationSplit(t *testing.T) {
	if _, err := os.Stat(epdPath); err != nil {
		t.Skip(err)
	}
	for _, block := range []int{0, 100} {
		train, valid, _, err := Load(LoadOptions{Files: []string{epdPath}, Limit: 50000, Validation: 0.1, Block: block})
		if err != nil {
			t.Fatal(err)
		}
		share := float64(valid.Len()) / float64(train.Len()+valid.Len())
		// 500 blocks of 100: the share's standard deviation is 0.013.
		if tol := map[bool]float64{false: 0.015, true: 0.04}[block > 0]; math.Abs(share-0.1) > tol {
			t.Fatalf("block %d: validation share %.3f, want about 0.1", block, share)
		}
		if block > 0 && valid.Len()%block != 0 {
			t.Fatalf("block %d: %d positions held out, not whole blocks", block, valid.Len())
		}
	}
}

// TestPlotErrors draws a falling training and validation curve and
// checks the picture: its size and both colours present.
func TestPlotErrors(t *testing.T) {
	var h []Epoch
	for i := 1; i <= 300; i++ {
		h = append(h, Epoch{N: i, Train: 0.06 + 0.03/float64(i), Valid: 0.085 + 0.02/float64(i)})
	}
	var b bytes.Buffer
	if err := PlotErrors(&b, h); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 640 || img.Bounds().Dy() != 400 {
		t.Fatalf("image %v", img.Bounds())
	}
	var blue, red int
	for y := 0; y < 400; y++ {
		for x := 0; x < 640; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			switch {
			case bl>>8 == 200 && r>>8 == 30 && g>>8 == 80:
				blue++
			case r>>8 == 210 && g>>8 == 40:
				red++
			}
		}
	}
	if blue < 600 || red < 600 {
		t.Fatalf("%d blue and %d red pixels, want both curves drawn", blue, red)
	}
}

// TestValidationByGame: lines that name their game are held out whole
// games at a time, whatever the block size, even when a game's lines
// are spread over the file.
func TestValidationByGame(t *testing.T) {
	if _, err := os.Stat(epdPath); err != nil {
		t.Skip(err)
	}
	f, err := os.Open(epdPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const games, per = 200, 10
	var b strings.Builder
	sc := bufio.NewScanner(f)
	for i := 0; i < games*per && sc.Scan(); i++ {
		// Game i%games: its positions are 200 lines apart.
		fmt.Fprintf(&b, "%s game 1.%d; ply %d;\n", sc.Text(), i%games, i/games)
	}
	path := filepath.Join(t.TempDir(), "games.epd")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	const seed = 5
	share := 0.2
	train, valid, st, err := Load(LoadOptions{Files: []string{path}, Validation: 0.2, Block: 100, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	held := 0
	for g := range games {
		if splitHash(gameKey(fmt.Sprintf("1.%d", g))^seed)>>32 < uint64(share*(1<<32)) {
			held++
		}
	}
	if !st.ByGame || valid.Len() != held*per || train.Len()+valid.Len() != games*per {
		t.Fatalf("by game %v: %d held out and %d trained; want %d games of %d held out", st.ByGame, valid.Len(), train.Len(), held, per)
	}
	if held < 20 || held > 60 {
		t.Fatalf("%d of %d games held out at 0.2", held, games)
	}
}

// TestLambdaTarget blends the result with the line's score (the score
// alone at weight 1, tune's --lambda 0), and refuses a line without a
// score when a blend needs one.
func TestLambdaTarget(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "blend.epd")
	os.WriteFile(path, []byte(`4k3/8/8/8/8/8/4P3/4K3 w - - ce 400; c9 "0-1";`+"\n"+
		`4k3/8/8/8/8/8/4P3/4K3 b - - ce 400; c9 "1-0";`+"\n"), 0o644)
	train, _, _, err := Load(LoadOptions{Files: []string{path}, ScoreWeight: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	// White's view: +400 with White to move, -400 with Black to move.
	for j, want := range []float64{0.5 * (1 / 1.1), 0.5 + 0.5*(1/(1+10.0))} {
		if got := train.Result(j); math.Abs(got-want) > 0.5/targetScale {
			t.Errorf("position %d: target %.4f, want %.4f", j, got, want)
		}
	}
	// A score scale of 2 reads +400 as a result of 1/(1+10^-2).
	train, _, _, _ = Load(LoadOptions{Files: []string{path}, ScoreWeight: 0.5, ScoreK: 2})
	if got, want := train.Result(0), 0.5*(1/1.01); math.Abs(got-want) > 0.5/targetScale {
		t.Errorf("score K 2: target %.4f, want %.4f", got, want)
	}
	train, _, _, _ = Load(LoadOptions{Files: []string{path}, ScoreWeight: 1})
	if got, want := train.Result(0), 1/1.1; math.Abs(got-want) > 0.5/targetScale {
		t.Errorf("score alone: target %.4f, want %.4f", got, want)
	}
	train, _, _, _ = Load(LoadOptions{Files: []string{path}})
	if train.Result(0) != 0 || train.Result(1) != 1 {
		t.Errorf("lambda 1: targets %v %v, want the results 0 and 1", train.Result(0), train.Result(1))
	}
	noScore := filepath.Join(dir, "noscore.epd")
	os.WriteFile(noScore, []byte(`4k3/8/8/8/8/8/4P3/4K3 w - - c9 "0-1";`+"\n"), 0o644)
	_, _, _, err = Load(LoadOptions{Files: []string{noScore}, ScoreWeight: 0.5, Strict: true})
	if err == nil || !strings.Contains(err.Error(), "noscore.epd:1:") || !strings.Contains(err.Error(), "no score") {
		t.Fatalf("blend without a score: %v", err)
	}
}

// TestFitScoreK finds the scale that made the results: at each score s,
// the share of wins is 1/(1+10^(-1.5 s/400)) to the nearest of 400 lines.
func TestFitScoreK(t *testing.T) {
	var b strings.Builder
	for s := -300; s <= 300; s += 20 {
		p := sigmoid(1.5, float64(s))
		wins := int(math.Round(p * 400))
		for i := range 400 {
			res := "0-1"
			if i < wins {
				res = "1-0"
			}
			// Black to move half the time: the score is the side to move's.
			if i%2 == 0 {
				fmt.Fprintf(&b, "4k3/8/8/8/8/8/4P3/4K3 w - - ce %d; c9 \"%s\";\n", s, res)
			} else {
				fmt.Fprintf(&b, "4k3/8/8/8/8/8/4P3/4K3 b - - ce %d; c9 \"%s\";\n", -s, res)
			}
		}
	}
	b.WriteString("not a line\n4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\";\n")
	path := filepath.Join(t.TempDir(), "k.epd")
	os.WriteFile(path, []byte(b.String()), 0o644)
	k, mse, n, err := FitScoreK([]string{path}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(k-1.5) > 0.02 || n != 31*400 || mse <= 0.1 || mse > 0.25 {
		t.Errorf("k %.4f, error %.4f over %d lines; want k 1.5 over %d", k, mse, n, 31*400)
	}
	if _, _, n, _ := FitScoreK([]string{path}, 4000); n != 4000 {
		t.Errorf("limit 4000: %d lines", n)
	}
	noScore := filepath.Join(t.TempDir(), "none.epd")
	os.WriteFile(noScore, []byte("4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\";\n"), 0o644)
	if _, _, _, err := FitScoreK([]string{noScore}, 0); err == nil {
		t.Errorf("no scores: no error")
	}
}
