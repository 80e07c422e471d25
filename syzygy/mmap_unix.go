//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package syzygy

import (
	"os"
	"syscall"
)

// mapView maps size bytes of f read-only with mmap.
func mapView(f *os.File, size int) ([]byte, func() error, bool) {
	m, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, false
	}
	return m, func() error { return syscall.Munmap(m) }, true
}
