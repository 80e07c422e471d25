package match

// The match scheduler. Work is a list of game pairs (round × pairing),
// numbered so that a pair's number, its opening and its colours depend
// only on the configuration and the seed; that is what makes resuming
// exact. Workers each own their engine processes and play whole pairs;
// one goroutine (Run's) does all the bookkeeping: PGN output, statistics,
// the state file and the SPRT, so none of that needs a lock.

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"time"

	"vireo/chess"
	"vireo/data"
)

// Config is a whole match.
type Config struct {
	Engines     []EngineConfig
	Rounds      int // rounds; each plays every pairing once (one game pair)
	Games       int // games per pair: 2 (colours swapped) or 1
	Concurrency int
	Openings    OpeningConfig
	PGNOut      string
	// StateFile is where the resume state goes; default PGNOut+".state.json".
	StateFile string
	Resume    bool
	SPRT      *SPRT
	Gauntlet  bool
	Draw      *DrawRule
	Resign    *ResignRule
	Tablebase *TablebaseRule
	MaxMoves  int
	Seed      uint64
	SeedSet   bool
	Chess960  bool
	LogFile   string
	// RatingInterval prints a progress line every this many games (0: 10).
	RatingInterval int
	// HangTime is how long an engine may stay silent after its deadline
	// (and "stop") before it is declared hung (0: 5 s).
	HangTime    time.Duration
	Event, Site string
	// Out receives progress and the report (nil: os.Stdout).
	Out io.Writer
}

// StatePath is the state file the configuration uses, or "".
func (c *Config) StatePath() string {
	switch {
	case c.StateFile != "":
		return c.StateFile
	case c.PGNOut != "":
		return c.PGNOut + ".state.json"
	}
	return ""
}

// Pairing is two engines that meet; A is the "first engine" whose point of
// view the statistics take.
type Pairing struct{ A, B int }

// Pairings lists who meets whom: the first engine against each other one
// in a gauntlet, every pair of engines otherwise.
func (c *Config) Pairings() []Pairing {
	var ps []Pairing
	for i := range c.Engines {
		for j := i + 1; j < len(c.Engines); j++ {
			if c.Gauntlet && i > 0 {
				break
			}
			ps = append(ps, Pairing{i, j})
		}
	}
	return ps
}

// Validate checks what Run cannot work without.
func (c *Config) Validate() error {
	if len(c.Engines) < 2 {
		return errors.New("a match needs at least two engines")
	}
	seen := map[string]bool{}
	for i, e := range c.Engines {
		if e.Cmd == "" {
			return fmt.Errorf("engine %d has no cmd", i+1)
		}
		if e.Name == "" {
			return fmt.Errorf("engine %d (%s) has no name", i+1, e.Cmd)
		}
		if seen[e.Name] {
			return fmt.Errorf("two engines are named %q; give each a different name=", e.Name)
		}
		seen[e.Name] = true
		if e.Limits.Empty() {
			return fmt.Errorf("engine %s has no limit: give tc=, st=, nodes= or depth= (in -engine or -each)", e.Name)
		}
	}
	switch {
	case c.Rounds < 1:
		return errors.New("rounds must be at least 1")
	case c.Games != 1 && c.Games != 2:
		return errors.New("games must be 1 or 2")
	case c.Concurrency < 1:
		return errors.New("concurrency must be at least 1")
	case c.MaxMoves < 0:
		return errors.New("maxmoves must not be negative")
	}
	if tb := c.Tablebase; tb != nil {
		switch {
		case tb.Paths == "":
			return errors.New("tablebase adjudication needs a directory (-tb DIR)")
		case tb.Pieces < 0:
			return errors.New("tbpieces must not be negative")
		}
	}
	if c.SPRT != nil {
		if err := c.SPRT.Validate(); err != nil {
			return err
		}
		if len(c.Pairings()) != 1 {
			return errors.New("an SPRT needs exactly one pairing (two engines)")
		}
	}
	if c.Resume && c.StatePath() == "" {
		return errors.New("resume needs -pgnout or -state to find the state file")
	}
	// Each file the match writes must be its own: the state renamed over
	// the PGN, games appended to the opening book or UCI traffic to
	// either would destroy what is there.
	files := []struct{ flag, path string }{
		{"-pgnout", c.PGNOut}, {"-state", c.StatePath()}, {"-log", c.LogFile}, {"-openings file=", c.Openings.File},
	}
	for i, a := range files {
		for _, b := range files[i+1:] {
			if a.path == "" || b.path == "" {
				continue
			}
			if data.DistinctOutput(a.path, b.path) != nil {
				return fmt.Errorf("%s and %s name the same file %s: each needs its own", a.flag, b.flag, a.path)
			}
		}
	}
	return nil
}

// PairingStats are the results of one pairing from engine A's side.
type PairingStats struct {
	Pairing
	Tri    Trinomial
	Penta  Pentanomial
	WL, DD int // the two kinds of one-point pairs, counted apart for the report
}

// Failures counts how an engine lost games other than on the board, and
// (Stopped) its moves without a clock that the runner had to ask for
// because they outran unclockedLimit: they lost nothing, but the node or
// depth limit the match asked for was not played out.
type Failures struct{ Time, Illegal, Crash, Hang, Stopped int }

func (f *Failures) add(c Cause) {
	switch c {
	case CauseTime:
		f.Time++
	case CauseIllegal:
		f.Illegal++
	case CauseCrash:
		f.Crash++
	case CauseHang:
		f.Hang++
	}
}

// Result is the state of a match when Run returns.
type Result struct {
	Names       []string
	Stats       []PairingStats // by pairing
	Failures    []Failures     // by engine
	Pairs       []PairRecord   // completed pairs, in completion order
	LLR         float64
	Decision    SPRTDecision
	Interrupted bool // stopped before all pairs were played
	RunnerCPU   time.Duration
	EngineCPU   time.Duration
	Notes       []string // warnings shown to the user (skipped openings, PGN repairs)
}

// Games is the number of games in completed pairs.
func (r *Result) Games() int {
	n := 0
	for _, p := range r.Pairs {
		n += len(p.Games)
	}
	return n
}

// cpuMeter adds up the CPU time of engine processes as they are reaped.
type cpuMeter struct {
	mu    sync.Mutex
	child time.Duration
}

func (m *cpuMeter) addChild(d time.Duration) {
	m.mu.Lock()
	m.child += d
	m.mu.Unlock()
}

func (m *cpuMeter) total() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.child
}

type job struct{ id, round, pairing, opening int }

type event struct {
	game  *GameRecord
	pair  *job // the pair is over (complete or not)
	ok    bool // complete
	fatal error
	note  string // a warning to show
}

type runner struct {
	cfg      *Config
	out      io.Writer
	pairings []Pairing
	book     *Book
	rules    gameRules
	log      *trafficLog
	cpu      *cpuMeter
	games    int // games per pair
	soft     context.Context
	hard     context.Context
}

// Run plays the match. Cancelling soft stops new games from starting
// (games in flight finish); cancelling hard abandons the games in flight.
// The report so far is printed in every case. The error is a setup or
// I/O problem; engine failures are game results.
func Run(soft, hard context.Context, cfg Config) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	out := cfg.Out
	if out == nil {
		out = os.Stdout
	}
	if cfg.RatingInterval <= 0 {
		cfg.RatingInterval = 10
	}
	if cfg.HangTime <= 0 {
		cfg.HangTime = 5 * time.Second
	}
	// The tables first: without them the match is not the one asked for,
	// and nothing (state, PGN, engines) should have started.
	var tb *tbReferee
	if cfg.Tablebase != nil {
		var err error
		if tb, err = openTablebases(cfg.Tablebase); err != nil {
			return nil, err
		}
		defer tb.close() // after the workers: Run waits for them
		rule := *cfg.Tablebase
		rule.Pieces = tb.pieces // what the fingerprint must hold
		cfg.Tablebase = &rule
	}
	cpuStart := selfCPU()
	res := &Result{}
	for _, e := range cfg.Engines {
		res.Names = append(res.Names, e.Name)
	}
	r := &runner{cfg: &cfg, out: out, pairings: cfg.Pairings(), cpu: &cpuMeter{}, games: cfg.Games}
	res.Stats = make([]PairingStats, len(r.pairings))
	for i, p := range r.pairings {
		res.Stats[i].Pairing = p
	}
	res.Failures = make([]Failures, len(cfg.Engines))
	note := func(format string, args ...any) {
		s := fmt.Sprintf(format, args...)
		res.Notes = append(res.Notes, s)
		fmt.Fprintln(out, s)
	}

	// The state: start fresh, or take up the match it describes.
	statePath := cfg.StatePath()
	var prev *stateFile
	var prevPGN *pgnState // the PGN the old state describes, repaired below
	// The state is replaced by a rename after every pair, so the lock is
	// held on a file beside it for the whole match: a second run on the
	// same state would play the same pairs, append to the same PGN and
	// overwrite the first run's state. The PGN is locked the same way,
	// through the lock of its default state, so that two matches with
	// their own -state cannot both write (and repair) one PGN.
	locks := map[string]string{} // lock file: what it guards
	if statePath != "" {
		locks[statePath+".lock"] = "state file " + statePath
	}
	if cfg.PGNOut != "" {
		if l := cfg.PGNOut + ".state.json.lock"; locks[l] == "" {
			locks[l] = "PGN file " + cfg.PGNOut
		}
	}
	for path, what := range locks {
		lock, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return nil, err
		}
		defer lock.Close()
		if err := data.LockFile(lock); err != nil {
			return nil, fmt.Errorf("%s is in use by another match (%v)", what, err)
		}
	}
	if statePath != "" {
		st, err := readState(statePath)
		switch {
		case errors.Is(err, os.ErrNotExist):
			if cfg.Resume {
				// A PGN with games but no state: the state was lost or
				// not restored, and a new match would add its games to
				// the old ones as if they were one match.
				if fi, err := os.Stat(cfg.PGNOut); cfg.PGNOut != "" && err == nil && fi.Size() > 0 {
					return nil, fmt.Errorf("-resume: no state file %s, but %s already holds games; restore the state file, or move the PGN away to start a new match", statePath, cfg.PGNOut)
				}
				note("No state file %s: starting a new match.", statePath)
			}
		case err != nil:
			return nil, err
		case !cfg.Resume && len(st.Pairs) > 0:
			return nil, fmt.Errorf("state file %s holds %d finished game pairs of an earlier match: use -resume to continue it, or remove it to start over", statePath, len(st.Pairs))
		case cfg.Resume:
			prev = st
			prevPGN = st.PGN
		default:
			// An earlier start that finished no pair: nothing to resume,
			// but its unfinished games must still leave the PGN.
			prevPGN = st.PGN
		}
	}
	seed := cfg.Seed
	switch {
	case prev != nil && !cfg.SeedSet:
		seed = prev.Seed
	case !cfg.SeedSet:
		var b [8]byte
		_, _ = crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:])
	}
	fpJSON, fp := fingerprint(&cfg, seed)
	if prev != nil && prev.Fingerprint != fp {
		return nil, fmt.Errorf("state file %s is for a different match (differs in: %s); use the same settings to resume, or another -pgnout/-state", statePath, configDiff(prev.Config, fpJSON))
	}

	book, warnings, err := LoadBook(cfg.Openings, seed, cfg.Chess960)
	for i, w := range warnings {
		if i == 5 {
			note("... %d more malformed openings skipped", len(warnings)-5)
			break
		}
		note("%v", w)
	}
	if err != nil {
		return nil, err
	}
	r.book = book
	r.rules = gameRules{draw: cfg.Draw, resign: cfg.Resign, tb: tb, maxMoves: cfg.MaxMoves, hang: cfg.HangTime}
	if tb != nil {
		fmt.Fprintf(out, "Tablebase adjudication: %d WDL and %d DTZ tables, positions of up to %d pieces\n", tb.wdl, tb.dtz, tb.pieces)
	}

	done := map[int]bool{}
	sw := &stateWriter{path: statePath}
	sw.head = stateFile{Version: stateVersion, Fingerprint: fp, Config: fpJSON, Seed: seed}
	if prev != nil {
		for _, p := range prev.Pairs {
			if !r.validPair(p) || done[p.ID] {
				return nil, fmt.Errorf("state file %s: pair %d is damaged or repeated", statePath, p.ID)
			}
			if p.Round > cfg.Rounds {
				// Counting it would report more pairs than the match has,
				// and dropping it would lose a played pair whose games are
				// in the PGN.
				return nil, fmt.Errorf("state file %s holds pairs of round %d, beyond -rounds %d; resume with -rounds %d or more", statePath, p.Round, cfg.Rounds, maxRound(prev.Pairs))
			}
			if want := book.Index(p.Round - 1); p.Opening != want {
				return nil, fmt.Errorf("state file %s: pair %d used opening %d but the book now gives %d; was the opening file changed?", statePath, p.ID, p.Opening, want)
			}
			done[p.ID] = true
		}
	}

	// The PGN: repair it to the completed pairs, then append.
	var pgn *os.File
	var pgnSize, pgnStart int64
	pending := map[int][]pgnSpan{}
	if cfg.PGNOut == "" && prevPGN != nil && prev != nil {
		// Without the PGN the state could not record it, and a later
		// resume with it could no longer remove unfinished games.
		return nil, fmt.Errorf("state file %s was written with -pgnout %s: resume with the same -pgnout", statePath, prevPGN.File)
	}
	if cfg.PGNOut != "" && prevPGN != nil {
		if prevPGN.File != cfg.PGNOut {
			return nil, fmt.Errorf("state file %s was written for -pgnout %s, not %s", statePath, prevPGN.File, cfg.PGNOut)
		}
		var msg string
		if fi, err := os.Stat(cfg.PGNOut); err == nil && fi.Size() < prevPGN.Size {
			// Games the state counts are gone, and the last one left may
			// be half written: appending after it would join two games.
			// Keep the whole games of pairs that are all there and play
			// the other pairs again.
			completed := map[int]int{}
			if prev != nil {
				for _, p := range prev.Pairs {
					completed[p.ID] = len(p.Games)
				}
			}
			var dropped map[int]bool
			dropped, msg, err = repairShortPGN(cfg.PGNOut, prevPGN.Start, prevPGN.Size, completed, r.pgnPair)
			if err != nil {
				return nil, fmt.Errorf("repairing %s: %w", cfg.PGNOut, err)
			}
			for id := range dropped {
				delete(done, id)
			}
		} else {
			n, err := foreignGames(cfg.PGNOut, prevPGN.Size, done, r.pgnPair)
			if err != nil {
				return nil, fmt.Errorf("reading %s: %w", cfg.PGNOut, err)
			}
			if n > 0 {
				return nil, fmt.Errorf("%s holds %d games past what state file %s records that this match did not write (another match appended to it?); not cutting them: move them to another file, or resume with another -pgnout", cfg.PGNOut, n, statePath)
			}
			_, msg, err = repairPGN(cfg.PGNOut, prevPGN.Size, prevPGN.Pending)
			if err != nil {
				return nil, fmt.Errorf("repairing %s: %w", cfg.PGNOut, err)
			}
		}
		if msg != "" {
			note("%s", msg)
		}
	}
	if prev != nil {
		kept := 0
		for _, p := range prev.Pairs {
			if done[p.ID] {
				sw.addPair(r.account(res, p))
				kept++
			}
		}
		note("Resuming %s: %d game pairs already played.", statePath, kept)
	}
	if cfg.PGNOut != "" {
		pgn, err = os.OpenFile(cfg.PGNOut, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, err
		}
		defer pgn.Close()
		fi, err := pgn.Stat()
		if err != nil {
			return nil, err
		}
		pgnSize = fi.Size()
		pgnStart = pgnSize
		if prevPGN != nil {
			pgnStart = min(prevPGN.Start, pgnSize)
		}
	}
	saveState := func() error {
		if statePath == "" {
			return nil
		}
		if pgn != nil {
			if err := pgn.Sync(); err != nil {
				return err
			}
			ps := &pgnState{File: cfg.PGNOut, Size: pgnSize, Start: pgnStart, Pending: []pgnSpan{}}
			for _, spans := range pending {
				ps.Pending = append(ps.Pending, spans...)
			}
			sw.head.PGN = ps
		}
		return sw.write()
	}
	if err := saveState(); err != nil {
		return nil, fmt.Errorf("writing state: %w", err)
	}

	if cfg.LogFile != "" {
		if r.log, err = openTrafficLog(cfg.LogFile); err != nil {
			return nil, err
		}
		defer r.log.close()
	}

	total := cfg.Rounds * len(r.pairings)
	remaining := 0
	for id := 0; id < total; id++ {
		if !done[id] {
			remaining++
		}
	}
	softCtx, stopSoft := context.WithCancel(soft)
	defer stopSoft()
	hardCtx, stopHard := context.WithCancel(hard)
	defer stopHard()
	r.soft, r.hard = softCtx, hardCtx

	// Without more work (a finished match resumed) only the report is due.
	if res.Decision = r.sprtCheck(res); res.Decision != SPRTContinue {
		remaining = 0
	}
	jobs := make(chan job)
	events := make(chan event, 16)
	go func() {
		defer close(jobs)
		if remaining == 0 {
			return
		}
		for id := 0; id < total; id++ {
			if done[id] {
				continue
			}
			round := id / len(r.pairings)
			j := job{id: id, round: round + 1, pairing: id % len(r.pairings), opening: book.Index(round)}
			select {
			case jobs <- j:
			case <-softCtx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < min(cfg.Concurrency, max(remaining, 1)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.worker(w+1, jobs, events)
		}()
	}
	go func() {
		wg.Wait()
		close(events)
	}()

	var fatal error
	played := 0 // games of pairs completed in this run
	recorded := map[int][]*GameRecord{}
	unrecordable := map[int]bool{} // pairs a PGN write failed for
	for ev := range events {
		switch {
		case ev.fatal != nil:
			if fatal == nil {
				fatal = ev.fatal
				fmt.Fprintf(out, "Error: %v; stopping the match.\n", ev.fatal)
			}
			stopSoft()
		case ev.note != "":
			note("%s", ev.note)
		case ev.game != nil:
			g := ev.game
			fmt.Fprintf(out, "Finished game %d (%s vs %s): %s {%s}\n", g.Number, g.Names[0], g.Names[1], g.Verdict.Result, g.Verdict.Reason)
			for _, err := range r.rules.tb.newErrors() {
				note("Tablebase adjudication: %v; that endgame is left to the engines", err)
			}
			recorded[g.PairID] = append(recorded[g.PairID], g)
			if pgn != nil && !unrecordable[g.PairID] {
				text := FormatPGN(g, PGNOptions{Event: cfg.Event, Site: cfg.Site})
				n, err := pgn.Write([]byte(text)) // one write per game
				if n > 0 {
					pending[g.PairID] = append(pending[g.PairID], pgnSpan{Pair: g.PairID, Offset: pgnSize, Length: int64(n)})
					pgnSize += int64(n)
				}
				if err != nil {
					unrecordable[g.PairID] = true
					if fatal == nil {
						fatal = fmt.Errorf("writing %s: %w", cfg.PGNOut, err)
						fmt.Fprintf(out, "Error: %v; stopping the match.\n", fatal)
					}
					stopSoft()
				}
			}
			if r.log != nil {
				r.log.flush()
			}
		case ev.pair != nil:
			games := recorded[ev.pair.id]
			delete(recorded, ev.pair.id)
			if !ev.ok || unrecordable[ev.pair.id] || len(games) != r.games || res.Decision != SPRTContinue {
				// Played again on resume, so its games stay pending in the
				// PGN. After an SPRT decision nothing more counts: the
				// result is the one the test stopped at.
				continue
			}
			p := PairRecord{ID: ev.pair.id, Round: ev.pair.round, Pairing: ev.pair.pairing, Opening: ev.pair.opening}
			for _, g := range games {
				p.Games = append(p.Games, GameOutcome{White: g.Players[0], Black: g.Players[1], Result: g.Verdict.Result,
					Term: g.Verdict.Termination, Cause: g.Verdict.Cause, Plies: len(g.Moves),
					StoppedW: g.Stopped[chess.White], StoppedB: g.Stopped[chess.Black]})
			}
			p = r.account(res, p)
			delete(pending, p.ID)
			sw.addPair(p)
			if err := saveState(); err != nil && fatal == nil {
				fatal = fmt.Errorf("writing state: %w", err)
				fmt.Fprintf(out, "Error: %v; stopping the match.\n", fatal)
				stopSoft()
			}
			// The LLR first, so that the progress line shows it for the
			// games it counts.
			d := r.sprtCheck(res)
			before := played
			played += len(p.Games)
			if played/cfg.RatingInterval != before/cfg.RatingInterval {
				r.progress(res)
			}
			if d != SPRTContinue && res.Decision == SPRTContinue {
				res.Decision = d
				stopSoft()
				stopHard() // fastchess and cutechess stop at once, too
			}
		}
	}
	res.Interrupted = len(res.Pairs) < total && res.Decision == SPRTContinue
	if !res.Interrupted && pgn != nil && fatal == nil {
		// The match is over: games of pairs that will never complete (in
		// flight at an SPRT decision) leave the PGN, which then holds
		// exactly the games the report counts.
		var spans []pgnSpan
		for _, s := range pending {
			spans = append(spans, s...)
		}
		if len(spans) > 0 {
			if err := pgn.Sync(); err == nil {
				if size, msg, err := repairPGN(cfg.PGNOut, pgnSize, spans); err == nil {
					pgnSize = size
					pending = map[int][]pgnSpan{}
					if msg != "" {
						note("%s", msg)
					}
				}
			}
		}
	}
	if err := saveState(); err != nil && fatal == nil {
		fatal = fmt.Errorf("writing state: %w", err)
	}
	res.RunnerCPU = selfCPU() - cpuStart
	res.EngineCPU = r.cpu.total()
	r.report(res)
	return res, fatal
}

// pgnPair names the pair a game of the match's PGN belongs to, from its
// Round tag and its players.
func (r *runner) pgnPair(g *data.PGNGame) (int, bool) {
	round, err := strconv.Atoi(g.Tag("Round"))
	if err != nil || round < 1 {
		return 0, false
	}
	idx := map[string]int{}
	for i, e := range r.cfg.Engines {
		idx[e.Name] = i
	}
	w, okW := idx[g.Tag("White")]
	b, okB := idx[g.Tag("Black")]
	if !okW || !okB {
		return 0, false
	}
	for i, p := range r.pairings {
		if p.A == w && p.B == b || p.A == b && p.B == w {
			return (round-1)*len(r.pairings) + i, true
		}
	}
	return 0, false
}

// maxRound is the last round of the pairs.
func maxRound(pairs []PairRecord) int {
	m := 0
	for _, p := range pairs {
		m = max(m, p.Round)
	}
	return m
}

// validPair checks a pair read from a state file (which a person may have
// edited) before it is counted.
func (r *runner) validPair(p PairRecord) bool {
	if p.Pairing < 0 || p.Pairing >= len(r.pairings) || p.Round < 1 || p.ID != (p.Round-1)*len(r.pairings)+p.Pairing || len(p.Games) != r.games {
		return false
	}
	pr := r.pairings[p.Pairing]
	for _, g := range p.Games {
		if !(g.White == pr.A && g.Black == pr.B || g.White == pr.B && g.Black == pr.A) {
			return false
		}
		switch g.Result {
		case WhiteWins, BlackWins, Draw:
		default:
			return false
		}
	}
	return true
}

// account adds a completed pair to the statistics and returns it with its
// pentanomial bin filled in.
func (r *runner) account(res *Result, p PairRecord) PairRecord {
	pr := r.pairings[p.Pairing]
	st := &res.Stats[p.Pairing]
	var scores []float64
	for _, g := range p.Games {
		s := 0.5
		switch g.Result {
		case WhiteWins:
			s = 1
		case BlackWins:
			s = 0
		}
		if g.Black == pr.A {
			s = 1 - s
		}
		scores = append(scores, s)
		st.Tri.Add(s)
		res.Failures[g.White].Stopped += g.StoppedW
		res.Failures[g.Black].Stopped += g.StoppedB
		switch {
		case g.Result == WhiteWins && g.Cause != CauseNone:
			res.Failures[g.Black].add(g.Cause)
		case g.Result == BlackWins && g.Cause != CauseNone:
			res.Failures[g.White].add(g.Cause)
		}
	}
	if len(scores) == 2 {
		st.Penta.AddPair(scores[0], scores[1])
		p.Penta = int(2 * (scores[0] + scores[1]))
		if scores[0]+scores[1] == 1 {
			if scores[0] == 0.5 {
				st.DD++
			} else {
				st.WL++
			}
		}
	}
	res.Pairs = append(res.Pairs, p)
	return p
}

// sprtCheck returns the SPRT decision for the first pairing.
func (r *runner) sprtCheck(res *Result) SPRTDecision {
	if r.cfg.SPRT == nil {
		return SPRTContinue
	}
	var d SPRTDecision
	if r.games == 2 {
		res.LLR, d = r.cfg.SPRT.Pentanomial(res.Stats[0].Penta)
	} else {
		res.LLR, d = r.cfg.SPRT.Trinomial(res.Stats[0].Tri)
	}
	return d
}

// worker plays whole pairs with its own engine processes, which it keeps
// between games and restarts after a failure.
func (r *runner) worker(w int, jobs <-chan job, events chan<- event) {
	engines := map[int]*Engine{}
	defer func() {
		for _, e := range engines {
			e.Quit()
		}
	}()
	drop := func(i int) {
		if e := engines[i]; e != nil {
			e.Kill()
			delete(engines, i)
		}
	}
	get := func(i int) (*Engine, error) {
		if e := engines[i]; e != nil {
			return e, nil
		}
		cfg := &r.cfg.Engines[i]
		var extra []Option
		if r.cfg.Chess960 {
			extra = append(extra, Option{"UCI_Chess960", "true"})
		}
		var err error
		for attempt := 0; attempt < 3; attempt++ {
			if attempt > 0 {
				time.Sleep(time.Duration(attempt) * 200 * time.Millisecond)
			}
			var e *Engine
			e, err = StartEngine(r.hard, cfg, fmt.Sprintf("%s#%d", cfg.Name, w), extra, r.log, r.cpu)
			if err == nil {
				engines[i] = e
				return e, nil
			}
			if errors.Is(err, errAbandoned) || r.hard.Err() != nil {
				return nil, errAbandoned
			}
		}
		return nil, err
	}
	for j := range jobs {
		pr := r.pairings[j.pairing]
		ok := true
		for gi := 0; gi < r.games; gi++ {
			if r.soft.Err() != nil {
				ok = false // stop starting games, even the second of a pair
				break
			}
			players := [2]int{pr.A, pr.B}
			// The second game of a pair swaps colours; single games
			// alternate colours from round to round instead.
			if gi == 1 || (r.games == 1 && j.round%2 == 0) {
				players = [2]int{pr.B, pr.A}
			}
			var eng [2]*Engine
			var err error
			for c, i := range players {
				if eng[c], err = get(i); err != nil {
					break
				}
			}
			if err != nil {
				if !errors.Is(err, errAbandoned) {
					events <- event{fatal: err}
				}
				ok = false
				break
			}
			op, warn := r.book.Opening(j.opening)
			if warn != nil && gi == 0 {
				events <- event{note: warn.Error()}
			}
			g := &GameRecord{
				Number: j.id*r.games + gi + 1, Round: j.round, PairID: j.id,
				Players: players, Opening: op,
			}
			for c, i := range players {
				g.Names[c] = r.cfg.Engines[i].Name
				g.Limits[c] = r.cfg.Engines[i].Limits
			}
			if err := playGame(r.hard, g, eng, r.rules); err != nil {
				// Abandoned mid-game: the engines may be mid-search.
				drop(players[0])
				drop(players[1])
				if !errors.Is(err, errAbandoned) {
					events <- event{fatal: err}
				}
				ok = false
				break
			}
			if g.Verdict.Cause != CauseNone {
				if loser, lost := g.Loser(); lost {
					drop(players[loser])
				}
			}
			events <- event{game: g}
		}
		events <- event{pair: &j, ok: ok}
	}
}

// limitsLabel is the time control part of a report header.
func (r *runner) limitsLabel(p Pairing) string {
	a, b := r.cfg.Engines[p.A].Limits.String(), r.cfg.Engines[p.B].Limits.String()
	if a == b {
		return a
	}
	return a + " vs " + b
}

func optionLabel(e *EngineConfig, name, suffix string) string {
	if v, ok := e.Option(name); ok {
		return v + suffix
	}
	return "NULL"
}
