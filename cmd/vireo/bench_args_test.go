package main

import (
	"os"
	"strings"
	"testing"
)

// A depth that is not one is refused with the value named, instead of
// running the default bench.
func TestBenchBadDepth(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-5"}, `want a depth from 1 to 127, got "-5"`},
		{[]string{"abc"}, `want a depth from 1 to 127, got "abc"`},
		{[]string{"0"}, `got "0"`},
		{[]string{"128"}, `got "128"`},
		{[]string{"-threads", "1", "-3"}, `got "-3"`},
		{[]string{"5", "6"}, `want at most one depth, got ["5" "6"]`},
		{[]string{"-threads", "-2", "3"}, "threads must be from 1 to"},
		{[]string{"-hash", "0", "3"}, "hash must be from 1 to 65536 MB, got 0"},
		{[]string{"-hash", "100000", "3"}, "hash must be from 1 to 65536 MB, got 100000"},
	} {
		code, errOut := captured(t, &os.Stderr, func() int { return cmdBench(tc.args) })
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("bench %q: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// A profile that cannot be written, or arguments a command would not
// use, are refused before anything runs.
func TestProfileAndExtraArgsRefused(t *testing.T) {
	missing := "/nonexistent-dir/prof.out"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"bench", "-cpuprofile", missing, "1"}, 1, "nonexistent-dir"},
		{[]string{"perft", "-cpuprofile", missing, "1"}, 1, "nonexistent-dir"},
		{[]string{"perft", "--suite", "x.epd", "5"}, 2, "--suite takes no depth or FEN"},
		{[]string{"eval", "--write-params", "-", "startpos"}, 2, "--write-params evaluates nothing"},
	} {
		code, errOut := captured(t, &os.Stderr, func() int { return run(tc.args) })
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}
