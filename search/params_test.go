package search

import (
	"strings"
	"testing"
)

// TestParamsTable checks the SPSA table: every default within its range,
// no name twice, no on-off switch (a 0/1 range), at most 60 values, and
// Set refusing values out of range and unknown names.
func TestParamsTable(t *testing.T) {
	p := DefaultParams()
	seen := map[string]bool{}
	for _, pi := range p.Table() {
		key := strings.ToLower(pi.Name)
		if seen[key] {
			t.Errorf("%s listed twice", pi.Name)
		}
		seen[key] = true
		if *pi.Ptr < pi.Min || *pi.Ptr > pi.Max {
			t.Errorf("%s: default %d outside %d..%d", pi.Name, *pi.Ptr, pi.Min, pi.Max)
		}
		if pi.Min == 0 && pi.Max == 1 {
			t.Errorf("%s is an on-off switch, not a value to tune", pi.Name)
		}
	}
	if n := len(p.Table()); n > 60 {
		t.Errorf("%d SPSA parameters, want at most 60", n)
	}
	if err := p.Set("RFPMargin", 1000); err == nil {
		t.Error("Set accepted RFPMargin 1000, outside its range")
	}
	if err := p.Set("NoSuchParam", 1); err == nil {
		t.Error("Set accepted an unknown name")
	}
}

// TestLMRTableFollowsParams: the reduction table is kept between searches
// and rebuilt when the parameters it comes from change (a tune build's
// setoption).
func TestLMRTableFollowsParams(t *testing.T) {
	w := NewSearcher(1).workers[0]
	p := DefaultParams()
	w.setParams(p)
	before := w.lmr[20][30]
	p.LMRBase += 200 // two plies more everywhere
	w.setParams(p)
	if got := w.lmr[20][30]; got != before+2 {
		t.Fatalf("LMRBase raised by 2 plies: lmr[20][30] %d -> %d", before, got)
	}
	p.LMRBase -= 200
	w.setParams(p)
	if got := w.lmr[20][30]; got != before {
		t.Fatalf("LMRBase back: lmr[20][30] %d, want %d", got, before)
	}
}
