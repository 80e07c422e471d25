package search

import (
	"runtime"
	"strings"
	"testing"

	"vireo/chess"
)

// A table the machine cannot give is refused with an error naming it,
// and the table keeps its old size and still works, instead of the
// allocator killing the program (Go's out-of-memory is fatal).
func TestTTResizeRefused(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the refusal needs Linux (allocBuckets); elsewhere such a table is fatal")
	}
	tt := NewTT(4)
	const huge = 1 << 30 // MB: a petabyte, more than any machine's memory
	err := tt.Resize(huge)
	if err == nil {
		t.Fatalf("Resize(%d MB) succeeded", huge)
	}
	if !strings.Contains(err.Error(), "1073741824 MB") || !strings.Contains(err.Error(), "the table has 4 MB") {
		t.Errorf("error %q should name the size asked for and the one kept", err)
	}
	if tt.SizeMB() != 4 {
		t.Errorf("table has %d MB after the refusal, want the old 4", tt.SizeMB())
	}
	m := chess.NewMove(chess.E1, chess.E8)
	tt.Store(0x1234, m, 5, 6, 7, BoundExact, false)
	if d, ok := tt.Probe(0x1234); !ok || d.Move != m {
		t.Errorf("table after the refusal: probe %+v %v", d, ok)
	}
	// A table that can be had is had, after a refusal as before.
	if err := tt.Resize(8); err != nil || tt.SizeMB() != 8 {
		t.Errorf("Resize(8) after a refusal: %v, %d MB", err, tt.SizeMB())
	}
}
