package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"vireo/data"
	"vireo/search"
)

func init() {
	register(command{"data", "data quiet|pgn|rescore ...", "make labelled quiet training positions from labelled positions or PGN games, or rescore them", cmdData})
}

func cmdData(args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "quiet":
			return cmdDataQuiet(args[1:])
		case "pgn":
			return cmdDataPGN(args[1:])
		case "rescore":
			return cmdDataRescore(args[1:])
		}
	}
	fmt.Fprintln(os.Stderr, `usage:
  vireo data quiet [-threads N] IN OUT
      replace each labelled position of IN by the end of its quiescence PV
  vireo data pgn [-per-game 4] [-gap 10] [-win 100] [-draw 150] [-min-ply 0] [-seed 1] IN.pgn... OUT
      choose labelled quiet positions from games (docs/data.md)
  vireo data rescore [-nodes 20000 | -depth D] [-every 1] [-positions 0] [-threads N] [-hash 4] IN OUT
      replace each position's score by a fresh search's; resumable (OUT.state)`)
	return 2
}

func cmdDataQuiet(args []string) int {
	fs := flag.NewFlagSet("data quiet", flag.ContinueOnError)
	threads := fs.Int("threads", 0, "worker threads (0: one per CPU)")
	if err := parseFlags(fs, reorder(fs, args)); err != nil {
		return flagExit(err)
	}
	if fs.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: vireo data quiet [-threads N] IN OUT")
		return 2
	}
	if !workersInRange("data quiet", "-threads", *threads) {
		return 2
	}
	st, err := data.QuietFile(fs.Arg(0), fs.Arg(1), data.QuietOptions{
		Threads: *threads, Errors: os.Stderr, Progress: os.Stderr, ProgressEvery: 10 * time.Second,
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "data quiet: %v\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "data quiet: %d positions read, %d malformed, %d written (%d moved to a quiet leaf, %d mates dropped) in %.1f s, %.0f positions/s\n",
		st.Read, st.Bad, st.Written, st.Moved, st.Dropped, st.Elapsed.Seconds(), float64(st.Read)/max(st.Elapsed.Seconds(), 1e-9))
	return 0
}

func cmdDataPGN(args []string) int {
	def := data.DefaultPGNFilter()
	fs := flag.NewFlagSet("data pgn", flag.ContinueOnError)
	perGame := fs.Int("per-game", def.PerGame, "positions at most per game")
	gap := fs.Int("gap", def.MinGap, "minimum plies between two positions of a game")
	win := fs.Int("win", def.WinMargin, "decisive games: the winner's own evaluation must be above this (cp)")
	draw := fs.Int("draw", def.DrawMargin, "draws: one side's |evaluation| must be below this (cp)")
	minPly := fs.Int("min-ply", def.MinPly, "skip the first plies of every game (besides book moves)")
	seed := fs.Uint64("seed", def.Seed, "seed of the choice among eligible positions")
	if err := parseFlags(fs, reorder(fs, args)); err != nil {
		return flagExit(err)
	}
	if fs.NArg() < 2 {
		fmt.Fprintln(os.Stderr, "usage: vireo data pgn [options] IN.pgn... OUT")
		return 2
	}
	switch {
	case *perGame < 1:
		fmt.Fprintf(os.Stderr, "data pgn: -per-game %d: want at least 1\n", *perGame)
		return 2
	case *gap < 0 || *minPly < 0:
		fmt.Fprintf(os.Stderr, "data pgn: -gap %d, -min-ply %d: want 0 or more\n", *gap, *minPly)
		return 2
	}
	f := data.PGNFilter{PerGame: *perGame, MinGap: *gap, WinMargin: *win, DrawMargin: *draw, MinPly: *minPly, Seed: *seed}
	in, out := fs.Args()[:fs.NArg()-1], fs.Arg(fs.NArg()-1)
	if name := strings.ToLower(out); strings.HasSuffix(name, ".pgn") || strings.HasSuffix(name, ".pgn.gz") {
		// The output is labelled EPD: a PGN name here is an input whose
		// OUT was left off, and writing to it would replace its games.
		fmt.Fprintf(os.Stderr, "data pgn: OUT %s is a PGN name, but the output is labelled EPD; give the output file last\n", out)
		return 2
	}
	st, err := data.ImportPGN(in, out, f, os.Stderr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "data pgn: %v\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "data pgn: %d games (%d malformed, %d unfinished skipped), %d positions written in %.1f s; left out: %d book, %d in check, %d without evaluation, %d by the win/draw filter, %d mates\n",
		st.Games, st.Malformed, st.Unfinished, st.Written, st.Elapsed.Seconds(), st.Book, st.InCheck, st.NoEval, st.Filtered, st.NotQuiet)
	return 0
}

func cmdDataRescore(args []string) int {
	fs := flag.NewFlagSet("data rescore", flag.ContinueOnError)
	nodes := fs.Uint64("nodes", 20000, "nodes per position (not with -depth)")
	depth := fs.Int("depth", 0, "depth per position, in place of -nodes")
	every := fs.Int("every", 1, "keep input lines 1, 1+N, 1+2N, ... (a sample spread over the file)")
	positions := fs.Int("positions", 0, "stop once this many positions are written in all (0: the whole input)")
	threads := fs.Int("threads", 0, "worker threads (0: one per CPU); the output does not depend on it")
	hash := fs.Int("hash", 4, "hash MB per worker, cleared before each position")
	if err := parseFlags(fs, reorder(fs, args)); err != nil {
		return flagExit(err)
	}
	// -depth replaces the nodes default; both given would leave one of
	// them unused while the state recorded it.
	if *depth != 0 && *nodes != 0 && flagGiven(fs, "nodes") {
		fmt.Fprintln(os.Stderr, "data rescore: give -nodes or -depth, not both")
		return 2
	}
	if *depth != 0 {
		*nodes = 0
	}
	if fs.NArg() != 2 || *every < 1 || *nodes == 0 && *depth <= 0 {
		fmt.Fprintln(os.Stderr, "usage: vireo data rescore [-nodes N | -depth D] [-every N>=1] [-positions N] [-threads N] [-hash MB] IN OUT")
		return 2
	}
	if *depth >= search.MaxPly {
		fmt.Fprintf(os.Stderr, "data rescore: -depth %d: want 1 to %d\n", *depth, search.MaxPly-1)
		return 2
	}
	switch {
	case !workersInRange("data rescore", "-threads", *threads):
		return 2
	case *hash < 1 || *hash > search.MaxHashMB:
		// A table smaller than asked for would give other scores than
		// the state records.
		fmt.Fprintf(os.Stderr, "data rescore: -hash %d: want 1 to %d MB\n", *hash, search.MaxHashMB)
		return 2
	case *positions < 0:
		fmt.Fprintf(os.Stderr, "data rescore: -positions %d: want 0 (the whole input) or more\n", *positions)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg := data.RescoreConfig{In: fs.Arg(0), Out: fs.Arg(1), Nodes: *nodes, Depth: *depth, Every: *every, Positions: *positions,
		Threads: *threads, HashMB: *hash, Errors: os.Stderr, Progress: os.Stderr, ProgressEvery: 10 * time.Second}
	st, err := data.Rescore(ctx, cfg)
	el := st.Elapsed.Seconds()
	fmt.Fprintf(os.Stderr, "data rescore: this run %d positions in %.0f s (%.1f/s); %s has %d (of %d read up to input line %d: %d malformed, %d mates or no move dropped)\n",
		st.RunWritten, el, float64(st.RunWritten)/max(el, 1e-9), cfg.Out, st.Written, st.Read, st.Lines, st.Bad, st.Dropped)
	if err != nil {
		fmt.Fprintf(os.Stderr, "data rescore: %v\n", err)
		return 1
	}
	if !st.Done && (*positions == 0 || st.Written < *positions) {
		fmt.Fprintln(os.Stderr, "data rescore: interrupted; run the same command again to resume")
	}
	return 0
}

// workersInRange reports whether a worker count n given with flag is 0
// (one per CPU) or a count a search could run, and says why not on
// standard error: a huge count would start as many goroutines.
func workersInRange(cmd, flag string, n int) bool {
	if n < 0 || n > search.MaxThreads {
		fmt.Fprintf(os.Stderr, "%s: %s %d: want 0 (one per CPU) to %d\n", cmd, flag, n, search.MaxThreads)
		return false
	}
	return true
}
