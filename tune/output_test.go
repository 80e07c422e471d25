package tune

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vireo/eval"
)

// A diverged tune (a value beyond ±eval.MaxParam, as a NaN step size
// gives) must not replace the table it resumes from: SaveParams refuses
// and the file keeps the good table.
func TestSaveParamsRefusesUnloadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.txt")
	if err := SaveParams(path, eval.Defaults(), "good"); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eval.LoadParams(path); err != nil {
		t.Fatalf("the good table does not load: %v", err)
	}
	bad := eval.Defaults()
	bad.Pairs[3].MG = -eval.MaxParam - 1
	err = SaveParams(path, bad, "diverged")
	if err == nil || !strings.Contains(err.Error(), "not written") {
		t.Fatalf("error %v, want a refusal", err)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, good) {
		t.Error("the good table was overwritten")
	}
}
