package search

import (
	"math"
	"testing"
	"time"

	"vireo/chess"
)

// Clocks far beyond any game (a GUI's "wtime 10000000000000", the largest
// Duration) must give long limits, not products that overflow into
// negative ones and a move after depth 2.
func TestTimeManagerHugeClock(t *testing.T) {
	huge := []time.Duration{1e15, 1e15 + 1, 1 << 62, math.MaxInt64}
	for _, left := range huge {
		for _, inc := range []time.Duration{0, time.Second, left} {
			for _, mtg := range []int{0, 1, 30} {
				for _, cfg := range []tmConfig{defaultTM, {horizon: 10}, {horizon: 60, softPct: 150}} {
					l := Limits{WTime: left, BTime: left, WInc: inc, BInc: inc, MovesToGo: mtg}
					tm := newTimeManager(l, chess.White, 10*time.Millisecond, time.Now(), cfg)
					if !tm.timed || tm.soft < time.Hour || tm.hard < tm.soft {
						t.Errorf("left %v inc %v mtg %d %+v: soft %v hard %v", left, inc, mtg, cfg, tm.soft, tm.hard)
					}
					for _, f := range []float64{0.25, 1, 4} {
						if s := tm.scaledSoft(f); s < time.Millisecond || s > tm.hard {
							t.Errorf("left %v: scaled soft (x%g) %v outside [1ms, %v]", left, f, s, tm.hard)
						}
					}
				}
			}
		}
		tm := newTimeManager(Limits{MoveTime: left}, chess.White, 10*time.Millisecond, time.Now(), defaultTM)
		if tm.soft < time.Hour || tm.hard != tm.soft {
			t.Errorf("movetime %v: soft %v hard %v", left, tm.soft, tm.hard)
		}
	}
}
