package syzygy

import (
	"io"
	"os"
)

// readWhole is the portable fallback of mapFile: the table lives on the Go
// heap and "unmapping" just drops the reference.
func readWhole(f *os.File) ([]byte, func() error, error) {
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, nil, err
	}
	return b, func() error { return nil }, nil
}
