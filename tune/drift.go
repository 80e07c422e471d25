package tune

import (
	"fmt"
	"math"
	"strings"

	"vireo/eval"
)

// AutoL2Scale is the L2 penalty times the number of training positions
// that the default --l2 keeps constant. The data term is a mean, so a
// penalty that holds rare values back by the same amount must shrink as
// the data grows; 0.25 is the product of the round-1 tune that won by
// SPRT (1e-6 on 255,195 self-play positions, docs/tuning.md).
const AutoL2Scale = 0.25

// AutoL2 is the default L2 penalty for n training positions.
func AutoL2(n int) float64 {
	if n <= 0 {
		return 0
	}
	return AutoL2Scale / float64(n)
}

// Flip is a value whose sign a tune reversed.
type Flip struct {
	Name     string // TERM, TERM[i], with " mg"/" eg" for pairs
	From, To int
}

// SignFlips lists the values that are non-zero in both from and to with
// opposite signs, in table order: a term that changes sign has changed
// meaning, which the data may or may not support.
func SignFlips(from, to *eval.Params) []Flip {
	var out []Flip
	add := func(name string, a, b int) {
		if a > 0 && b < 0 || a < 0 && b > 0 {
			out = append(out, Flip{name, a, b})
		}
	}
	for _, t := range eval.Terms() {
		for j := range t.Len {
			name := t.Name
			if t.Len > 1 || t.Array {
				name = fmt.Sprintf("%s[%d]", t.Name, j)
			}
			i := t.Index + j
			switch t.Kind {
			case eval.Scalar:
				add(name, from.Scalars[i], to.Scalars[i])
			case eval.EgOnly:
				add(name+" eg", from.Pairs[i].EG, to.Pairs[i].EG)
			default:
				add(name+" mg", from.Pairs[i].MG, to.Pairs[i].MG)
				add(name+" eg", from.Pairs[i].EG, to.Pairs[i].EG)
			}
		}
	}
	return out
}

// DriftReport says how far a tune moved the evaluation's scale and which
// values changed sign. kStart is the K the tune ran with (fitted to the
// start values); K is refitted to the result on train. A K that moves by
// more than a few percent means the tune changed the centipawn scale, so
// search margins set in centipawns no longer mean what they did.
func DriftReport(train *Dataset, start, result *eval.Params, kStart float64, workers int) string {
	kEnd, _ := train.FitK(result, workers)
	s := fmt.Sprintf("K drift: %.4f the tune's (fitted or given), %.4f fitted on the tuned values (%+.1f%%)",
		kStart, kEnd, 100*(kEnd-kStart)/kStart)
	flips := SignFlips(start, result)
	s += fmt.Sprintf("\nsign flips: %d values", len(flips))
	for i, f := range flips {
		if i == 20 {
			s += fmt.Sprintf("\n  ... and %d more", len(flips)-20)
			break
		}
		s += fmt.Sprintf("\n  %s: %d -> %d", f.Name, f.From, f.To)
	}
	_, groups := DriftTables(start, result)
	s += "\ndrift by group (start -> tuned, parameter units):\n" + strings.TrimSpace(FormatDrift("group", groups))
	return s
}

// Drift is how far a tune moved a term's or a group's values: the
// number of values, how many changed, the mean and largest absolute
// change and which value changed most (TERM[i] mg/eg).
type Drift struct {
	Name      string // the term or group
	Values    int
	Moved     int
	Mean, Max float64
	MaxAt     string
}

// valueName names vector value i of term t: TERM, TERM[j], with " mg" or
// " eg" for pairs.
func valueName(t eval.Term, i int) string {
	name := t.Name
	var j int
	if t.Kind == eval.Scalar {
		j = i - scalarBase - t.Index
	} else {
		j = i/2 - t.Index
	}
	if t.Len > 1 || t.Array {
		name = fmt.Sprintf("%s[%d]", t.Name, j)
	}
	switch {
	case t.Kind == eval.Scalar:
	case i%2 == 0:
		name += " mg"
	default:
		name += " eg"
	}
	return name
}

// termValues returns the vector indices of term t's tunable values.
func termValues(t eval.Term) []int {
	var out []int
	for j := t.Index; j < t.Index+t.Len; j++ {
		if t.Kind == eval.Scalar {
			out = append(out, scalarBase+j)
			continue
		}
		for _, i := range []int{2 * j, 2*j + 1} {
			if Tunable(i) {
				out = append(out, i)
			}
		}
	}
	return out
}

// DriftTables returns the drift from from to to per term (in table
// order) and per group (in group order, with a last row for the whole
// table).
func DriftTables(from, to *eval.Params) (terms, groups []Drift) {
	a, b := VectorOf(from), VectorOf(to)
	groups = make([]Drift, eval.NumGroups+1)
	for g := range eval.NumGroups {
		groups[g].Name = g.String()
	}
	groups[eval.NumGroups].Name = "all"
	add := func(d *Drift, name string, x float64) {
		d.Values++
		if x != 0 {
			d.Moved++
		}
		d.Mean += x // a sum until the end
		if x > d.Max || d.MaxAt == "" {
			d.Max, d.MaxAt = x, name
		}
	}
	for _, t := range eval.Terms() {
		d := Drift{Name: t.Name}
		for _, i := range termValues(t) {
			x := math.Abs(b[i] - a[i])
			name := valueName(t, i)
			add(&d, name, x)
			add(&groups[t.Group], name, x)
			add(&groups[eval.NumGroups], name, x)
		}
		terms = append(terms, d)
	}
	for _, ds := range [][]Drift{terms, groups} {
		for i := range ds {
			if ds[i].Values > 0 {
				ds[i].Mean /= float64(ds[i].Values)
			}
		}
	}
	return terms, groups
}

// FormatDrift is a drift table in Markdown; first names the first
// column ("group", "term").
func FormatDrift(first string, rows []Drift) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| %s | values | moved | mean abs change | max abs change | largest at |\n| --- | --- | --- | --- | --- | --- |\n", first)
	for _, d := range rows {
		if d.Values == 0 {
			continue
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %.2f | %.0f | %s |\n", d.Name, d.Values, d.Moved, d.Mean, d.Max, d.MaxAt)
	}
	return b.String()
}
