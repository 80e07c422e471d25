package match

import (
	"math"
	"testing"
)

// Reference values marked "py" were produced by a separate pure-Python
// implementation of the published formulas (fastchess elo_wdl.cpp /
// elo_pentanomial.cpp for the estimates; fishtest LLRcalc.py's MLE_expected,
// MLE_t_value and regularize for the LLRs, with the secular equation solved by
// plain bisection). Values marked "report" are what real tools printed.

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.10g, want %.10g ± %g", name, got, want, tol)
	}
}

func finite(t *testing.T, name string, v float64) {
	t.Helper()
	if math.IsNaN(v) || math.IsInf(v, 0) {
		t.Errorf("%s = %v, want finite", name, v)
	}
}

type estWant struct {
	n                                      int
	score, variance, elo, eloErr, nelo, ne float64
	los, draw                              float64
}

func checkEstimate(t *testing.T, name string, e Estimate, w estWant) {
	t.Helper()
	if e.N != w.n {
		t.Errorf("%s N = %d, want %d", name, e.N, w.n)
	}
	near(t, name+" Score", e.Score, w.score, 1e-12)
	near(t, name+" Variance", e.Variance, w.variance, 1e-12)
	near(t, name+" Elo", e.Elo, w.elo, 1e-9)
	near(t, name+" EloError", e.EloError, w.eloErr, 1e-9)
	near(t, name+" NElo", e.NElo, w.nelo, 1e-9)
	near(t, name+" NEloError", e.NEloError, w.ne, 1e-9)
	near(t, name+" LOS", e.LOS, w.los, 1e-9)
	near(t, name+" DrawRatio", e.DrawRatio, w.draw, 1e-12)
}

func TestPentanomialEloSeedReports(t *testing.T) {
	cases := []struct {
		p          Pentanomial
		elo, err   float64 // report
		w          estWant // py
		pairDrawsN int
	}{
		{Pentanomial{29, 660, 1525, 780, 34}, 7.46, 4.62, estWant{3028, 0.5107331571994715, 0.03480884160865825,
			7.459307409251129, 4.620032571565371, 14.133248830065098, 8.750431231019855, 0.9992262719666128, 0}, 1525},
		{Pentanomial{11, 268, 595, 381, 15}, 16.56, 7.33, estWant{1270, 0.5238188976377953, 0.036489746729493455,
			16.563602475803698, 7.317913854845297, 30.63342343098235, 13.511561147461782, 0.9999955773594598, 0}, 595},
		{Pentanomial{12, 310, 729, 401, 14}, 11.26, 6.62, estWant{1466, 0.5162005457025921, 0.03448344954949757,
			11.261234064288294, 6.613015397301326, 21.433031001677005, 12.575938542103238, 0.9995816275823177, 0}, 729},
		{Pentanomial{3, 10, 20, 12, 5}, math.NaN(), 0, estWant{50, 0.53, 0.0666,
			20.87120466602867, 50.23605715757104, 28.559029206879792, 68.09612345718845, 0.7944601106383424, 0}, 20},
	}
	for _, c := range cases {
		e := c.p.Estimate()
		c.w.draw = float64(c.pairDrawsN) / float64(c.w.n)
		checkEstimate(t, "penta", e, c.w)
		if !math.IsNaN(c.elo) {
			// The reports print two decimals; the second and third error
			// bars differ from fastchess's formula by 0.01 in the last digit.
			near(t, "penta Elo vs report", e.Elo, c.elo, 0.005)
			near(t, "penta EloError vs report", e.EloError, c.err, 0.015)
		}
	}
}

func TestTrinomialEloCutechessReports(t *testing.T) {
	// "report": cutechess-cli lines "Elo difference: X +/- Y, LOS, DrawRatio".
	cases := []struct {
		tr            Trinomial
		elo, err, dr  float64 // report
		score, var_   float64 // py
		pyElo, pyErr  float64
		pyNElo, pyNE  float64
		pyLOS, pyDraw float64
	}{
		{Trinomial{W: 338, D: 1581, L: 81}, 44.9, 6.8, 0.790, 0.56425, 0.0482469375,
			44.893668787107586, 6.802390275953272, 101.62780709425998, 15.226756105449192, 1.0, 0.7905},
		{Trinomial{W: 1783, D: 217, L: 0}, 496.6, 23.2, 0.108, 0.94575, 0.0241819375,
			496.5506429776857, 23.191199038136233, 995.9100224332097, 15.226756105449024, 1.0, 0.1085},
		{Trinomial{W: 2, D: 787, L: 4211}, -426.4, 12.1, 0.157, 0.0791, 0.03349319,
			-426.41439578885706, 12.112849790159828, -799.0518612950933, 9.630246133818844, 0.0, 0.1574},
	}
	for _, c := range cases {
		e := c.tr.Estimate()
		checkEstimate(t, "tri", e, estWant{c.tr.Games(), c.score, c.var_, c.pyElo, c.pyErr, c.pyNElo, c.pyNE, c.pyLOS, c.pyDraw})
		near(t, "tri Elo vs report", e.Elo, c.elo, 0.05)
		near(t, "tri EloError vs report", e.EloError, c.err, 0.05)
		near(t, "tri DrawRatio vs report", e.DrawRatio, c.dr, 0.001)
	}
	// py only.
	checkEstimate(t, "tri 100/300/200", Trinomial{W: 100, D: 300, L: 200}.Estimate(), estWant{600,
		0.4166666666666667, 0.11805555555555557, -58.45121427129521, 19.67238043739525,
		-84.26550689458844, 27.80012598861337, 1.4174349471929304e-09, 0.5})
	checkEstimate(t, "tri 40/50/10", Trinomial{W: 40, D: 50, L: 10}.Estimate(), estWant{100,
		0.65, 0.1025, 107.53812491703204, 48.30782991914084, 162.7809672151056, 68.0961234571884,
		0.9999986016543463, 0.5})
}

func TestEloDegenerateStats(t *testing.T) {
	inf := math.Inf(1)

	// No games: nothing known, but no NaN.
	for name, e := range map[string]Estimate{"tri": Trinomial{}.Estimate(), "penta": Pentanomial{}.Estimate()} {
		if e.N != 0 || e.Score != 0.5 || e.Elo != 0 || e.NElo != 0 || e.LOS != 0.5 || e.DrawRatio != 0 ||
			e.EloError != inf || e.NEloError != inf {
			t.Errorf("%s zero games: %+v", name, e)
		}
	}

	// All draws: zero variance, exactly even.
	e := Trinomial{D: 10}.Estimate()
	if e.Elo != 0 || e.EloError != 0 || e.NElo != 0 || e.LOS != 0.5 || e.DrawRatio != 1 || e.Variance != 0 {
		t.Errorf("all draws: %+v", e)
	}
	near(t, "all draws NEloError", e.NEloError, CI95Z*800/math.Ln10/math.Sqrt(10), 1e-12)
	e = Pentanomial{0, 0, 8, 0, 0}.Estimate()
	if e.Elo != 0 || e.EloError != 0 || e.NElo != 0 || e.LOS != 0.5 || e.DrawRatio != 1 {
		t.Errorf("all drawn pairs: %+v", e)
	}
	near(t, "all drawn pairs NEloError", e.NEloError, CI95Z*800/math.Ln10/math.Sqrt(16), 1e-12)

	// All wins / all losses: Elo and NElo are ±Inf by design, error +Inf,
	// LOS saturates.
	e = Trinomial{W: 5}.Estimate()
	if e.Elo != inf || e.EloError != inf || e.NElo != inf || e.LOS != 1 || e.Score != 1 {
		t.Errorf("all wins: %+v", e)
	}
	finite(t, "all wins NEloError", e.NEloError)
	e = Pentanomial{4, 0, 0, 0, 0}.Estimate()
	if e.Elo != math.Inf(-1) || e.EloError != inf || e.NElo != math.Inf(-1) || e.LOS != 0 || e.Score != 0 {
		t.Errorf("all lost pairs: %+v", e)
	}

	// One win, one loss: the 95% score interval [0.5-0.69, 0.5+0.69] leaves
	// [0, 1], so the Elo error is unbounded, while Elo itself is 0.
	e = Trinomial{W: 1, L: 1}.Estimate()
	if e.Elo != 0 || e.EloError != inf || e.LOS != 0.5 {
		t.Errorf("1-0-1: %+v", e)
	}
	finite(t, "1-0-1 NElo", e.NElo)

	// Few games but interval inside (0, 1): everything finite.
	e = Pentanomial{1, 2, 3, 2, 1}.Estimate()
	near(t, "penta 1,2,3,2,1 EloError", e.EloError, 137.8574378322688, 1e-9) // py
	near(t, "penta 1,2,3,2,1 NEloError", e.NEloError, 160.50410223031432, 1e-9)
	if e.Elo != 0 || e.LOS != 0.5 {
		t.Errorf("penta 1,2,3,2,1: %+v", e)
	}
}

func TestEloScoreConversion(t *testing.T) {
	for _, elo := range []float64{-800, -100, -5, 0, 3.5, 200, 700} {
		near(t, "ScoreToElo(EloToScore)", ScoreToElo(EloToScore(elo)), elo, 1e-9)
	}
	near(t, "EloToScore(0)", EloToScore(0), 0.5, 0)
	near(t, "EloToScore(400)", EloToScore(400), 10.0/11, 1e-15)
	if ScoreToElo(1) != math.Inf(1) || ScoreToElo(0) != math.Inf(-1) {
		t.Error("ScoreToElo at 0/1 should be ∓Inf")
	}
	if !math.IsNaN(ScoreToElo(1.5)) {
		t.Error("ScoreToElo(1.5) should be NaN")
	}
}

func TestStatsAddHelpers(t *testing.T) {
	var tr Trinomial
	for _, s := range []float64{1, 0.5, 0, 1} {
		tr.Add(s)
	}
	if tr != (Trinomial{W: 2, D: 1, L: 1}) {
		t.Errorf("Trinomial.Add: %+v", tr)
	}
	var p Pentanomial
	p.AddPair(0, 0)
	p.AddPair(0.5, 0)
	p.AddPair(1, 0)
	p.AddPair(0.5, 0.5)
	p.AddPair(1, 0.5)
	p.AddPair(1, 1)
	if p != (Pentanomial{1, 1, 2, 1, 1}) || p.Pairs() != 6 {
		t.Errorf("Pentanomial.AddPair: %v", p)
	}
}

func TestLLRPentanomialSeedReports(t *testing.T) {
	// "report": the project's earlier SPRT runs (fastchess default model,
	// normalized Elo) stopped with these LLRs. "py": exact values.
	cases := []struct {
		p            Pentanomial
		e0, e1       float64
		report       float64
		pyNorm, pyLo float64
	}{
		{Pentanomial{29, 660, 1525, 780, 34}, 0, 5, 2.91, 2.910907100956799, 4.452829139972334},
		{Pentanomial{11, 268, 595, 381, 15}, 0, 5, 2.93, 2.9269442586112357, 4.975186689044969},
		{Pentanomial{12, 310, 729, 401, 14}, -5, 0, 2.89, 2.8911619208310544, 5.965056115864524},
		{Pentanomial{3, 10, 20, 12, 5}, -3, 3, math.NaN(), 0.14120240069268467, 0.19238686643621555},
		{Pentanomial{0, 4, 10, 6, 0}, 0, 5, math.NaN(), 0.05341801978841795, 0.09874576511936647},
		{Pentanomial{0, 0, 7, 0, 0}, 0, 5, math.NaN(), -0.0017791129731449659, -0.09630050235527164},
	}
	for _, c := range cases {
		n := c.p.LLRNormalized(c.e0, c.e1)
		l := c.p.LLRLogistic(c.e0, c.e1)
		near(t, "penta LLRNormalized", n, c.pyNorm, 1e-7)
		near(t, "penta LLRLogistic", l, c.pyLo, 1e-7)
		if !math.IsNaN(c.report) {
			near(t, "penta LLRNormalized vs report", n, c.report, 0.005)
		}
	}
}

func TestLLRTrinomial(t *testing.T) {
	cases := []struct {
		tr           Trinomial
		e0, e1       float64
		pyNorm, pyLo float64
	}{
		{Trinomial{W: 338, D: 1581, L: 81}, 0, 5, 7.889120199146356, 16.934213483054666},
		{Trinomial{W: 100, D: 300, L: 200}, 0, 5, -2.0964493439767917, -2.995053053937901},
		{Trinomial{W: 40, D: 50, L: 10}, -5, 5, 1.2211133382292572, 1.7267099544893614},
		{Trinomial{D: 10}, 0, 5, -0.0012765113055547984, -0.13968199723360963},
		{Trinomial{W: 10}, 0, 5, 0.14286380375287114, 0.14287586706131325},
		{Trinomial{W: 2, D: 1}, 0, 5, 0.03494478448839008, 0.0428336280904827},
		{Trinomial{W: 10, L: 10}, 0, 10, -0.008281200405012916, -0.00828390057430498},
	}
	for _, c := range cases {
		near(t, "tri LLRNormalized", c.tr.LLRNormalized(c.e0, c.e1), c.pyNorm, 1e-7)
		near(t, "tri LLRLogistic", c.tr.LLRLogistic(c.e0, c.e1), c.pyLo, 1e-7)
	}
}

func TestLLRLogisticMatchesApproximation(t *testing.T) {
	// Independent sanity check: for small Elo bounds the logistic GSPRT is
	// close to Van den Bergh's Brownian approximation (fishtest LLR_alt2)
	// N*(s1-s0)*(2s-s0-s1)/(2 var).
	for _, p := range []Pentanomial{{29, 660, 1525, 780, 34}, {11, 268, 595, 381, 15}, {50, 700, 1500, 720, 40}} {
		e := p.Estimate()
		s0, s1 := EloToScore(0), EloToScore(5)
		approx := float64(e.N) * (s1 - s0) * (2*e.Score - s0 - s1) / (2 * e.Variance)
		near(t, "LLRLogistic vs alt2", p.LLRLogistic(0, 5), approx, 0.03*math.Max(1, math.Abs(approx)))
	}
}

func TestLLRFittedDistributions(t *testing.T) {
	// The fitted distributions must be probability distributions meeting
	// their constraint exactly.
	_, probs := empirical(Pentanomial{29, 660, 1525, 780, 34}.counts())
	for _, s := range []float64{EloToScore(-5), 0.5, EloToScore(5), 0.2, 0.9} {
		q := mleMean(probs, pentaScores, s)
		var sum, mean float64
		for i, qi := range q {
			if !(qi > 0) {
				t.Fatalf("mleMean(%v) has non-positive q: %v", s, q)
			}
			sum += qi
			mean += qi * pentaScores[i]
		}
		near(t, "mleMean sum", sum, 1, 1e-12)
		near(t, "mleMean mean", mean, s, 1e-12)
	}
	for _, tv := range []float64{-0.05, 0, 0.02, 0.2} {
		q := mleT(probs, pentaScores, tv)
		var sum, mu, v float64
		for i, qi := range q {
			sum += qi
			mu += qi * pentaScores[i]
		}
		for i, qi := range q {
			d := pentaScores[i] - mu
			v += qi * d * d
		}
		near(t, "mleT sum", sum, 1, 1e-9)
		near(t, "mleT t-value", (mu-0.5)/math.Sqrt(v), tv, 1e-9)
	}
}

func TestLLRDegenerate(t *testing.T) {
	if v := (Pentanomial{}).LLRLogistic(0, 5); v != 0 {
		t.Errorf("empty penta logistic LLR = %v", v)
	}
	if v := (Pentanomial{}).LLRNormalized(0, 5); v != 0 {
		t.Errorf("empty penta normalized LLR = %v", v)
	}
	if v := (Trinomial{}).LLRLogistic(0, 5); v != 0 {
		t.Errorf("empty tri logistic LLR = %v", v)
	}
	if v := (Trinomial{}).LLRNormalized(0, 5); v != 0 {
		t.Errorf("empty tri normalized LLR = %v", v)
	}
	// Single-bin inputs are regularized and stay finite.
	for i := range 5 {
		var p Pentanomial
		p[i] = 1000
		finite(t, "one-bin penta logistic", p.LLRLogistic(-5, 5))
		finite(t, "one-bin penta normalized", p.LLRNormalized(-5, 5))
	}
	finite(t, "all-loss tri logistic", Trinomial{L: 1000}.LLRLogistic(0, 5))
	finite(t, "all-loss tri normalized", Trinomial{L: 1000}.LLRNormalized(0, 5))
	// Lots of wins push the LLR up, lots of losses down.
	if v := (Trinomial{W: 1000}).LLRLogistic(0, 5); !(v > 0) {
		t.Errorf("all wins LLR = %v, want > 0", v)
	}
	if v := (Trinomial{L: 1000}).LLRNormalized(0, 5); !(v < 0) {
		t.Errorf("all losses LLR = %v, want < 0", v)
	}
}

func TestSPRTBoundsAndDecision(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lo, hi := s.Bounds()
	near(t, "lower", lo, math.Log(0.05/0.95), 1e-15)
	near(t, "upper", hi, 2.9444389791664403, 1e-12)
	if s.Decide(hi) != SPRTAcceptH1 || s.Decide(lo) != SPRTAcceptH0 || s.Decide(0) != SPRTContinue ||
		s.Decide(math.NaN()) != SPRTContinue {
		t.Error("Decide at the bounds")
	}
	// alpha 0.05, beta 0.1: the upper bound 2.890 that the seed runs crossed.
	_, hi = SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}.Bounds()
	near(t, "upper a=.05 b=.1", hi, math.Log(0.9/0.05), 1e-15)

	// Default (normalized) model, seed report: LLR 2.91 is below 2.944
	// (alpha=beta=0.05) but above ln(0.9/0.05)=2.890.
	p := Pentanomial{29, 660, 1525, 780, 34}
	if llr, d := s.Pentanomial(p); d != SPRTContinue || math.Abs(llr-2.910907100956799) > 1e-7 {
		t.Errorf("normalized SPRT: %v %v", llr, d)
	}
	s.Beta = 0.1
	if _, d := s.Pentanomial(p); d != SPRTAcceptH1 {
		t.Errorf("normalized SPRT beta .1: %v", d)
	}
	s.Beta = 0.05
	s.Model = ModelLogistic
	if llr, d := s.Pentanomial(p); d != SPRTAcceptH1 || math.Abs(llr-4.452829139972334) > 1e-7 {
		t.Errorf("logistic SPRT: %v %v", llr, d)
	}
	if llr, d := s.Trinomial(Trinomial{W: 100, D: 300, L: 200}); d != SPRTAcceptH0 ||
		math.Abs(llr+2.995053053937901) > 1e-7 {
		t.Errorf("logistic tri SPRT: %v %v", llr, d)
	}
	s.Model = ModelNormalized
	if llr, d := s.Trinomial(Trinomial{W: 100, D: 300, L: 200}); d != SPRTContinue ||
		math.Abs(llr+2.0964493439767917) > 1e-7 {
		t.Errorf("normalized tri SPRT: %v %v", llr, d)
	}
	if llr, d := s.Pentanomial(Pentanomial{}); llr != 0 || d != SPRTContinue {
		t.Errorf("empty SPRT: %v %v", llr, d)
	}
}

func TestSPRTValidate(t *testing.T) {
	good := SPRT{Elo0: -5, Elo1: 0, Alpha: 0.05, Beta: 0.1, Model: ModelLogistic}
	if err := good.Validate(); err != nil {
		t.Errorf("valid: %v", err)
	}
	bad := []SPRT{
		{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 0, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: math.Inf(1), Alpha: 0.05, Beta: 0.05},
		{Elo0: math.NaN(), Elo1: 5, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 1},
		{Elo0: 0, Elo1: 5, Alpha: 0.6, Beta: 0.5},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: 7},
		{Elo0: 0, Elo1: 8000, Alpha: 0.05, Beta: 0.05, Model: ModelLogistic},
		{Elo0: -1001, Elo1: 0, Alpha: 0.05, Beta: 0.05, Model: ModelNormalized},
	}
	for _, s := range bad {
		if s.Validate() == nil {
			t.Errorf("Validate(%+v) = nil, want error", s)
		}
	}
	if ModelNormalized.String() != "normalized" || ModelLogistic.String() != "logistic" ||
		SPRTAcceptH1.String() != "H1" || SPRTContinue.String() != "continue" {
		t.Error("String methods")
	}
}
