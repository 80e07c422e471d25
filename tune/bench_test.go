package tune

import (
	"os"
	"sync"
	"syscall"
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

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loop runs f b.N times and reports, besides the wall time, the CPU time
// per pass: on a machine shared with a match the wall time says how busy
// the machine is, the CPU time what the pass costs (on n free cores the
// wall time would be about cpu-ns/op / n).
func loop(b *testing.B, f func()) {
	b.ResetTimer()
	c0 := cpuTime()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkErrorPass is one pass of the exact evaluation's error over
// 725,000 positions (the budget: 0.1 s).
func BenchmarkErrorPass(b *testing.B) {
	d := benchData(b, 725000)
	w := ints(eval.Defaults())
	loop(b, func() { d.errorInts(w, 1, 0) })
}

// BenchmarkGradientPass is one error-and-gradient pass of the float
// evaluation over 725,000 positions, the step of the Adam tuner.
func BenchmarkGradientPass(b *testing.B) {
	d := benchData(b, 725000)
	w := VectorOf(eval.Defaults())
	g := make([]float64, NumValues)
	loop(b, func() { d.lossGrad(w, 1, g, 0) })
}

// BenchmarkAdamFromZero1M is a whole tune from zero (the default Adam
// settings, L2 1e-8) on 1,000,000 positions, the shared file repeated:
// the budget is 5 minutes. Run it with -benchtime 1x.
func BenchmarkAdamFromZero1M(b *testing.B) {
	d := benchData(b, 1000000)
	k, _ := d.FitK(eval.Defaults(), 0)
	start := VectorOf(FromZero(eval.Defaults()))
	opt := DefaultAdam(k)
	opt.L2 = 1e-8
	var epochs int
	var final float64
	loop(b, func() {
		w, hist, err := Adam(d, nil, start, opt)
		if err != nil {
			b.Fatal(err)
		}
		epochs, final = len(hist), d.Error(w.Params(), k, 0)
	})
	b.ReportMetric(float64(epochs), "epochs")
	b.ReportMetric(final, "error")
}
