//go:build ignore

// gen_fast writes eval_fast.go; run "go generate ./eval" after changing
// the evaluation code in eval.go or pawns.go.
package main

import (
	"fmt"
	"os"

	"vireo/eval/internal/fastgen"
	"vireo/eval/internal/genfile"
)

func main() {
	src, err := fastgen.Generate(".")
	if err == nil {
		err = genfile.Write("eval_fast.go", src)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen_fast:", err)
		os.Exit(1)
	}
}
