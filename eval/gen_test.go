package eval

import (
	"bytes"
	"os"
	"testing"

	"vireo/eval/internal/fastgen"
)

// TestFastEvalGenerated checks that eval_fast.go, the trace-free copy of
// the evaluation that Evaluate runs, is up to date with eval.go and
// pawns.go; "go generate ./eval" rewrites it.
func TestFastEvalGenerated(t *testing.T) {
	want, err := fastgen.Generate(".")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("eval_fast.go")
	if err != nil || !bytes.Equal(got, want) {
		t.Fatal("eval_fast.go is stale: run go generate ./eval")
	}
}
