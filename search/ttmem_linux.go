//go:build linux

package search

import (
	"syscall"
	"unsafe"
)

const hugePageSize = 2 << 20

// allocBuckets returns n zeroed buckets and the function that releases
// them. A table of a huge page or more gets its own mapping, aligned to
// 2 MB and advised to use transparent huge pages: nearly every probe
// lands on a new page, and with 4 KB pages most probes also missed the
// TLB (Stockfish maps its table the same way). Where the kernel refuses,
// the table lives on the Go heap as before.
func allocBuckets(n int) ([]ttBucket, func()) {
	size := n * int(unsafe.Sizeof(ttBucket{}))
	if size < hugePageSize {
		return make([]ttBucket, n), nil
	}
	mem, err := syscall.Mmap(-1, 0, size+hugePageSize, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]ttBucket, n), nil
	}
	off := (hugePageSize - int(uintptr(unsafe.Pointer(&mem[0]))%hugePageSize)) % hugePageSize
	region := mem[off : off+size]
	// Only a hint: with transparent huge pages off the table still works
	// on small pages.
	_ = syscall.Madvise(region, syscall.MADV_HUGEPAGE)
	return unsafe.Slice((*ttBucket)(unsafe.Pointer(&region[0])), n), func() { _ = syscall.Munmap(mem) }
}
