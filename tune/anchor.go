package tune

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"vireo/eval"
)

// An Anchor is an engine whose evaluation a new term's start value is
// taken from. Its values are in its own units; Pawn is its pawn's
// material value in them, middlegame and endgame, as its source has it.
type Anchor struct {
	Name string
	Pawn eval.Score
}

// Anchors are the engines new terms start from, by the short name
// RescaleFrom takes. Ethereal 12.00 (the Debian ethereal-chess that the
// strength tests play) has PawnValue S(105, 118) in src/evaluate.c;
// Stockfish 11 has PawnValueMg 128 and PawnValueEg 213 in src/types.h.
var Anchors = map[string]Anchor{
	"ethereal12":  {"Ethereal 12.00", eval.Score{MG: 105, EG: 118}},
	"stockfish11": {"Stockfish 11", eval.Score{MG: 128, EG: 213}},
}

// Rescale returns v, a value in an engine whose pawn is worth from, in
// the units of an engine whose pawn is worth to: each phase scaled by
// its own ratio and rounded. A new term's default in eval/params.go is
// the anchor engine's value for the same feature rescaled this way to
// Vireo's PIECE_VALUE pawn, not zero: a term that starts at zero under
// a pull towards its start is biased towards "no signal", and one that
// starts at the anchor's size is judged by whether the data moves it.
func Rescale(v, from, to eval.Score) eval.Score {
	r := func(x, f, t int) int {
		if f == 0 {
			return 0
		}
		return int(math.Round(float64(x) * float64(t) / float64(f)))
	}
	return eval.Score{MG: r(v.MG, from.MG, to.MG), EG: r(v.EG, from.EG, to.EG)}
}

// VireoPawn is the pawn of p: PIECE_VALUE[0].
func VireoPawn(p *eval.Params) eval.Score {
	for _, t := range eval.Terms() {
		if t.Name == "PIECE_VALUE" {
			return p.Pairs[t.Index]
		}
	}
	panic("tune: no PIECE_VALUE in the table")
}

// RescaleFrom rescales values of the anchor engine named name (a key of
// Anchors) to the pawn of p.
func RescaleFrom(name string, p *eval.Params, vs ...eval.Score) ([]eval.Score, error) {
	a, ok := Anchors[strings.ToLower(name)]
	if !ok {
		var names []string
		for n := range Anchors {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("unknown anchor engine %q (want one of %s)", name, strings.Join(names, ", "))
	}
	to := VireoPawn(p)
	out := make([]eval.Score, len(vs))
	for i, v := range vs {
		out[i] = Rescale(v, a.Pawn, to)
	}
	return out, nil
}
