package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"

	"vireo/search"
)

func init() {
	register(command{"bench", "bench [depth]", "search the built-in positions; prints 'Bench: N nodes M nps'", cmdBench})
}

func cmdBench(args []string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	hash := fs.Int("hash", 16, "transposition table size in MB")
	verbose := fs.Bool("v", false, "print each position's node count")
	prof := fs.String("cpuprofile", "", "write a CPU profile to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	depth := search.BenchDepth
	if fs.NArg() > 0 {
		d, err := strconv.Atoi(fs.Arg(0))
		if err != nil || d < 1 || d >= search.MaxPly {
			fmt.Fprintf(os.Stderr, "bench: bad depth %q\n", fs.Arg(0))
			return 2
		}
		depth = d
	}
	var progress []func(int, string, uint64)
	if *verbose {
		progress = append(progress, func(i int, fen string, nodes uint64) {
			fmt.Printf("%2d %10d  %s\n", i+1, nodes, fen)
		})
	}
	stop := startProfile(*prof)
	r := search.Bench(depth, *hash, progress...)
	stop()
	fmt.Println(r.String())
	return 0
}
