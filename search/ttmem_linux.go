//go:build linux

package search

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

const hugePageSize = 2 << 20

// ttHeadroom is the memory that must remain beside a table for the rest
// of the engine (the Go heap grows in arenas of 64 MB, threads need
// stacks): a table that takes the last of the address space would only
// move the failure to the next allocation, where it cannot be caught.
const ttHeadroom = 256 << 20

// allocBuckets returns n zeroed buckets and the function that releases
// them, or an error when the memory cannot be had. A table of a huge page
// or more gets its own mapping, aligned to 2 MB and advised to use
// transparent huge pages: nearly every probe lands on a new page, and
// with 4 KB pages most probes also missed the TLB (Stockfish maps its
// table the same way). The mapping is refused, instead of made, when it
// would leave less than ttHeadroom of the address space (ulimit -v) or of
// the memory the kernel counts as available: the table's pages are only
// touched as the search fills them, so the kernel would otherwise grant
// it and kill the engine later.
func allocBuckets(n int) ([]ttBucket, func(), error) {
	size := n * int(unsafe.Sizeof(ttBucket{}))
	if size < hugePageSize {
		return make([]ttBucket, n), nil, nil
	}
	if avail, ok := memAvailable(); ok && uint64(size)+ttHeadroom > avail {
		return nil, nil, fmt.Errorf("only %d MB of memory available", avail>>20)
	}
	mem, err := syscall.Mmap(-1, 0, size+hugePageSize, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil, fmt.Errorf("refused by the system: %w", err)
	}
	spare, err := syscall.Mmap(-1, 0, ttHeadroom, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		_ = syscall.Munmap(mem)
		return nil, nil, fmt.Errorf("it would leave less than %d MB for the rest of the engine: %w", ttHeadroom>>20, err)
	}
	_ = syscall.Munmap(spare)
	off := (hugePageSize - int(uintptr(unsafe.Pointer(&mem[0]))%hugePageSize)) % hugePageSize
	region := mem[off : off+size]
	// Only a hint: with transparent huge pages off the table still works
	// on small pages.
	_ = syscall.Madvise(region, syscall.MADV_HUGEPAGE)
	return unsafe.Slice((*ttBucket)(unsafe.Pointer(&region[0])), n), func() { _ = syscall.Munmap(mem) }, nil
}

// memAvailable is the kernel's estimate of the memory that can be
// allocated without swapping, plus free swap, from /proc/meminfo; ok is
// false where it cannot be read.
func memAvailable() (bytes uint64, ok bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	var avail, swap uint64
	found := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, rest, _ := strings.Cut(sc.Text(), ":")
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			continue
		}
		kb, err := strconv.ParseUint(fields[0], 10, 64)
		if err != nil {
			continue
		}
		switch name {
		case "MemAvailable":
			avail, found = kb<<10, true
		case "SwapFree":
			swap = kb << 10
		}
	}
	return avail + swap, found
}
