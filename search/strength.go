package search

import (
	"math"
	"math/rand/v2"
	"time"

	"vireo/chess"
)

// Strength limiting (UCI_LimitStrength with UCI_Elo). A weakened search
// plays by a plan that depends on the rating asked for:
//
//   - a node budget per move, log-linear in the rating between the knots
//     of strengthKnots, varied at random by a factor of 0.8 to 1.25 from
//     move to move so that games differ;
//   - a choice among the best StrengthCandidates root moves (searched as
//     MultiPV lines) with a random, score-dependent perturbation in the
//     manner of Stockfish's Skill Level: with weakness w in [0, 1] and
//     the candidates' scores s_i of the last completed iteration, best
//     first, the move played maximises
//
//     s_i + w*(s_0 - s_i) + w*delta*u_i
//
//     where delta = min(s_0 - s_last, 100) and u_i is uniform in [0, 1).
//     w flattens the differences between the candidates (at w = 1 every
//     candidate within delta is as good as the best) and the noise picks
//     among them; a move far worse than the best is chosen only when w
//     is large. At w = 0 the best move is played.
//
// The normal time limits still apply on top of the node budget, and the
// move is always one of the legal root moves searched. A weakened search
// runs on one thread, the boss, whatever the Threads option says.

// UCI_Elo range and default.
const (
	MinElo     = 1200
	MaxElo     = 2700
	DefaultElo = 1800
)

// StrengthCandidates is how many root moves a weakened search considers.
const StrengthCandidates = 4

// strengthKnot is one calibration knot: at rating elo the search gets
// nodes per move (before the random factor) and the weakness w. Between
// knots the node budget is interpolated in log(nodes), w linearly.
//
// These are the values docs/strength.md calibrates: the measured Elo of a
// setting decides how its knot moves (a doubling of nodes was worth 70
// to 165 Elo in the passes there; at the bottom the weakness moves too).
type strengthKnot struct {
	elo      int
	nodes    float64
	weakness float64
}

var strengthKnots = []strengthKnot{
	{1200, 200, 0.65},
	{1500, 1000, 0.47},
	{1800, 3000, 0.40},
	{2100, 8000, 0.20},
	{2400, 90000, 0.05},
	{2700, 150000, 0},
}

// StrengthPlan is how a search weakened to a rating plays.
type StrengthPlan struct {
	Elo        int
	Nodes      uint64  // node budget per move, before the random factor
	Weakness   float64 // w above, 0..1
	Candidates int     // root moves considered (internal MultiPV)
}

// PlanFor returns the plan for a rating, clamped to [MinElo, MaxElo].
func PlanFor(elo int) StrengthPlan {
	elo = min(max(elo, MinElo), MaxElo)
	k := strengthKnots
	i := 1
	for i < len(k)-1 && elo > k[i].elo {
		i++
	}
	a, b := k[i-1], k[i]
	t := float64(elo-a.elo) / float64(b.elo-a.elo)
	nodes := math.Exp(math.Log(a.nodes) + t*(math.Log(b.nodes)-math.Log(a.nodes)))
	w := a.weakness + t*(b.weakness-a.weakness)
	c := StrengthCandidates
	if w <= 0 {
		c = 1
	}
	return StrengthPlan{Elo: elo, Nodes: uint64(math.Round(nodes)), Weakness: w, Candidates: c}
}

// SetStrength turns strength limiting on at rating elo (clamped to the
// range), or off with elo <= 0. Call it between searches.
func (s *Searcher) SetStrength(elo int) {
	s.limitElo = elo
}

// SetRand gives the searcher the random source of its weakened play (by
// default one seeded from the clock, so that games differ). Tests pass a
// seeded one. Call it between searches.
func (s *Searcher) SetRand(r *rand.Rand) { s.rng = r }

func (s *Searcher) random() *rand.Rand {
	if s.rng == nil {
		t := uint64(time.Now().UnixNano())
		s.rng = rand.New(rand.NewPCG(t, t>>32^0x9e3779b97f4a7c15))
	}
	return s.rng
}

// skillState is a weakened search's plan and the candidates of its last
// completed iteration.
type skillState struct {
	on   bool
	plan StrengthPlan
	top  []rootMove
}

// prepareStrength sets up w.skill for this search and returns the limits
// with the node budget applied.
func (w *Worker) prepareStrength(l Limits) Limits {
	w.skill.on = w.s.limitElo > 0
	w.skill.top = w.skill.top[:0]
	if !w.skill.on {
		return l
	}
	w.skill.plan = PlanFor(w.s.limitElo)
	f := math.Exp((w.s.random().Float64()*2 - 1) * math.Log(1.25)) // 0.8 .. 1.25
	n := max(uint64(float64(w.skill.plan.Nodes)*f), 1)
	if l.Nodes == 0 || n < l.Nodes {
		l.Nodes = n
	}
	return l
}

// record keeps a copy of the candidates of a completed iteration.
func (sk *skillState) record(rms []rootMove) {
	sk.top = sk.top[:0]
	for _, rm := range rms {
		rm.pv = append([]chess.Move(nil), rm.pv...)
		sk.top = append(sk.top, rm)
	}
}

// choose returns the index of the candidate a weakened search plays.
func (sk *skillState) choose(r *rand.Rand) int {
	scores := make([]int, len(sk.top))
	for i, rm := range sk.top {
		scores[i] = rm.score
	}
	return PickWeakened(scores, sk.plan.Weakness, r)
}

// PickWeakened returns the index of the move to play among candidates
// whose scores are sorted best first, by the perturbation above with
// weakness w.
func PickWeakened(scores []int, w float64, r *rand.Rand) int {
	if len(scores) <= 1 || w <= 0 {
		return 0
	}
	top := scores[0]
	delta := float64(min(top-scores[len(scores)-1], 100))
	best, bestV := 0, math.Inf(-1)
	for i, s := range scores {
		v := float64(s) + w*float64(top-s) + w*delta*r.Float64()
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}
