package main

import "testing"

// TestBenchSet: -set takes the names vireo spsa lists, one per flag or
// several separated by commas, and refuses an unknown name or a value out
// of range instead of benching the defaults.
func TestBenchSet(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"--stats", "-set", "LMPStyle=1,LMPDepth=8", "2"}, 0},
		{[]string{"-set", "LMPStyle=1", "-set", "LMPDepth=8", "2"}, 0},
		{[]string{"-set", "NoSuchParam=1", "2"}, 2},
		{[]string{"-set", "LMPDepth=99", "2"}, 2},
		{[]string{"-set", "LMPDepth", "2"}, 2},
		{[]string{"-compare", "-set", "LMPStyle=1", "2"}, 0},
		{[]string{"-compare", "2"}, 2},
		{[]string{"-compare", "-threads", "2", "-set", "LMPStyle=1", "2"}, 2},
	} {
		if got := cmdBench(tc.args); got != tc.want {
			t.Errorf("bench %q: exit %d, want %d", tc.args, got, tc.want)
		}
	}
}
