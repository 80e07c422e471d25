//go:build amd64 || arm64

package cpu

import "unsafe"

// Prefetch asks the CPU to bring the cache line at addr into the cache
// without waiting for it. Go has no portable prefetch, so it is one
// instruction of assembly; a prefetch never faults, whatever addr is.
//
//go:noescape
func Prefetch(addr unsafe.Pointer)
