package search

import (
	"math"
	"testing"
)

// BenchmarkSearch runs the bench at a low depth; use it with -cpuprofile.
func BenchmarkSearch(b *testing.B) {
	for i := 0; i < b.N; i++ {
		r := Bench(6, 16)
		b.ReportMetric(float64(r.NPS()), "nps")
	}
}

// TestCompareNodes: the geometric mean and the counts are the ones worked
// by hand, and mismatched or empty counts are refused, not compared.
func TestCompareNodes(t *testing.T) {
	c, err := CompareNodes([]uint64{100, 400, 50}, []uint64{200, 100, 50})
	if err != nil {
		t.Fatal(err)
	}
	// Ratios 2, 1/4, 1: their product is 1/2, the cube root 0.7937.
	if c.Base != 550 || c.Test != 350 || c.Smaller != 1 || c.Same != 1 || c.Larger != 1 ||
		math.Abs(c.GeoMean-0.7937) > 1e-4 {
		t.Errorf("CompareNodes = %+v", c)
	}
	want := "nodes against the defaults: 550 -> 350 (-36.4%); by position: geometric mean -20.6%, 1 smaller, 1 the same, 1 larger"
	if got := c.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	for _, tc := range []struct{ a, b []uint64 }{
		{[]uint64{1, 2}, []uint64{1}},
		{nil, nil},
		{[]uint64{1, 0}, []uint64{1, 2}},
	} {
		if _, err := CompareNodes(tc.a, tc.b); err == nil {
			t.Errorf("CompareNodes(%v, %v): no error", tc.a, tc.b)
		}
	}
}
