package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"vireo/data"
	"vireo/match"
	"vireo/search"
	"vireo/spsa"
)

func init() {
	register(command{"spsa", "spsa [run ...]", "print the search parameters in OpenBench's SPSA input format; 'spsa run' tunes them by self-play", cmdSPSA})
}

const spsaUsage = `Usage:
  vireo spsa                 the search parameters in OpenBench's SPSA input format
  vireo spsa run -state FILE -params A,B,... [-pairs N] [-batch N] [-seed S]
                 -engine cmd=BIN [...] -each nodes=N option.Hash=16 ...
                 -openings file=BOOK format=epd order=random [-concurrency N]

'spsa run' tunes the named search parameters the way OpenBench does: each
step plays -batch game pairs (default: -concurrency) between the engine
with every parameter nudged by +c or -c at random and the engine with the
opposite nudges, then moves each parameter along its nudge by the step's
wins minus losses. c and the learning rate follow OpenBench's schedules
from 'vireo spsa''s c_end and r_end over -pairs game pairs (default 5000).
The engine is given once; it must accept the parameters as UCI options
(a tune build: make TUNE=1). Every other option is the match runner's.

The state (the values, the steps played, what games a step plays) is
written atomically to -state after each step. Run the same command again
to resume (-pairs and -seed, if given, must be the run's own; the engine
binary, the match options but -concurrency, and the parameters' ranges
must be the same; without -batch the batch is -concurrency, so give
-batch to resume on another number of cores); an interrupted step is
played again. The last step
plays only the pairs left.
When the run ends the values are printed as '-set Name=V,...' for
'vireo bench'.
`

func cmdSPSA(args []string) int {
	if len(args) == 0 {
		p := search.DefaultParams()
		fmt.Print(p.SPSA())
		return 0
	}
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fmt.Print(spsaUsage)
			return 0
		}
	}
	if args[0] != "run" {
		fmt.Fprintf(os.Stderr, "vireo spsa: unknown %q\n%s", args[0], spsaUsage)
		return 2
	}
	run, err := parseSPSAArgs(args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "vireo spsa run: %v\n", err)
		return 2
	}
	// The state is replaced by a rename after every step, so the lock is
	// held on a file beside it, for the whole run: a second run on the
	// same state would play the same steps and overwrite the first's.
	lock, err := os.OpenFile(run.statePath+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err == nil {
		defer lock.Close()
		if lerr := data.LockFile(lock); lerr != nil {
			err = fmt.Errorf("%s is in use by another run (%v)", run.statePath, lerr)
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "vireo spsa run: %v\n", err)
		return 1
	}
	st, err := run.state()
	if err != nil {
		fmt.Fprintf(os.Stderr, "vireo spsa run: %v\n", err)
		return 1
	}

	soft, hard, interrupted, release := interrupts(
		"Stopping: the games in flight finish and a step left unfinished is played again on resume. Interrupt again to abandon them.",
		"Abandoning the step's games.")
	defer release()
	code := run.loop(soft, hard, st, os.Stdout, interrupted)
	fmt.Printf("SPSA: %d of %d pairs; values -set %s\n", st.K, st.Total, st.Values())
	return code
}

// spsaRun is a parsed 'spsa run' command line.
type spsaRun struct {
	statePath string
	names     []string
	pairs     int
	batch     int
	seed      uint64
	// pairsSet and seedSet say that -pairs and -seed were given: a
	// resumed run must not differ from them, since its schedules and
	// nudges were drawn from the values it started with.
	pairsSet, seedSet bool
	cfg               match.Config // the match of one step, engines plus and minus
	// identity describes a step's games (spsa.State.Match): the engine
	// and a digest of its binary, the match options but -concurrency,
	// and the batch.
	identity string
}

func parseSPSAArgs(args []string) (*spsaRun, error) {
	groups, err := splitOptions(args)
	if err != nil {
		return nil, err
	}
	if err := onceEach(groups, "engine", "each"); err != nil {
		return nil, err
	}
	r := &spsaRun{pairs: 5000, seed: uint64(time.Now().UnixNano())}
	var rest, same []string
	var engine *optGroup
	for _, g := range groups {
		switch g.name {
		case "state":
			r.statePath, err = oneValue(g)
		case "params":
			var v string
			if v, err = oneValue(g); err == nil {
				r.names = strings.Split(v, ",")
			}
		case "pairs":
			r.pairs, err = intValue(g, 1, 100000000)
			r.pairsSet = true
		case "batch":
			r.batch, err = intValue(g, 1, 1024)
		case "seed":
			var v string
			if v, err = oneValue(g); err == nil {
				if r.seed, err = strconv.ParseUint(v, 0, 64); err != nil {
					err = fmt.Errorf("-seed wants a number, got %q", v)
				}
				r.seedSet = true
			}
		case "engine":
			if engine != nil {
				err = errors.New("give the engine once: both sides of each step are that engine")
			}
			engine = &g
		case "rounds", "games", "repeat", "sprt", "pgnout", "resume", "variant":
			err = fmt.Errorf("-%s is set by spsa run, not on its command line", g.name)
		default:
			rest = append(rest, "-"+g.name)
			rest = append(rest, g.vals...)
			if g.name != "concurrency" {
				same = append(same, "-"+g.name)
				same = append(same, g.vals...)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	switch {
	case r.statePath == "":
		return nil, errors.New("give -state FILE: the run's values and steps are kept there")
	case engine == nil:
		return nil, errors.New("give -engine cmd=BIN (a tune build: make TUNE=1)")
	}
	for _, kv := range engine.vals {
		if k, _, _ := strings.Cut(kv, "="); k == "name" {
			return nil, errors.New("-engine name= is set by spsa run (plus and minus)")
		}
	}
	for _, side := range []string{"plus", "minus"} {
		rest = append(rest, "-engine", "name="+side)
		rest = append(rest, engine.vals...)
	}
	if r.cfg, err = parseMatchArgs(rest); err != nil {
		return nil, err
	}
	if r.cfg.Openings.File == "" {
		// Without openings every pair of a step starts from the same
		// position, and with a node limit plays the same two games.
		return nil, errors.New("give -openings file=BOOK ...: every pair would otherwise be the same game pair")
	}
	if r.batch == 0 {
		r.batch = r.cfg.Concurrency
	}
	r.cfg.Rounds, r.cfg.Games = r.batch, 2
	r.identity = fmt.Sprintf("-engine %s %s -batch %d; binary %s",
		strings.Join(engine.vals, " "), strings.Join(same, " "), r.batch, binaryDigest(r.cfg.Engines[0]))
	return r, nil
}

// binaryDigest names the engine's program by the start of its SHA-256,
// so that a rebuilt engine is a different run.
func binaryDigest(e match.EngineConfig) string {
	path := e.Cmd
	if !strings.ContainsRune(path, filepath.Separator) {
		if p, err := exec.LookPath(path); err == nil {
			path = p
		}
	} else if e.Dir != "" && !filepath.IsAbs(path) {
		path = filepath.Join(e.Dir, path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "unread (" + e.Cmd + ")"
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:8])
}

// checkResume refuses a resume whose games or parameters are not the
// run's own: a step of other games, or a parameter whose range or
// schedule this build defines otherwise, would be mixed into the run.
func (r *spsaRun) checkResume(st *spsa.State) error {
	switch {
	case st.Match == "":
		fmt.Fprintf(os.Stderr, "vireo spsa run: %s does not say what games its steps played (written before that was kept); these are recorded from now on: %s\n", r.statePath, r.identity)
		st.Match = r.identity
	case st.Match != r.identity:
		return fmt.Errorf("%s played its steps with\n  %s\nnot\n  %s\ngive the same engine, binary and match options to resume, or another -state", r.statePath, st.Match, r.identity)
	}
	def := search.DefaultParams()
	table := def.Table()
	for _, p := range st.Params {
		found := false
		for _, pi := range table {
			if !strings.EqualFold(pi.Name, p.Name) {
				continue
			}
			found = true
			if float64(pi.Min) != p.Min || float64(pi.Max) != p.Max || pi.CEnd != p.CEnd || pi.REnd != p.REnd {
				return fmt.Errorf("%s: %s has range %g..%g, c_end %g, r_end %g; this build's is %d..%d, %g, %g: give another -state", r.statePath, p.Name, p.Min, p.Max, p.CEnd, p.REnd, pi.Min, pi.Max, pi.CEnd, pi.REnd)
			}
		}
		if !found {
			return fmt.Errorf("%s tunes %s, which this build does not have ('vireo spsa' lists them)", r.statePath, p.Name)
		}
	}
	return nil
}

// state loads the run's state file, or starts one from -params with the
// compiled-in defaults, ranges and OpenBench schedules of 'vireo spsa'.
func (r *spsaRun) state() (*spsa.State, error) {
	st, err := spsa.Load(r.statePath)
	switch {
	case err == nil:
		if len(r.names) > 0 {
			var have []string
			for _, p := range st.Params {
				have = append(have, p.Name)
			}
			if !strings.EqualFold(strings.Join(have, ","), strings.Join(r.names, ",")) {
				return nil, fmt.Errorf("%s tunes %s, not -params %s: give another -state to start a new run",
					r.statePath, strings.Join(have, ","), strings.Join(r.names, ","))
			}
		}
		if r.pairsSet && r.pairs != st.Total {
			return nil, fmt.Errorf("%s runs %d pairs, not -pairs %d: its c and learning-rate schedules are fixed by that total; drop -pairs to resume, or give another -state", r.statePath, st.Total, r.pairs)
		}
		if r.seedSet && r.seed != st.Seed {
			return nil, fmt.Errorf("%s was started with -seed %d, not %d: drop -seed to resume, or give another -state", r.statePath, st.Seed, r.seed)
		}
		if err := r.checkResume(st); err != nil {
			return nil, err
		}
		fmt.Printf("resuming %s at pair %d of %d\n", r.statePath, st.K, st.Total)
		return st, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	case len(r.names) == 0:
		return nil, fmt.Errorf("%s does not exist: give -params A,B,... to start a run", r.statePath)
	}
	def := search.DefaultParams()
	table := def.Table()
	var ps []spsa.Param
	for _, name := range r.names {
		found := false
		for _, pi := range table {
			if strings.EqualFold(pi.Name, name) {
				ps = append(ps, spsa.Param{Name: pi.Name, Value: float64(*pi.Ptr), Min: float64(pi.Min), Max: float64(pi.Max), CEnd: pi.CEnd, REnd: pi.REnd})
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("-params: unknown search parameter %q ('vireo spsa' lists them)", name)
		}
	}
	if st, err = spsa.New(ps, r.pairs, r.seed); err != nil {
		return nil, err
	}
	st.Match = r.identity
	return st, st.Save(r.statePath)
}

// loop plays steps until the run ends or is interrupted, saving the state
// after each; it returns the exit code.
func (r *spsaRun) loop(soft, hard context.Context, st *spsa.State, out io.Writer, interrupted *atomic.Bool) int {
	start, k0 := time.Now(), st.K
	for !st.Done() && !interrupted.Load() {
		pr := st.Next()
		cfg := r.cfg
		cfg.Rounds = min(cfg.Rounds, st.Left())
		cfg.Engines = append([]match.EngineConfig{}, r.cfg.Engines...)
		for side, vals := range [][]int{pr.Plus, pr.Minus} {
			e := &cfg.Engines[side]
			e.Options = append([]match.Option{}, e.Options...)
			for i, p := range st.Params {
				e.Options = setOpt(e.Options, p.Name, strconv.Itoa(vals[i]))
			}
		}
		cfg.Seed, cfg.SeedSet = st.Seed^uint64(pr.K)*0x9e3779b97f4a7c15, true
		cfg.Out = io.Discard
		res, err := match.Run(soft, hard, cfg)
		if err != nil {
			fmt.Fprintf(os.Stderr, "vireo spsa run: %v\n", err)
			return 1
		}
		for _, n := range res.Notes {
			fmt.Fprintf(os.Stderr, "vireo spsa run: %s\n", n)
		}
		if res.Interrupted || len(res.Pairs) == 0 {
			return 130
		}
		tri := res.Stats[0].Tri
		for i, f := range res.Failures {
			if f != (match.Failures{}) {
				fmt.Fprintf(out, "warning: %s lost games off the board or had moves stopped at pair %d: %+v\n", res.Names[i], pr.K, f)
			}
		}
		if err := st.Apply(pr, len(res.Pairs), tri.W-tri.L); err != nil {
			fmt.Fprintf(os.Stderr, "vireo spsa run: %v\n", err)
			return 1
		}
		if err := st.Save(r.statePath); err != nil {
			fmt.Fprintf(os.Stderr, "vireo spsa run: %v\n", err)
			return 1
		}
		el := time.Since(start)
		rate := float64(st.K-k0) / el.Seconds()
		fmt.Fprintf(out, "pairs %d/%d  step %+d  %s  (%.1f pairs/min)\n", st.K, st.Total, tri.W-tri.L, st.Values(), rate*60)
	}
	if interrupted.Load() {
		return 130
	}
	return 0
}

// setOpt sets option name to v, replacing an earlier setting.
func setOpt(opts []match.Option, name, v string) []match.Option {
	for i := range opts {
		if strings.EqualFold(opts[i].Name, name) {
			opts[i].Value = v
			return opts
		}
	}
	return append(opts, match.Option{Name: name, Value: v})
}
