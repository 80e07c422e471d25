//go:build ignore

// gen_doc writes docs/eval.md from the parameter table; run
// "go generate ./eval" after changing a term, its Doc or its value.
package main

import (
	"fmt"
	"os"

	"vireo/eval/internal/docgen"
	"vireo/eval/internal/genfile"
)

// The directory is made when missing: "vireo tune defaults" and its tests
// regenerate a copy of the eval package that has no docs/ beside it.
func main() {
	err := os.MkdirAll("../docs", 0o755)
	if err == nil {
		err = genfile.Write("../docs/eval.md", docgen.Generate())
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen_doc:", err)
		os.Exit(1)
	}
}
