// Package spsa tunes search parameters by simultaneous perturbation
// stochastic approximation, the way OpenBench does: each step plays game
// pairs between the engine with every parameter nudged up or down at
// random (θ+cδ) and the engine with the opposite nudges (θ−cδ), and moves
// θ along δ by the pairs' result. The state is one JSON file written
// atomically after each step, so a run can be stopped and resumed.
package spsa

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"

	"vireo/data"
)

// OpenBench's exponents and the stability constant's share of the run.
const (
	alpha  = 0.602
	gamma  = 0.101
	aShare = 0.1
)

// Param is one tuned parameter: its current value θ, its range, and
// OpenBench's c_end (the perturbation at the end of the run) and r_end
// (the learning rate at the end).
type Param struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Start float64 `json:"start"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	CEnd  float64 `json:"c_end"`
	REnd  float64 `json:"r_end"`
}

// Step is one finished step: its index, the perturbation's signs, the
// values each side played and the result (wins minus losses of the plus
// side over the step's pairs).
type Step struct {
	K      int       `json:"k"`
	Pairs  int       `json:"pairs"`
	Delta  []int     `json:"delta"`
	Plus   []int     `json:"plus"`
	Minus  []int     `json:"minus"`
	Result int       `json:"result"`
	Theta  []float64 `json:"theta"`
}

// State is a run: its parameters, its length in game pairs, how many
// pairs have been played (k), the seed of the perturbations and
// openings, and the steps so far.
type State struct {
	Params []Param `json:"params"`
	Total  int     `json:"total_pairs"`
	K      int     `json:"pairs_played"`
	Seed   uint64  `json:"seed"`
	// Match describes the games of a step (engine, its binary, limits,
	// openings, batch), so that a resume with other games is refused
	// rather than mixed into the run; empty in files written before it.
	Match string `json:"match,omitempty"`
	Steps []Step `json:"steps"`
}

// New starts a run of total game pairs over params (their Value is the
// start).
func New(params []Param, total int, seed uint64) (*State, error) {
	s := &State{Params: params, Total: total, Seed: seed}
	for i := range s.Params {
		s.Params[i].Start = s.Params[i].Value
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *State) validate() error {
	if len(s.Params) == 0 {
		return errors.New("no parameters to tune")
	}
	if s.Total < 1 {
		return fmt.Errorf("total pairs %d: must be at least 1", s.Total)
	}
	if s.K < 0 || s.K > s.Total {
		return fmt.Errorf("pairs played %d: outside 0..%d", s.K, s.Total)
	}
	seen := map[string]bool{}
	for _, p := range s.Params {
		switch {
		case p.Name == "":
			return errors.New("a parameter has no name")
		case seen[strings.ToLower(p.Name)]:
			return fmt.Errorf("parameter %s is listed twice", p.Name)
		case !(p.Min < p.Max):
			return fmt.Errorf("parameter %s: range %g..%g is empty", p.Name, p.Min, p.Max)
		case math.IsInf(p.Min, 0) || math.IsInf(p.Max, 0) || math.IsInf(p.Start, 0) || math.IsNaN(p.Start):
			return fmt.Errorf("parameter %s: range %g..%g and start %g must be finite", p.Name, p.Min, p.Max, p.Start)
		case p.Value < p.Min || p.Value > p.Max || math.IsNaN(p.Value):
			return fmt.Errorf("parameter %s: value %g outside %g..%g", p.Name, p.Value, p.Min, p.Max)
		case !(p.CEnd > 0 && p.CEnd <= p.Max-p.Min) || !(p.REnd > 0) || math.IsInf(p.REnd, 0):
			// A c_end beyond the range, or an infinite r_end, would make
			// the gains infinite or NaN, and the state unsavable.
			return fmt.Errorf("parameter %s: c_end %g must be positive and at most the range's width, r_end %g positive and finite", p.Name, p.CEnd, p.REnd)
		}
		seen[strings.ToLower(p.Name)] = true
	}
	played := 0
	for i, st := range s.Steps {
		n := len(s.Params)
		if len(st.Delta) != n || len(st.Plus) != n || len(st.Minus) != n || len(st.Theta) != n {
			return fmt.Errorf("step %d: %d parameters expected", i+1, n)
		}
		if st.K != played || st.Pairs < 1 || st.Pairs > s.Total {
			return fmt.Errorf("step %d: starts at pair %d with %d pairs, after %d pairs played", i+1, st.K, st.Pairs, played)
		}
		played += st.Pairs
	}
	if played != s.K {
		return fmt.Errorf("the steps add up to %d pairs, not the %d pairs played", played, s.K)
	}
	if n := len(s.Steps); n > 0 {
		// The values the run goes on from are those its last step left:
		// a value missing from the file (read as 0) or edited by hand
		// would resume the run from somewhere else.
		for i, p := range s.Params {
			if p.Value != s.Steps[n-1].Theta[i] {
				return fmt.Errorf("parameter %s: value %g, but the last step left it at %g", p.Name, p.Value, s.Steps[n-1].Theta[i])
			}
		}
	}
	return nil
}

// Left is the number of pairs the run has still to play: the last step
// plays no more than that, so that the run ends at its total.
func (s *State) Left() int { return s.Total - s.K }

// Done reports whether the run has played all its pairs.
func (s *State) Done() bool { return s.K >= s.Total }

// gains returns c_k and r_k = a_k / c_k² for parameter p at pair k
// (0-based), scaled so that at the end of the run they are c_end and
// r_end, as OpenBench computes them.
func (s *State) gains(p Param, k int) (c, r float64) {
	n := float64(s.Total)
	bigA := aShare * n
	c0 := p.CEnd * math.Pow(n, gamma)
	a0 := p.REnd * p.CEnd * p.CEnd * math.Pow(bigA+n, alpha)
	c = c0 / math.Pow(float64(k)+1, gamma)
	a := a0 / math.Pow(bigA+float64(k)+1, alpha)
	return c, a / (c * c)
}

// Proposal is the next step to play: the signs and the two sides' values.
type Proposal struct {
	K           int
	Delta       []int
	Plus, Minus []int
}

// Next draws the perturbation of the step that starts at pair s.K. It is
// a function of the seed and k alone, so a resumed run plays what the
// interrupted one would have.
func (s *State) Next() Proposal {
	rng := rand.New(rand.NewPCG(s.Seed, uint64(s.K)))
	pr := Proposal{K: s.K}
	for _, p := range s.Params {
		d := 1
		if rng.IntN(2) == 0 {
			d = -1
		}
		c, _ := s.gains(p, s.K)
		pr.Delta = append(pr.Delta, d)
		pr.Plus = append(pr.Plus, clampRound(p.Value+c*float64(d), p.Min, p.Max))
		pr.Minus = append(pr.Minus, clampRound(p.Value-c*float64(d), p.Min, p.Max))
	}
	return pr
}

func clampRound(v, lo, hi float64) int {
	return int(math.Round(min(max(v, lo), hi)))
}

// Apply moves θ by the result of pr's pairs: result is wins minus losses
// of the plus side. θ_i += r_k·c_k·result·δ_i, clamped to the range.
func (s *State) Apply(pr Proposal, pairs, result int) error {
	if pr.K != s.K {
		return fmt.Errorf("step for pair %d applied at pair %d", pr.K, s.K)
	}
	if pairs < 1 || result < -2*pairs || result > 2*pairs {
		return fmt.Errorf("result %d over %d pairs is impossible", result, pairs)
	}
	if pairs > s.Left() {
		return fmt.Errorf("%d pairs applied with %d left in the run", pairs, s.Left())
	}
	theta := make([]float64, len(s.Params))
	for i := range s.Params {
		p := &s.Params[i]
		c, r := s.gains(*p, s.K)
		p.Value = min(max(p.Value+r*c*float64(result)*float64(pr.Delta[i]), p.Min), p.Max)
		theta[i] = p.Value
	}
	s.Steps = append(s.Steps, Step{K: s.K, Pairs: pairs, Delta: pr.Delta, Plus: pr.Plus, Minus: pr.Minus, Result: result, Theta: theta})
	s.K += pairs
	return nil
}

// Values returns θ rounded, as Name=V pairs in the parameters' order.
func (s *State) Values() string {
	var parts []string
	for _, p := range s.Params {
		parts = append(parts, fmt.Sprintf("%s=%d", p.Name, int(math.Round(p.Value))))
	}
	return strings.Join(parts, ",")
}

// Save writes the state to path atomically, so that a run killed while
// saving keeps its previous state whole.
func (s *State) Save(path string) error {
	b, err := json.MarshalIndent(s, "", " ")
	if err == nil {
		err = data.WriteFileAtomic(path, append(b, '\n'), 0o644)
	}
	if err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return nil
}

// Load reads a state file and checks it; a file that is not a valid
// state is an error naming the file, never a fresh start.
func Load(path string) (*State, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s State
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s: not an SPSA state file: %w", path, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: not an SPSA state file: data after the state", path)
	}
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &s, nil
}
