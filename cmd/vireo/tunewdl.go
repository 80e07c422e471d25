package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"time"

	"vireo/data"
	"vireo/search"
	"vireo/tune"
)

// tuneWDL fits the win-draw-loss model of UCI_ShowWDL (search.WDLModel)
// to labelled positions with the engine's own scores (docs/wdl.md).
func tuneWDL(args []string) int {
	fs := flag.NewFlagSet("tune wdl", flag.ContinueOnError)
	var files fileList
	fs.Var(&files, "data", "labelled positions with scores, \"FEN ce S; c9 R;\" (repeatable)")
	sample := fs.Int("sample", 300000, "fit about this many positions, spread evenly over the files (0: all)")
	validation := fs.Float64("validation", 0.1, "share held out to check the fit (runs of 1024 lines)")
	seed := fs.Uint64("seed", 1, "seed of the sample and the split")
	maxScore := fs.Int("max-score", 4000, "leave out positions scored beyond this (centipawns)")
	out := fs.String("out", "", "PNG plot of predicted against observed rates by score bucket")
	threads := fs.Int("threads", 0, "worker goroutines (0: all cores)")
	epochs := fs.Int("epochs", tune.DefaultWDLFit().MaxEpochs, "at most this many Adam epochs")
	quiet := fs.Bool("q", false, "no progress line")
	check := fs.Bool("check", false, "no fit: report on (and plot) the compiled-in model, search.DefaultWDL")
	if err := parseFlags(fs, args); err != nil {
		return flagExit(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "tune wdl: unexpected argument %q (give --data once per file; flags only)\n", fs.Arg(0))
		return 2
	}
	if len(files) == 0 {
		fmt.Fprintln(os.Stderr, "tune wdl: --data is required")
		return 2
	}
	if *out != "" {
		if err := data.DistinctOutput(*out, files...); err != nil {
			fmt.Fprintf(os.Stderr, "tune wdl: --out: %v\n", err)
			return 2
		}
	}
	if !workersInRange("tune wdl", "--threads", *threads) {
		return 2
	}
	if !(*validation >= 0 && *validation < 1) {
		fmt.Fprintf(os.Stderr, "tune wdl: --validation %g: want a share from 0 up to (not including) 1\n", *validation)
		return 2
	}
	if *epochs < 1 {
		fmt.Fprintf(os.Stderr, "tune wdl: --epochs %d: want at least 1\n", *epochs)
		return 2
	}
	if *maxScore < 1 {
		fmt.Fprintf(os.Stderr, "tune wdl: --max-score %d: want 1 centipawn or more\n", *maxScore)
		return 2
	}
	if *sample < 0 {
		fmt.Fprintf(os.Stderr, "tune wdl: --sample %d: want 0 (all) or more positions\n", *sample)
		return 2
	}
	t0 := time.Now()
	bad := 0
	train, valid, st, err := tune.LoadWDL(tune.WDLLoadOptions{Files: files, Sample: *sample, Validation: *validation, Seed: *seed, MaxScore: *maxScore,
		OnBad: func(err error) {
			// Every malformed line is named, up to a point; the count
			// is always reported below.
			if bad++; bad <= 20 {
				fmt.Fprintf(os.Stderr, "tune wdl: skipped %v\n", err)
			}
		}})
	if err != nil {
		fmt.Fprintf(os.Stderr, "tune wdl: %v\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "read %d lines in %v: kept %d (training %d, validation %d); left out %d malformed, %d without a score, %d mates or beyond %d cp\n",
		st.Lines, time.Since(t0).Round(time.Millisecond), st.Kept, len(train), len(valid), st.Bad, st.NoScore, st.Mates, *maxScore)
	if len(train) == 0 {
		fmt.Fprintln(os.Stderr, "tune wdl: no positions to fit")
		return 1
	}
	m := search.DefaultWDL
	if !*check {
		opt := tune.DefaultWDLFit()
		opt.MaxEpochs, opt.Workers = *epochs, *threads
		stop := interrupted()
		t1 := time.Now()
		opt.OnEpoch = func(n int, loss float64, m search.WDLModel) bool {
			if !*quiet && (n%50 == 0 || n == 1) {
				fmt.Fprintf(os.Stderr, "\repoch %d: loss %.6f (%v)\x1b[K", n, loss, time.Since(t1).Round(time.Second))
			}
			return !stop()
		}
		var hist []float64
		m, hist = tune.FitWDL(train, tune.DefaultWDLStart, opt)
		if !*quiet {
			fmt.Fprintln(os.Stderr)
		}
		if len(hist) == 0 {
			fmt.Fprintln(os.Stderr, "tune wdl: stopped before the first epoch; nothing fitted")
			return 1
		}
		fmt.Printf("fit: %d epochs in %v; training loss (mean negative log-likelihood) from %.6f at the start\n",
			len(hist), time.Since(t1).Round(time.Millisecond), hist[0])
	}
	grad := make([]float64, 8)
	tune.WDLLoss(train, w8(m), grad, *threads)
	fmt.Printf("gradient of the training loss: %.2e %.2e %.2e %.2e | %.2e %.2e %.2e %.2e\n", grad[0], grad[1], grad[2], grad[3], grad[4], grad[5], grad[6], grad[7])
	report := func(name string, s []tune.WDLSample) {
		if len(s) == 0 {
			return
		}
		var w, d, l int
		for _, x := range s {
			switch x.Outcome {
			case 2:
				w++
			case 1:
				d++
			default:
				l++
			}
		}
		n := float64(len(s))
		pw, pd, pl := float64(w)/n, float64(d)/n, float64(l)/n
		base := entropy(pw, pd, pl)
		ce := tune.CalibrationError(tune.WDLCalibration(s, m, 50, 800, 0, 255))
		fmt.Printf("%s: %d positions, W/D/L %.3f/%.3f/%.3f; loss %.6f (%.6f for the rates alone); mean |predicted - observed| by 50 cp bucket: win %.4f draw %.4f loss %.4f\n",
			name, len(s), pw, pd, pl, tune.WDLLoss(s, w8(m), nil, *threads), base, ce[0], ce[1], ce[2])
	}
	report("training", train)
	report("validation", valid)
	all := append(append([]tune.WDLSample(nil), train...), valid...)
	fmt.Println("observed (predicted) rates by score bucket, all positions:")
	fmt.Println("  score        n    win            draw           loss")
	for _, b := range tune.WDLCalibration(all, m, 100, 750, 0, 255)[1:14] {
		fmt.Printf("  %4d..%-4d %6d  %.3f (%.3f)  %.3f (%.3f)  %.3f (%.3f)\n", b.Lo, b.Hi, b.N,
			b.Obs[0], b.Pred[0], b.Obs[1], b.Pred[1], b.Obs[2], b.Pred[2])
	}
	fmt.Println("a(m), b(m) at material 10, 20, ..., 70, 78:")
	for _, mat := range []int{10, 20, 30, 40, 50, 60, 70, 78} {
		a, b := m.Params(mat)
		fmt.Printf("  m=%2d  a=%6.1f  b=%6.1f\n", mat, a, b)
	}
	fmt.Printf("model (search.DefaultWDL):\n%s\n", tune.GoLiteral(m))
	if *out != "" {
		var buf bytes.Buffer
		if err := tune.PlotWDL(&buf, all, m); err != nil {
			fmt.Fprintf(os.Stderr, "tune wdl: plot: %v\n", err)
			return 1
		}
		if err := tune.WriteFileAtomic(*out, buf.Bytes()); err != nil {
			fmt.Fprintf(os.Stderr, "tune wdl: %v\n", err)
			return 1
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", *out)
	}
	return 0
}

// w8 is the model's coefficients as the fit's weight vector.
func w8(m search.WDLModel) []float64 { return append(append([]float64(nil), m.A[:]...), m.B[:]...) }

// entropy is the loss of a model that ignores the score and predicts
// the overall rates: the baseline the fit is compared with.
func entropy(ps ...float64) float64 {
	h := 0.0
	for _, p := range ps {
		if p > 0 {
			h -= p * math.Log(p)
		}
	}
	return h
}
