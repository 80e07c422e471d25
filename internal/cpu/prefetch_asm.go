//go:build amd64 || arm64

package cpu

import "unsafe"

// Prefetch asks the CPU to bring the cache line at addr into the cache
// without waiting for it. Go has no portable prefetch, so it is one
// instruction of assembly; a prefetch never faults, whatever addr is.
//
//go:noescape
func Prefetch(addr unsafe.Pointer)

// Prefetch2 is Prefetch of two lines in one call. An assembly function is
// never inlined, and Go keeps no register across a call, so each call
// costs the caller its live registers; lines wanted at the same moment
// are asked for together.
//
//go:noescape
func Prefetch2(a, b unsafe.Pointer)

// Prefetch6 is Prefetch of six lines in one call (see Prefetch2).
//
//go:noescape
func Prefetch6(a, b, c, d, e, f unsafe.Pointer)
