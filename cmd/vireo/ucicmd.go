package main

import (
	"fmt"
	"os"

	"vireo/uci"
)

func engineName() string { return "Vireo " + version }

// runUCI speaks UCI on stdin/stdout. Started by hand on a terminal it
// greets first, as Stockfish does; under a GUI it stays silent until "uci".
func runUCI() int {
	e := uci.New(engineName(), os.Stdout)
	if fi, err := os.Stdin.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		fmt.Printf("%s by %s. Type \"help\" for commands.\n", engineName(), uci.Author)
	}
	return exitCode(e.Run(os.Stdin))
}

// runUCIArgs executes each argument as a UCI command line, then quits:
// vireo "position startpos" "go depth 10" quit.
func runUCIArgs(args []string) int {
	e := uci.New(engineName(), os.Stdout)
	lines := append([]string{}, args...)
	if lines[len(lines)-1] != "quit" {
		lines = append(lines, "quit")
	}
	return exitCode(e.RunArgs(lines))
}

// exitCode reports the error that ended a UCI session and turns it into
// the exit status.
func exitCode(err error) int {
	if err != nil {
		fmt.Fprintln(os.Stderr, "vireo:", err)
		return 1
	}
	return 0
}
