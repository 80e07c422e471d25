package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"

	"vireo/chess"
	"vireo/data"
	"vireo/eval"
)

func init() {
	register(command{"eval", "eval [--params F] FEN...", "print the evaluation of positions by group and side", cmdEval})
}

// cmdEval prints the evaluation breakdown of each position. FENs may be
// given one per argument (quoted) or as bare words: a new FEN starts at
// every word containing '/'. "startpos" stands for the initial position,
// and no FEN at all means the initial position.
func cmdEval(args []string) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	params := fs.String("params", "", "evaluation parameter file (default: compiled-in values)")
	write := fs.String("write-params", "", "write the parameters in use to this file and exit (\"-\": standard output)")
	if err := parseFlags(fs, reorder(fs, args)); err != nil {
		return flagExit(err)
	}
	var pr *eval.Params
	if *params != "" {
		p, err := eval.LoadParams(*params)
		if err != nil {
			fmt.Fprintf(os.Stderr, "eval: %v\n", err)
			return 1
		}
		pr = p
	}
	e := eval.NewWithParams(pr)
	if *write != "" && fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "eval: --write-params evaluates nothing; drop the position %q\n", strings.Join(fs.Args(), " "))
		return 2
	}
	if *write != "" {
		var buf bytes.Buffer
		err := eval.WriteParams(&buf, e.Params())
		if err == nil {
			if *write == "-" {
				_, err = os.Stdout.Write(buf.Bytes())
			} else {
				// Whole or not at all: a parameter file cut short
				// would be refused by its "end" line, but the one it
				// replaced would be gone.
				err = data.WriteFileAtomic(*write, buf.Bytes(), 0o644)
			}
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "eval: %v\n", err)
			return 1
		}
		return 0
	}
	fens := splitFENs(fs.Args())
	if len(fens) == 0 {
		fens = []string{chess.StartFEN}
	}
	status := 0
	for i, fen := range fens {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			fmt.Fprintf(os.Stderr, "eval: %q: %v\n", fen, err)
			status = 1
			continue
		}
		if i > 0 {
			fmt.Println()
		}
		fmt.Printf("FEN: %s\n%s", p.FEN(), e.Breakdown(p))
	}
	return status
}

// splitFENs groups words into FENs: a FEN starts at each word containing
// '/' (or "startpos") and takes the words after it up to the next start.
func splitFENs(args []string) []string {
	var fens []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			fens = append(fens, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, a := range args {
		for _, w := range strings.Fields(a) {
			switch {
			case w == "startpos":
				flush()
				fens = append(fens, chess.StartFEN)
			case strings.Contains(w, "/"):
				flush()
				cur = append(cur, w)
			default:
				cur = append(cur, w)
			}
		}
	}
	flush()
	return fens
}
