//go:build unix

package data

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestKilledQuietLeavesNoTemp kills (SIGKILL, so no cleanup runs) a
// "data quiet" run in the middle of its output, then runs it again: the
// second run must leave the output and nothing else, however many runs
// were killed before it.
func TestKilledQuietLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "quiet.epd")
	fifo := filepath.Join(dir, "in.fifo")
	for kill := 0; kill < 2; kill++ {
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestQuietHelper$")
		cmd.Env = append(os.Environ(), "VIREO_QUIET_IN="+fifo, "VIREO_QUIET_OUT="+out)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The helper blocks reading the FIFO, which is never closed, after
		// creating its temporary output.
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		w.WriteString("4k3/8/8/8/8/8/8/4K2R w K - 0 1 [1.0]\n")
		deadline := time.Now().Add(30 * time.Second)
		for len(dirNames(t, dir)) < 2 && time.Now().Before(deadline) { // the FIFO and a temporary file
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(200 * time.Millisecond) // a second run finds the first one's file at once
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		w.Close()
		os.Remove(fifo)
	}
	in := filepath.Join(dir, "in.epd")
	if err := os.WriteFile(in, []byte("4k3/8/8/8/8/8/8/4K2R w K - 0 1 [1.0]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := QuietFile(in, out, QuietOptions{Threads: 1}); err != nil {
		t.Fatal(err)
	}
	names := dirNames(t, dir)
	if len(names) != 2 { // in.epd, quiet.epd
		t.Fatalf("after two killed runs and a whole one the directory holds %v, want in.epd and quiet.epd", names)
	}
}

// TestQuietHelper is the process TestKilledQuietLeavesNoTemp kills.
func TestQuietHelper(t *testing.T) {
	in, out := os.Getenv("VIREO_QUIET_IN"), os.Getenv("VIREO_QUIET_OUT")
	if in == "" {
		t.Skip("helper process of TestKilledQuietLeavesNoTemp (VIREO_QUIET_IN not set)")
	}
	QuietFile(in, out, QuietOptions{Threads: 1})
}
