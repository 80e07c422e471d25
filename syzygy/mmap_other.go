//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package syzygy

import "os"

// mapFile reads the whole file: this platform has no syscall.Mmap.
func mapFile(path string) (data []byte, unmap func() error, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return readWhole(f)
}
