package main

// "vireo match": engine-versus-engine games, gauntlets and SPRTs with
// fastchess's command-line style (single-dash options followed by
// key=value groups), so that commands from the fastchess and cutechess
// habits of the team work with few changes.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"vireo/match"
)

func init() {
	register(command{"match", "match -engine ...", "play engine matches, gauntlets and SPRTs (fastchess-style options)", cmdMatch})
}

const matchUsage = `Usage: vireo match -engine cmd=PATH [name=NAME] [args="..."] [dir=DIR]
                   [option.NAME=VALUE ...] [tc=TC | st=S | nodes=N | depth=N] [timemargin=MS]
                   -engine ... [-engine ...] [-each KEY=VALUE ...]
                   [-rounds N] [-games 1|2] [-concurrency N]
                   [-openings file=F format=epd|pgn order=random|sequential plies=N start=K]
                   [-pgnout FILE] [-sprt elo0=E0 elo1=E1 alpha=A beta=B model=normalized|logistic]
                   [-gauntlet] [-draw movenumber=N movecount=N score=CP]
                   [-resign movecount=N score=CP twosided=true|false] [-maxmoves N]
                   [-tb DIR[:DIR...] [-tbpieces N] [-tbignore50]]
                   [-variant standard|fischerandom] [-seed N] [-resume [STATEFILE]]
                   [-state STATEFILE] [-log FILE] [-ratinginterval GAMES] [-hangtime SECONDS]
                   [-event NAME] [-site NAME]

Engines (two or more; -each sets keys for all of them, -engine keys win):
  cmd=PATH          the engine binary (searched in PATH unless it holds a '/')
  name=NAME         name in reports and PGN (default: the binary's name)
  args="A B"        command-line arguments;  dir=DIR: working directory
  option.NAME=VAL   UCI option, e.g. option.Hash=16 option.Threads=1
  tc=TC             clock: 40/60+0.6 (40 moves in 60 s, repeating), 8+0.08, 10
  st=S              fixed seconds per move;  nodes=N, depth=N: fixed search size
  timemargin=MS     milliseconds each move may overrun the clock (default 0)

Match:
  -rounds N         rounds; each plays every pairing once (default 1)
  -games 1|2        games per round and pairing; 2 plays the opening with
                    both colours (default 2; -repeat is the same as -games 2)
  -concurrency N    games played at once (default 1)
  -gauntlet         the first engine against each other one (default: all pairs)
  -openings ...     opening book; without one, games start from the initial position
  -sprt ...         stop when the test reaches a bound (two engines only;
                    model=normalized is the default, as in fastchess)
  -draw, -resign    adjudication, off unless given;  -maxmoves N: draw after N moves
  -tb DIR[:DIR...]  adjudicate by the Syzygy tables in DIR once a position without
                    castling rights has few enough pieces; the match does not
                    start if no tables are found
  -tbpieces N       only positions of at most N pieces (default: all the tables cover)
  -tbignore50       cursed wins and blessed losses count as wins and losses
                    (default: as draws, the 50-move rule's verdict)
  -variant fischerandom   Chess960: UCI_Chess960=true; without a book,
                    random start positions from the seed
  -seed N           seed for the opening order (default: random, kept in the state)
  -pgnout FILE      append every finished game to FILE
  -state FILE       resume state (default FILE.state.json next to -pgnout)
  -resume [FILE]    continue the match in the state file
  -log FILE         log all UCI traffic
  -ratinginterval N progress line every N games (default 10)
  -hangtime S       silence after a move's deadline before an engine counts
                    as hung and is killed (default 5)

Ctrl-C (or SIGTERM) stops starting games and lets those in flight finish; a
second one abandons them. Only finished games reach the PGN, the report so
far is printed, and -resume continues the match without losing or repeating
a game pair. Exit status: 0 done, 1 error, 2 bad options, 130 interrupted.
`

// optGroup is one option and the values that follow it.
type optGroup struct {
	name string
	vals []string
}

// splitOptions groups "-engine cmd=x name=y -rounds 5" into options. A
// word is an option when it starts with '-' and is not a number.
func splitOptions(args []string) ([]optGroup, error) {
	var groups []optGroup
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' {
			if _, err := strconv.ParseFloat(a, 64); err != nil {
				groups = append(groups, optGroup{name: strings.TrimLeft(a, "-")})
				continue
			}
		}
		if len(groups) == 0 {
			return nil, fmt.Errorf("unexpected %q before the first option", a)
		}
		g := &groups[len(groups)-1]
		g.vals = append(g.vals, a)
	}
	return groups, nil
}

// onceEach refuses an option given twice, but for those named in many:
// every other option says one thing, and of two one would be dropped
// without a word.
func onceEach(groups []optGroup, many ...string) error {
	given := map[string]bool{}
	for _, g := range groups {
		if slices.Contains(many, g.name) {
			continue
		}
		if given[g.name] {
			return fmt.Errorf("-%s given twice", g.name)
		}
		given[g.name] = true
	}
	return nil
}

type kv struct{ key, val string }

// keyValues reads key=value words. A key given twice in one option
// (file=a file=b) is refused: only one of them could be used.
func keyValues(g optGroup) ([]kv, error) {
	var out []kv
	seen := map[string]bool{}
	for _, v := range g.vals {
		k, val, ok := strings.Cut(v, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("-%s: want key=value, got %q", g.name, v)
		}
		if seen[k] {
			return nil, fmt.Errorf("-%s: %s given twice", g.name, k)
		}
		seen[k] = true
		out = append(out, kv{k, val})
	}
	return out, nil
}

// oneValue returns the single value of an option.
func oneValue(g optGroup) (string, error) {
	if len(g.vals) != 1 {
		return "", fmt.Errorf("-%s wants one value, got %d", g.name, len(g.vals))
	}
	v := g.vals[0]
	if k, val, ok := strings.Cut(v, "="); ok && (k == "file" || k == "value") {
		v = val // fastchess style: -pgnout file=games.pgn
	}
	return v, nil
}

func intValue(g optGroup, lo, hi int) (int, error) {
	v, err := oneValue(g)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("-%s wants a whole number from %d to %d, got %q", g.name, lo, hi, v)
	}
	return n, nil
}

func parseInt(opt, key, v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s %s= wants a whole number from %d to %d, got %q", opt, key, lo, hi, v)
	}
	return n, nil
}

func parseFloat(opt, key, v string) (float64, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f != f || f > 1e9 || f < -1e9 {
		return 0, fmt.Errorf("%s %s= wants a number, got %q", opt, key, v)
	}
	return f, nil
}

func parseBool(opt, key, v string) (bool, error) {
	switch strings.ToLower(v) {
	case "true", "1", "yes", "on":
		return true, nil
	case "false", "0", "no", "off":
		return false, nil
	}
	return false, fmt.Errorf("%s %s= wants true or false, got %q", opt, key, v)
}

// splitArgs splits an args="..." value like a shell would, honouring
// single and double quotes.
func splitArgs(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	var quote byte
	has := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '"' || c == '\'':
			quote, has = c, true
		case c == ' ' || c == '\t':
			if has {
				out = append(out, cur.String())
				cur.Reset()
				has = false
			}
		default:
			cur.WriteByte(c)
			has = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("args=%q: unterminated quote", s)
	}
	if has {
		out = append(out, cur.String())
	}
	return out, nil
}

// buildEngine turns the merged key=value settings of one engine into a
// configuration.
func buildEngine(n int, kvs []kv) (match.EngineConfig, error) {
	var e match.EngineConfig
	opt := fmt.Sprintf("-engine #%d:", n)
	// Later keys win (-engine after -each); options keep their first
	// position so that setoption order is stable.
	final := map[string]string{}
	var order []string
	for _, p := range kvs {
		if _, ok := final[p.key]; !ok {
			order = append(order, p.key)
		}
		final[p.key] = p.val
	}
	for _, k := range order {
		v := final[k]
		var err error
		switch {
		case k == "cmd":
			e.Cmd = v
		case k == "name":
			e.Name = v
		case k == "dir":
			e.Dir = v
		case k == "args":
			e.Args, err = splitArgs(v)
		case k == "proto":
			if v != "uci" {
				err = fmt.Errorf("%s proto=%s: only uci is supported", opt, v)
			}
		case k == "tc":
			var tc match.TimeControl
			if tc, err = match.ParseTC(v); err == nil {
				e.Limits.TC = &tc
			} else {
				err = fmt.Errorf("%s tc=: %v", opt, err)
			}
		case k == "st":
			var f float64
			if f, err = parseFloat(opt, k, v); err == nil {
				// movetime is sent in whole milliseconds: below one the
				// engine would be asked for 1 ms and judged against less,
				// and past a million seconds the duration overflows.
				if !(f >= 0.001 && f <= 1e6) {
					err = fmt.Errorf("%s st= wants seconds from 0.001 to 1000000, got %q", opt, v)
				}
				e.Limits.MoveTime = time.Duration(f * float64(time.Second))
			}
		case k == "nodes":
			var n int
			if n, err = parseInt(opt, k, v, 1, math.MaxInt); err == nil {
				e.Limits.Nodes = int64(n)
			}
		case k == "depth":
			e.Limits.Depth, err = parseInt(opt, k, v, 1, 1000)
		case k == "timemargin":
			var ms int
			if ms, err = parseInt(opt, k, v, 0, 1000000); err == nil {
				e.Limits.Margin = time.Duration(ms) * time.Millisecond
			}
		case strings.HasPrefix(k, "option."):
			name := strings.TrimPrefix(k, "option.")
			if name == "" {
				err = fmt.Errorf("%s option.NAME=VALUE: the name is missing", opt)
			}
			e.Options = append(e.Options, match.Option{Name: name, Value: v})
		case k == "restart", k == "ponder":
			// fastchess keys with no effect here: engines are always
			// restarted after a failure, and pondering is off.
		default:
			err = fmt.Errorf("%s unknown key %q (want cmd, name, args, dir, tc, st, nodes, depth, timemargin or option.NAME)", opt, k)
		}
		if err != nil {
			return e, err
		}
	}
	if e.Cmd == "" {
		return e, fmt.Errorf("%s cmd=PATH is missing", opt)
	}
	if e.Name == "" {
		e.Name = filepath.Base(e.Cmd)
	}
	if e.Limits.Empty() {
		return e, fmt.Errorf("engine %s has no limit: give tc=, st=, nodes= or depth= in -engine or -each", e.Name)
	}
	if e.Limits.TC != nil && e.Limits.MoveTime > 0 {
		// Only the clock would be used, and the report would show both.
		return e, fmt.Errorf("engine %s has both tc= and st= (from -engine and -each together): give one", e.Name)
	}
	// Find the binary now rather than fail in the first game.
	path := e.Cmd
	if strings.ContainsRune(path, '/') {
		if e.Dir != "" && !filepath.IsAbs(path) {
			path = filepath.Join(e.Dir, path)
		}
		if fi, err := os.Stat(path); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			return e, fmt.Errorf("engine %s: cmd=%s is not an executable file", e.Name, e.Cmd)
		}
	} else if _, err := exec.LookPath(path); err != nil {
		return e, fmt.Errorf("engine %s: cmd=%s not found in PATH", e.Name, e.Cmd)
	}
	return e, nil
}

// parseMatchArgs turns the command line into a match configuration.
func parseMatchArgs(args []string) (match.Config, error) {
	cfg := match.Config{Rounds: 1, Games: 2, Concurrency: 1}
	groups, err := splitOptions(args)
	if err != nil {
		return cfg, err
	}
	var engineKVs [][]kv
	var eachVals []string
	// -tbpieces and -tbignore50 may come before -tb, so the rule is only
	// known complete after the loop.
	var tb match.TablebaseRule
	tbGiven, tbOpts := false, ""
	if err := onceEach(groups, "engine", "each"); err != nil {
		return cfg, err
	}
	// Options that set the same thing: given together, whichever came
	// last would win.
	named := map[string]optGroup{}
	for _, g := range groups {
		named[g.name] = g
	}
	if g, ok := named["games"]; ok {
		// fastchess's own examples give "-games 2 -repeat", which agree;
		// "-games 1 -repeat" does not.
		if _, ok := named["repeat"]; ok && !(len(g.vals) == 1 && g.vals[0] == "2") {
			return cfg, fmt.Errorf("-games %s and -repeat (2 games per opening) disagree: give one", strings.Join(g.vals, " "))
		}
	}
	if r, ok := named["resume"]; ok && len(r.vals) > 0 {
		if _, ok := named["state"]; ok {
			return cfg, fmt.Errorf("-state and -resume FILE both name the state file: give one")
		}
	}
	for _, g := range groups {
		var err error
		noValue := func() error {
			if len(g.vals) > 0 {
				return fmt.Errorf("-%s takes no value, got %q", g.name, g.vals[0])
			}
			return nil
		}
		switch g.name {
		case "engine":
			var kvs []kv
			if kvs, err = keyValues(g); err == nil {
				engineKVs = append(engineKVs, kvs)
			}
		case "each":
			// The -each options are one list of settings, read together
			// below, so that a key in two of them is refused as one
			// given twice.
			eachVals = append(eachVals, g.vals...)
		case "rounds":
			cfg.Rounds, err = intValue(g, 1, 100000000)
		case "games":
			cfg.Games, err = intValue(g, 1, 2)
		case "repeat":
			cfg.Games = 2
			err = noValue()
		case "concurrency":
			cfg.Concurrency, err = intValue(g, 1, 1024)
		case "maxmoves":
			cfg.MaxMoves, err = intValue(g, 1, 100000)
		case "ratinginterval":
			cfg.RatingInterval, err = intValue(g, 1, 100000000)
		case "seed":
			var v string
			if v, err = oneValue(g); err == nil {
				if cfg.Seed, err = strconv.ParseUint(v, 0, 64); err != nil {
					err = fmt.Errorf("-seed wants a non-negative whole number, got %q", v)
				}
				cfg.SeedSet = true
			}
		case "hangtime":
			var v string
			if v, err = oneValue(g); err == nil {
				var f float64
				if f, err = parseFloat("-hangtime", "", v); err == nil && f <= 0 {
					err = fmt.Errorf("-hangtime wants a positive number of seconds, got %q", v)
				}
				cfg.HangTime = time.Duration(f * float64(time.Second))
			}
		case "gauntlet":
			cfg.Gauntlet = true
			err = noValue()
		case "recover":
			err = noValue() // always on
		case "pgnout":
			cfg.PGNOut, err = oneValue(g)
		case "state":
			cfg.StateFile, err = oneValue(g)
		case "log":
			cfg.LogFile, err = oneValue(g)
		case "resume":
			cfg.Resume = true
			if len(g.vals) > 0 {
				cfg.StateFile, err = oneValue(g)
			}
		case "event":
			cfg.Event = strings.Join(g.vals, " ")
		case "site":
			cfg.Site = strings.Join(g.vals, " ")
		case "variant":
			var v string
			if v, err = oneValue(g); err == nil {
				switch strings.ToLower(v) {
				case "standard":
				case "fischerandom", "chess960", "frc", "960":
					cfg.Chess960 = true
				default:
					err = fmt.Errorf("-variant wants standard or fischerandom, got %q", v)
				}
			}
		case "openings":
			err = parseOpenings(g, &cfg.Openings)
		case "sprt":
			err = parseSPRT(g, &cfg)
		case "draw":
			err = parseDraw(g, &cfg)
		case "resign":
			err = parseResign(g, &cfg)
		case "tb":
			tbGiven = true
			tb.Paths, err = oneValue(g)
		case "tbpieces":
			tbOpts = "-tbpieces"
			tb.Pieces, err = intValue(g, 3, 7)
		case "tbignore50":
			tbOpts = "-tbignore50"
			tb.Ignore50 = true
			err = noValue()
		default:
			err = fmt.Errorf("unknown option -%s", g.name)
		}
		if err != nil {
			return cfg, err
		}
	}
	eachKVs, err := keyValues(optGroup{name: "each", vals: eachVals})
	if err != nil {
		return cfg, err
	}
	switch {
	case tbGiven:
		cfg.Tablebase = &tb
	case tbOpts != "":
		return cfg, fmt.Errorf("%s needs -tb DIR", tbOpts)
	}
	if len(engineKVs) < 2 {
		return cfg, fmt.Errorf("give at least two -engine options (got %d)", len(engineKVs))
	}
	for i, kvs := range engineKVs {
		e, err := buildEngine(i+1, append(append([]kv{}, eachKVs...), kvs...))
		if err != nil {
			return cfg, err
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	return cfg, cfg.Validate()
}

func parseOpenings(g optGroup, o *match.OpeningConfig) error {
	kvs, err := keyValues(g)
	if err != nil {
		return err
	}
	o.Format, o.Order = "", "sequential"
	for _, p := range kvs {
		switch p.key {
		case "file":
			o.File = p.val
		case "format":
			if p.val != "epd" && p.val != "pgn" {
				return fmt.Errorf("-openings format= wants epd or pgn, got %q", p.val)
			}
			o.Format = p.val
		case "order":
			if p.val != "random" && p.val != "sequential" {
				return fmt.Errorf("-openings order= wants random or sequential, got %q", p.val)
			}
			o.Order = p.val
		case "plies":
			if o.Plies, err = parseInt("-openings", "plies", p.val, 0, 10000); err != nil {
				return err
			}
		case "start":
			if o.Start, err = parseInt("-openings", "start", p.val, 1, 1<<30); err != nil {
				return err
			}
		case "policy":
			// fastchess's book policy; every pair takes a new opening here.
		default:
			return fmt.Errorf("-openings: unknown key %q (want file, format, order, plies, start)", p.key)
		}
	}
	if o.File == "" {
		return errors.New("-openings needs file=")
	}
	if o.Format == "" {
		o.Format = "epd"
		if name := strings.ToLower(o.File); strings.HasSuffix(name, ".pgn") || strings.HasSuffix(name, ".pgn.gz") {
			o.Format = "pgn"
		}
	}
	return nil
}

func parseSPRT(g optGroup, cfg *match.Config) error {
	kvs, err := keyValues(g)
	if err != nil {
		return err
	}
	s := &match.SPRT{Alpha: 0.05, Beta: 0.05}
	have := map[string]bool{}
	for _, p := range kvs {
		have[p.key] = true
		switch p.key {
		case "elo0":
			s.Elo0, err = parseFloat("-sprt", p.key, p.val)
		case "elo1":
			s.Elo1, err = parseFloat("-sprt", p.key, p.val)
		case "alpha":
			s.Alpha, err = parseFloat("-sprt", p.key, p.val)
		case "beta":
			s.Beta, err = parseFloat("-sprt", p.key, p.val)
		case "model":
			switch p.val {
			case "normalized":
				s.Model = match.ModelNormalized
			case "logistic":
				s.Model = match.ModelLogistic
			default:
				err = fmt.Errorf("-sprt model= wants normalized or logistic, got %q", p.val)
			}
		default:
			err = fmt.Errorf("-sprt: unknown key %q (want elo0, elo1, alpha, beta, model)", p.key)
		}
		if err != nil {
			return err
		}
	}
	if !have["elo0"] || !have["elo1"] {
		return errors.New("-sprt needs elo0= and elo1=")
	}
	if err := s.Validate(); err != nil {
		return fmt.Errorf("-sprt: %v", err)
	}
	cfg.SPRT = s
	return nil
}

func parseDraw(g optGroup, cfg *match.Config) error {
	kvs, err := keyValues(g)
	if err != nil {
		return err
	}
	d := &match.DrawRule{MoveNumber: 40, MoveCount: 8, Score: 10}
	for _, p := range kvs {
		switch p.key {
		case "movenumber":
			d.MoveNumber, err = parseInt("-draw", p.key, p.val, 0, 100000)
		case "movecount":
			d.MoveCount, err = parseInt("-draw", p.key, p.val, 1, 100000)
		case "score":
			d.Score, err = parseInt("-draw", p.key, p.val, 0, 100000)
		default:
			err = fmt.Errorf("-draw: unknown key %q (want movenumber, movecount, score)", p.key)
		}
		if err != nil {
			return err
		}
	}
	cfg.Draw = d
	return nil
}

func parseResign(g optGroup, cfg *match.Config) error {
	kvs, err := keyValues(g)
	if err != nil {
		return err
	}
	r := &match.ResignRule{MoveCount: 3, Score: 600}
	for _, p := range kvs {
		switch p.key {
		case "movecount":
			r.MoveCount, err = parseInt("-resign", p.key, p.val, 1, 100000)
		case "score":
			r.Score, err = parseInt("-resign", p.key, p.val, 1, 100000)
		case "twosided":
			r.TwoSided, err = parseBool("-resign", p.key, p.val)
		default:
			err = fmt.Errorf("-resign: unknown key %q (want movecount, score, twosided)", p.key)
		}
		if err != nil {
			return err
		}
	}
	cfg.Resign = r
	return nil
}

func cmdMatch(args []string) int {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fmt.Print(matchUsage)
			return 0
		}
	}
	cfg, err := parseMatchArgs(args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "vireo match: %v\nRun 'vireo match -help' for the options.\n", err)
		return 2
	}
	soft, hard, interrupted, release := interrupts(
		"Stopping: no new games; the games in flight finish. Interrupt again to abandon them.",
		"Abandoning the games in flight.")
	defer release()
	res, err := match.Run(soft, hard, cfg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "vireo match: %v\n", err)
		return 1
	}
	if interrupted.Load() || res.Interrupted {
		return 130
	}
	return 0
}

// interrupts turns the first Ctrl-C or SIGTERM into cancelling soft (no
// new games start) and the second into cancelling hard (the games in
// flight are abandoned), printing first and second as each arrives.
// interrupted reports whether the first came; release undoes it all.
func interrupts(first, second string) (soft, hard context.Context, interrupted *atomic.Bool, release func()) {
	soft, stopSoft := context.WithCancel(context.Background())
	hard, stopHard := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	interrupted = new(atomic.Bool)
	go func() {
		if _, ok := <-sigs; !ok {
			return
		}
		interrupted.Store(true)
		fmt.Fprintln(os.Stderr, "\n"+first)
		stopSoft()
		if _, ok := <-sigs; !ok {
			return
		}
		fmt.Fprintln(os.Stderr, "\n"+second)
		stopHard()
	}()
	return soft, hard, interrupted, func() {
		signal.Stop(sigs)
		close(sigs)
		stopSoft()
		stopHard()
	}
}
