//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package syzygy

import "os"

// mapView cannot map: this platform has no mmap, so mapFile reads the
// file instead.
func mapView(f *os.File, size int) ([]byte, func() error, bool) { return nil, nil, false }
