package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"vireo/chess"
	"vireo/data"
)

func init() {
	register(command{"perft", "perft D [FEN]", "count leaf nodes to depth D (divide by root move)", cmdPerft})
}

func cmdPerft(args []string) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	suite := fs.String("suite", "", "run an EPD perft suite (';D1 20 ;D2 400 ...' fields) instead")
	maxDepth := fs.Int("max-depth", 0, "with --suite, check depths up to this one only (0 = all)")
	chess960 := fs.Bool("chess960", false, "print castling as king takes rook")
	prof := fs.String("cpuprofile", "", "write a CPU profile to this file")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: vireo perft D [FEN]\n       vireo perft --suite FILE [--max-depth D]")
		fs.PrintDefaults()
	}
	// Accept flags after the positional depth too (vireo perft 5 --chess960).
	var pos []string
	for len(args) > 0 {
		if err := parseFlags(fs, args); err != nil {
			return flagExit(err)
		}
		args = fs.Args()
		if len(args) > 0 {
			pos = append(pos, args[0])
			args = args[1:]
		}
	}
	if *maxDepth < 0 || *maxDepth > chess.MaxPerftDepth {
		fmt.Fprintf(os.Stderr, "perft: --max-depth wants 0 (every depth) or 1 to %d, got %d\n", chess.MaxPerftDepth, *maxDepth)
		return 2
	}
	if *prof != "" && *suite != "" {
		if err := data.DistinctOutput(*prof, *suite); err != nil {
			fmt.Fprintf(os.Stderr, "perft: --cpuprofile: %v\n", err)
			return 2
		}
	}
	if *suite != "" && len(pos) > 0 {
		fmt.Fprintf(os.Stderr, "perft: --suite takes no depth or FEN, got %q\n", strings.Join(pos, " "))
		return 2
	}
	// A flag that the run would not use: said, not ignored.
	if *suite == "" && flagGiven(fs, "max-depth") {
		fmt.Fprintln(os.Stderr, "perft: --max-depth goes with --suite; without it the depth is the first argument")
		return 2
	}
	if *suite != "" && *chess960 {
		fmt.Fprintln(os.Stderr, "perft: --chess960 prints the moves of a divide; --suite prints none (its FENs say which castling they use)")
		return 2
	}
	stop, err := startProfile(*prof)
	if err != nil {
		fmt.Fprintf(os.Stderr, "perft: %v\n", err)
		return 1
	}
	defer stop()
	if *suite != "" {
		return perftSuite(*suite, *maxDepth)
	}
	if len(pos) == 0 {
		fs.Usage()
		return 2
	}
	depth, err := strconv.Atoi(pos[0])
	if err != nil || depth < 1 || depth > chess.MaxPerftDepth {
		fmt.Fprintf(os.Stderr, "perft: bad depth %q: want an integer from 1 to %d\n", pos[0], chess.MaxPerftDepth)
		return 2
	}
	fen := chess.StartFEN
	if len(pos) > 1 {
		fen = strings.Join(pos[1:], " ")
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		fmt.Fprintf(os.Stderr, "perft: %v\n", err)
		return 2
	}
	p.SetChess960(*chess960)
	start := time.Now()
	var total uint64
	for _, e := range chess.Divide(p, depth) {
		fmt.Printf("%s: %d\n", p.UCI(e.Move), e.Nodes)
		total += e.Nodes
	}
	el := time.Since(start)
	fmt.Printf("\nNodes searched: %d\nTime: %d ms\nNPS: %d\n", total, el.Milliseconds(), int64(float64(total)/max(el.Seconds(), 1e-9)))
	return 0
}

func perftSuite(path string, maxDepth int) int {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "perft: %v\n", err)
		return 2
	}
	defer f.Close()
	cases, err := chess.ReadPerftSuite(f, path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "perft: %v\n", err)
		return 2
	}
	start := time.Now()
	var nodes uint64
	checked, failed := 0, 0
	for _, c := range cases {
		p := chess.MustParseFEN(c.FEN) // validated by ReadPerftSuite
		for _, d := range c.Depths() {
			if maxDepth > 0 && d > maxDepth {
				break
			}
			got := chess.Perft(p, d)
			nodes += got
			checked++
			if got != c.Counts[d] {
				failed++
				fmt.Printf("MISMATCH %s:%d depth %d: got %d, want %d  %s\n", path, c.Line, d, got, c.Counts[d], c.FEN)
			}
		}
	}
	el := time.Since(start)
	fmt.Printf("%d positions, %d counts checked, %d mismatches, %d nodes in %.1f s (%.0f Mnps)\n",
		len(cases), checked, failed, nodes, el.Seconds(), float64(nodes)/max(el.Seconds(), 1e-9)/1e6)
	if failed > 0 {
		return 1
	}
	if checked == 0 {
		fmt.Fprintf(os.Stderr, "perft: %s: no count was checked\n", path)
		return 1
	}
	return 0
}
