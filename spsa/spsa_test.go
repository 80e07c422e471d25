package spsa

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func params() []Param {
	return []Param{
		{Name: "LMRBase", Value: 75, Min: 0, Max: 200, CEnd: 10, REnd: 0.002},
		{Name: "RFPMargin", Value: 195, Min: 20, Max: 200, CEnd: 9, REnd: 0.002},
	}
}

// TestGainsEnd checks OpenBench's schedules: at the run's last pair the
// perturbation is c_end and the learning rate r_end; earlier both are
// larger.
func TestGainsEnd(t *testing.T) {
	s, err := New(params(), 1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Params {
		c, r := s.gains(p, s.Total-1)
		if math.Abs(c-p.CEnd) > 1e-9 || math.Abs(r-p.REnd) > 1e-12 {
			t.Errorf("%s at the end: c %g r %g, want %g %g", p.Name, c, r, p.CEnd, p.REnd)
		}
		c0, r0 := s.gains(p, 0)
		if c0 <= c || r0 <= r {
			t.Errorf("%s at the start: c %g r %g not above the end's", p.Name, c0, r0)
		}
	}
}

// TestStep checks that θ moves toward the side that won, by r·c·result,
// stays in range, and that each step is drawn from the seed and k alone.
func TestStep(t *testing.T) {
	s, _ := New(params(), 1000, 42)
	pr := s.Next()
	if again := s.Next(); fmt.Sprint(again.Delta, again.Plus) != fmt.Sprint(pr.Delta, pr.Plus) {
		t.Fatalf("Next is not a function of the seed and k: %v then %v", pr.Delta, again.Delta)
	}
	for i, p := range s.Params {
		c, _ := s.gains(p, 0)
		want := clampRound(p.Value+c*float64(pr.Delta[i]), p.Min, p.Max)
		if pr.Plus[i] != want {
			t.Errorf("%s plus %d, want %d", p.Name, pr.Plus[i], want)
		}
		if pr.Plus[i] < int(p.Min) || pr.Plus[i] > int(p.Max) || pr.Minus[i] < int(p.Min) || pr.Minus[i] > int(p.Max) {
			t.Errorf("%s: %d / %d outside the range", p.Name, pr.Plus[i], pr.Minus[i])
		}
	}
	before := []float64{s.Params[0].Value, s.Params[1].Value}
	if err := s.Apply(pr, 2, 3); err != nil {
		t.Fatal(err)
	}
	for i, p := range s.Params {
		c, r := s.gains(p, 0)
		want := min(max(before[i]+r*c*3*float64(pr.Delta[i]), p.Min), p.Max)
		if math.Abs(p.Value-want) > 1e-12 {
			t.Errorf("%s: %g after a +3 step, want %g", p.Name, p.Value, want)
		}
		if moved := p.Value - before[i]; moved*float64(pr.Delta[i]) < 0 {
			t.Errorf("%s moved against the winning side's nudge", p.Name)
		}
	}
	if s.K != 2 || len(s.Steps) != 1 || s.Steps[0].Result != 3 {
		t.Errorf("after one step of 2 pairs: k %d, steps %+v", s.K, s.Steps)
	}
	if err := s.Apply(pr, 2, 1); err == nil {
		t.Error("a step applied twice was accepted")
	}
	if err := s.Apply(s.Next(), 1, 3); err == nil {
		t.Error("a result of 3 from one pair was accepted")
	}
	// A step may not run past the total: the state would be one its own
	// Load refuses.
	short, _ := New(params(), 3, 1)
	if err := short.Apply(short.Next(), 2, 0); err != nil || short.Left() != 1 {
		t.Fatalf("2 of 3 pairs: %v, %d left", err, short.Left())
	}
	if err := short.Apply(short.Next(), 2, 0); err == nil {
		t.Error("2 pairs applied with 1 left")
	}
}

// TestSaveLoad checks that a saved state comes back the same, and that a
// file that is not a valid state is an error naming it, not a new run.
func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.json")
	s, _ := New(params(), 100, 9)
	if err := s.Apply(s.Next(), 2, -2); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.K != 2 || got.Values() != s.Values() || got.Params[0].Value != s.Params[0].Value || len(got.Steps) != 1 {
		t.Errorf("loaded %+v, saved %+v", got, s)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the save left %d files, want 1", len(ents))
	}
	bad := map[string]string{
		"truncated":   `{"params": [`,
		"unknown key": `{"params": [], "total_pairs": 5, "typo": 1}`,
		"no params":   `{"params": [], "total_pairs": 5}`,
		"out of range": `{"params": [{"name": "A", "value": 300, "start": 1, "min": 0, "max": 200, "c_end": 1, "r_end": 0.002}],
			"total_pairs": 5}`,
		"played too many": `{"params": [{"name": "A", "value": 3, "start": 1, "min": 0, "max": 200, "c_end": 1, "r_end": 0.002}],
			"total_pairs": 5, "pairs_played": 6}`,
		"played without steps": `{"params": [{"name": "A", "value": 3, "start": 1, "min": 0, "max": 200, "c_end": 1, "r_end": 0.002}],
			"total_pairs": 5, "pairs_played": 2}`,
		"data after the state": `{"params": [{"name": "A", "value": 3, "start": 1, "min": 0, "max": 200, "c_end": 1, "r_end": 0.002}],
			"total_pairs": 5} {}`,
		"c_end beyond the range": `{"params": [{"name": "A", "value": 3, "start": 1, "min": 0, "max": 200, "c_end": 1e200, "r_end": 0.002}],
			"total_pairs": 5}`,
		"value not the last step's": `{"params": [{"name": "A", "value": 0, "start": 1, "min": -50, "max": 50, "c_end": 1, "r_end": 0.002}],
			"total_pairs": 5, "pairs_played": 2,
			"steps": [{"k": 0, "pairs": 2, "delta": [1], "plus": [2], "minus": [0], "result": 1, "theta": [1.5]}]}`,
		"step longer than the run": `{"params": [{"name": "A", "value": 1.5, "start": 1, "min": -50, "max": 50, "c_end": 1, "r_end": 0.002}],
			"total_pairs": 5, "pairs_played": 2,
			"steps": [{"k": 0, "pairs": 9223372036854775807, "delta": [1], "plus": [2], "minus": [0], "result": 1, "theta": [1.5]},
				{"k": 9223372036854775807, "pairs": 9223372036854775807, "delta": [1], "plus": [2], "minus": [0], "result": 1, "theta": [1.5]},
				{"k": -2, "pairs": 4, "delta": [1], "plus": [2], "minus": [0], "result": 1, "theta": [1.5]}]}`,
	}
	for name, text := range bad {
		p := filepath.Join(dir, "bad.json")
		os.WriteFile(p, []byte(text), 0o644)
		if _, err := Load(p); err == nil || !strings.Contains(err.Error(), "bad.json") {
			t.Errorf("%s: error %v, want one naming the file", name, err)
		}
	}
}
