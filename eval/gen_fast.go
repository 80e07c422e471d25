//go:build ignore

// gen_fast writes eval_fast.go; run "go generate ./eval" after changing
// the evaluation code in eval.go or pawns.go.
package main

import (
	"fmt"
	"os"

	"vireo/eval/internal/fastgen"
)

func main() {
	src, err := fastgen.Generate(".")
	if err == nil {
		err = os.WriteFile("eval_fast.go", src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen_fast:", err)
		os.Exit(1)
	}
}
