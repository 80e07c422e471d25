package eval_test

import (
	"bytes"
	"os"
	"testing"

	"vireo/eval/internal/docgen"
)

// TestEvalDocGenerated checks that docs/eval.md, the reference of every
// evaluation term, matches the parameter table; "go generate ./eval"
// rewrites it.
func TestEvalDocGenerated(t *testing.T) {
	got, err := os.ReadFile("../docs/eval.md")
	if err != nil {
		t.Fatalf("docs/eval.md: %v (run go generate ./eval)", err)
	}
	if !bytes.Equal(got, docgen.Generate()) {
		t.Fatal("docs/eval.md is stale: run go generate ./eval")
	}
}
