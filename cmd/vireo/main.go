// Command vireo is the Vireo chess engine. With no arguments it speaks UCI
// on standard input and output; subcommands run the engine's tools.
package main

import (
	"fmt"
	"os"
)

// version is set at build time by the Makefile (-X main.version=...).
var version = "0.1-dev"

type command struct {
	name, usage, help string
	run               func(args []string) int
}

var commands []command

func register(c command) { commands = append(commands, c) }

func usage() {
	fmt.Fprintf(os.Stderr, "Vireo %s, a UCI chess engine.\n\nUsage:\n  vireo                 run the UCI protocol on stdin/stdout\n", version)
	for _, c := range commands {
		fmt.Fprintf(os.Stderr, "  vireo %-16s %s\n", c.usage, c.help)
	}
	fmt.Fprintln(os.Stderr, "\nRun 'vireo COMMAND -h' for a command's options.")
}

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 {
		return runUCI()
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage()
		return 0
	case "-v", "-version", "--version", "version":
		fmt.Printf("Vireo %s\n", version)
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:])
		}
	}
	// OpenBench and some GUIs pass UCI commands as arguments
	// (vireo bench, vireo "genfens ..." "quit"): other words are UCI
	// input lines, and one that is no UCI command either fails.
	return runUCIArgs(args)
}
