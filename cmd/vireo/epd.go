package main

import (
	"bufio"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"vireo/chess"
	"vireo/data"
	"vireo/eval"
	"vireo/search"
)

func init() {
	register(command{"epd", "epd [--params F] FILE", "run a test suite with bm/am operations and count the solved positions (and STS points where lines carry c8/c9)", cmdEPD})
}

func cmdEPD(args []string) int {
	fs := flag.NewFlagSet("epd", flag.ContinueOnError)
	movetime := fs.Int("movetime", 1000, "milliseconds per position")
	nodes := fs.Uint64("nodes", 0, "nodes per position (instead of movetime)")
	depth := fs.Int("depth", 0, "depth per position (instead of movetime)")
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 64, "transposition table size in MB")
	quiet := fs.Bool("q", false, "print only failures and the total")
	params := fs.String("params", "", "evaluation parameter file (as EvalFile) instead of the compiled-in values")
	var sets setFlags
	fs.Var(&sets, "set", "search parameter NAME=VALUE (repeatable), as vireo spsa lists them")
	if err := parseFlags(fs, reorder(fs, args)); err != nil {
		return flagExit(err)
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: vireo epd FILE [--movetime MS | --nodes N | --depth D] [--threads T] [--params F]")
		return 2
	}
	// A movetime of zero or less is no limit at all to the search: the
	// suite would never end.
	if *movetime <= 0 {
		fmt.Fprintf(os.Stderr, "epd: --movetime wants a positive number of milliseconds, got %d\n", *movetime)
		return 2
	}
	// Out of range is refused rather than clamped: a run must search as
	// it was asked to, or not at all.
	switch {
	case *depth < 0 || *depth >= search.MaxPly:
		fmt.Fprintf(os.Stderr, "epd: --depth wants 0 (no depth limit) or a depth from 1 to %d, got %d\n", search.MaxPly-1, *depth)
		return 2
	case *threads < 1 || *threads > search.MaxThreads:
		fmt.Fprintf(os.Stderr, "epd: --threads wants 1 to %d, got %d\n", search.MaxThreads, *threads)
		return 2
	case *hash < 1 || *hash > search.MaxHashMB:
		fmt.Fprintf(os.Stderr, "epd: --hash wants 1 to %d MB, got %d\n", search.MaxHashMB, *hash)
		return 2
	case *nodes > 0 && *depth > 0, (*nodes > 0 || *depth > 0) && flagGiven(fs, "movetime"):
		// One limit per run: with two, the one that ends the search
		// first would decide, unsaid.
		fmt.Fprintln(os.Stderr, "epd: --movetime, --nodes and --depth are three limits: give one")
		return 2
	}
	// The parameter file is read before the suite so that a bad one stops
	// the run instead of scoring the compiled-in evaluation under its name.
	var ep *eval.Params
	if *params != "" {
		var err error
		if ep, err = eval.LoadParams(*params); err != nil {
			fmt.Fprintf(os.Stderr, "epd: --params: %v\n", err)
			return 2
		}
	}
	f, err := openSuite(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(os.Stderr, "epd: %v\n", err)
		return 2
	}
	defer f.Close()
	s := search.NewSearcher(*hash)
	if ep != nil {
		s.SetEvalParams(ep)
	}
	s.SetThreads(*threads)
	if err := sets.apply(&s.Params); err != nil {
		fmt.Fprintf(os.Stderr, "epd: --set: %v\n", err)
		return 2
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), maxSuiteLine)
	line, total, solved, skipped := 0, 0, 0, 0
	sts := newSTSTally()
	start := time.Now()
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		skip := func(err error) {
			fmt.Printf("%s:%d: %v (skipped)\n", fs.Arg(0), line, err)
			skipped++
		}
		rec, err := data.ParseEPD(text)
		if err != nil {
			skip(err)
			continue
		}
		bm, errBM := sanSet(rec, "bm")
		am, errAM := sanSet(rec, "am")
		if err := cmp.Or(errBM, errAM); err != nil {
			skip(err)
			continue
		}
		if bm == nil && am == nil {
			skip(errors.New("no bm or am operation"))
			continue
		}
		points, err := stsPoints(rec)
		if err != nil {
			skip(err)
			continue
		}
		lim := search.Limits{MoveTime: time.Duration(*movetime) * time.Millisecond}
		if *nodes > 0 || *depth > 0 {
			lim = search.Limits{Nodes: *nodes, Depth: *depth}
		}
		s.NewGame()
		res := s.Search(rec.Pos, lim)
		ok := (bm == nil || bm[res.Best]) && (am == nil || !am[res.Best])
		total++
		if points != nil {
			sts.add(rec.ID(), points[res.Best], maxPoints(points))
		}
		verdict := "fail"
		if ok {
			solved++
			verdict = "ok  "
		}
		if !ok || !*quiet {
			id := rec.ID()
			if id == "" {
				id = fmt.Sprintf("line %d", line)
			}
			want := ""
			if v, ok := rec.Op("bm"); ok {
				want += " bm " + strings.Join(v, " ")
			}
			if v, ok := rec.Op("am"); ok {
				want += " am " + strings.Join(v, " ")
			}
			fmt.Printf("%s %-10s played %-7s%s  (depth %d, score %d)\n", verdict, id, rec.Pos.SAN(res.Best), want, res.Depth, res.Score)
		}
	}
	sts.print(os.Stdout)
	fmt.Printf("Solved %d of %d (%.1f%%) in %.1f s\n", solved, total, 100*float64(solved)/float64(max(total, 1)), time.Since(start).Seconds())
	if skipped > 0 {
		fmt.Printf("Skipped %d lines (see above)\n", skipped)
	}
	if err := sc.Err(); err != nil {
		// The positions after the unreadable line were never tried: the
		// count above is not the suite's.
		fmt.Fprintf(os.Stderr, "epd: %s\n", lineReadError(fs.Arg(0), line+1, err))
		return 1
	}
	if total == 0 {
		// "Solved 0 of 0" is no result: a script must not read it as a
		// suite that passed.
		fmt.Fprintf(os.Stderr, "epd: %s: no position with a bm or am operation was searched\n", fs.Arg(0))
		return 1
	}
	return 0
}

// maxSuiteLine bounds one line of a suite or position file; longer lines
// are read errors naming the file and line, never a silent end of input.
const maxSuiteLine = 1 << 20

// openSuite opens a suite file, refusing a directory (which reads as an
// empty file on some systems and as an error on the first read on others).
func openSuite(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || fi.IsDir() {
		f.Close()
		if err == nil {
			err = fmt.Errorf("%s is a directory, not a suite file", path)
		}
		return nil, err
	}
	return f, nil
}

// lineReadError names the file and line a scanner stopped at.
func lineReadError(name string, line int, err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("%s:%d: line longer than %d bytes; nothing after it was read", name, line, maxSuiteLine)
	}
	return fmt.Errorf("%s:%d: %v; nothing after it was read", name, line, err)
}

// sanSet parses the SAN moves of an operation: nil without the operation,
// an error naming the first move that is not legal SAN in the position.
func sanSet(rec *data.EPD, code string) (map[chess.Move]bool, error) {
	ops, present := rec.Op(code)
	if !present {
		return nil, nil
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("%s without a move", code)
	}
	set := map[chess.Move]bool{}
	for _, s := range ops {
		m, err := rec.Pos.ParseSAN(s)
		if err != nil {
			return nil, fmt.Errorf("bad %s move %q: %v", code, s, err)
		}
		set[m] = true
	}
	return set, nil
}

// setFlags collects repeated --set NAME=VALUE flags; one flag may also
// carry several, separated by commas.
type setFlags []struct {
	name  string
	value int
}

func (s *setFlags) String() string { return fmt.Sprint(*s) }

func (s *setFlags) Set(v string) error {
	for _, kv := range strings.Split(v, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return fmt.Errorf("want NAME=VALUE, got %q", kv)
		}
		n, err := strconv.Atoi(val)
		if err != nil {
			return fmt.Errorf("%s: %q is not an integer", name, val)
		}
		// The later value would win unseen: say which one is meant.
		for _, prev := range *s {
			if strings.EqualFold(prev.name, name) {
				return fmt.Errorf("%s given twice (%d and %d)", name, prev.value, n)
			}
		}
		*s = append(*s, struct {
			name  string
			value int
		}{name, n})
	}
	return nil
}

// apply sets each parameter in p.
func (s setFlags) apply(p *search.Params) error {
	for _, kv := range s {
		if err := p.Set(kv.name, kv.value); err != nil {
			return err
		}
	}
	return nil
}
