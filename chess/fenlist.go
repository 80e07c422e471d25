package chess

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// ReadFENFile reads a list of positions, one FEN or EPD record per line
// (the first four fields are the position; the counters become "0 1"), as
// opening books and genfens books are written. Blank lines and lines
// starting with '#' are skipped. A malformed line is an error naming the
// file and line; a file without positions is an error too.
func ReadFENFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readFENList(f, path)
}

func readFENList(r io.Reader, name string) ([]string, error) {
	var fens []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) < 4 {
			return nil, fmt.Errorf("%s:%d: not a FEN or EPD line", name, line)
		}
		fen := strings.Join(fields[:4], " ") + " 0 1"
		if _, err := ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		fens = append(fens, fen)
	}
	if err := sc.Err(); err != nil {
		// The line that could not be read is the one after the last read.
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	if len(fens) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	return fens, nil
}
