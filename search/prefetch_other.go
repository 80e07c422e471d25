//go:build !amd64 && !arm64

package search

import "unsafe"

// prefetch does nothing where no assembly version exists.
func prefetch(addr unsafe.Pointer) {}
