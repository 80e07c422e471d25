package search

import "testing"

// BenchmarkSearch runs the bench at a low depth; use it with -cpuprofile.
func BenchmarkSearch(b *testing.B) {
	for i := 0; i < b.N; i++ {
		r := Bench(6, 16)
		b.ReportMetric(float64(r.NPS()), "nps")
	}
}
