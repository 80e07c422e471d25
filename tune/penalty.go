package tune

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"vireo/eval"
)

// Penalty is an L2 pull chosen per group: group g's values are pulled
// towards their start values (or towards zero, with ToZero[g]) with
// strength Scale[g] / N, N the number of training positions. The piece
// values are always pulled towards their start: shrinking material
// towards zero would change the evaluation's centipawn scale, which the
// search's margins are set in, and a from-zero tune keeps them too. The data
// term is a mean, so Scale is what stays comparable between data sets
// of different sizes (as AutoL2Scale is for the single penalty).
type Penalty struct {
	Scale  [eval.NumGroups]float64
	ToZero [eval.NumGroups]bool
	N      int // training positions
	// Origin is what "towards the start" means (nil: the start of the
	// tune). A warm-started tune keeps the original start here.
	Origin Vector
}

// UniformPenalty pulls every group towards its start with the same scale.
func UniformPenalty(scale float64, n int) *Penalty {
	p := &Penalty{N: n}
	for g := range p.Scale {
		p.Scale[g] = scale
	}
	return p
}

// Expand returns the strength and the centre of the pull for every value
// of the tuner's vector.
func (p *Penalty) Expand(start Vector) (strength, centre []float64) {
	origin := p.Origin
	if origin == nil {
		origin = start
	}
	strength = make([]float64, NumValues)
	centre = make([]float64, NumValues)
	n := float64(max(p.N, 1))
	pieces := pieceValues()
	for i := range strength {
		g := GroupOf(i)
		strength[i] = p.Scale[g] / n
		if !p.ToZero[g] || pieces[i] {
			centre[i] = origin[i]
		}
	}
	return strength, centre
}

// String is the penalty in the form ParsePenalty reads, one entry per
// group: "MaterialV=0.25,KnightV=2.5:zero,...".
func (p *Penalty) String() string {
	var b strings.Builder
	for g := range eval.NumGroups {
		if g > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s=%s", g, strconv.FormatFloat(p.Scale[g], 'g', -1, 64))
		if p.ToZero[g] {
			b.WriteString(":zero")
		}
	}
	return b.String()
}

// ParsePenalty reads a comma-separated list of GROUP=SCALE entries, each
// optionally followed by ":zero" (pull towards zero) or ":start" (the
// default), onto base; the group "all" sets every group. Later entries
// override earlier ones: "all=0.25,KingV=2.5:zero".
func ParsePenalty(s string, base Penalty) (Penalty, error) {
	p := base
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		name, val, ok := strings.Cut(f, "=")
		if !ok {
			return p, fmt.Errorf("penalty %q: want GROUP=SCALE[:zero|:start]", f)
		}
		val, target, _ := strings.Cut(val, ":")
		x, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || x < 0 || math.IsInf(x, 0) || math.IsNaN(x) {
			return p, fmt.Errorf("penalty %q: scale %q is not a number >= 0", f, val)
		}
		var zero bool
		switch strings.TrimSpace(target) {
		case "", "start":
		case "zero":
			zero = true
		default:
			return p, fmt.Errorf("penalty %q: target %q: want zero or start", f, target)
		}
		set := func(g eval.Group) { p.Scale[g], p.ToZero[g] = x, zero }
		if strings.EqualFold(strings.TrimSpace(name), "all") {
			for g := range eval.NumGroups {
				set(g)
			}
			continue
		}
		g, err := ParseGroup(strings.TrimSpace(name))
		if err != nil {
			return p, fmt.Errorf("penalty %q: %v", f, err)
		}
		set(g)
	}
	return p, nil
}

// Trial is one tune of a penalty search.
type Trial struct {
	Group  eval.Group // NumGroups: every group at once (the first stage)
	Scale  float64
	ToZero bool
	Valid  float64 // exact validation error of the rounded result
	Epochs int
	Kept   bool // the search went on from this trial
	// Gain and SE, for the best trial of a group: how much lower its
	// validation error is than the best table's before the group, and
	// the standard error of that difference (Dataset.PairedGain).
	Gain, SE float64
}

// Names returns the trial's group ("all" for every group at once) and
// what its penalty pulls towards ("start" or "zero"), as reports print them.
func (t Trial) Names() (group, towards string) {
	group, towards = "all", "start"
	if t.Group < eval.NumGroups {
		group = t.Group.String()
	}
	if t.ToZero {
		towards = "zero"
	}
	return group, towards
}

// PenaltySearch configures SearchPenalty.
type PenaltySearch struct {
	// Grid are the scales to try (penalty strength times training
	// positions); each is tried towards the start and, with Zero, above
	// zero strength also towards zero.
	Grid []float64
	Zero bool
	// Adam is the tune each trial runs; it needs Patience, since every
	// trial stops on the validation error.
	Adam AdamOptions
	// WarmLR is Adam's step size for the per-group trials, which start
	// from the best table so far (0: Adam.LR / 4).
	WarmLR float64
	// Z is how many standard errors a group's best trial must lower
	// the validation error by to be kept (0: any lowering). Every trial
	// is a chance to fit the validation games' noise: the best of nine
	// trials clears 2 standard errors by chance about one time in five,
	// and early stopping on the same games selects again. Without the
	// test, 113 trials on 247 games lowered the validation error by
	// 0.0021 and the error on games the search never saw by nothing
	// measurable.
	Z float64
	// Cluster is the run of consecutive validation positions the
	// standard error treats as independent (0: 512, about four games).
	Cluster int
	// OnTrial, if set, is called after every trial with the best penalty
	// and table so far (for a checkpoint); false stops the search (what
	// was found so far is returned).
	OnTrial func(t Trial, best *Penalty, w Vector) bool
}

// DefaultPenaltyGrid are the scales a search tries by default: no pull,
// a fifth of the single default, the single default (AutoL2Scale), four
// and twenty times it. On 2,749 games of Ethereal self-play a scale of 5
// already holds every value within a unit or two of its start.
var DefaultPenaltyGrid = []float64{0, 0.05, 0.25, 1, 5}

// SearchPenalty chooses the penalty by held-out error, in two stages.
// First one scale for every group: a full tune from start for each grid
// scale, keeping the one with the lowest exact validation error. Then
// group by group, in table order, every grid scale (towards the start
// and, with Zero, towards zero) for that group alone: each trial starts
// from the best table so far, tunes only that group's values with the
// other groups' penalties fixed, and the best trial (the current setting
// retuned the same way among them) is kept if it lowers the validation
// error by more than Z standard errors. It returns the chosen penalty,
// its tuned values, and every trial.
func SearchPenalty(train, valid *Dataset, start Vector, s PenaltySearch) (*Penalty, Vector, []Trial, error) {
	if valid == nil || valid.Len() == 0 {
		return nil, nil, nil, fmt.Errorf("penalty search: needs a validation set")
	}
	if s.Adam.Patience <= 0 {
		return nil, nil, nil, fmt.Errorf("penalty search: needs a patience")
	}
	if len(s.Grid) == 0 {
		s.Grid = DefaultPenaltyGrid
	}
	warmLR := s.WarmLR
	if warmLR <= 0 {
		warmLR = s.Adam.LR / 4
	}
	mask := s.Adam.Mask
	if mask == nil {
		mask = TunableMask()
	}
	n := train.Len()
	var trials []Trial
	stop := false
	var best *Penalty
	var bestW Vector
	bestErr := math.Inf(1)
	report := func(t Trial) {
		trials = append(trials, t)
		if s.OnTrial != nil && !s.OnTrial(t, best, bestW) {
			stop = true
		}
	}
	exact := func(w Vector) float64 { return valid.Error(w.Params(), s.Adam.K, s.Adam.Workers) }

	bestTrial := -1
	for _, sc := range s.Grid {
		pen := UniformPenalty(sc, n)
		pen.Origin = start
		opt := s.Adam
		opt.Penalty = pen
		w, hist, err := Adam(train, valid, start, opt)
		if err != nil {
			return nil, nil, trials, err
		}
		e := exact(w)
		if e < bestErr {
			best, bestW, bestErr, bestTrial = pen, w, e, len(trials)
		}
		report(Trial{Group: eval.NumGroups, Scale: sc, Valid: e, Epochs: len(hist)})
		if stop {
			break
		}
	}
	if best == nil {
		return nil, nil, trials, fmt.Errorf("penalty search: no trial finished")
	}
	trials[bestTrial].Kept = true
	for g := eval.Group(0); g < eval.NumGroups && !stop; g++ {
		gm := make([]bool, NumValues)
		any := false
		for i := range gm {
			gm[i] = mask[i] && GroupOf(i) == g
			any = any || gm[i]
		}
		if !any {
			continue
		}
		type cand struct {
			scale float64
			zero  bool
		}
		cands := []cand{{best.Scale[g], best.ToZero[g]}} // the current setting first
		for _, sc := range s.Grid {
			for _, z := range []bool{false, true} {
				if (z && (!s.Zero || sc == 0)) || (sc == best.Scale[g] && z == best.ToZero[g]) {
					continue
				}
				cands = append(cands, cand{sc, z})
			}
		}
		var gBest *Penalty
		var gW Vector
		gErr := math.Inf(1)
		gTrial := -1
		for _, c := range cands {
			pen := *best
			pen.Scale[g], pen.ToZero[g] = c.scale, c.zero
			opt := s.Adam
			opt.Penalty, opt.Mask, opt.LR = &pen, gm, warmLR
			w, hist, err := Adam(train, valid, bestW, opt)
			if err != nil {
				return best, bestW, trials, err
			}
			e := exact(w)
			report(Trial{Group: g, Scale: c.scale, ToZero: c.zero, Valid: e, Epochs: len(hist)})
			if e < gErr {
				p := pen
				gBest, gW, gErr, gTrial = &p, w, e, len(trials)-1
			}
			if stop {
				break
			}
		}
		if gBest == nil {
			continue
		}
		gain, se := valid.PairedGain(bestW.Params(), gW.Params(), s.Adam.K, s.Cluster, s.Adam.Workers)
		trials[gTrial].Gain, trials[gTrial].SE = gain, se
		if gain > 0 && gain > s.Z*se {
			best, bestW, bestErr = gBest, gW, gErr
			trials[gTrial].Kept = true
		}
	}
	return best, bestW, trials, nil
}

// FormatTrials is the trials of a penalty search as a table.
func FormatTrials(trials []Trial) string {
	var b strings.Builder
	b.WriteString("| group | scale | towards | epochs | validation error | gain ± se | kept |\n| --- | --- | --- | --- | --- | --- | --- |\n")
	for _, t := range trials {
		g, to := t.Names()
		kept := ""
		if t.Kept {
			kept = "yes"
		}
		gain := ""
		if t.SE > 0 {
			gain = fmt.Sprintf("%.6f ± %.6f", t.Gain, t.SE)
		}
		fmt.Fprintf(&b, "| %s | %g | %s | %d | %.6f | %s | %s |\n", g, t.Scale, to, t.Epochs, t.Valid, gain, kept)
	}
	return b.String()
}

// PairedGain returns how much lower the exact error of b is than a's on
// d (positive: b is better) and the standard error of that difference.
// The positions of a game share its result, so they are not independent:
// the error is estimated over runs of cluster consecutive positions
// (0: 512), which by-game validation keeps in file order, a game's
// positions together.
func (d *Dataset) PairedGain(a, b *eval.Params, k float64, cluster, workers int) (gain, se float64) {
	return d.GainOf(d.Evals(a, workers), d.Evals(b, workers), k, cluster)
}

// GainOf is PairedGain for evaluations already made: ea and eb hold an
// evaluation (White's view) for each of d's positions, in order. They may
// come from two loads of the same files, each traced with its own table,
// which the king danger and the scale (linearised at the table the data
// was traced with) need for an exact comparison.
func (d *Dataset) GainOf(ea, eb []int32, k float64, cluster int) (gain, se float64) {
	if cluster <= 0 {
		cluster = 512
	}
	n := d.Len()
	if n == 0 || len(ea) != n || len(eb) != n {
		return 0, 0
	}
	lut := sigmoidTable(k)
	p := func(v int32) float64 {
		if uint32(v+lutHalf) <= 2*lutHalf {
			return lut[v+lutHalf]
		}
		return sigmoid(k, float64(v))
	}
	diff := make([]float64, n)
	var total float64
	for j := range diff {
		r := d.Result(j)
		x, y := p(ea[j])-r, p(eb[j])-r
		diff[j] = x*x - y*y
		total += diff[j]
	}
	gain = total / float64(n)
	var v float64
	for lo := 0; lo < n; lo += cluster {
		hi := min(lo+cluster, n)
		var s float64
		for _, x := range diff[lo:hi] {
			s += x - gain
		}
		v += s * s
	}
	return gain, math.Sqrt(v) / float64(n)
}
