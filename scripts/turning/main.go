// Command turning reads how an engine lost its games and asks whether a
// deeper search would have seen them. For each game the engine named
// -engine lost in a match PGN ("{score/depth time}" comments, as
// "vireo match -pgnout", cutechess and fastchess write them; scores are
// the mover's), it finds the opponent's first move from which the
// opponent's own score stays at a threshold or more to the end.
//
// First it prints the shape of the losses, at the threshold -win (1.5
// pawns): how many turned suddenly (the opponent's score was below +0.5
// at most two of its moves earlier: a tactic, or a move of ours that
// lost at once) and how many gradually (the position slid away, which
// points at the evaluation or at a horizon longer than both searches),
// with the move and the number of captures played (a rough phase), and
// the recognition lag: how many moves after the opponent's score stayed
// at +1 or more ours stayed at -1 or less.
//
// Then, for each -search given, it searches the position right after
// the opponent's move from which its score stays at +1 (the opponent's
// verdict, reached while we still played on) with that UCI engine at its
// node budget, and prints the game, the move, the two scores the PGN has
// there and the new scores (all from our side, centipawns); a summary
// counts how many positions each search judges lost (-100 or less).
//
//	go run ./scripts/turning -engine new \
//	  -search vireo=/path/vireo@300000 -search vireo=/path/vireo@4000000 \
//	  -search sf=/usr/games/stockfish@4000000 match.pgn
//
// Searches that agree with the oracle at a larger budget but not at the
// clock's point at depth; ones that never agree, at the evaluation. Run
// it with -engine set to the opponent's name to see the games we won.
//
// -out FILE writes those positions as a test set, one EPD line each: the
// game's result (c9), the last -search's score as the verdict (ce, from
// the side to move, which is ours), and where it comes from (id). -set
// FILE reads such a set instead of a PGN and runs the -search engines on
// it, so that an evaluation change can be read in a minute: how many of
// the positions each judges lost, and how many of those the verdict
// judges lost too. Given two or more searches (the build before a change
// and the build with it), it also counts the positions where each later
// search agrees with the verdict and the first does not, and the
// reverse, with a sign test on the split. Those counts move when an
// evaluation only judges louder (most positions are lost, so a louder
// one calls more of them right); the rank correlation of each search's
// scores with the verdict's does not, and its gain over the first
// search comes with a bootstrap interval.
//
//	go run ./scripts/turning -engine new -search sf=/usr/games/stockfish@4000000 -out middlegame.epd match.pgn
//	go run ./scripts/turning -set middlegame.epd -search base=./base@300000 -search new=./new@300000
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"vireo/chess"
	"vireo/data"
	"vireo/match"
)

type searcher struct {
	label string
	cfg   match.EngineConfig
	nodes int
	eng   *match.Engine
	lost  int
}

type searchFlags []*searcher

func (s *searchFlags) String() string { return fmt.Sprint(len(*s)) }

func (s *searchFlags) Set(v string) error {
	label, rest, ok := strings.Cut(v, "=")
	cmd, n, ok2 := strings.Cut(rest, "@")
	nodes, err := strconv.Atoi(n)
	if !ok || !ok2 || cmd == "" || err != nil || nodes <= 0 {
		return fmt.Errorf("want label=command@nodes, got %q", v)
	}
	cfg := match.EngineConfig{Name: label, Cmd: cmd, Options: []match.Option{{Name: "Hash", Value: "64"}}}
	*s = append(*s, &searcher{label: label, cfg: cfg, nodes: nodes})
	return nil
}

// search returns the last score (centipawns, mates as ±10000) and depth
// the engine reported for fen, through the match runner's UCI driver,
// which reports an engine that dies or hangs instead of waiting on it.
func (s *searcher) search(ctx context.Context, fen string) (score, depth int, err error) {
	if err := s.eng.NewGame(ctx); err != nil {
		return 0, 0, err
	}
	r, err := s.eng.Go(ctx, "position fen "+fen, fmt.Sprintf("go nodes %d", s.nodes), 10*time.Minute, 10*time.Second)
	if err != nil {
		return 0, 0, err
	}
	score = r.Info.Score
	if r.Info.IsMate {
		score = 10000
		if r.Info.Mate <= 0 {
			score = -10000
		}
	}
	return score, r.Info.Depth, nil
}

func main() {
	var searches searchFlags
	name := flag.String("engine", "new", "the engine whose lost games are read")
	win := flag.Float64("win", 1.5, "the opponent's score, in pawns, that marks the turning point of the shape")
	flag.Var(&searches, "search", "label=command@nodes, repeatable")
	out := flag.String("out", "", "write the searched positions as a test set (EPD) to this file; the last -search is the verdict")
	set := flag.String("set", "", "search the positions of this test set (written by -out) instead of reading a PGN")
	flag.Parse()
	if *set != "" {
		if flag.NArg() != 0 || len(searches) == 0 || *out != "" {
			fmt.Fprintln(os.Stderr, "usage: turning -set SET.epd -search label=cmd@nodes ...")
			os.Exit(2)
		}
		if err := scoreSet(*set, searches); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if flag.NArg() != 1 || *out != "" && len(searches) == 0 {
		fmt.Fprintln(os.Stderr, "usage: turning [-engine NAME] [-win PAWNS] [-search label=cmd@nodes ... [-out SET.epd]] match.pgn")
		os.Exit(2)
	}
	games, bad, err := data.ReadPGNFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, e := range bad {
		fmt.Fprintln(os.Stderr, "skipped:", e)
	}
	var sh shape
	winCP := int(math.Round(*win * 100))
	for _, g := range games {
		sh.add(g, *name, winCP)
	}
	sh.print(*name, winCP)
	if len(searches) == 0 {
		return
	}
	fmt.Println()
	ctx := context.Background()
	if err := searches.start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer searches.quit()
	var lines strings.Builder
	fmt.Printf("%-5s %-5s %6s %6s", "game", "move", "opp", "ours")
	for _, s := range searches {
		fmt.Printf(" %14s", fmt.Sprintf("%s@%d", s.label, s.nodes))
	}
	fmt.Println()
	positions := 0
	for gi, g := range games {
		fen, move, opp, ours, ok := turningPoint(g, *name)
		if !ok {
			continue
		}
		positions++
		fmt.Printf("%-5d %-5d %6d %6s", gi+1, move, opp, ours)
		verdict := 0
		for _, s := range searches {
			v, d, err := s.search(ctx, fen)
			if err != nil {
				fmt.Fprintf(os.Stderr, "\n%s: game %d: %v\n", s.label, gi+1, err)
				os.Exit(1)
			}
			if v <= -100 {
				s.lost++
			}
			verdict = v
			fmt.Printf(" %14s", fmt.Sprintf("%d/%d", v, d))
		}
		fmt.Println()
		lines.WriteString(setLine(fen, g.Result, verdict, fmt.Sprintf("%s game %d move %d", filepath.Base(flag.Arg(0)), gi+1, move), opp, ours))
	}
	if *out != "" {
		if err := data.WriteFileAtomic(*out, []byte(lines.String()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	fmt.Printf("positions: %d; judged lost (-100 or less):", positions)
	for _, s := range searches {
		fmt.Printf(" %s@%d %d", s.label, s.nodes, s.lost)
	}
	fmt.Println()
}

// start launches every search's engine.
func (ss searchFlags) start(ctx context.Context) error {
	for _, s := range ss {
		var err error
		if s.eng, err = match.StartEngine(ctx, &s.cfg, s.label, nil, nil, nil); err != nil {
			return fmt.Errorf("%s: %w", s.label, err)
		}
	}
	return nil
}

func (ss searchFlags) quit() {
	for _, s := range ss {
		if s.eng != nil {
			s.eng.Quit()
		}
	}
}

// setLine is one test-set line: the position without its move counters
// (an EPD record), the game's result, the verdict, where it comes from
// and the two scores the game had there.
func setLine(fen, result string, verdict int, id string, opp int, ours string) string {
	return fmt.Sprintf("%s c9 %q; ce %d; id %q; c0 \"opponent %d ours %s\";\n",
		epdPosition(fen), result, verdict, id, opp, ours)
}

// epdPosition is a FEN's first four fields, the part an EPD record keeps.
func epdPosition(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(f[:min(len(f), 4)], " ")
}

// setEntry is one position of a test set: its FEN and the verdict.
type setEntry struct {
	fen, id string
	verdict int
}

// readSet reads a test set written by -out. A line without a FEN or a
// ce verdict is an error that names the line.
func readSet(path string) ([]setEntry, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var set []setEntry
	for i, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		e, err := data.ParseEPD(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		ce, ok := e.Op("ce")
		if !ok || len(ce) != 1 {
			return nil, fmt.Errorf("%s:%d: no ce verdict", path, i+1)
		}
		v, err := strconv.Atoi(ce[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: ce %q: %v", path, i+1, ce[0], err)
		}
		set = append(set, setEntry{fen: e.FEN, id: e.ID(), verdict: v})
	}
	if len(set) == 0 {
		return nil, fmt.Errorf("%s: no positions", path)
	}
	return set, nil
}

// scoreSet searches every position of the set with each search and
// prints, per search, how many it judges lost (-100 or less), how many
// of the verdict's lost ones among them, and its median score. Each
// search after the first is also compared with the first position by
// position: where exactly one of the two agrees with the verdict (lost
// or not), a change of evaluation gained or lost a judgement, and a
// sign test says whether the split could be churn.
func scoreSet(path string, searches searchFlags) error {
	set, err := readSet(path)
	if err != nil {
		return err
	}
	ctx := context.Background()
	if err := searches.start(ctx); err != nil {
		return err
	}
	defer searches.quit()
	verdictLost := 0
	for _, e := range set {
		if e.verdict <= -100 {
			verdictLost++
		}
	}
	fmt.Printf("%s: %d positions, %d judged lost by the verdict\n", path, len(set), verdictLost)
	verdicts := make([]float64, len(set))
	for i, e := range set {
		verdicts[i] = float64(e.verdict)
	}
	right := make([][]bool, len(searches))
	scored := make([][]float64, len(searches))
	for si, s := range searches {
		agree := 0
		var scores []float64
		for _, e := range set {
			v, _, err := s.search(ctx, e.fen)
			if err != nil {
				return fmt.Errorf("%s: %s: %v", s.label, e.id, err)
			}
			scores = append(scores, float64(v))
			if v <= -100 {
				s.lost++
				if e.verdict <= -100 {
					agree++
				}
			}
			right[si] = append(right[si], (v <= -100) == (e.verdict <= -100))
		}
		scored[si] = scores
		fmt.Printf("%s@%d: judged lost %d (%d of them lost by the verdict too, %d not), median score %g, rank correlation with the verdict %.3f\n",
			s.label, s.nodes, s.lost, agree, s.lost-agree, median(scores), spearman(scores, verdicts))
		if si > 0 {
			better, worse := flips(right[0], right[si])
			fmt.Printf("  against %s@%d: agrees with the verdict where it did not in %d, no longer in %d (sign test p = %.3f)\n",
				searches[0].label, searches[0].nodes, better, worse, signTest(better, worse))
			d, lo, hi := rankGain(scored[0], scores, verdicts, 2000)
			fmt.Printf("  rank correlation %+.3f (95%% bootstrap interval %+.3f to %+.3f)\n", d, lo, hi)
		}
	}
	return nil
}

// spearman is the rank correlation of a and b (ties share their mean
// rank): it does not move when a score scale stretches or shrinks, so an
// evaluation that only judges louder, and so calls more positions lost,
// gains nothing by it.
func spearman(a, b []float64) float64 {
	ra, rb := ranks(a), ranks(b)
	var ma, mb float64
	for i := range ra {
		ma += ra[i]
		mb += rb[i]
	}
	ma /= float64(len(ra))
	mb /= float64(len(rb))
	var sab, saa, sbb float64
	for i := range ra {
		da, db := ra[i]-ma, rb[i]-mb
		sab += da * db
		saa += da * da
		sbb += db * db
	}
	if saa == 0 || sbb == 0 {
		return 0
	}
	return sab / math.Sqrt(saa*sbb)
}

// ranks is the rank of each value of v, from 1, ties at their mean.
func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(x, y int) int { return cmp.Compare(v[x], v[y]) })
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && v[idx[j+1]] == v[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

// rankGain is how much b's rank correlation with the verdict exceeds
// a's, with a 95% interval from resampling the positions (paired, a
// fixed seed, so a reading repeats exactly).
func rankGain(a, b, verdict []float64, resamples int) (d, lo, hi float64) {
	d = spearman(b, verdict) - spearman(a, verdict)
	rng := rand.New(rand.NewPCG(1, 2))
	n := len(verdict)
	ra, rb, rv := make([]float64, n), make([]float64, n), make([]float64, n)
	ds := make([]float64, resamples)
	for k := range ds {
		for i := range n {
			j := rng.IntN(n)
			ra[i], rb[i], rv[i] = a[j], b[j], verdict[j]
		}
		ds[k] = spearman(rb, rv) - spearman(ra, rv)
	}
	slices.Sort(ds)
	return d, ds[resamples*25/1000], ds[resamples*975/1000-1]
}

// flips counts the positions where only b agrees with the verdict
// (better) and where only a does (worse).
func flips(a, b []bool) (better, worse int) {
	for i := range a {
		switch {
		case b[i] && !a[i]:
			better++
		case a[i] && !b[i]:
			worse++
		}
	}
	return better, worse
}

// signTest is the two-sided probability of a split at least as uneven
// as better:worse if each flip were a fair coin.
func signTest(better, worse int) float64 {
	n, k := better+worse, min(better, worse)
	if n == 0 {
		return 1
	}
	// P(X <= k) for X ~ Binomial(n, 1/2), summed in logs to stay finite.
	p := 0.0
	for i := 0; i <= k; i++ {
		lg := lgamma(n+1) - lgamma(i+1) - lgamma(n-i+1) - float64(n)*math.Ln2
		p += math.Exp(lg)
	}
	return min(1, 2*p)
}

func lgamma(n int) float64 {
	v, _ := math.Lgamma(float64(n))
	return v
}

// lostGame is a game the engine lost, split into its scored moves.
type lostGame struct {
	g         *data.PGNGame
	start     *chess.Position // the game's first position, the caller's to play on
	mine, opp []int           // the plies of our scored moves and of the opponent's
}

// readLost returns g as a lost game of name, or false when name did not
// play it or did not lose it.
func readLost(g *data.PGNGame, name string) (lostGame, bool) {
	white := g.Tag("White") == name
	if !white && g.Tag("Black") != name || white && g.Result != "0-1" || !white && g.Result != "1-0" {
		return lostGame{}, false
	}
	pos, err := g.StartPosition()
	if err != nil {
		return lostGame{}, false
	}
	l := lostGame{g: g, start: pos}
	ourFirst := (pos.SideToMove() == chess.White) == white
	for i, in := range g.Info {
		switch {
		case !in.HasScore:
		case (i%2 == 0) == ourFirst:
			l.mine = append(l.mine, i)
		default:
			l.opp = append(l.opp, i)
		}
	}
	return l, true
}

// score is the mover's score at ply i in centipawns, mates as ±10000.
func (l *lostGame) score(i int) int {
	switch in := l.g.Info[i]; {
	case in.Mate > 0:
		return 10000
	case in.Mate < 0:
		return -10000
	default:
		return in.Score
	}
}

// holdsFrom returns the index in plies of the first from which every
// score holds, or -1 when the last one does not.
func (l *lostGame) holdsFrom(plies []int, holds func(score int) bool) int {
	at := -1
	for j := len(plies) - 1; j >= 0 && holds(l.score(plies[j])); j-- {
		at = j
	}
	return at
}

// turningPoint finds, in a game name lost, the position after the
// opponent's first scored move from which all its scores are 100 or more.
func turningPoint(g *data.PGNGame, name string) (fen string, move, opp int, ours string, ok bool) {
	l, ok := readLost(g, name)
	if !ok {
		return
	}
	j := l.holdsFrom(l.opp, func(v int) bool { return v >= 100 })
	if j < 0 {
		return "", 0, 0, "", false
	}
	at := l.opp[j]
	pos := l.start
	for _, m := range g.Moves[:at+1] {
		pos.MakeMove(m)
	}
	ours = "-"
	if at+1 < len(g.Moves) && g.Info[at+1].HasScore {
		ours = strconv.Itoa(l.score(at + 1))
	}
	return pos.FEN(), pos.FullmoveNumber(), l.score(at), ours, true
}

// phases are the rough phases of a turning point, by the captures played
// before it, with the fewest captures of each.
var phases = [...]struct {
	name string
	min  int
}{{"fewer than 6 captures", 0}, {"6-13 captures", 6}, {"14 or more captures", 14}}

// shape is how the lost games turned, at the threshold win (centipawns).
type shape struct {
	played, lost, none, unseen int
	moves                      [2][]float64 // [sudden, gradual]: move of the turning point
	phase                      [2][len(phases)]int
	rises, lags                []float64
}

func (sh *shape) add(g *data.PGNGame, name string, win int) {
	if g.Tag("White") == name || g.Tag("Black") == name {
		sh.played++
	}
	l, ok := readLost(g, name)
	if !ok {
		return
	}
	sh.lost++
	turn := l.holdsFrom(l.opp, func(v int) bool { return v >= win })
	if turn < 0 {
		sh.none++
		return
	}
	k := l.opp[turn]
	// The rise: opponent moves since its score was last below +0.5.
	lastLow := -1
	for j := range turn {
		if l.score(l.opp[j]) < 50 {
			lastLow = j
		}
	}
	rise := turn - lastLow
	sh.rises = append(sh.rises, float64(rise))
	// Recognition lag: from the opponent's first move that stays at +1
	// or more to our first move that stays at -1 or less.
	oppAt := l.holdsFrom(l.opp, func(v int) bool { return v >= 100 })
	ourAt := l.holdsFrom(l.mine, func(v int) bool { return v <= -100 })
	if oppAt >= 0 && ourAt >= 0 {
		sh.lags = append(sh.lags, float64(l.mine[ourAt]-l.opp[oppAt])/2)
	}
	kind := 1
	if rise <= 2 {
		kind = 0
		// Unseen: our last score before it was -0.5 or better.
		prev := -1
		for _, q := range l.mine {
			if q < k {
				prev = q
			}
		}
		if prev >= 0 && l.score(prev) >= -50 {
			sh.unseen++
		}
	}
	// The move is counted from the game's start position.
	sh.moves[kind] = append(sh.moves[kind], float64(k/2+1))
	captures := 0
	for _, san := range g.SAN[:k] {
		captures += strings.Count(san, "x")
	}
	ph := 0
	for i, p := range phases {
		if captures >= p.min {
			ph = i
		}
	}
	sh.phase[kind][ph]++
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	v = slices.Sorted(slices.Values(v))
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

func (sh *shape) print(name string, win int) {
	fmt.Printf("games with %s: %d, lost: %d\n", name, sh.played, sh.lost)
	fmt.Printf("turning points (opponent's score stays >= %+.2f):\n", float64(win)/100)
	for kind, label := range []string{"sudden", "gradual"} {
		fmt.Printf("  %-8s %4d  median move number %g\n", label, len(sh.moves[kind]), median(sh.moves[kind]))
		for i, p := range phases {
			if n := sh.phase[kind][i]; n > 0 {
				fmt.Printf("      %-36s %4d\n", p.name, n)
			}
		}
	}
	if len(sh.rises) > 0 {
		fmt.Printf("  the rise from below +0.5 took a median of %g opponent moves\n", median(sh.rises))
	}
	if len(sh.lags) > 0 {
		late := 0
		for _, v := range sh.lags {
			if v >= 3 {
				late++
			}
		}
		fmt.Printf("  we saw the loss (score stays <= -1) a median of %+.1f moves after the opponent saw"+
			" its win (stays >= +1); 3 or more moves later in %d of %d\n", median(sh.lags), late, len(sh.lags))
	}
	fmt.Printf("  of the sudden ones, unseen (our score just before >= -0.5): %d\n", sh.unseen)
	fmt.Printf("  lost without such a point (late swings, adjudication): %d\n", sh.none)
}
