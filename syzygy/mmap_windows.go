//go:build windows

package syzygy

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

// mapFile maps path read-only, as mmap does on Unix: a six- or
// seven-piece table runs to hundreds of megabytes or more, and read whole
// onto the heap it would stall the first probe for seconds and stay
// resident. If the mapping fails the file is read instead, up to
// readWhole's limit.
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
		h, err := syscall.CreateFileMapping(syscall.Handle(f.Fd()), nil, syscall.PAGE_READONLY, uint32(uint64(size)>>32), uint32(size), nil)
		if err == nil {
			addr, err := syscall.MapViewOfFile(h, syscall.FILE_MAP_READ, 0, 0, uintptr(size))
			// The view keeps the mapping alive; its handle is not needed.
			syscall.CloseHandle(h)
			if err == nil {
				// addr is the address of memory Go does not manage; read
				// through a pointer to it (the form go vet accepts).
				p := *(*unsafe.Pointer)(unsafe.Pointer(&addr))
				return unsafe.Slice((*byte)(p), int(size)), func() error { return syscall.UnmapViewOfFile(addr) }, nil
			}
		}
	}
	return readWhole(f)
}
