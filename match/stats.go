package match

// This file holds the statistics a match runner reports for engine-versus-
// engine testing: logistic Elo and normalized Elo with 95% error bars, LOS,
// draw ratio, and the generalized sequential probability ratio test (GSPRT)
// used to stop a test early.
//
// The formulas follow fastchess (app/src/matchmaking/elo/elo_wdl.cpp,
// elo_pentanomial.cpp, sprt/sprt.cpp) and fishtest (stats/LLRcalc.py), which
// in turn follow Michel Van den Bergh's notes "Comments on Normalized Elo"
// (https://www.cantate.be/Fishtest/normalized_elo_practical.pdf) and
// "support_MLE_multinomial.pdf". The code here is an independent
// implementation; the tests check it against numbers produced by a separate
// Python implementation and against reports printed by real tools.
//
// Conventions for degenerate inputs (no games, zero variance, results at the
// edge of the score range) are documented on each function; nothing here
// panics, and NaN is never returned except where noted.

import (
	"errors"
	"fmt"
	"math"
)

// CI95Z is the two-sided 95% quantile of the standard normal distribution,
// the z-score fastchess uses for its "+/-" error bars.
const CI95Z = 1.959963984540054

// neloPerT converts a t-value (mean excess score over standard deviation)
// into normalized Elo: 800/ln(10) ≈ 347.4356.
var neloPerT = 800 / math.Ln10

// regularizeEps is what an empty bin is replaced with before the SPRT's
// maximum-likelihood fit, as both fastchess and fishtest do, so that no
// outcome has probability zero and the logarithms stay finite.
const regularizeEps = 1e-3

// Trinomial counts single-game results from the first engine's point of view.
type Trinomial struct{ W, D, L int }

// Pentanomial counts game pairs (the same opening played with both colours)
// by the first engine's total score over the pair, in half points: index 0 is
// LL, 1 is LD, 2 is DD or WL, 3 is WD and 4 is WW. Pairing removes most of the
// variance the opening contributes, which is why runners prefer it.
type Pentanomial [5]int

// Games returns the number of games counted.
func (t Trinomial) Games() int { return t.W + t.D + t.L }

// Add records one game in which the first engine scored s (1, 0.5 or 0).
// Scores above 0.75 count as wins and below 0.25 as losses.
func (t *Trinomial) Add(s float64) {
	switch {
	case s > 0.75:
		t.W++
	case s < 0.25:
		t.L++
	default:
		t.D++
	}
}

// Pairs returns the number of game pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// AddPair records a game pair in which the first engine scored s1 and s2
// (each 1, 0.5 or 0); the bin is the pair total in half points, rounded and
// clamped to 0..4.
func (p *Pentanomial) AddPair(s1, s2 float64) {
	k := int(math.Round(2 * (s1 + s2)))
	p[min(max(k, 0), 4)]++
}

// triScores and pentaScores are the per-sample scores of each bin, in the
// bin order used by fishtest: losses first.
var (
	triScores   = []float64{0, 0.5, 1}
	pentaScores = []float64{0, 0.25, 0.5, 0.75, 1}
)

// counts returns the bins in ascending score order (L, D, W).
func (t Trinomial) counts() []float64 {
	return []float64{float64(t.L), float64(t.D), float64(t.W)}
}

func (p Pentanomial) counts() []float64 {
	return []float64{float64(p[0]), float64(p[1]), float64(p[2]), float64(p[3]), float64(p[4])}
}

// ScoreToElo converts an expected score in [0, 1] to a logistic Elo
// difference: Elo = -400*log10(1/score - 1). It returns -Inf for 0, +Inf for
// 1, and NaN outside [0, 1].
func ScoreToElo(score float64) float64 {
	switch {
	case score == 0:
		return math.Inf(-1)
	case score == 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// EloToScore is the inverse of ScoreToElo: score = 1/(1 + 10^(-elo/400)).
func EloToScore(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Estimate is what a runner prints after (or during) a match.
type Estimate struct {
	// N is the number of samples: games for a Trinomial, pairs for a
	// Pentanomial.
	N int
	// Score is the first engine's mean score per game, in [0, 1].
	Score float64
	// Variance is the variance of one sample's score (per game, or per pair
	// where a pair's score is its total divided by two). The variance of
	// Score is Variance/N.
	Variance float64
	// Elo is the logistic Elo difference, ScoreToElo(Score).
	Elo float64
	// EloError is the half-width of the 95% interval: the score interval
	// Score ± CI95Z*sqrt(Variance/N) is mapped through ScoreToElo and half
	// its Elo width is reported (fastchess's method; the interval is
	// asymmetric in Elo, so this is its average half-width).
	EloError float64
	// NElo is normalized Elo: (Score-0.5)/sigma_game * 800/ln(10), where
	// sigma_game is the per-game standard deviation (sqrt(Variance) for a
	// Trinomial, sqrt(2*Variance) for a Pentanomial, as fastchess computes
	// it).
	NElo float64
	// NEloError is the 95% half-width of NElo. Since NElo is linear in
	// Score it equals CI95Z*800/ln(10)/sqrt(N) for a Trinomial and
	// CI95Z*800/ln(10)/sqrt(2N) for a Pentanomial.
	NEloError float64
	// LOS is the likelihood of superiority, the probability (under a normal
	// approximation) that the first engine is the stronger one:
	// Phi((Score-0.5)/sqrt(Variance/N)). It is a fraction in [0, 1];
	// fastchess prints it times 100 as a percentage.
	LOS float64
	// DrawRatio is the fraction of draws: D/N for a Trinomial, and for a
	// Pentanomial the fraction of pairs scoring one point out of two (DD or
	// WL), as fastchess reports it.
	DrawRatio float64
}

// estimate computes an Estimate from binned counts with the given per-sample
// scores. nEloScale is the number of games per sample (1 or 2), used to turn
// the per-sample deviation into a per-game one for normalized Elo.
//
// Degenerate inputs:
//   - n == 0: Score 0.5, Elo 0, NElo 0, LOS 0.5, DrawRatio 0, and both
//     errors +Inf (nothing is known).
//   - Variance 0 (every sample scored the same): LOS is 1, 0 or 0.5 by the
//     sign of Score-0.5; NElo is 0 for Score 0.5 and ±Inf otherwise.
//   - If the 95% score interval reaches 0 or 1 (for example all wins, or a
//     handful of decisive games), the Elo interval is unbounded and
//     EloError is +Inf; Elo itself is ±Inf only when Score is 0 or 1.
func estimate(counts, scores []float64, drawBin int, nEloScale float64) Estimate {
	var n, sum float64
	for i, c := range counts {
		n += c
		sum += c * scores[i]
	}
	if n == 0 {
		inf := math.Inf(1)
		return Estimate{Score: 0.5, EloError: inf, NEloError: inf, LOS: 0.5}
	}
	e := Estimate{N: int(n)}
	e.Score = sum / n
	for i, c := range counts {
		d := scores[i] - e.Score
		e.Variance += c * d * d
	}
	e.Variance /= n
	e.DrawRatio = counts[drawBin] / n
	e.Elo = ScoreToElo(e.Score)

	sdMean := math.Sqrt(e.Variance / n)
	lo := max(e.Score-CI95Z*sdMean, 0)
	hi := min(e.Score+CI95Z*sdMean, 1)
	if lo == 0 || hi == 1 {
		e.EloError = math.Inf(1)
	} else {
		e.EloError = (ScoreToElo(hi) - ScoreToElo(lo)) / 2
	}

	e.NEloError = CI95Z * neloPerT / math.Sqrt(nEloScale*n)
	excess := e.Score - 0.5
	if e.Variance == 0 {
		switch {
		case excess > 0:
			e.NElo, e.LOS = math.Inf(1), 1
		case excess < 0:
			e.NElo, e.LOS = math.Inf(-1), 0
		default:
			e.NElo, e.LOS = 0, 0.5
		}
		return e
	}
	e.NElo = excess / math.Sqrt(nEloScale*e.Variance) * neloPerT
	e.LOS = 0.5 * (1 + math.Erf(excess/math.Sqrt(2*e.Variance/n)))
	return e
}

// Estimate returns Elo, normalized Elo, LOS and draw ratio from single-game
// results, treating games as independent draws from {0, 0.5, 1}. See
// Estimate's fields for the formulas and estimate's notes on degenerate input.
func (t Trinomial) Estimate() Estimate {
	return estimate(t.counts(), triScores, 1, 1)
}

// Estimate returns Elo, normalized Elo, LOS and draw ratio from game pairs,
// treating each pair as one sample scoring 0, 0.25, 0.5, 0.75 or 1 (points per
// game). This is what fastchess reports when pentanomial reporting is on; the
// error bars are usually tighter than the trinomial ones because paired games
// share their opening.
func (p Pentanomial) Estimate() Estimate {
	return estimate(p.counts(), pentaScores, 2, 2)
}

// SPRTModel selects how the SPRT bounds Elo0 and Elo1 are interpreted.
type SPRTModel int

const (
	// ModelNormalized interprets the bounds as normalized Elo and tests the
	// t-value (mean excess score over per-game standard deviation). It is
	// the zero value because it is fastchess's default model, and the one
	// that reproduces the LLRs of the project's earlier test reports.
	ModelNormalized SPRTModel = iota
	// ModelLogistic interprets the bounds as logistic Elo and tests the
	// expected score (fastchess "logistic", fishtest LLR_logistic).
	ModelLogistic
)

// String returns the model name fastchess uses on its command line.
func (m SPRTModel) String() string {
	switch m {
	case ModelNormalized:
		return "normalized"
	case ModelLogistic:
		return "logistic"
	}
	return fmt.Sprintf("SPRTModel(%d)", int(m))
}

// SPRTDecision is the state of a sequential test.
type SPRTDecision int

const (
	// SPRTContinue means the LLR is between the bounds: play more games.
	SPRTContinue SPRTDecision = iota
	// SPRTAcceptH0 means the LLR reached the lower bound: the data favour
	// strength Elo0 over Elo1, so the change fails.
	SPRTAcceptH0
	// SPRTAcceptH1 means the LLR reached the upper bound: the data favour
	// strength Elo1 over Elo0, so the change passes.
	SPRTAcceptH1
)

// String returns "continue", "H0" or "H1".
func (d SPRTDecision) String() string {
	switch d {
	case SPRTContinue:
		return "continue"
	case SPRTAcceptH0:
		return "H0"
	case SPRTAcceptH1:
		return "H1"
	}
	return fmt.Sprintf("SPRTDecision(%d)", int(d))
}

// SPRT describes a generalized sequential probability ratio test of
// H0: strength = Elo0 against H1: strength = Elo1, with false-positive rate
// Alpha and false-negative rate Beta. Typical settings are Elo0 0, Elo1 5,
// Alpha = Beta = 0.05 for a gainer, or Elo0 -5, Elo1 0 for a non-regression
// test. Model says which Elo scale the bounds are in; its zero value is
// ModelNormalized, as in fastchess.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       SPRTModel
}

// Validate reports whether the parameters make a usable test: finite
// Elo0 < Elo1, 0 < Alpha, Beta < 1 with Alpha+Beta < 1, and a known model.
func (s SPRT) Validate() error {
	switch {
	case math.IsNaN(s.Elo0) || math.IsNaN(s.Elo1) || math.IsInf(s.Elo0, 0) || math.IsInf(s.Elo1, 0):
		return errors.New("sprt: elo bounds must be finite")
	case s.Elo0 >= s.Elo1:
		return errors.New("sprt: elo0 must be less than elo1")
	case math.Abs(s.Elo0) > 1000 || math.Abs(s.Elo1) > 1000:
		// Far enough out the expected score rounds to 1 and the LLR is
		// NaN: the test would never end.
		return errors.New("sprt: elo bounds must lie within ±1000")
	case !(s.Alpha > 0 && s.Alpha < 1):
		return errors.New("sprt: alpha must be in (0, 1)")
	case !(s.Beta > 0 && s.Beta < 1):
		return errors.New("sprt: beta must be in (0, 1)")
	case s.Alpha+s.Beta >= 1:
		return errors.New("sprt: alpha + beta must be less than 1")
	case s.Model != ModelNormalized && s.Model != ModelLogistic:
		return fmt.Errorf("sprt: unknown model %v", s.Model)
	}
	return nil
}

// Bounds returns Wald's stopping thresholds for the LLR:
// lower = ln(Beta/(1-Alpha)) and upper = ln((1-Beta)/Alpha). For
// Alpha = Beta = 0.05 they are ∓2.944.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Decide compares an LLR with Bounds: at or above the upper bound H1 is
// accepted, at or below the lower bound H0 is accepted, otherwise the test
// continues. A NaN LLR continues.
func (s SPRT) Decide(llr float64) SPRTDecision {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return SPRTAcceptH1
	case llr <= lower:
		return SPRTAcceptH0
	}
	return SPRTContinue
}

// Pentanomial returns the LLR of p under s.Model and the resulting decision.
// Call Validate first; invalid parameters give meaningless (possibly NaN)
// results.
func (s SPRT) Pentanomial(p Pentanomial) (llr float64, d SPRTDecision) {
	if s.Model == ModelLogistic {
		llr = p.LLRLogistic(s.Elo0, s.Elo1)
	} else {
		llr = p.LLRNormalized(s.Elo0, s.Elo1)
	}
	return llr, s.Decide(llr)
}

// Trinomial returns the LLR of t under s.Model and the resulting decision.
// Call Validate first.
func (s SPRT) Trinomial(t Trinomial) (llr float64, d SPRTDecision) {
	if s.Model == ModelLogistic {
		llr = t.LLRLogistic(s.Elo0, s.Elo1)
	} else {
		llr = t.LLRNormalized(s.Elo0, s.Elo1)
	}
	return llr, s.Decide(llr)
}

// LLRLogistic returns the generalized log-likelihood ratio of H1: expected
// score EloToScore(elo1) against H0: EloToScore(elo0) for the game pairs in
// p (fishtest LLR_logistic, fastchess "logistic" model). See llrLogistic.
// Zero pairs give 0.
func (p Pentanomial) LLRLogistic(elo0, elo1 float64) float64 {
	return llrLogistic(p.counts(), pentaScores, EloToScore(elo0), EloToScore(elo1))
}

// LLRLogistic is the trinomial counterpart of Pentanomial.LLRLogistic,
// treating games as independent. Zero games give 0.
func (t Trinomial) LLRLogistic(elo0, elo1 float64) float64 {
	return llrLogistic(t.counts(), triScores, EloToScore(elo0), EloToScore(elo1))
}

// LLRNormalized returns the generalized log-likelihood ratio of H1: normalized
// Elo nelo1 against H0: nelo0 for the game pairs in p (fishtest
// LLR_normalized, fastchess "normalized" model, its default). A pair's
// t-value is sqrt(2) times the per-game one, so the bounds are scaled by
// sqrt(2)/(800/ln 10). See llrNormalized. Zero pairs give 0.
func (p Pentanomial) LLRNormalized(nelo0, nelo1 float64) float64 {
	return llrNormalized(p.counts(), pentaScores,
		math.Sqrt2*nelo0/neloPerT, math.Sqrt2*nelo1/neloPerT)
}

// LLRNormalized is the trinomial counterpart of Pentanomial.LLRNormalized;
// the t-value bounds are nelo/(800/ln 10). Zero games give 0.
func (t Trinomial) LLRNormalized(nelo0, nelo1 float64) float64 {
	return llrNormalized(t.counts(), triScores, nelo0/neloPerT, nelo1/neloPerT)
}

// empirical regularizes counts (empty bins become regularizeEps, as in
// fastchess and fishtest) and returns the total and the empirical
// probabilities. The total of the regularized counts is what multiplies the
// per-sample LLR, matching both reference implementations.
func empirical(counts []float64) (total float64, probs []float64) {
	probs = make([]float64, len(counts))
	for i, c := range counts {
		if c == 0 {
			c = regularizeEps
		}
		probs[i] = c
		total += c
	}
	for i := range probs {
		probs[i] /= total
	}
	return total, probs
}

// solveSecular finds the root x of f(x) = sum_i p_i*a_i/(1 + x*a_i) on
// (-1/max(a), -1/min(a)), where every 1 + x*a_i stays positive. It needs
// min(a) < 0 < max(a) and p_i > 0; then f is strictly decreasing from +Inf
// to -Inf on that interval, so the root is unique and bisection to full
// float64 precision (at most ~1100 halvings, usually ~60) always finds it.
// It returns NaN if a does not change sign.
func solveSecular(p, a []float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, ai := range a {
		lo = min(lo, ai)
		hi = max(hi, ai)
	}
	if !(lo < 0 && hi > 0) {
		return math.NaN()
	}
	left, right := -1/hi, -1/lo
	f := func(x float64) float64 {
		var r float64
		for i, ai := range a {
			r += p[i] * ai / (1 + x*ai)
		}
		return r
	}
	for range 2000 {
		mid := left + (right-left)/2
		if mid <= left || mid >= right {
			break
		}
		v := f(mid)
		switch {
		case v > 0:
			left = mid
		case v < 0:
			right = mid
		default:
			return mid
		}
	}
	return left + (right-left)/2
}

// mleMean returns the distribution on the given scores that has expected
// score s and maximizes the likelihood of the empirical probabilities probs
// (equivalently, minimizes the KL divergence from probs). By Lagrange
// multipliers it is q_i = probs_i/(1 + x*(a_i - s)) where x solves
// sum_i probs_i*(a_i - s)/(1 + x*(a_i - s)) = 0 (Van den Bergh,
// support_MLE_multinomial.pdf, proposition 1.1).
func mleMean(probs, scores []float64, s float64) []float64 {
	a := make([]float64, len(scores))
	for i, sc := range scores {
		a[i] = sc - s
	}
	return reweight(probs, a, solveSecular(probs, a))
}

// mleT returns the maximum-likelihood distribution whose t-value
// (mean - 0.5)/sigma equals t, by the fixed-point iteration of Van den Bergh
// (normalized_elo_practical.pdf, section 4.1): starting from the uniform
// distribution, linearize the constraint around the current mean mu and
// deviation sigma as phi_i = a_i - 0.5 - t*sigma*(1 + ((a_i-mu)/sigma)^2)/2,
// solve the secular equation for phi, reweight, and repeat until the
// distribution stops changing.
func mleT(probs, scores []float64, t float64) []float64 {
	n := len(probs)
	q := make([]float64, n)
	for i := range q {
		q[i] = 1 / float64(n)
	}
	phi := make([]float64, n)
	for range 100 {
		var mu, v float64
		for i, qi := range q {
			mu += qi * scores[i]
		}
		for i, qi := range q {
			d := scores[i] - mu
			v += qi * d * d
		}
		sigma := math.Sqrt(v)
		for i, a := range scores {
			z := (a - mu) / sigma
			phi[i] = a - 0.5 - t*sigma*(1+z*z)/2
		}
		next := reweight(probs, phi, solveSecular(probs, phi))
		var diff float64
		for i := range q {
			diff = max(diff, math.Abs(next[i]-q[i]))
		}
		q = next
		if !(diff > 1e-12) { // also stops on NaN
			break
		}
	}
	return q
}

// reweight returns probs_i/(1 + x*a_i).
func reweight(probs, a []float64, x float64) []float64 {
	q := make([]float64, len(probs))
	for i, p := range probs {
		q[i] = p / (1 + x*a[i])
	}
	return q
}

// gllr is the generalized LLR of N samples with empirical distribution probs
// for fitted distributions q1 (H1) against q0 (H0):
// N * sum_i probs_i * ln(q1_i/q0_i).
func gllr(total float64, probs, q0, q1 []float64) float64 {
	var r float64
	for i, p := range probs {
		r += p * (math.Log(q1[i]) - math.Log(q0[i]))
	}
	return total * r
}

// llrLogistic is Van den Bergh's GSPRT for the expected score: fit the
// maximum-likelihood distributions with mean s0 and s1 (mleMean) to the
// regularized empirical distribution and return the log-likelihood ratio of
// the data under them. s0 and s1 must lie strictly between the lowest and
// highest score (true for any finite Elo). Empty input gives 0.
func llrLogistic(counts, scores []float64, s0, s1 float64) float64 {
	if allZero(counts) {
		return 0
	}
	total, probs := empirical(counts)
	return gllr(total, probs, mleMean(probs, scores, s0), mleMean(probs, scores, s1))
}

// llrNormalized is the t-value GSPRT: like llrLogistic but the hypotheses
// fix the t-value (mean - 0.5)/sigma of one sample at t0 and t1 (mleT).
// Empty input gives 0; bounds so extreme that no distribution fits give NaN.
func llrNormalized(counts, scores []float64, t0, t1 float64) float64 {
	if allZero(counts) {
		return 0
	}
	total, probs := empirical(counts)
	return gllr(total, probs, mleT(probs, scores, t0), mleT(probs, scores, t1))
}

func allZero(counts []float64) bool {
	for _, c := range counts {
		if c != 0 {
			return false
		}
	}
	return true
}
