package main

import (
	"io"
	"os"
	"testing"
)

// captured runs a command with *stream (os.Stdout or os.Stderr) sent to a
// pipe and returns its exit status and what it wrote there. The pipe is
// read while the command runs, so a long output cannot fill it and block.
func captured(t *testing.T, stream **os.File, run func() int) (int, string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	saved := *stream
	*stream = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	code := run()
	*stream = saved
	w.Close()
	return code, <-done
}

// capturedBoth runs a command with both its standard output and its
// standard error captured.
func capturedBoth(t *testing.T, run func() int) (code int, stdout, stderr string) {
	t.Helper()
	_, stderr = captured(t, &os.Stderr, func() int {
		code, stdout = captured(t, &os.Stdout, run)
		return code
	})
	return code, stdout, stderr
}
