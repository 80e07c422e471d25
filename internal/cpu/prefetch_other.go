//go:build !amd64 && !arm64

package cpu

import "unsafe"

// Prefetch does nothing where no assembly version exists.
func Prefetch(addr unsafe.Pointer) {}

// Prefetch2 does nothing where no assembly version exists.
func Prefetch2(a, b unsafe.Pointer) {}

// Prefetch6 does nothing where no assembly version exists.
func Prefetch6(a, b, c, d, e, f unsafe.Pointer) {}
