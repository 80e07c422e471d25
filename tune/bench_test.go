package tune

import (
	"os"
	"sync"
	"testing"
	"time"

	"vireo/eval"
)

var (
	benchOnce sync.Once
	benchSet  *Dataset
)

// benchData is the shared labelled file, repeated and cut to n positions
// (the file has about 509,000).
func benchData(b *testing.B, n int) *Dataset {
	b.Helper()
	if _, err := os.Stat(epdPath); err != nil {
		b.Skip(err)
	}
	benchOnce.Do(func() {
		start := time.Now()
		d, _, st, err := Load(LoadOptions{Files: []string{epdPath}})
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("loaded %d positions in %v: %s", st.Positions, time.Since(start).Round(time.Millisecond), d.Describe())
		benchSet = d
	})
	reps := (n + benchSet.Len() - 1) / benchSet.Len()
	return benchSet.Repeat(reps).Head(n)
}

// BenchmarkErrorPass is one pass of the exact evaluation's error over
// 725,000 positions (the budget: 0.1 s).
func BenchmarkErrorPass(b *testing.B) {
	d := benchData(b, 725000)
	w := ints(eval.Defaults())
	b.ResetTimer()
	for b.Loop() {
		d.errorInts(w, 1, 0)
	}
}

// BenchmarkGradientPass is one error-and-gradient pass of the float
// evaluation over 725,000 positions, the step of the Adam tuner.
func BenchmarkGradientPass(b *testing.B) {
	d := benchData(b, 725000)
	w := VectorOf(eval.Defaults())
	g := make([]float64, NumValues)
	b.ResetTimer()
	for b.Loop() {
		d.lossGrad(w, 1, g, 0)
	}
}
