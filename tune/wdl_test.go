package tune

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/search"
)

// The fit recovers a known model from outcomes drawn from it.
func TestFitWDLRecoversModel(t *testing.T) {
	truth := search.WDLModel{A: [4]float64{120, -40, 30, 10}, B: [4]float64{90, 20, -10, 5}}
	r := rand.New(rand.NewPCG(3, 4))
	var samples []WDLSample
	for range 60000 {
		mat := 4 + r.IntN(75)
		s := r.NormFloat64() * 250
		w, d, _ := truth.Probs(s, mat)
		u := r.Float64()
		o := uint8(0)
		switch {
		case u < w:
			o = 2
		case u < w+d:
			o = 1
		}
		samples = append(samples, WDLSample{Score: float32(s), Material: uint8(mat), Outcome: o})
	}
	opt := DefaultWDLFit()
	opt.MaxEpochs = 1500
	m, hist := FitWDL(samples, DefaultWDLStart, opt)
	if hist[len(hist)-1] >= hist[0] {
		t.Fatalf("loss did not fall: %v -> %v", hist[0], hist[len(hist)-1])
	}
	truthLoss := WDLLoss(samples, wdlVector(truth), nil, 0)
	fitLoss := WDLLoss(samples, wdlVector(m), nil, 0)
	t.Logf("%d epochs; loss %.5f (truth %.5f); fitted %s", len(hist), fitLoss, truthLoss, GoLiteral(m))
	if fitLoss > truthLoss+1e-4 {
		t.Errorf("fitted loss %.5f worse than the true model's %.5f", fitLoss, truthLoss)
	}
	// a and b within a few centipawns where the data is dense.
	for _, mat := range []int{10, 25, 40, 55, 70} {
		ta, tb := truth.Params(mat)
		fa, fb := m.Params(mat)
		if math.Abs(ta-fa) > 8 || math.Abs(tb-fb) > 8 {
			t.Errorf("material %d: a %.1f b %.1f, want %.1f %.1f", mat, fa, fb, ta, tb)
		}
	}
}

// The gradient of the loss agrees with finite differences.
func TestWDLLossGradient(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var samples []WDLSample
	for range 500 {
		samples = append(samples, WDLSample{Score: float32(r.NormFloat64() * 300), Material: uint8(r.IntN(79)), Outcome: uint8(r.IntN(3))})
	}
	w := []float64{110, -20, 15, 5, 95, 10, -5, 3}
	grad := make([]float64, 8)
	WDLLoss(samples, w, grad, 1)
	for i := range w {
		const h = 1e-4
		wp := append([]float64(nil), w...)
		wm := append([]float64(nil), w...)
		wp[i] += h
		wm[i] -= h
		num := (WDLLoss(samples, wp, nil, 1) - WDLLoss(samples, wm, nil, 1)) / (2 * h)
		if math.Abs(num-grad[i]) > 1e-6+1e-4*math.Abs(num) {
			t.Errorf("weight %d: gradient %.8g, finite difference %.8g", i, grad[i], num)
		}
	}
}

// Calibration buckets of the true model's own draws agree with it.
func TestWDLCalibration(t *testing.T) {
	m := search.WDLModel{A: [4]float64{100}, B: [4]float64{80}}
	r := rand.New(rand.NewPCG(8, 9))
	var samples []WDLSample
	for range 40000 {
		s := r.NormFloat64() * 300
		w, d, _ := m.Probs(s, 40)
		u, o := r.Float64(), uint8(0)
		if u < w {
			o = 2
		} else if u < w+d {
			o = 1
		}
		samples = append(samples, WDLSample{Score: float32(s), Material: 40, Outcome: o})
	}
	bs := WDLCalibration(samples, m, 50, 800, 0, 255)
	if e := CalibrationError(bs); e[0] > 0.02 || e[1] > 0.02 || e[2] > 0.02 {
		t.Errorf("calibration error of the true model %v", e)
	}
	n := 0
	for _, b := range bs {
		n += b.N
	}
	if n != len(samples) {
		t.Errorf("buckets hold %d of %d samples", n, len(samples))
	}
}

// A line the reader cannot take is an error naming the file and line,
// with and without sampling (which counts the lines first).
func TestLoadWDLLongLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.epd")
	text := "8/8/8/8/8/8/8/K1k5 w - - c9 \"1/2-1/2\"; ce 0;\n# " + strings.Repeat("x", 2<<20) + "\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sample := range []int{0, 10} {
		_, _, _, err := LoadWDL(WDLLoadOptions{Files: []string{path}, Sample: sample})
		if err == nil || !strings.Contains(err.Error(), path+":2:") {
			t.Errorf("sample %d: error %v, want one naming %s:2", sample, err, path)
		}
	}
}

// A malformed line is counted, skipped and handed to OnBad with its file
// and line, so that the command can name it.
func TestLoadWDLNamesBadLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.epd")
	text := "8/8/8/8/8/8/8/K1k5 w - - ce 0; c9 \"1/2-1/2\";\nnot a position\n# comment\n8/8/8/8/8/8/1R6/K5k1 w - - ce 900; c9 \"1-0\";\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var bad []string
	train, _, st, err := LoadWDL(WDLLoadOptions{Files: []string{path}, OnBad: func(err error) { bad = append(bad, err.Error()) }})
	if err != nil || st.Bad != 1 || len(train) != 2 {
		t.Fatalf("err %v, stats %+v, %d kept", err, st, len(train))
	}
	if len(bad) != 1 || !strings.HasPrefix(bad[0], path+":2:") {
		t.Errorf("OnBad got %q, want one error naming %s:2", bad, path)
	}
}
