package main

import (
	"fmt"

	"vireo/search"
)

func init() {
	register(command{"spsa", "spsa", "print the search parameters in OpenBench's SPSA input format", cmdSPSA})
}

func cmdSPSA(args []string) int {
	p := search.DefaultParams()
	fmt.Print(p.SPSA())
	return 0
}
