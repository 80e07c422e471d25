package main

import (
	"testing"

	"vireo/search"
)

// TestBenchSet: -set takes the names vireo spsa lists, one per flag or
// several separated by commas, and refuses an unknown name or a value out
// of range instead of benching the defaults; --stats runs only in a build
// that counts the statistics, and says which build to use elsewhere.
func TestBenchSet(t *testing.T) {
	statsExit := 2
	if search.StatsBuild {
		statsExit = 0
	}
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"--stats", "-set", "RFPMargin=70,RFPDepth=7", "2"}, statsExit},
		{[]string{"-set", "RFPMargin=70", "-set", "RFPDepth=7", "2"}, 0},
		{[]string{"-set", "NoSuchParam=1", "2"}, 2},
		{[]string{"-set", "RFPDepth=99", "2"}, 2},
		{[]string{"-set", "RFPDepth", "2"}, 2},
		{[]string{"-compare", "-set", "RFPMargin=70", "2"}, 0},
		{[]string{"-compare", "2"}, 2},
		{[]string{"-compare", "-threads", "2", "-set", "RFPMargin=70", "2"}, 2},
	} {
		if got := cmdBench(tc.args); got != tc.want {
			t.Errorf("bench %q: exit %d, want %d", tc.args, got, tc.want)
		}
	}
}
