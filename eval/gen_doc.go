//go:build ignore

// gen_doc writes docs/eval.md from the parameter table; run
// "go generate ./eval" after changing a term, its Doc or its value.
package main

import (
	"fmt"
	"os"

	"vireo/eval/internal/docgen"
)

func main() {
	if err := os.WriteFile("../docs/eval.md", docgen.Generate(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen_doc:", err)
		os.Exit(1)
	}
}
