//go:build !amd64 && !arm64

package cpu

import "unsafe"

// Prefetch does nothing where no assembly version exists.
func Prefetch(addr unsafe.Pointer) {}
