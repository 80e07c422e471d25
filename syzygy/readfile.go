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
