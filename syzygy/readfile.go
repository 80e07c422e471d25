package syzygy

import (
	"fmt"
	"io"
	"os"
)

// maxReadWhole bounds readWhole: a table read onto the heap stays there,
// and a six- or seven-piece table (hundreds of megabytes or more) would
// stall its first probe for seconds and could exhaust memory, which ends
// the program past any recovery. Above it the table is refused cleanly
// and the search goes on without it.
const maxReadWhole = 64 << 20

// mapFile maps path read-only into memory (mapView: mmap, or a file
// mapping on Windows). Tables are large and probed at random, so mapping
// lets the kernel page in only the blocks a search touches and share them
// between processes; a six- or seven-piece table read whole onto the heap
// would stall its first probe for seconds and stay resident. If the
// mapping fails (an empty file, an exotic file system, a platform without
// mmap) the file is read into memory instead, up to readWhole's limit, so
// a probe still gets an answer or a clean error.
func mapFile(path string) (data []byte, unmap func() error, err error) {
	f, size, err := openRegular(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if size > 0 && size == int64(int(size)) {
		if m, unmap, ok := mapView(f, int(size)); ok {
			return m, unmap, nil
		}
	}
	return readWhole(f)
}

// openRegular opens path for mapFile and returns its size; anything but
// a regular file (a FIFO would block the probing search, a device would
// be read without end) is refused.
func openRegular(path string) (*os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("%s is not a regular file", path)
	}
	return f, st.Size(), nil
}

// readWhole is the portable fallback of mapFile: the table lives on the Go
// heap and "unmapping" just drops the reference.
func readWhole(f *os.File) ([]byte, func() error, error) {
	b, err := io.ReadAll(io.LimitReader(f, maxReadWhole+1))
	if err != nil {
		return nil, nil, err
	}
	if len(b) > maxReadWhole {
		return nil, nil, fmt.Errorf("%s: over %d MB and not mapped into memory: too large to read onto the heap", f.Name(), maxReadWhole>>20)
	}
	return b, func() error { return nil }, nil
}
