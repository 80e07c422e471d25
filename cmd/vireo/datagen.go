package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"vireo/chess"
	"vireo/datagen"
)

func init() {
	register(command{"datagen", "datagen -out FILE", "self-play training data (labelled quiet positions or PGN), resumable", cmdDatagen})
}

func cmdDatagen(args []string) int {
	def := datagen.DefaultConfig()
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	out := fs.String("out", "", "output file (its state file is FILE.state); an interrupted run resumes when started again")
	format := fs.String("format", def.Format, "epd: labelled quiet positions (FEN ce S; c9 \"R\";), pgn: games")
	games := fs.Int("games", 0, "stop after this many games in all (0: no limit)")
	positions := fs.Int("positions", 0, "stop once this many positions are written in all (0: no limit)")
	threads := fs.Int("threads", 0, "game threads (0: one per CPU)")
	hash := fs.Int("hash", def.HashMB, "hash MB per game thread")
	nodes := fs.Uint64("nodes", def.Nodes, "nodes per move (0: use -depth)")
	depth := fs.Int("depth", 0, "depth per move, with -nodes 0")
	seed := fs.Uint64("seed", def.Seed, "seed; game n of a seed is always the same game")
	plies := fs.Int("random-plies", def.RandomPlies, "random plies played from the start or book position")
	book := fs.String("book", "", "EPD/FEN file of opening positions (default: the start position)")
	margin := fs.Int("opening-margin", def.OpeningMargin, "reject openings a search scores beyond this (cp; 0: keep all)")
	winScore := fs.Int("win-score", def.WinScore, "win adjudication: |score| at least this (cp) ...")
	winPlies := fs.Int("win-plies", def.WinPlies, "... for this many plies in a row")
	drawAfter := fs.Int("draw-after", def.DrawAfter, "draw adjudication from this ply on, when |score| is at most ...")
	drawScore := fs.Int("draw-score", def.DrawScore, "... this (cp) ...")
	drawPlies := fs.Int("draw-plies", def.DrawPlies, "... for this many plies in a row")
	maxPlies := fs.Int("max-plies", def.MaxPlies, "a game this long is a draw")
	every := fs.Duration("progress", def.ProgressEvery, "progress line interval on standard error (0: none)")
	if err := parseFlags(fs, reorder(fs, args)); err != nil {
		return flagExit(err)
	}
	if *out == "" || fs.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: vireo datagen -out FILE [-positions N | -games N] [-nodes N | -nodes 0 -depth D] [-threads T] [-book FILE.epd] [-format epd|pgn]")
		return 2
	}
	if *hash < 1 {
		fmt.Fprintf(os.Stderr, "datagen: -hash %d: want 1 MB or more\n", *hash)
		return 2
	}
	cfg := def
	cfg.Out, cfg.Format, cfg.Games, cfg.Positions, cfg.Threads, cfg.HashMB = *out, *format, *games, *positions, *threads, *hash
	cfg.Nodes, cfg.Depth, cfg.Seed, cfg.RandomPlies, cfg.OpeningMargin = *nodes, *depth, *seed, *plies, *margin
	cfg.WinScore, cfg.WinPlies, cfg.DrawAfter, cfg.DrawScore, cfg.DrawPlies, cfg.MaxPlies = *winScore, *winPlies, *drawAfter, *drawScore, *drawPlies, *maxPlies
	cfg.Progress, cfg.ProgressEvery = os.Stderr, *every
	if *book != "" {
		fens, err := chess.ReadFENFile(*book)
		if err != nil {
			fmt.Fprintf(os.Stderr, "datagen: %v\n", err)
			return 1
		}
		cfg.Book, cfg.BookName = fens, *book
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := datagen.Run(ctx, cfg)
	if err != nil && st.Games == 0 {
		fmt.Fprintf(os.Stderr, "datagen: %v\n", err)
		return 1
	}
	el := st.Elapsed.Seconds()
	fmt.Fprintf(os.Stderr, "datagen: this run %d games, %d positions in %.0f s (%.2f games/s, %.1f positions/s); %s has %d games, %d positions\n",
		st.Games, st.Positions, el, float64(st.Games)/max(el, 1e-9), float64(st.Positions)/max(el, 1e-9), cfg.Out, st.TotalGames, st.TotalPositions)
	if err != nil {
		fmt.Fprintf(os.Stderr, "datagen: %v\n", err)
		return 1
	}
	if !st.Done {
		fmt.Fprintln(os.Stderr, "datagen: interrupted; run the same command again to resume")
	}
	return 0
}
