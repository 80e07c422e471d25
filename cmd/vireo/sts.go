package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"vireo/chess"
	"vireo/data"
)

// stsPoints reads the Strategic Test Suite's scoring: c9 lists moves in
// UCI form and c8 the points each earns (10 for the best, fewer for the
// rest, 0 for any move not listed). A line without c8 has none (nil, nil);
// a line with c8 whose moves or points do not parse, or whose lists differ
// in length, is an error rather than a position scored on half its key.
func stsPoints(rec *data.EPD) (map[chess.Move]int, error) {
	pts, ok := rec.Op("c8")
	if !ok {
		return nil, nil
	}
	moves, ok := rec.Op("c9")
	if !ok {
		return nil, fmt.Errorf("c8 points without c9 moves")
	}
	if len(moves) == 1 {
		moves = strings.Fields(moves[0])
	}
	if len(pts) == 1 {
		pts = strings.Fields(pts[0])
	}
	if len(moves) != len(pts) {
		return nil, fmt.Errorf("c9 has %d moves but c8 %d points", len(moves), len(pts))
	}
	m := make(map[chess.Move]int, len(moves))
	for i, u := range moves {
		mv, err := rec.Pos.ParseUCI(u)
		if err != nil {
			return nil, fmt.Errorf("c9 move %q: %v", u, err)
		}
		n, err := strconv.Atoi(pts[i])
		if err != nil || n < 0 {
			return nil, fmt.Errorf("c8 points %q: not a count", pts[i])
		}
		if _, dup := m[mv]; dup {
			return nil, fmt.Errorf("c9 names %s twice", u)
		}
		m[mv] = n
	}
	if maxPoints(m) == 0 {
		return nil, fmt.Errorf("c8 gives no move a point")
	}
	return m, nil
}

func maxPoints(m map[chess.Move]int) int {
	best := 0
	for _, n := range m {
		best = max(best, n)
	}
	return best
}

// stsTally sums points by theme, the part of an STS id before its
// number ("STS(v1.0) Undermine.001" is theme "STS(v1.0) Undermine"),
// keeping the themes in the order the suite first names them.
type stsTally struct {
	order  []string
	themes map[string]*stsTheme
}

type stsTheme struct{ got, of, n int }

func newSTSTally() *stsTally { return &stsTally{themes: map[string]*stsTheme{}} }

func (t *stsTally) add(id string, got, of int) {
	name := id
	if i := strings.LastIndexByte(id, '.'); i > 0 {
		name = id[:i]
	}
	th := t.themes[name]
	if th == nil {
		th = &stsTheme{}
		t.themes[name] = th
		t.order = append(t.order, name)
	}
	th.got += got
	th.of += of
	th.n++
}

// print writes one line per theme and the total, or nothing when no
// position carried points.
func (t *stsTally) print(w io.Writer) {
	if len(t.order) == 0 {
		return
	}
	var all stsTheme
	for _, name := range t.order {
		th := t.themes[name]
		fmt.Fprintf(w, "Points %-40s %5d of %5d (%5.1f%%) over %d positions\n", name, th.got, th.of, 100*float64(th.got)/float64(max(th.of, 1)), th.n)
		all.got += th.got
		all.of += th.of
	}
	fmt.Fprintf(w, "Points %d of %d (%.1f%%)\n", all.got, all.of, 100*float64(all.got)/float64(max(all.of, 1)))
}
