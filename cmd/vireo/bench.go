package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"vireo/search"
)

func init() {
	register(command{"bench", "bench [-threads N] [-hash MB] [-v] [--stats] [-cpuprofile F] [-set Name=V,... [-compare]] [depth]", "search the built-in positions; prints 'Bench: N nodes M nps'", cmdBench})
}

func cmdBench(args []string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	hash := fs.Int("hash", 16, "transposition table size in MB")
	threads := fs.Int("threads", 1, "search threads (the node count is only reproducible with 1)")
	verbose := fs.Bool("v", false, "print each position's node count")
	stats := fs.Bool("stats", false, "after the Bench line, print search statistics (docs/bench-stats.md)")
	prof := fs.String("cpuprofile", "", "write a CPU profile to this file")
	compare := fs.Bool("compare", false, "with -set: bench the defaults too and compare the node counts position by position")
	var sets setFlags
	fs.Var(&sets, "set", "search parameters to change, Name=V (repeatable, or Name=V,Name=V), as 'vireo spsa' lists them")
	// A negative depth would otherwise be read as an unknown flag; a
	// negative number after a flag that takes a value is that value.
	for i, a := range args {
		if _, err := strconv.Atoi(a); err != nil || !strings.HasPrefix(a, "-") {
			continue
		}
		if i > 0 {
			if f := fs.Lookup(strings.TrimLeft(args[i-1], "-")); f != nil && !boolFlag(f) {
				continue
			}
		}
		fmt.Fprintf(os.Stderr, "bench: want a depth from 1 to %d, got %q\n", search.MaxPly-1, a)
		return 2
	}
	if err := parseFlags(fs, reorder(fs, args)); err != nil {
		return flagExit(err)
	}
	if *stats && !search.StatsBuild {
		fmt.Fprintln(os.Stderr, "bench: --stats needs a build that counts the statistics: make STATS=1 (or go build -tags stats ./cmd/vireo)")
		return 2
	}
	if *threads < 1 || *threads > search.MaxThreads {
		fmt.Fprintf(os.Stderr, "bench: threads must be from 1 to %d\n", search.MaxThreads)
		return 2
	}
	if *hash < 1 || *hash > search.MaxHashMB {
		fmt.Fprintf(os.Stderr, "bench: hash must be from 1 to %d MB, got %d\n", search.MaxHashMB, *hash)
		return 2
	}
	depth := search.BenchDepth
	if fs.NArg() > 1 {
		fmt.Fprintf(os.Stderr, "bench: want at most one depth, got %q\n", fs.Args())
		return 2
	}
	if fs.NArg() > 0 {
		d, err := strconv.Atoi(fs.Arg(0))
		if err != nil || d < 1 || d >= search.MaxPly {
			fmt.Fprintf(os.Stderr, "bench: want a depth from 1 to %d, got %q\n", search.MaxPly-1, fs.Arg(0))
			return 2
		}
		depth = d
	}
	params := search.DefaultParams()
	if err := sets.apply(&params); err != nil {
		fmt.Fprintf(os.Stderr, "bench: -set: %v\n", err)
		return 2
	}
	if *compare && (len(sets) == 0 || *threads != 1) {
		fmt.Fprintln(os.Stderr, "bench: -compare needs -set and one thread (with more the counts are not reproducible)")
		return 2
	}
	var base []uint64
	if *compare {
		base = search.BenchThreads(search.DefaultParams(), depth, *hash, 1).PerPosNodes
	}
	var progress []func(int, string, uint64)
	if *verbose {
		progress = append(progress, func(i int, fen string, nodes uint64) {
			if base != nil {
				fmt.Printf("%2d %10d %10d %+6.1f%%  %s\n", i+1, base[i], nodes, 100*(float64(nodes)/float64(base[i])-1), fen)
				return
			}
			fmt.Printf("%2d %10d  %s\n", i+1, nodes, fen)
		})
	}
	stop, err := startProfile(*prof)
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 1
	}
	r := search.BenchThreads(params, depth, *hash, *threads, progress...)
	stop()
	if *threads > 1 {
		fmt.Printf("%d threads: nodes and nps are the totals over all threads\n", *threads)
	}
	fmt.Println(r.String())
	if base != nil {
		c, err := search.CompareNodes(base, r.PerPosNodes)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: %v\n", err)
			return 1
		}
		fmt.Println(c)
	}
	if *stats {
		r.Stats.Print(os.Stdout)
	}
	return 0
}
