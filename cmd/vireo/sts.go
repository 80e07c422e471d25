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
		m[mv] = n
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
// number ("STS(v1.0) Undermine.001" is theme "STS(v1.0) Undermine").
type stsTally struct {
	order  []string
	got    map[string]int
	of     map[string]int
	counts map[string]int
}

func newSTSTally() *stsTally {
	return &stsTally{got: map[string]int{}, of: map[string]int{}, counts: map[string]int{}}
}

func (t *stsTally) add(id string, got, of int) {
	theme := id
	if i := strings.LastIndexByte(id, '.'); i > 0 {
		theme = id[:i]
	}
	if _, seen := t.of[theme]; !seen {
		t.order = append(t.order, theme)
	}
	t.got[theme] += got
	t.of[theme] += of
	t.counts[theme]++
}

// print writes one line per theme and the total, or nothing when no
// position carried points.
func (t *stsTally) print(w io.Writer) {
	if len(t.order) == 0 {
		return
	}
	got, of := 0, 0
	for _, th := range t.order {
		fmt.Fprintf(w, "Points %-40s %5d of %5d (%5.1f%%) over %d positions\n", th, t.got[th], t.of[th], 100*float64(t.got[th])/float64(max(t.of[th], 1)), t.counts[th])
		got += t.got[th]
		of += t.of[th]
	}
	fmt.Fprintf(w, "Points %d of %d (%.1f%%)\n", got, of, 100*float64(got)/float64(max(of, 1)))
}
