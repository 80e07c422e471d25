package chess

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// PerftCase is one line of a perft EPD suite: a position and its known
// leaf counts by depth (";D1 20 ;D2 400 ...").
type PerftCase struct {
	FEN    string
	Counts map[int]uint64
	Line   int
}

// Depths returns the depths with known counts, ascending.
func (c PerftCase) Depths() []int {
	ds := make([]int, 0, len(c.Counts))
	for d := range c.Counts {
		ds = append(ds, d)
	}
	sort.Ints(ds)
	return ds
}

// MaxPerftDepth bounds the depth of a perft run or a suite entry: deeper
// counts overflow 64 bits long before they could finish.
const MaxPerftDepth = 20

// ReadPerftSuite reads a perft suite. name is used in error messages, which
// give the file and line of the first malformed entry.
func ReadPerftSuite(r io.Reader, name string) ([]PerftCase, error) {
	var out []PerftCase
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";")
		c := PerftCase{FEN: strings.TrimSpace(parts[0]), Counts: map[int]uint64{}, Line: line}
		if _, err := ParseFEN(c.FEN); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		for _, op := range parts[1:] {
			fs := strings.Fields(op)
			if len(fs) == 0 {
				continue
			}
			if len(fs) != 2 || len(fs[0]) < 2 || fs[0][0] != 'D' {
				return nil, fmt.Errorf("%s:%d: bad depth field %q, want like \"D3 8902\"", name, line, strings.TrimSpace(op))
			}
			d, err1 := strconv.Atoi(fs[0][1:])
			n, err2 := strconv.ParseUint(fs[1], 10, 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("%s:%d: bad depth field %q", name, line, strings.TrimSpace(op))
			}
			if d < 1 || d > MaxPerftDepth {
				return nil, fmt.Errorf("%s:%d: bad depth field %q: want a depth from 1 to %d", name, line, strings.TrimSpace(op), MaxPerftDepth)
			}
			if _, dup := c.Counts[d]; dup {
				return nil, fmt.Errorf("%s:%d: depth %d given twice", name, line, d)
			}
			c.Counts[d] = n
		}
		if len(c.Counts) == 0 {
			// A line that checks nothing would pass whatever the
			// generator does.
			return nil, fmt.Errorf("%s:%d: no depth counts, want like \";D1 20\"", name, line)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	return out, nil
}
