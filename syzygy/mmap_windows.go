//go:build windows

package syzygy

import (
	"os"
	"syscall"
	"unsafe"
)

// mapView maps size bytes of f read-only with a file mapping, Windows'
// form of mmap.
func mapView(f *os.File, size int) ([]byte, func() error, bool) {
	h, err := syscall.CreateFileMapping(syscall.Handle(f.Fd()), nil, syscall.PAGE_READONLY, uint32(uint64(size)>>32), uint32(size), nil)
	if err != nil {
		return nil, nil, false
	}
	addr, err := syscall.MapViewOfFile(h, syscall.FILE_MAP_READ, 0, 0, uintptr(size))
	// The view keeps the mapping alive; its handle is not needed.
	syscall.CloseHandle(h)
	if err != nil {
		return nil, nil, false
	}
	// addr is the address of memory Go does not manage; read through a
	// pointer to it (the form go vet accepts).
	p := *(*unsafe.Pointer)(unsafe.Pointer(&addr))
	return unsafe.Slice((*byte)(p), size), func() error { return syscall.UnmapViewOfFile(addr) }, true
}
