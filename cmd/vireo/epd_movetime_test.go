package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A movetime of zero or less is refused, naming the value, instead of
// searching the first position forever.
func TestEPDMovetimeNotPositive(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "suite.epd")
	writeTestFile(t, suite, "4k2n/r7/8/8/3Q4/8/8/6K1 w - - bm Qxa7; id \"rook\";\n")
	for _, mt := range []string{"0", "-1"} {
		done := make(chan struct{})
		var code int
		var errOut string
		go func() {
			defer close(done)
			code, errOut = captured(t, &os.Stderr, func() int { return cmdEPD([]string{suite, "--movetime", mt}) })
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("epd --movetime %s did not end", mt)
		}
		if code != 2 || !strings.Contains(errOut, "--movetime wants a positive number of milliseconds, got "+mt) {
			t.Errorf("--movetime %s: exit %d, stderr %q", mt, code, errOut)
		}
	}
}
