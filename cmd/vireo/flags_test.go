package main

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

func testFlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Int("n", 0, "")
	fs.String("out", "", "")
	fs.Bool("q", false, "")
	var sets setFlags
	fs.Var(&sets, "set", "")
	var files fileList
	fs.Var(&files, "data", "")
	return fs
}

func TestParseFlagsRefusesRepeats(t *testing.T) {
	for _, tc := range []struct {
		args []string
		bad  string // the flag named in the error; "" for none
	}{
		{[]string{"-n", "1", "-out", "a"}, ""},
		{[]string{"-n", "1", "--n=2"}, "n"},
		{[]string{"-out", "a", "pos", "--out", "b"}, "out"},
		{[]string{"-q", "-q"}, "q"},
		{[]string{"-set", "A=1", "-set", "B=2", "-data", "x", "-data", "y"}, ""},
		{[]string{"-out", "-n", "-n", "3"}, ""}, // "-n" after -out is its value
		{[]string{"-n", "1", "--", "-n"}, ""},   // after "--" every word is an argument
	} {
		err := parseFlags(testFlagSet(), tc.args)
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case tc.bad != "" && (err == nil || !strings.Contains(err.Error(), "-"+tc.bad+" given twice")):
			t.Errorf("%q: got %v, want -%s given twice", tc.args, err, tc.bad)
		}
	}
}

// TestSetRefusesRepeats: a parameter given twice to -set, in one flag or
// two and in any case (the names are matched without it), is refused
// rather than set to whichever value came last.
func TestSetRefusesRepeats(t *testing.T) {
	for _, tc := range []struct {
		args []string
		bad  string
	}{
		{[]string{"-set", "A=1,B=2", "-set", "C=3"}, ""},
		{[]string{"-set", "A=1,A=2"}, "A given twice (1 and 2)"},
		{[]string{"-set", "A=1", "-set", "B=2,a=3"}, "a given twice (1 and 3)"},
	} {
		err := parseFlags(testFlagSet(), tc.args)
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case tc.bad != "" && (err == nil || !strings.Contains(err.Error(), tc.bad)):
			t.Errorf("%q: got %v, want %q", tc.args, err, tc.bad)
		}
	}
}

func TestReorderUsesTheFlagSet(t *testing.T) {
	for _, tc := range []struct{ args, want []string }{
		{[]string{"f.epd", "-n", "5"}, []string{"-n", "5", "f.epd"}},
		{[]string{"f.epd", "-q", "g.epd"}, []string{"-q", "f.epd", "g.epd"}}, // a bool takes no value
		{[]string{"-out", "-x", "f.epd"}, []string{"-out", "-x", "f.epd"}},   // a value may start with a dash
		{[]string{"a", "--", "-n", "b"}, []string{"--", "a", "-n", "b"}},     // arguments after "--" stay arguments
		{[]string{"-n=3", "a", "-out=o"}, []string{"-n=3", "-out=o", "a"}},
	} {
		if got := reorder(testFlagSet(), tc.args); !slices.Equal(got, tc.want) {
			t.Errorf("reorder(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

// TestHelpExitsZero: -h asks for the usage and gets it with status 0,
// in every subcommand alike; a bad flag is status 2.
func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{
		{"bench"}, {"datagen"}, {"epd"}, {"eval"}, {"perft"}, {"match"}, {"spsa"},
		{"data", "pgn"}, {"data", "rescore"}, {"data", "quiet"},
		{"tune", "error"}, {"tune", "adam"}, {"tune", "coord"}, {"tune", "importance"}, {"tune", "wdl"},
	} {
		code, stdout, stderr := capturedBoth(t, func() int { return run(append(slices.Clone(args), "-h")) })
		if code != 0 || !strings.Contains(stdout+stderr, "Usage") && !strings.Contains(stdout+stderr, "usage") {
			t.Errorf("%v -h: exit %d, output %q; want 0 and the usage", args, code, stdout+stderr)
		}
		if code, _, _ := capturedBoth(t, func() int { return run(append(slices.Clone(args), "-no-such-flag")) }); code != 2 {
			t.Errorf("%v -no-such-flag: exit %d, want 2", args, code)
		}
	}
}
