//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package syzygy

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps path read-only into memory. Tables are large and probed at
// random, so mapping lets the kernel page in only the blocks a search
// touches and share them between processes. If mmap fails (an empty file,
// an exotic file system) the file is read into memory instead, so a probe
// still gets an answer or a clean error.
func mapFile(path string) (data []byte, unmap func() error, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s is not a regular file", path)
	}
	size := st.Size()
	if size > 0 && size == int64(int(size)) {
		m, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
		if err == nil {
			return m, func() error { return syscall.Munmap(m) }, nil
		}
	}
	return readWhole(f)
}
