package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"vireo/data"
	"vireo/eval"
	"vireo/tune"
)

func init() {
	register(command{"tune", "tune error|adam|coord|importance|serve|wdl --data F; tune defaults PARAMS DIR", "fit the evaluation to game results (see docs/tuning.md)", cmdTune})
}

const tuneUsage = `Usage:
  vireo tune error      --data F [--ref F]        current error and fitted K; --ref: the gain over another table
  vireo tune adam       --data F [--from-zero]    gradient tune (Adam, full batch)
  vireo tune coord      --data F [--group NAME]   coordinate descent on the exact evaluation
  vireo tune importance --data F                  each term's share of the error
  vireo tune serve      --data F [--addr A]       the same as a local web page (default 127.0.0.1:8080)
  vireo tune defaults PARAMS DIR                 write a parameter file into DIR/params.go and go generate
  vireo tune wdl        --data F [--out PNG]      fit the win-draw-loss model of UCI_ShowWDL (docs/wdl.md)

Run 'vireo tune SUBCOMMAND -h' for the options.
`

func cmdTune(args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(os.Stderr, tuneUsage)
		return 2
	}
	sub := map[string]func([]string) int{
		"error": tuneError, "adam": tuneAdam, "coord": tuneCoord, "importance": tuneImportance,
		"defaults": tuneDefaults, "serve": tuneServe, "wdl": tuneWDL,
	}[args[0]]
	if sub == nil {
		fmt.Fprintf(os.Stderr, "tune: unknown subcommand %q\n%s", args[0], tuneUsage)
		return 2
	}
	return sub(args[1:])
}

type fileList []string

func (f *fileList) String() string     { return strings.Join(*f, ",") }
func (f *fileList) Set(s string) error { *f = append(*f, s); return nil }

// tuneFlags are the options every tune subcommand shares.
type tuneFlags struct {
	fs *flag.FlagSet
	// failCode is the exit status after parse failed: 0 for -h, else 2.
	failCode   int
	data       fileList
	strict     bool
	validation float64
	block      int
	lambda     float64
	scoreK     float64
	seed       uint64
	limit      int
	params     string
	k          float64
	threads    int
	group      string
	quiet      bool
	stats      tune.LoadStats // what load read
}

func newTuneFlags(name string) *tuneFlags {
	t := &tuneFlags{fs: flag.NewFlagSet("tune "+name, flag.ContinueOnError)}
	t.fs.Var(&t.data, "data", "labelled positions (repeatable; any form data.ParseLabeled reads)")
	t.fs.BoolVar(&t.strict, "strict", false, "stop at the first malformed line instead of reporting and skipping it")
	t.fs.Float64Var(&t.validation, "validation", 0, "share of positions held out for validation (0..1)")
	t.fs.IntVar(&t.block, "block", 1024, "hold out runs of this many consecutive positions (keeps a game's positions on one side); 0: split by position. Lines that name their game (datagen's game opcode) are held out by game instead")
	t.fs.Float64Var(&t.lambda, "lambda", 1, "target = lambda x game result + (1 - lambda) x the line's search score as a result (0..1; below 1 every line needs a ce score)")
	t.fs.Float64Var(&t.scoreK, "score-k", 1, "with --lambda below 1: a score s counts as the result 1/(1+10^(-score-k x s/400)); 0 fits it to the data (the scale at which the lines' scores best predict their results)")
	t.fs.Uint64Var(&t.seed, "seed", 0, "seed of the validation split")
	t.fs.IntVar(&t.limit, "limit", 0, "read at most this many positions (0: all)")
	t.fs.StringVar(&t.params, "params", "", "start from this parameter file (default: compiled-in values); also how to resume a tune")
	t.fs.Float64Var(&t.k, "k", 0, "sigmoid scale K (0: fit it to the starting parameters)")
	t.fs.IntVar(&t.threads, "threads", 0, "worker goroutines (0: all cores)")
	t.fs.StringVar(&t.group, "group", "", "only this parameter group (MaterialV, KnightV, ... PassedV)")
	t.fs.BoolVar(&t.quiet, "q", false, "no progress bar")
	return t
}

func (t *tuneFlags) parse(args []string) bool {
	t.failCode = 2
	if err := parseFlags(t.fs, args); err != nil {
		t.failCode = flagExit(err)
		return false
	}
	// Flag parsing stops at the first word that is not a flag, so a
	// shell glob after --data would quietly drop every flag behind it
	// (--params, --out among them).
	if t.fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "%s: unexpected argument %q (give --data once per file; flags only)\n", t.fs.Name(), t.fs.Arg(0))
		return false
	}
	if len(t.data) == 0 {
		fmt.Fprintln(os.Stderr, "tune: --data is required")
		return false
	}
	if !(t.lambda >= 0 && t.lambda <= 1) {
		fmt.Fprintf(os.Stderr, "tune: --lambda %g: want 0..1\n", t.lambda)
		return false
	}
	if !(t.scoreK >= 0 && t.scoreK <= 10) {
		fmt.Fprintf(os.Stderr, "tune: --score-k %g: want 0 (fit it) or a scale above 0, at most 10\n", t.scoreK)
		return false
	}
	if !(t.validation >= 0 && t.validation < 1) {
		fmt.Fprintf(os.Stderr, "tune: --validation %g: want a share from 0 up to (not including) 1\n", t.validation)
		return false
	}
	if !(t.k >= 0 && t.k <= 10) {
		fmt.Fprintf(os.Stderr, "tune: --k %g: want 0 (fit it) or a scale above 0, at most 10\n", t.k)
		return false
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"block", t.block}, {"limit", t.limit}} {
		if f.v < 0 {
			fmt.Fprintf(os.Stderr, "tune: --%s %d: want 0 or more\n", f.name, f.v)
			return false
		}
	}
	// Each worker holds an evaluator with its caches: a thousandfold
	// typo would run the machine out of memory.
	return workersInRange("tune", "--threads", t.threads)
}

// start returns the starting parameters.
func (t *tuneFlags) start() (*eval.Params, error) {
	if t.params == "" {
		return eval.Defaults(), nil
	}
	return eval.LoadParams(t.params)
}

// startMasked returns the starting parameters and the --group mask.
func (t *tuneFlags) startMasked() (*eval.Params, []bool, error) {
	p, err := t.start()
	if err != nil {
		return nil, nil, err
	}
	mask, err := t.groupMask()
	return p, mask, err
}

// groupMask returns the mask for --group (nil: everything).
func (t *tuneFlags) groupMask() ([]bool, error) { return tune.GroupMask(t.group) }

func (t *tuneFlags) loadOptions(p *eval.Params) tune.LoadOptions {
	bad := 0
	return tune.LoadOptions{
		Files: t.data, Strict: t.strict, Validation: t.validation, Block: t.block, Seed: t.seed, ScoreWeight: 1 - t.lambda, ScoreK: t.scoreK,
		Params: p, Limit: t.limit, Workers: t.threads,
		OnBad: func(err error) {
			// Every malformed line is named, up to a point; the count
			// is always reported at the end.
			if bad++; bad <= 20 {
				fmt.Fprintf(os.Stderr, "tune: skipped %v\n", err)
			}
		},
	}
}

// load reads the data traced with p.
func (t *tuneFlags) load(p *eval.Params) (train, valid *tune.Dataset, ok bool) {
	if t.lambda < 1 && t.scoreK == 0 {
		start := time.Now()
		k, mse, n, err := tune.FitScoreK(t.data, t.limit)
		if err != nil {
			fmt.Fprintf(os.Stderr, "tune: --score-k 0: %v\n", err)
			return nil, nil, false
		}
		fmt.Fprintf(os.Stderr, "score K = %.4f fitted to the results of %d scored lines (error %.6f) in %v\n", k, n, mse, time.Since(start).Round(time.Millisecond))
		t.scoreK = k
	}
	start := time.Now()
	train, valid, st, err := tune.Load(t.loadOptions(p))
	if err != nil {
		fmt.Fprintf(os.Stderr, "tune: %v\n", err)
		return nil, nil, false
	}
	t.stats = st
	fmt.Fprintf(os.Stderr, "loaded %d positions (%d malformed lines skipped) in %v\n  training: %s\n  validation: %s\n",
		st.Positions, st.Bad, time.Since(start).Round(time.Millisecond), train.Describe(), valid.Describe())
	if t.validation > 0 {
		switch {
		case st.ByGame:
			fmt.Fprintln(os.Stderr, "  validation held out by game (the lines name their games)")
		case t.block > 0:
			fmt.Fprintf(os.Stderr, "  validation held out in runs of %d consecutive positions (the lines do not name their games)\n", t.block)
		default:
			fmt.Fprintln(os.Stderr, "  validation held out by position")
		}
	}
	if t.lambda < 1 {
		fmt.Fprintf(os.Stderr, "  target: %.2f x result + %.2f x search score (score K %.4g)\n", t.lambda, 1-t.lambda, t.scoreK)
	}
	if train.Len() == 0 {
		fmt.Fprintln(os.Stderr, "tune: no training positions")
		return nil, nil, false
	}
	return train, valid, true
}

// fitK returns --k or the K fitted to p on the training set.
func (t *tuneFlags) fitK(train *tune.Dataset, p *eval.Params) float64 {
	if t.k > 0 {
		return t.k
	}
	start := time.Now()
	k, mse := train.FitK(p, t.threads)
	fmt.Fprintf(os.Stderr, "fitted K = %.4f (training error %.6f) in %v\n", k, mse, time.Since(start).Round(time.Millisecond))
	return k
}

// tuneRun is what every tune subcommand starts from: the starting values,
// the --group mask, the data and K fitted to the starting values.
type tuneRun struct {
	p            *eval.Params
	mask         []bool
	train, valid *tune.Dataset
	k            float64
}

// setup reads the starting values and the data and fits K, reporting
// any failure on standard error.
func (t *tuneFlags) setup() (r tuneRun, ok bool) {
	var err error
	if r.p, r.mask, err = t.startMasked(); err != nil {
		fmt.Fprintf(os.Stderr, "tune: %v\n", err)
		return r, false
	}
	if r.train, r.valid, ok = t.load(r.p); !ok {
		return r, false
	}
	r.k = t.fitK(r.train, r.p)
	return r, true
}

func tuneError(args []string) int {
	t := newTuneFlags("error")
	passes := t.fs.Int("passes", 0, "time this many error passes over the training set")
	refFile := t.fs.String("ref", "", "also compare with this parameter file on the same positions: the error --params gains over it, with its standard error (runs of --block positions)")
	if !t.parse(args) {
		return t.failCode
	}
	var ref *eval.Params
	if *refFile != "" {
		var err error
		if ref, err = eval.LoadParams(*refFile); err != nil {
			fmt.Fprintf(os.Stderr, "tune: --ref: %v\n", err)
			return 1
		}
	}
	r, ok := t.setup()
	if !ok {
		return 1
	}
	p, train, valid, k := r.p, r.train, r.valid, r.k
	// The reference is evaluated on the same files traced with its own
	// table: the king danger and the scale are linearised at the table
	// a trace was made with, so another table's trace would be close
	// but not exact.
	var refTrain, refValid *tune.Dataset
	if ref != nil {
		if refTrain, refValid, ok = t.load(ref); !ok {
			return 1
		}
		if refTrain.Len() != train.Len() || refValid.Len() != valid.Len() {
			fmt.Fprintf(os.Stderr, "tune: --ref: the data read %d+%d positions for the reference and %d+%d for --params: did a file change?\n",
				refTrain.Len(), refValid.Len(), train.Len(), valid.Len())
			return 1
		}
	}
	fmt.Printf("K %.4f\ntraining error %.6f (%d positions)\n", k, train.Error(p, k, t.threads), train.Len())
	if ref != nil {
		printGain("training", train, refTrain.Evals(ref, t.threads), p, k, t)
	}
	if valid.Len() > 0 {
		fmt.Printf("validation error %.6f (%d positions)\n", valid.Error(p, k, t.threads), valid.Len())
		if ref != nil {
			printGain("validation", valid, refValid.Evals(ref, t.threads), p, k, t)
		}
	}
	if *passes > 0 {
		start := time.Now()
		for range *passes {
			train.Error(p, k, t.threads)
		}
		el := time.Since(start)
		fmt.Printf("%d passes over %d positions: %v per pass\n", *passes, train.Len(), (el / time.Duration(*passes)).Round(time.Microsecond))
	}
	return 0
}

// printGain prints how much lower p's error is on d than that of the
// reference evaluations ref (one per position of d, in order). The
// difference is taken position by position, and its standard error is
// that of the difference itself: the test a new term needs, rather
// than two errors each with its own noise. A game's positions share its
// result, so the error is estimated over runs of --block positions
// (lines in file order keep a game together).
func printGain(set string, d *tune.Dataset, ref []int32, p *eval.Params, k float64, t *tuneFlags) {
	gain, se := d.GainOf(ref, d.Evals(p, t.threads), k, t.block)
	fmt.Printf("  %s gain over --ref %+.6f ± %.6f (%.1f standard errors; positive: --params is better)\n", set, gain, se, gain/max(se, 1e-12))
}

// interrupted reports whether Ctrl-C or SIGTERM arrived since it was
// set up: a tune then stops after its current epoch or value and writes
// its outputs as at a normal end. A second signal kills the process.
func interrupted() func() bool {
	var stop atomic.Bool
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ch
		stop.Store(true)
		fmt.Fprintln(os.Stderr, "\ntune: stopping after this step (again to abort)")
		signal.Reset(os.Interrupt, syscall.SIGTERM)
	}()
	return stop.Load
}

// outputFlags are the options of the two optimisers.
type outputFlags struct {
	out, plot, history, writeDefaults string
	every                             int
}

func (o *outputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&o.out, "out", "tuned.txt", "parameter file to write (atomically; also the checkpoint)")
	fs.StringVar(&o.plot, "plot", "", "PNG of training and validation error per epoch (adam)")
	fs.StringVar(&o.history, "history", "", "CSV of training and validation error per epoch (adam)")
	fs.IntVar(&o.every, "checkpoint-every", 50, "write --out every this many epochs or values settled")
	fs.StringVar(&o.writeDefaults, "write-defaults", "", "also write the tuned values into DIR/params.go (the eval package) and run go generate there")
}

// distinct refuses, before the data is read rather than when the tune is
// done, outputs that cannot be written and outputs that would replace
// something the tune reads or writes: a data file, a parameter file it
// loads (tables lists them: --ref, --origin), or another of its outputs
// (extra lists the command's own: --drift, OUT.origin). The one overlap
// allowed is --out naming the --params file: that is how a tune
// resumes, and the table is read before anything is written.
func (o *outputFlags) distinct(t *tuneFlags, tables []string, extra ...namedPath) bool {
	outs := []namedPath{{"--out", o.out}, {"--plot", o.plot}, {"--history", o.history}}
	outs = append(outs, extra...)
	var ins []string
	for _, in := range tables {
		if in != "" {
			ins = append(ins, in)
		}
	}
	for i, out := range outs {
		if out.path == "" {
			continue
		}
		read := append(append([]string{}, t.data...), ins...)
		if t.params != "" && out.flag != "--out" {
			read = append(read, t.params)
		}
		if err := data.DistinctOutput(out.path, read...); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %s: %v\n", t.fs.Name(), out.flag, err)
			return false
		}
		for _, other := range outs[:i] {
			if other.path != "" && data.DistinctOutput(out.path, other.path) != nil {
				fmt.Fprintf(os.Stderr, "%s: %s and %s name one file (%s): one would replace the other\n", t.fs.Name(), other.flag, out.flag, out.path)
				return false
			}
		}
		if err := data.Writable(out.path); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %s: %v\n", t.fs.Name(), out.flag, err)
			return false
		}
	}
	if o.writeDefaults != "" {
		if _, err := os.Stat(filepath.Join(o.writeDefaults, "params.go")); err != nil {
			fmt.Fprintf(os.Stderr, "%s: --write-defaults: %v\n", t.fs.Name(), err)
			return false
		}
	}
	return true
}

// namedPath is a file a command writes, with the flag that names it.
type namedPath struct{ flag, path string }

// finish writes the final outputs.
func (o *outputFlags) finish(p *eval.Params, header string) int {
	if err := tune.SaveParams(o.out, p, header); err != nil {
		fmt.Fprintf(os.Stderr, "tune: %v\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "wrote %s\n", o.out)
	if o.writeDefaults != "" {
		if err := writeDefaults(o.writeDefaults, p); err != nil {
			fmt.Fprintf(os.Stderr, "tune: %v\n", err)
			return 1
		}
		fmt.Fprintf(os.Stderr, "wrote the defaults into %s and ran go generate\n", filepath.Join(o.writeDefaults, "params.go"))
	}
	return 0
}

// writeDefaults rewrites dir/params.go's default table with p and runs
// "go generate" in dir, which regenerates the code built from the table.
func writeDefaults(dir string, p *eval.Params) error { return tune.WriteDefaults(dir, p, os.Stderr) }

func tuneAdam(args []string) int {
	t := newTuneFlags("adam")
	var o outputFlags
	o.register(t.fs)
	fromZero := t.fs.Bool("from-zero", false, "start with every positional term zero (piece values, king-danger and scale scalars kept)")
	def := tune.DefaultAdam(0)
	epochs := t.fs.Int("epochs", def.MaxEpochs, "at most this many epochs")
	lr := t.fs.Float64("lr", def.LR, "Adam step size in parameter units")
	decay := t.fs.Float64("decay", def.Decay, "step size factor per epoch")
	tol := t.fs.Float64("tol", def.Tol, "stop when the training error falls by less than this share over --window epochs")
	window := t.fs.Int("window", def.Window, "epochs the --tol test looks back")
	l2 := t.fs.Float64("l2", -1, "L2 penalty on the distance from the starting values (see docs/tuning.md); default 0.25 / training positions")
	retrace := t.fs.Int("retrace", 0, "re-read and re-trace the data with the current values every N epochs (0: never)")
	patience := t.fs.Int("patience", 30, "with --validation: stop when the validation error has not improved for this many epochs and keep the best-validation table (0: stop by --tol on the training error)")
	validTol := t.fs.Float64("valid-tol", def.ValidTol, "relative validation improvement that resets --patience")
	penalty := t.fs.String("penalty", "", "L2 penalty per group, GROUP=SCALE[:zero] (SCALE x 1/training positions; :zero pulls towards zero, else towards the start), e.g. all=0.25,KingV=2.5:zero; replaces --l2")
	search := t.fs.Bool("penalty-search", false, "choose the penalty per group by validation error (needs --validation; see docs/tuning.md)")
	grid := t.fs.String("penalty-grid", "0,0.05,0.25,1,5", "the scales --penalty-search tries")
	searchZero := t.fs.Bool("penalty-zero", true, "--penalty-search also tries pulling each group towards zero")
	searchZ := t.fs.Float64("penalty-z", 3, "--penalty-search keeps a group's new penalty only if it lowers the validation error by more than this many standard errors (see docs/tuning.md)")
	perturb := t.fs.String("perturb", "", "FRAC+UNITS: start from the loaded values with every positional value (of --group, if given) moved up or down by FRAC of its size plus UNITS (the recovery test: 0.25+8)")
	perturbSeed := t.fs.Int64("perturb-seed", 1, "seed of --perturb's signs")
	ref := t.fs.String("ref", "", "parameter file to measure the start and the result against (the recovery test's unperturbed fit)")
	driftOut := t.fs.String("drift", "", "write the drift tables (per group and per term, start -> tuned) to this Markdown file")
	origin := t.fs.String("origin", "", "parameter file the penalty pulls towards in place of the start (a resumed tune: the OUT.origin its first run wrote)")
	firstEpoch := t.fs.Int("first-epoch", 1, "number of the first epoch (a resumed tune: the checkpoint's epoch + 1, so that the step size goes on decaying)")
	if !t.parse(args) {
		return t.failCode
	}
	// Without --origin the tune writes its start beside --out, for a
	// resume to name.
	originOut := ""
	if *origin == "" {
		originOut = o.out + ".origin"
	}
	if !o.distinct(t, []string{*ref, *origin}, namedPath{"--drift", *driftOut}, namedPath{"--out's .origin", originOut}) {
		return 2
	}
	if !(*searchZ >= 0) {
		fmt.Fprintf(os.Stderr, "tune: --penalty-z %g: want 0 or more standard errors\n", *searchZ)
		return 2
	}
	// A step size or factor that is not a finite positive number turns
	// every value into garbage, which the checkpoint would then write
	// over the table being tuned.
	if !flagsInRange(append(o.checks(t.fs, *l2),
		flagCheck{*lr > 0 && !math.IsInf(*lr, 0), "lr", *lr, "a step size above 0"},
		flagCheck{*decay > 0 && *decay <= 1, "decay", *decay, "a factor above 0, at most 1"},
		flagCheck{*epochs >= 1, "epochs", *epochs, "1 or more"},
		flagCheck{*tol >= 0 && !math.IsInf(*tol, 0), "tol", *tol, "a share of 0 or more"},
		flagCheck{*window >= 0, "window", *window, "0 or more epochs"},
		flagCheck{*retrace >= 0, "retrace", *retrace, "0 (never) or more epochs"},
		flagCheck{*firstEpoch >= 1, "first-epoch", *firstEpoch, "1 or more"},
		// Above 1 the threshold is below zero and no epoch ever counts
		// as an improvement; NaN makes every comparison false: either
		// way the tune stops at --patience whatever its progress.
		flagCheck{*validTol >= 0 && *validTol < 1, "valid-tol", *validTol, "a share from 0 up to (not including) 1"},
	)) {
		return 2
	}
	if *patience < 0 {
		fmt.Fprintf(os.Stderr, "tune: --patience %d: want 0 or more epochs\n", *patience)
		return 2
	}
	if *firstEpoch > 1 && *origin == "" {
		// Without it the pull would be towards the checkpoint, and the
		// resumed tune would drift further than its penalty allows.
		fmt.Fprintln(os.Stderr, "tune: --first-epoch: a resumed tune needs --origin (the OUT.origin its first run wrote)")
		return 2
	}
	if *firstEpoch > 1 && (*fromZero || *perturb != "") {
		// A resume starts from its checkpoint: zeroing or perturbing it
		// would restart the tune at a decayed step size, and the next
		// checkpoint would replace the tuned table.
		fmt.Fprintln(os.Stderr, "tune: --first-epoch: a resumed tune starts from its checkpoint; drop --from-zero and --perturb (they belong to the first run)")
		return 2
	}
	var frac, units float64
	if *perturb != "" {
		a, b, ok := strings.Cut(*perturb, "+")
		var err1, err2 error
		frac, err1 = strconv.ParseFloat(a, 64)
		units, err2 = strconv.ParseFloat(b, 64)
		// Beyond these every value leaves the parameter file's range, and
		// no checkpoint or result of the run could be saved.
		if !ok || err1 != nil || err2 != nil || !(frac >= 0 && frac <= 10) || !(units >= 0 && units <= eval.MaxParam) {
			fmt.Fprintf(os.Stderr, "tune: --perturb %q: want FRAC+UNITS, FRAC from 0 to 10 and UNITS from 0 to %d (e.g. 0.25+8)\n", *perturb, eval.MaxParam)
			return 2
		}
	}
	if *perturb != "" && *fromZero {
		fmt.Fprintln(os.Stderr, "tune: --perturb and --from-zero are two different starts: give one")
		return 2
	}
	// The penalty is set one way at a time; a flag of another way would
	// be printed or accepted and then not used.
	if *search {
		for _, f := range []string{"penalty", "origin", "l2"} {
			if flagGiven(t.fs, f) {
				fmt.Fprintf(os.Stderr, "tune: --penalty-search chooses the penalty itself, pulling towards the start: it does not take --%s\n", f)
				return 2
			}
		}
	} else {
		for _, f := range []string{"penalty-grid", "penalty-zero", "penalty-z"} {
			if flagGiven(t.fs, f) {
				fmt.Fprintf(os.Stderr, "tune: --%s is an option of --penalty-search, which is not given\n", f)
				return 2
			}
		}
		if *penalty != "" && flagGiven(t.fs, "l2") {
			fmt.Fprintln(os.Stderr, "tune: --penalty replaces --l2: give one")
			return 2
		}
	}
	if *search && *retrace > 0 {
		fmt.Fprintln(os.Stderr, "tune: --penalty-search scores its trials on the data as loaded: it does not take --retrace")
		return 2
	}
	if *search && t.validation <= 0 {
		fmt.Fprintln(os.Stderr, "tune: --penalty-search chooses by validation error: give --validation")
		return 2
	}
	var scales []float64
	for _, f := range strings.Split(*grid, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(x >= 0) {
			fmt.Fprintf(os.Stderr, "tune: --penalty-grid %q: want scales >= 0, comma-separated\n", *grid)
			return 2
		}
		scales = append(scales, x)
	}
	var refParams, originParams *eval.Params
	if *ref != "" {
		var err error
		if refParams, err = eval.LoadParams(*ref); err != nil {
			fmt.Fprintf(os.Stderr, "tune: --ref: %v\n", err)
			return 1
		}
	}
	if *origin != "" {
		var err error
		if originParams, err = eval.LoadParams(*origin); err != nil {
			fmt.Fprintf(os.Stderr, "tune: --origin: %v\n", err)
			return 1
		}
	}
	// K is fitted to the starting values before zeroing, so that a tune
	// from zero lands on the engine's usual centipawn scale.
	r, ok := t.setup()
	if !ok {
		return 1
	}
	p, mask, train, valid, k := r.p, r.mask, r.train, r.valid, r.k
	hand := p
	if *fromZero {
		p = tune.FromZero(p)
	}
	if *perturb != "" {
		p = tune.PerturbMasked(p, frac, units, *perturbSeed, mask)
	}
	opt := def
	opt.K, opt.MaxEpochs, opt.LR, opt.Decay, opt.Tol, opt.Window = k, *epochs, *lr, *decay, *tol, *window
	opt.Mask, opt.Workers, opt.FirstEpoch = mask, t.threads, *firstEpoch
	// The pull's centre: --origin, or the start, written beside --out
	// so that a resumed tune can name it.
	header := fmt.Sprintf("vireo tune adam %s\nK %.4f", strings.Join(args, " "), k)
	originPath := *origin
	if originParams != nil {
		opt.Origin = tune.VectorOf(originParams)
	}
	if originPath == "" && o.every > 0 && !*search {
		// Written before the first epoch: a tune stopped before its first
		// checkpoint can then be resumed from its --out all the same,
		// even from a start (--from-zero, --perturb) that exists nowhere
		// else.
		originPath = originOut
		if err := tune.SaveParams(originPath, p, header+"\nthe start of this tune, which its penalty pulls towards (--origin)"); err != nil {
			fmt.Fprintf(os.Stderr, "tune: %v\n", err)
			return 1
		}
	}
	if valid.Len() > 0 {
		opt.Patience, opt.ValidTol = *patience, *validTol
	}
	if *penalty != "" {
		pen, err := tune.ParsePenalty(*penalty, tune.Penalty{N: train.Len()})
		if err != nil {
			fmt.Fprintf(os.Stderr, "tune: --penalty: %v\n", err)
			return 2
		}
		opt.Penalty = &pen
		fmt.Printf("penalty %s (scales x 1/%d training positions)\n", pen.String(), train.Len())
	} else if !*search {
		opt.L2 = resolveL2(*l2, train.Len())
	}
	if *retrace > 0 {
		opt.RetraceEvery = *retrace
		opt.Retrace = func(q *eval.Params) (*tune.Dataset, *tune.Dataset, error) {
			tr, va, _, err := tune.Load(t.loadOptions(q))
			return tr, va, err
		}
	}
	var hist []tune.Epoch
	// The ETA is to --epochs; convergence usually comes much sooner.
	bar := &tune.Progress{W: os.Stderr, Total: *firstEpoch - 1 + *epochs}
	writePlot := func() {
		if o.history != "" {
			var b bytes.Buffer
			fmt.Fprintln(&b, "epoch,train,valid,seconds")
			for _, e := range hist {
				fmt.Fprintf(&b, "%d,%.7f,%.7f,%.3f\n", e.N, e.Train, e.Valid, e.Elapsed.Seconds())
			}
			if err := tune.WriteFileAtomic(o.history, b.Bytes()); err != nil {
				fmt.Fprintf(os.Stderr, "\ntune: %v\n", err)
			}
		}
		if o.plot == "" {
			return
		}
		var b bytes.Buffer
		err := tune.PlotErrors(&b, hist)
		if err == nil {
			err = tune.WriteFileAtomic(o.plot, b.Bytes())
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "\ntune: plot: %v\n", err)
		}
	}
	stopped := interrupted()
	opt.OnEpoch = func(e tune.Epoch, w tune.Vector) bool {
		hist = append(hist, e)
		if !t.quiet {
			bar.Update(e.N, fmt.Sprintf("train %.6f valid %.6f", e.Train, e.Valid))
		}
		if o.every > 0 && e.N%o.every == 0 {
			h := header + fmt.Sprintf("\ncheckpoint at epoch %d; resume with --params %s --origin %s --k %.4f --first-epoch %d", e.N, o.out, originPath, k, e.N+1)
			if err := tune.SaveParams(o.out, w.Params(), h); err != nil {
				fmt.Fprintf(os.Stderr, "\ntune: checkpoint: %v\n", err)
			}
			writePlot()
		}
		return !stopped()
	}
	start := time.Now()
	var w tune.Vector
	var err error
	var searchNote string
	if *search {
		w, searchNote, err = runPenaltySearch(t, &o, train, valid, p, opt, scales, *searchZero, *searchZ, header, &hist, stopped)
	} else {
		w, _, err = tune.Adam(train, valid, tune.VectorOf(p), opt)
	}
	if !t.quiet && len(hist) < *epochs {
		bar.Done()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "tune: %v\n", err)
		return 1
	}
	el := time.Since(start)
	res := w.Params()
	fmt.Printf("%d epochs in %v (%v per epoch)\n", len(hist), el.Round(time.Millisecond), (el / time.Duration(max(len(hist), 1))).Round(time.Millisecond))
	if opt.Patience > 0 && !*search {
		b := tune.BestEpoch(hist)
		fmt.Printf("best validation error %.6f at epoch %d (float evaluation): kept that epoch's table\n", b.Valid, b.N)
	}
	if opt.Retrace != nil {
		// Score on traces taken with the result.
		train, valid, _, err = tune.Load(t.loadOptions(res))
		if err != nil {
			fmt.Fprintf(os.Stderr, "tune: %v\n", err)
			return 1
		}
	}
	report := func(name string, q *eval.Params) string {
		s := fmt.Sprintf("%s: training error %.6f", name, train.Error(q, k, t.threads))
		if valid.Len() > 0 {
			s += fmt.Sprintf(", validation error %.6f", valid.Error(q, k, t.threads))
		}
		return s
	}
	summary := searchNote
	if p != hand {
		summary += report("loaded values", hand) + "\n"
	}
	summary += report("start values", p) + "\n" + report("tuned values (exact evaluation, rounded)", res)
	if refParams != nil {
		summary += "\n" + report("--ref values", refParams)
		d0, m0 := tune.Distance(p, refParams, mask)
		d1, m1 := tune.Distance(res, refParams, mask)
		summary += fmt.Sprintf("\ndistance to --ref (mean, max over the tuned values): start %.2f, %.0f; tuned %.2f, %.0f", d0, m0, d1, m1)
		_, groups := tune.DriftTables(refParams, res)
		summary += "\ndistance to --ref by group (tuned):\n" + strings.TrimSpace(tune.FormatDrift("group", groups))
	}
	summary += "\n" + tune.DriftReport(train, p, res, k, t.threads)
	fmt.Println(summary)
	printTermDrift(p, res)
	// The table first: a report that cannot be written must not cost it.
	code := o.finish(res, header+fmt.Sprintf("\n%d epochs in %v\n%s", len(hist), el.Round(time.Second), summary))
	if *driftOut != "" {
		terms, groups := tune.DriftTables(p, res)
		md := "# Drift: start -> tuned\n\n" + tune.FormatDrift("group", groups) + "\n" + tune.FormatDrift("term", terms)
		if err := tune.WriteFileAtomic(*driftOut, []byte(md)); err != nil {
			fmt.Fprintf(os.Stderr, "tune: --drift: %v\n", err)
			code = max(code, 1)
		} else {
			fmt.Fprintf(os.Stderr, "wrote %s\n", *driftOut)
		}
	}
	writePlot()
	return code
}

// printTermDrift prints the drift per term on standard output (the
// parameter file's header keeps the per-group table only).
func printTermDrift(from, to *eval.Params) {
	terms, _ := tune.DriftTables(from, to)
	fmt.Println("drift by term:\n" + strings.TrimSpace(tune.FormatDrift("term", terms)))
}

// runPenaltySearch runs tune.SearchPenalty with the command's options,
// reporting each trial on standard error and checkpointing the best
// table so far (with its penalty in the header) after each one. hist
// gets the epochs of every trial, one after the other.
func runPenaltySearch(t *tuneFlags, o *outputFlags, train, valid *tune.Dataset, p *eval.Params, opt tune.AdamOptions,
	scales []float64, zero bool, z float64, header string, hist *[]tune.Epoch, stopped func() bool) (tune.Vector, string, error) {
	// One line per trial instead of the per-epoch bar.
	opt.OnEpoch = func(e tune.Epoch, w tune.Vector) bool {
		*hist = append(*hist, e)
		return !stopped()
	}
	var saved *tune.Penalty
	s := tune.PenaltySearch{Grid: scales, Zero: zero, Z: z, Adam: opt, OnTrial: func(tr tune.Trial, best *tune.Penalty, w tune.Vector) bool {
		g, to := tr.Names()
		fmt.Fprintf(os.Stderr, "penalty trial: %-9s scale %-6g towards %-5s %4d epochs, validation %.6f\n", g, tr.Scale, to, tr.Epochs, tr.Valid)
		if best != saved && o.out != "" {
			saved = best
			h := header + fmt.Sprintf("\ncheckpoint of a penalty search, the best table so far: --penalty %s", best)
			if err := tune.SaveParams(o.out, w.Params(), h); err != nil {
				fmt.Fprintf(os.Stderr, "tune: checkpoint: %v\n", err)
			}
		}
		return !stopped()
	}}
	pen, w, trials, err := tune.SearchPenalty(train, valid, tune.VectorOf(p), s)
	if err != nil {
		return nil, "", err
	}
	note := "penalty search (exact validation error of each trial):\n" + strings.TrimSpace(tune.FormatTrials(trials)) +
		"\nchosen: --penalty " + pen.String() + "\n"
	return w, note, nil
}

func tuneCoord(args []string) int {
	t := newTuneFlags("coord")
	var o outputFlags
	o.register(t.fs)
	rounds := t.fs.Int("rounds", 1, "full sweeps at most (0: until a sweep finds nothing)")
	l2 := t.fs.Float64("l2", -1, "L2 penalty on the distance from the starting values (see docs/tuning.md); default 0.25 / training positions")
	if !t.parse(args) {
		return t.failCode
	}
	// Coordinate descent has no epochs to plot or list.
	for _, f := range []string{"plot", "history"} {
		if flagGiven(t.fs, f) {
			fmt.Fprintf(os.Stderr, "tune coord: --%s is written by tune adam only (its errors per epoch)\n", f)
			return 2
		}
	}
	if !o.distinct(t, nil) {
		return 2
	}
	if !flagsInRange(append(o.checks(t.fs, *l2),
		flagCheck{*rounds >= 0, "rounds", *rounds, "0 (until a sweep finds nothing) or more"})) {
		return 2
	}
	r, ok := t.setup()
	if !ok {
		return 1
	}
	p, mask, train, valid, k := r.p, r.mask, r.train, r.valid, r.k
	before := train.Error(p, k, t.threads)
	n := tune.CountMask(mask)
	header := fmt.Sprintf("vireo tune coord %s\nK %.4f", strings.Join(args, " "), k)
	bar := &tune.Progress{W: os.Stderr, Total: n}
	stopped := interrupted()
	start := time.Now()
	res, after := tune.Coord(train, p, tune.CoordOptions{K: k, Mask: mask, MaxRounds: *rounds, Workers: t.threads, L2: resolveL2(*l2, train.Len()),
		OnStep: func(e float64, i, steps int, q *eval.Params) bool {
			if !t.quiet {
				// The bar counts the first sweep; the refinement after it
				// and further sweeps show at 99% with the error.
				bar.Update(min(steps, n-1), fmt.Sprintf("error %.6f", e))
			}
			if o.every > 0 && steps%o.every == 0 {
				if err := tune.SaveParams(o.out, q, header+fmt.Sprintf("\ncheckpoint after %d values", steps)); err != nil {
					fmt.Fprintf(os.Stderr, "\ntune: checkpoint: %v\n", err)
				}
			}
			return !stopped()
		}})
	if !t.quiet {
		bar.Done()
	}
	summary := fmt.Sprintf("training error %.6f -> %.6f in %v", before, after, time.Since(start).Round(time.Millisecond))
	if valid.Len() > 0 {
		summary += fmt.Sprintf("\nvalidation error %.6f -> %.6f", valid.Error(p, k, t.threads), valid.Error(res, k, t.threads))
	}
	summary += "\n" + tune.DriftReport(train, p, res, k, t.threads)
	fmt.Println(summary)
	printTermDrift(p, res)
	return o.finish(res, header+"\n"+summary)
}

func tuneImportance(args []string) int {
	t := newTuneFlags("importance")
	if !t.parse(args) {
		return t.failCode
	}
	r, ok := t.setup()
	if !ok {
		return 1
	}
	p, train, k := r.p, r.train, r.k
	fmt.Printf("error %.6f; each term's share: the error with the term zeroed minus this\n", train.Error(p, k, t.threads))
	group := eval.Group(eval.NumGroups)
	for _, im := range tune.Importances(train, p, k, t.threads) {
		if t.group != "" && !strings.EqualFold(im.Term.Group.String(), t.group) {
			continue
		}
		if im.Term.Group != group {
			group = im.Term.Group
			fmt.Printf("\n[%s]\n", group)
		}
		fmt.Printf("  %-36s %+.6f\n", im.Term.Name, im.Share)
	}
	return 0
}

// tuneDefaults makes a parameter file the compiled-in defaults.
func tuneDefaults(args []string) int {
	if len(args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: vireo tune defaults PARAMS DIR (DIR: the eval package, e.g. eval)")
		return 2
	}
	p, err := eval.LoadParams(args[0])
	if err == nil {
		err = writeDefaults(args[1], p)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "tune: %v\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "wrote %s into %s and ran go generate\n", args[0], filepath.Join(args[1], "params.go"))
	return 0
}

// flagCheck is one flag's range test: ok, or the flag, its value and
// what it wants.
type flagCheck struct {
	ok   bool
	flag string
	val  any
	want string
}

// flagsInRange reports the first check that fails, naming the flag.
func flagsInRange(checks []flagCheck) bool {
	for _, c := range checks {
		if !c.ok {
			fmt.Fprintf(os.Stderr, "tune: --%s %v: want %s\n", c.flag, c.val, c.want)
			return false
		}
	}
	return true
}

// checks are the range tests of the flags both optimisers share. An
// --l2 given as a negative number or NaN is refused: the default's
// sentinel (-1: automatic) would otherwise pass it as automatic.
func (o *outputFlags) checks(fs *flag.FlagSet, l2 float64) []flagCheck {
	return []flagCheck{
		{!flagGiven(fs, "l2") || l2 >= 0 && !math.IsInf(l2, 0), "l2", l2, "a penalty of 0 or more"},
		{o.every >= 0, "checkpoint-every", o.every, "0 (only at the end) or more"},
	}
}

// resolveL2 is the --l2 in force: the flag's value, or for the default
// (negative) tune.AutoL2 of the training set's size, which it announces.
func resolveL2(flag float64, n int) float64 {
	if flag >= 0 {
		return flag
	}
	l2 := tune.AutoL2(n)
	fmt.Printf("L2 %.3g (%.2f / %d training positions; --l2 sets it)\n", l2, tune.AutoL2Scale, n)
	return l2
}
