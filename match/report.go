package match

// Progress lines and the final report. The report uses fastchess's layout
// and quantities (pentanomial Elo when games come in pairs, nElo, LOS,
// draw ratio, pairs ratio, LLR with its bounds), so that results from
// either tool can be compared line by line.

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// num formats a float for a report, writing infinities as "inf".
func num(format string, x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "nan"
	case x == 0:
		x = 0 // no "-0.00"
	}
	return fmt.Sprintf(format, x)
}

// estimate is the Elo estimate the report shows for a pairing: from game
// pairs when games come in pairs, from single games otherwise.
func (st *PairingStats) estimate(games int) Estimate {
	if games == 2 {
		return st.Penta.Estimate()
	}
	return st.Tri.Estimate()
}

// progress prints one line per pairing.
func (r *runner) progress(res *Result) {
	for i := range res.Stats {
		st := &res.Stats[i]
		if st.Tri.Games() == 0 {
			continue
		}
		e := st.estimate(r.games)
		line := fmt.Sprintf("Progress: %s vs %s: games %d, W/D/L %d/%d/%d, Elo %s +/- %s",
			res.Names[st.A], res.Names[st.B], st.Tri.Games(), st.Tri.W, st.Tri.D, st.Tri.L,
			num("%.1f", e.Elo), num("%.1f", e.EloError))
		if r.cfg.SPRT != nil {
			lo, hi := r.cfg.SPRT.Bounds()
			line += fmt.Sprintf(", LLR %.2f (%.2f, %.2f)", res.LLR, lo, hi)
		}
		fmt.Fprintln(r.out, line)
	}
}

// report prints the final (or interrupted) report.
func (r *runner) report(res *Result) {
	w := r.out
	rule := strings.Repeat("-", 50)
	fmt.Fprintln(w, rule)
	for i := range res.Stats {
		st := &res.Stats[i]
		a, b := &r.cfg.Engines[st.A], &r.cfg.Engines[st.B]
		fmt.Fprintf(w, "Results of %s vs %s (%s, %s, %s, %s):\n", a.Name, b.Name,
			r.limitsLabel(st.Pairing), optionLabel(a, "Threads", "t"), optionLabel(a, "Hash", "MB"), r.book.Name())
		writeStats(w, st, r.games)
		if i == 0 && r.cfg.SPRT != nil {
			s := r.cfg.SPRT
			lo, hi := s.Bounds()
			// The percentage is how far the LLR has gone towards the bound
			// it is heading for, as fastchess prints it.
			pct := 100 * res.LLR / hi
			if res.LLR < 0 {
				pct = 100 * res.LLR / -lo
			}
			fmt.Fprintf(w, "LLR: %.2f (%.1f%%) (%.2f, %.2f) [%.2f, %.2f]\n", res.LLR, pct, lo, hi, s.Elo0, s.Elo1)
		}
		fmt.Fprintln(w, rule)
	}
	if s := r.cfg.SPRT; s != nil {
		bounds := fmt.Sprintf("[%.2f, %.2f]", s.Elo0, s.Elo1)
		switch res.Decision {
		case SPRTAcceptH1:
			fmt.Fprintf(w, "SPRT (%s) completed - H1 was accepted\n", bounds)
		case SPRTAcceptH0:
			fmt.Fprintf(w, "SPRT (%s) completed - H0 was accepted\n", bounds)
		default:
			fmt.Fprintf(w, "SPRT (%s) not finished - no decision yet\n", bounds)
		}
	}
	for i, f := range res.Failures {
		fmt.Fprintf(w, "%s: %d time losses, %d illegal moves, %d crashes, %d hangs",
			res.Names[i], f.Time, f.Illegal, f.Crash, f.Hang)
		if f.Stopped > 0 {
			fmt.Fprintf(w, "; %d moves without a clock stopped after %v", f.Stopped, unclockedLimit)
		}
		fmt.Fprintln(w)
	}
	if res.EngineCPU > 0 {
		fmt.Fprintf(w, "Runner CPU: %.2f s for %.1f s of engine CPU (%.2f %%)\n",
			res.RunnerCPU.Seconds(), res.EngineCPU.Seconds(), 100*res.RunnerCPU.Seconds()/res.EngineCPU.Seconds())
	}
	if res.Interrupted {
		fmt.Fprintf(w, "Match interrupted after %d games; -resume continues it.\n", res.Games())
	} else {
		fmt.Fprintln(w, "Finished match")
	}
}

// writeStats prints the statistics block of one pairing.
func writeStats(w io.Writer, st *PairingStats, games int) {
	e := st.estimate(games)
	fmt.Fprintf(w, "Elo: %s +/- %s, nElo: %s +/- %s\n",
		num("%.2f", e.Elo), num("%.2f", e.EloError), num("%.2f", e.NElo), num("%.2f", e.NEloError))
	t := st.Tri
	n := t.Games()
	if games == 2 {
		p := st.Penta
		pairsRatio := float64(p[3]+p[4]) / float64(p[0]+p[1])
		if p[0]+p[1] == 0 && p[3]+p[4] == 0 {
			pairsRatio = math.NaN()
		}
		fmt.Fprintf(w, "LOS: %.2f %%, DrawRatio: %.2f %%, PairsRatio: %s\n", 100*e.LOS, 100*e.DrawRatio, num("%.2f", pairsRatio))
	} else {
		fmt.Fprintf(w, "LOS: %.2f %%, DrawRatio: %.2f %%\n", 100*e.LOS, 100*e.DrawRatio)
	}
	points := float64(t.W) + float64(t.D)/2
	pct := 0.0
	if n > 0 {
		pct = 100 * points / float64(n)
	}
	fmt.Fprintf(w, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f %%)\n", n, t.W, t.L, t.D, points, pct)
	if games == 2 {
		p := st.Penta
		ratio := float64(st.WL) / float64(st.DD)
		if st.WL == 0 && st.DD == 0 {
			ratio = math.NaN()
		}
		fmt.Fprintf(w, "Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: %s\n", p[0], p[1], p[2], p[3], p[4], num("%.2f", ratio))
	}
}
