package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
)

// flagExit is the exit status of a command whose flags failed to parse:
// 0 when they asked for help (-h), which was then printed, 2 otherwise.
func flagExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// parseFlags parses args with fs after refusing a flag given twice: the
// flag package keeps the last value without a word, so "--out a.txt ...
// --out b.txt" would write where the first half of the line did not say.
// Flags that collect every value (--set, --data) may repeat.
func parseFlags(fs *flag.FlagSet, args []string) error {
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name, hasValue := flagName(a)
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if !hasValue && !boolFlag(f) {
			i++ // its value, which may itself begin with a dash
		}
		if _, many := f.Value.(repeatable); many {
			continue
		}
		if seen[f.Name] {
			err := fmt.Errorf("flag -%s given twice", f.Name)
			fmt.Fprintf(fs.Output(), "%s: %v\n", fs.Name(), err)
			return err
		}
		seen[f.Name] = true
	}
	return fs.Parse(args)
}

// flagName is the name a command-line word gives as a flag ("" when it
// is not one) and whether the word carries its value ("-x=v").
func flagName(a string) (name string, hasValue bool) {
	if len(a) < 2 || a[0] != '-' {
		return "", false
	}
	a = strings.TrimPrefix(a[1:], "-")
	name, _, hasValue = strings.Cut(a, "=")
	return name, hasValue
}

// repeatable marks a flag value that collects every occurrence.
type repeatable interface{ repeats() }

func (*setFlags) repeats() {}
func (*fileList) repeats() {}

// reorder moves flags before positional arguments so that
// "vireo epd FILE --movetime 100" works like "vireo epd --movetime 100 FILE".
func reorder(fs *flag.FlagSet, args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(append(append(flags, "--"), pos...), args[i+1:]...)
		}
		name, hasValue := flagName(a)
		if name == "" {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		if f := fs.Lookup(name); f != nil && !hasValue && !boolFlag(f) && i+1 < len(args) {
			flags = append(flags, args[i+1])
			i++
		}
	}
	return append(flags, pos...)
}

func boolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// flagGiven reports whether the flag name was set on the command line
// (after fs.Parse), for flags whose default is a "not given" sentinel.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
