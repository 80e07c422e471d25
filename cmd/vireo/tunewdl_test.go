package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// "vireo tune wdl" fits a small file and writes its plot.
func TestTuneWDLCommand(t *testing.T) {
	data := tuneSample(t, 3000)
	plot := filepath.Join(t.TempDir(), "wdl.png")
	if code := run([]string{"tune", "wdl", "--data", data, "--sample", "0", "--epochs", "200", "--out", plot, "-q"}); code != 0 {
		t.Fatalf("tune wdl: exit %d", code)
	}
	b, err := os.ReadFile(plot)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() < 100 {
		t.Fatalf("plot: %v", err)
	}
	if code := run([]string{"tune", "wdl", "--data", data, "--sample", "0", "--check", "-q"}); code != 0 {
		t.Fatalf("tune wdl --check: exit %d", code)
	}
	if code := run([]string{"tune", "wdl"}); code != 2 {
		t.Errorf("no --data: exit %d, want 2", code)
	}
}
