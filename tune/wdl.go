package tune

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"

	"vireo/data"
	"vireo/search"
)

// The WDL fit: the eight coefficients of search.WDLModel, fitted by
// maximum likelihood to labelled positions that carry the engine's own
// search score ("ce", side to move) and the game's result, the way
// Stockfish fits its win-draw-loss model to its own games.

// WDLSample is one position of the fit, from the side to move's view.
type WDLSample struct {
	Score    float32 // centipawns
	Material uint8   // search.Material
	Outcome  uint8   // 0 loss, 1 draw, 2 win
}

// WDLLoadOptions say which positions to read.
type WDLLoadOptions struct {
	Files []string
	// Sample keeps about this many positions, spread evenly over the
	// files by a seeded hash of the line number (0: all).
	Sample int
	// Validation holds out this share of the kept positions in runs of
	// 1024 consecutive lines (so that a game's positions stay on one
	// side), chosen by a hash with Seed.
	Validation float64
	Seed       uint64
	// MaxScore leaves out positions scored beyond it (mates and
	// adjudicated wins tell nothing about the curve; 0: 4000).
	MaxScore int
	// OnBad, if set, receives each malformed line (a *data.LabeledError
	// naming file and line) before it is skipped and counted.
	OnBad func(error)
}

// WDLLoadStats say what the loader read and kept.
type WDLLoadStats struct {
	Lines, Bad, NoScore, Mates, Kept int
}

// LoadWDL reads labelled positions with scores for the WDL fit.
func LoadWDL(opt WDLLoadOptions) (train, valid []WDLSample, st WDLLoadStats, err error) {
	maxScore := opt.MaxScore
	if maxScore <= 0 {
		maxScore = 4000
	}
	total := 0
	if opt.Sample > 0 {
		for _, f := range opt.Files {
			n, err := countLines(f)
			if err != nil {
				return nil, nil, st, err
			}
			total += n
		}
	}
	keep := func(i int) bool {
		if opt.Sample <= 0 || opt.Sample >= total {
			return true
		}
		h := splitHash(uint64(i) ^ opt.Seed*0x9e3779b97f4a7c15)
		return float64(h>>11)/(1<<53) < float64(opt.Sample)/float64(total)
	}
	idx := 0
	for _, name := range opt.Files {
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, st, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		lineNo := 0
		for sc.Scan() {
			lineNo++
			line := strings.TrimSpace(sc.Text())
			if line == "" || line[0] == '#' {
				continue
			}
			i := idx
			idx++
			st.Lines++
			if !keep(i) {
				continue
			}
			l, err := data.ParseLabeled(line)
			if err != nil {
				st.Bad++
				if opt.OnBad != nil {
					opt.OnBad(&data.LabeledError{File: name, Line: lineNo, Msg: err.Error()})
				}
				continue
			}
			if !l.HasScore {
				st.NoScore++
				continue
			}
			if l.Score >= search.MateInMax || l.Score <= -search.MateInMax || l.Score > maxScore || l.Score < -maxScore {
				st.Mates++
				continue
			}
			r := l.Result // White's
			if l.Pos.SideToMove() != 0 {
				r = 1 - r
			}
			s := WDLSample{Score: float32(l.Score), Material: uint8(min(search.Material(l.Pos), 255)), Outcome: uint8(math.Round(2 * r))}
			st.Kept++
			if opt.Validation > 0 && float64(splitHash(uint64(i/1024)^opt.Seed)>>11)/(1<<53) < opt.Validation {
				valid = append(valid, s)
			} else {
				train = append(train, s)
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, nil, st, fmt.Errorf("%s:%d: %w", name, lineNo+1, err)
		}
	}
	return train, valid, st, nil
}

// countLines counts the position lines of a file (blank and comment
// lines left out), as LoadWDL numbers them.
func countLines(name string) (int, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	n, lineNo := 0, 0
	for sc.Scan() {
		lineNo++
		if line := strings.TrimSpace(sc.Text()); line != "" && line[0] != '#' {
			n++
		}
	}
	if err := sc.Err(); err != nil {
		return n, fmt.Errorf("%s:%d: %w", name, lineNo+1, err)
	}
	return n, nil
}

// wdlVector and wdlModel convert between the model and the fit's
// weights: A[0..3] then B[0..3].
func wdlVector(m search.WDLModel) []float64 {
	return append(append([]float64(nil), m.A[:]...), m.B[:]...)
}

func wdlModel(w []float64) search.WDLModel {
	var m search.WDLModel
	copy(m.A[:], w[:4])
	copy(m.B[:], w[4:8])
	return m
}

// WDLLoss returns the mean negative log-likelihood of the outcomes
// under the model with weights w and, if grad is not nil, its gradient.
func WDLLoss(samples []WDLSample, w []float64, grad []float64, workers int) float64 {
	if len(samples) == 0 {
		return 0
	}
	grads := make([][8]float64, max(workers, runtime.GOMAXPROCS(0)))
	s := parallelSum(len(samples), workers, func(wk, lo, hi int) float64 {
		var g [8]float64
		var sum float64
		for _, x := range samples[lo:hi] {
			t := search.WDLT(int(x.Material))
			pw := [4]float64{1, t, t * t, t * t * t}
			a := w[0] + w[1]*t + w[2]*t*t + w[3]*t*t*t
			b := w[4] + w[5]*t + w[6]*t*t + w[7]*t*t*t
			// The model clamps a and b below (search.WDLParamMin): no
			// gradient through a clamped value.
			da, db := 1.0, 1.0
			if a < search.WDLParamMin {
				a, da = search.WDLParamMin, 0
			}
			if b < search.WDLParamMin {
				b, db = search.WDLParamMin, 0
			}
			s := float64(x.Score)
			xw, xl := (s-a)/b, (-s-a)/b
			Pw, Pl := 1/(1+math.Exp(-xw)), 1/(1+math.Exp(-xl))
			// dP/da and dP/db for a win and a loss; a draw is the rest.
			dWa, dWb := -Pw*(1-Pw)/b, -Pw*(1-Pw)*xw/b
			dLa, dLb := -Pl*(1-Pl)/b, -Pl*(1-Pl)*xl/b
			var p, dpa, dpb float64
			switch x.Outcome {
			case 2:
				p, dpa, dpb = Pw, dWa, dWb
			case 0:
				p, dpa, dpb = Pl, dLa, dLb
			default:
				p, dpa, dpb = 1-Pw-Pl, -dWa-dLa, -dWb-dLb
			}
			p = max(p, 1e-12)
			sum -= math.Log(p)
			if grad != nil {
				ga, gb := -dpa/p*da, -dpb/p*db
				for j := range 4 {
					g[j] += ga * pw[j]
					g[4+j] += gb * pw[j]
				}
			}
		}
		grads[wk] = g
		return sum
	})
	n := float64(len(samples))
	if grad != nil {
		clear(grad)
		for _, g := range grads {
			for j := range g {
				grad[j] += g[j] / n
			}
		}
	}
	return s / n
}

// WDLFitOptions configure the fit: full-batch Adam (the tuner's step,
// adam.go) on the mean negative log-likelihood, in centipawns per step.
type WDLFitOptions struct {
	LR, Decay float64
	MaxEpochs int
	Tol       float64 // stop when Window epochs improve by less than Tol (relative)
	Window    int
	Workers   int
	// OnEpoch is called after every epoch; returning false stops the fit.
	OnEpoch func(epoch int, loss float64, m search.WDLModel) bool
}

// DefaultWDLFit converges from the flat start model (DefaultWDLStart) on
// a few hundred thousand positions in about a thousand epochs.
func DefaultWDLFit() WDLFitOptions {
	return WDLFitOptions{LR: 4, Decay: 0.997, MaxEpochs: 4000, Tol: 1e-7, Window: 100}
}

// DefaultWDLStart is where a fit starts: a and b constant.
var DefaultWDLStart = search.WDLModel{A: [4]float64{150, 0, 0, 0}, B: [4]float64{100, 0, 0, 0}}

// FitWDL fits the model to the samples from start and returns it with
// the loss per epoch.
func FitWDL(samples []WDLSample, start search.WDLModel, opt WDLFitOptions) (search.WDLModel, []float64) {
	w := wdlVector(start)
	grad := make([]float64, len(w))
	st := newAdamState(len(w), 0.9, 0.999)
	var hist []float64
	best, bestW := math.Inf(1), append([]float64(nil), w...)
	lr := opt.LR
	for n := 1; n <= opt.MaxEpochs; n++ {
		loss := WDLLoss(samples, w, grad, opt.Workers)
		hist = append(hist, loss)
		if loss < best {
			best = loss
			copy(bestW, w)
		}
		st.step(w, grad, nil, lr)
		lr *= opt.Decay
		if opt.OnEpoch != nil && !opt.OnEpoch(n, loss, wdlModel(w)) {
			break
		}
		if stalled(hist, opt.Window, opt.Tol) {
			break
		}
	}
	return wdlModel(bestW), hist
}

// WDLBucket is one score bucket of the calibration table: the observed
// rates of its positions and the mean of the model's probabilities.
type WDLBucket struct {
	Lo, Hi    int // score range [Lo, Hi)
	N         int
	Obs, Pred [3]float64 // win, draw, loss rates
}

// WDLCalibration buckets the samples with material in [matLo, matHi] by
// score (width cp, from -limit to limit; scores beyond go to the end
// buckets) and compares observed and predicted rates.
func WDLCalibration(samples []WDLSample, m search.WDLModel, width, limit, matLo, matHi int) []WDLBucket {
	nb := 2 * limit / width
	bs := make([]WDLBucket, nb)
	for i := range bs {
		bs[i].Lo, bs[i].Hi = -limit+i*width, -limit+(i+1)*width
	}
	for _, x := range samples {
		if int(x.Material) < matLo || int(x.Material) > matHi {
			continue
		}
		i := min(max(int(math.Floor(float64(x.Score)+float64(limit)))/width, 0), nb-1)
		b := &bs[i]
		b.N++
		b.Obs[2-x.Outcome]++ // outcome 2 (win) counts in Obs[0]
		w, d, l := m.Probs(float64(x.Score), int(x.Material))
		b.Pred[0] += w
		b.Pred[1] += d
		b.Pred[2] += l
	}
	for i := range bs {
		if n := float64(bs[i].N); n > 0 {
			for k := range 3 {
				bs[i].Obs[k] /= n
				bs[i].Pred[k] /= n
			}
		}
	}
	return bs
}

// CalibrationError is the mean over positions of |predicted - observed|
// win, draw and loss rates of their buckets (each rate's own mean).
func CalibrationError(bs []WDLBucket) [3]float64 {
	var e [3]float64
	n := 0
	for _, b := range bs {
		for k := range 3 {
			e[k] += float64(b.N) * math.Abs(b.Pred[k]-b.Obs[k])
		}
		n += b.N
	}
	for k := range e {
		e[k] /= float64(max(n, 1))
	}
	return e
}

// GoLiteral prints the model as the Go literal search.DefaultWDL holds.
func GoLiteral(m search.WDLModel) string {
	f := func(x [4]float64) string {
		return fmt.Sprintf("%.3f, %.3f, %.3f, %.3f", x[0], x[1], x[2], x[3])
	}
	return fmt.Sprintf("search.WDLModel{\n\tA: [4]float64{%s},\n\tB: [4]float64{%s},\n}", f(m.A), f(m.B))
}
