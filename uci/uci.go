// Package uci runs the Universal Chess Interface protocol: it reads
// commands, keeps the position and options, and runs searches in their own
// goroutine so that input (isready, stop, quit) is answered at once.
package uci

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"vireo/chess"
	"vireo/eval"
	"vireo/search"
)

// Author is reported in "id author".
const Author = "the Vireo developers"

// Engine is one UCI session.
type Engine struct {
	Name  string // "Vireo 0.1"
	out   *bufio.Writer
	outMu sync.Mutex
	pos   *chess.Position
	s     *search.Searcher
	ev    *eval.Evaluator
	opts  options
	popts playerOptions // book, strength, WDL (players.go)
	bk    bookState
	// running is true while a job (a search, perft or bench) runs in its
	// own goroutine, so that input is still answered; stopJob asks it to
	// end, and done is closed when it has (after its last output).
	running bool
	stopJob func()
	done    chan struct{}
	// syncJobs runs perft and bench to their end before the next
	// command, and makes an unknown command, or a line refused, end the
	// session with an error (RunArgs: lines from a command line).
	syncJobs bool
	// searchPos is the root position of the running search, for its
	// info lines: e.pos is the main goroutine's and may change under
	// them (UCI_Chess960).
	searchPos *chess.Position
	// tbReported holds the tablebase load errors already reported;
	// tbPath is the SyzygyPath the open tables came from.
	tbReported map[string]bool
	tbPath     string
	// evalErr is set while the last EvalFile asked for failed to load:
	// searching with any other weights would pass them off as the ones
	// asked for, so "go" refuses and ends the session (as Stockfish
	// does with a network that fails to load).
	evalErr error
	// fatal is the error that ended the session, for Run to return.
	fatal error
}

type options struct {
	hash, threads, multiPV, overhead int
	chess960                         bool
}

// New returns an engine writing to out.
func New(name string, out io.Writer) *Engine {
	e := &Engine{
		Name:  name,
		out:   bufio.NewWriter(out),
		pos:   chess.StartPosition(),
		opts:  options{hash: 16, threads: 1, multiPV: 1, overhead: 10},
		popts: playerOptions{elo: search.DefaultElo},
		ev:    eval.New(),
	}
	e.s = search.NewSearcher(e.opts.hash)
	e.s.OnInfo = e.printInfo
	e.s.Syzygy = syzygyDefaults()
	return e
}

// Println writes one line of output and flushes it.
func (e *Engine) Println(format string, args ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format, args...)
	e.out.WriteByte('\n')
	e.out.Flush()
}

// maxLine is the longest input line: a "position ... moves" line of a
// thousand-move game is about 5 KB, so 16 MiB is only ever garbage.
const maxLine = 16 << 20

// Run reads commands from in until "quit" or the end of input, and
// returns nil; or until a command that cannot be carried out honestly
// (a "go" while EvalFile names a file that failed to load), or input that
// cannot be read (a line over maxLine, a read error), whose error it
// returns, after an info string, so that the program can exit with it.
//
// The lines are read by a goroutine of their own (scanLines) and handed
// to this loop, which waits for the next one on a channel rather than in
// a read. After "go" that matters: the thread that started the search is
// then free to run it at once. Were this loop to block in the read
// system call instead, the new search would wait for the Go runtime to
// wake another thread, or to take the processor back from the blocked
// one, and a thread that the operating system does not run in time
// delays the first iteration. One search printed nothing for the whole
// of a 2.6 s clock, and its first iteration, which takes microseconds,
// ended the moment the GUI's "stop" woke the reading thread
// (docs/history/notes.md, row 197).
func (e *Engine) Run(in io.Reader) error {
	lines := make(chan string)
	quit := make(chan struct{})
	defer close(quit)
	var readErr error // set before lines is closed
	go func() {
		defer close(lines)
		readErr = scanLines(in, lines, quit)
	}()
	n := 0
	for line := range lines {
		n++
		if !e.Execute(line) {
			return e.fatal
		}
	}
	e.stopAndWait()
	if err := readErr; err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("input line %d is longer than %d MiB; stopped reading there", n+1, maxLine>>20)
		} else {
			err = fmt.Errorf("reading input after line %d: %w", n, err)
		}
		e.Println("info string ERROR: %v", err)
		return err
	}
	return nil
}

// scanLines sends each line of in to lines until the end of input, a
// read error (returned) or quit. After each line it yields, so that the
// command runs on this thread before the next read blocks it.
func scanLines(in io.Reader, lines chan<- string, quit <-chan struct{}) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), maxLine)
	for sc.Scan() {
		select {
		case lines <- sc.Text():
		case <-quit:
			return nil
		}
		runtime.Gosched()
	}
	return sc.Err()
}

// Execute handles one command line and reports false after "quit".
func (e *Engine) Execute(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "uci":
		e.cmdUCI()
	case "isready":
		e.Println("readyok")
	case "ucinewgame":
		e.stopAndWait()
		e.s.NewGame()
	case "position":
		e.stopAndWait()
		e.cmdPosition(args)
	case "go":
		if e.evalBroken() {
			e.stopAndWait()
			e.Println("info string ERROR: no search with other weights than the ones asked for; set EvalFile to a good file or <empty> (the compiled-in evaluation)")
			e.fatal = fmt.Errorf("go refused: %w", e.evalErr)
			return false
		}
		e.cmdGo(args)
	case "stop":
		e.stopAndWait()
	case "ponderhit":
		e.s.PonderHit()
	case "setoption":
		e.cmdSetOption(args, line)
	case "debug", "register":
		// UCI commands a GUI may send that Vireo has no use for: it has
		// no debug output and needs no registration.
	case "quit":
		e.stopAndWait()
		return false
	case "d":
		e.cmdDisplay()
	case "eval":
		if e.evalBroken() {
			break
		}
		e.Println("%s", strings.TrimRight(e.ev.Breakdown(e.pos), "\n"))
	case "bench":
		e.stopAndWait()
		if e.evalBroken() {
			break
		}
		e.cmdBench(args)
	case "perft":
		e.stopAndWait()
		e.cmdPerft(args)
	case "genfens":
		e.stopAndWait()
		if e.evalBroken() {
			break
		}
		e.cmdGenfens(args)
	case "help":
		e.cmdHelp()
	default:
		e.Println("info string unknown command: %s", strings.TrimSpace(line))
		if e.syncJobs {
			// Lines given on a command line: a misspelt tool name
			// (vireo benchh) must fail the program, not pass as a UCI
			// line that did nothing.
			e.fatal = fmt.Errorf("unknown command %q (vireo help lists the commands)", cmd)
			return false
		}
	}
	return e.fatal == nil
}

// refuse reports a line that was not carried out. Given on a command
// line (syncJobs) it also ends the program with that error: the next
// lines would run on something other than what was asked (a search of the
// previous position), and a script, OpenBench among them, would read the
// exit status 0 as success.
func (e *Engine) refuse(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	e.Println("info string %s", msg)
	if e.syncJobs && e.fatal == nil {
		e.fatal = errors.New(msg)
	}
}

func (e *Engine) cmdUCI() {
	e.Println("id name %s", e.Name)
	e.Println("id author %s", Author)
	e.Println("option name Hash type spin default 16 min 1 max %d", search.MaxHashMB)
	e.Println("option name Threads type spin default 1 min 1 max %d", search.MaxThreads)
	e.Println("option name MultiPV type spin default 1 min 1 max 256")
	e.Println("option name Ponder type check default false")
	e.Println("option name Move Overhead type spin default 10 min 0 max 5000")
	e.Println("option name UCI_Chess960 type check default false")
	e.Println("option name Clear Hash type button")
	e.Println("option name EvalFile type string default <empty>")
	e.printPlayerOptions()
	e.printSyzygyOptions()
	if tuneOptions {
		// The SPSA parameters in 'vireo spsa''s order (cmd/vireo's
		// TestTuneBuildAdvertisesSPSA).
		for _, p := range e.s.Params.Table() {
			e.Println("option name %s type spin default %d min %d max %d", p.Name, *p.Ptr, p.Min, p.Max)
		}
	}
	e.Println("uciok")
}

func (e *Engine) cmdHelp() {
	e.Println(`Vireo speaks the UCI protocol; a chess GUI or match runner drives it.
Commands:
  uci                               identify and list options
  isready                           answer readyok
  ucinewgame                        forget the previous game
  position startpos|fen FEN [moves M1 M2 ...]
  go [wtime T btime T winc T binc T movestogo N movetime T depth D nodes N
      mate N infinite ponder searchmoves M1 ...]
  stop | ponderhit | quit
  setoption name NAME [value VALUE]
  d                                 show the board, FEN and keys
  eval                              show the evaluation by term
  bench [depth]                     search the bench positions (on Threads threads)
  perft D                           count leaf nodes from the current position
  genfens N seed S book None|FILE   print N random openings (OpenBench datagen)
Run "vireo help" in a shell for the command-line tools.`)
}

// RunArgs is Run on lines given at once, as on a command line (vireo
// "position startpos" "perft 5"): perft and bench end before the next
// line runs instead of being stopped by it.
func (e *Engine) RunArgs(lines []string) error {
	e.syncJobs = true
	return e.Run(strings.NewReader(strings.Join(lines, "\n") + "\n"))
}

// stopAndWait stops the running job and waits for its end (a search's
// bestmove).
func (e *Engine) stopAndWait() {
	if !e.running {
		return
	}
	e.stopJob()
	<-e.done
	e.running = false
}

// startJob runs work in its own goroutine as the running job; stop asks
// it to end early.
func (e *Engine) startJob(stop func(), work func()) {
	if e.syncJobs {
		work()
		return
	}
	e.running, e.stopJob = true, stop
	e.done = make(chan struct{})
	done := e.done
	go func() {
		defer close(done)
		work()
	}()
}

func (e *Engine) cmdPosition(args []string) {
	if len(args) == 0 {
		e.refuse("position: want startpos or fen")
		return
	}
	var fen string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		fen = chess.StartFEN
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen = strings.Join(rest[:i], " ")
		rest = rest[i:]
	default:
		e.refuse("position: want startpos or fen, got %q", args[0])
		return
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		e.refuse("position: %v; keeping the previous position", err)
		return
	}
	if !e.opts.chess960 {
		if err := p.CheckStandardCastling(); err != nil {
			e.refuse("position: %v; set UCI_Chess960 to true for Chess960; keeping the previous position", err)
			return
		}
	}
	p.SetChess960(e.opts.chess960)
	if len(rest) > 0 {
		if rest[0] != "moves" {
			// Moves without the word are not a position this engine can
			// be sure of: searching the start position instead would
			// play for the wrong side.
			e.refuse("position: expected \"moves\", got %q; keeping the previous position", rest[0])
			return
		}
		for i, mv := range rest[1:] {
			m, err := p.ParseUCI(mv)
			if err != nil {
				// The moves before it would leave the wrong side to
				// move as often as not, as a missing "moves" would.
				e.refuse("position: move %d (%s): %v; keeping the previous position", i+1, mv, err)
				return
			}
			p.MakeMove(m)
		}
	}
	p.TrimHistory()
	e.pos = p
}

// goKeywords end a searchmoves list.
var goKeywords = map[string]bool{"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true,
	"movetime": true, "depth": true, "nodes": true, "mate": true, "infinite": true, "ponder": true, "searchmoves": true}

func (e *Engine) cmdGo(args []string) {
	// The GUI's clock runs from the moment it sent "go".
	l := search.Limits{Start: time.Now()}
	e.stopAndWait()
	maxMs := search.MaxTime.Milliseconds()
	// ms turns a time into a Duration: below zero it is zero (an
	// overdrawn clock), above search.MaxTime it would overflow and is
	// MaxTime.
	ms := func(name string, v int64) time.Duration {
		if v > maxMs {
			e.Println("info string go: %s %d is more than %d ms; using %d", name, v, maxMs, maxMs)
			v = maxMs
		}
		return time.Duration(max(v, 0)) * time.Millisecond
	}
	// A movetime, node, depth or mate limit of zero or less asks for
	// no search at all: the shallowest one gives a legal move at once.
	shallow := false
	positive := func(name string, v int64) bool {
		if v <= 0 {
			e.Println("info string go: %s %d is not positive; searching depth 1", name, v)
			shallow = true
		}
		return v > 0
	}
	capped := func(name string, v, hi int64) int64 {
		if v > hi {
			e.Println("info string go: %s %d is more than %d; using %d", name, v, hi, hi)
		}
		return min(v, hi)
	}
	for i := 0; i < len(args); i++ {
		switch key := args[i]; key {
		case "wtime", "btime", "winc", "binc", "movetime", "movestogo", "depth", "nodes", "mate":
			var v int64
			var err error
			if i+1 < len(args) {
				v, err = strconv.ParseInt(args[i+1], 10, 64)
				if errors.Is(err, strconv.ErrRange) {
					// Beyond int64, ParseInt gives the nearest end of
					// the range, which the caps below treat as the huge
					// (or overdrawn) value it is.
					err = nil
				}
			}
			if i+1 >= len(args) || err != nil {
				if i+1 < len(args) && !goKeywords[args[i+1]] {
					i++ // the bad value
				}
				// A bad value must not make the search longer than a
				// good one would: dropped, a clock or a limit would leave
				// the search unbounded, and no bestmove would come until
				// "stop".
				switch key {
				case "wtime", "btime":
					c := chess.White
					if key == "btime" {
						c = chess.Black
					}
					l.ClockGiven[c] = true
					e.Println("info string go: bad value for %s; taken as an empty clock", key)
				case "movetime", "depth", "nodes", "mate":
					shallow = true
					e.Println("info string go: bad value for %s; searching depth 1", key)
				default:
					e.Println("info string go: bad value for %s ignored", key)
				}
				continue
			}
			i++
			switch key {
			case "wtime":
				l.WTime, l.ClockGiven[chess.White] = ms(key, v), true
			case "btime":
				l.BTime, l.ClockGiven[chess.Black] = ms(key, v), true
			case "winc":
				l.WInc = ms(key, v)
			case "binc":
				l.BInc = ms(key, v)
			case "movetime":
				if positive(key, v) {
					l.MoveTime = ms(key, v)
				}
			case "movestogo":
				if v <= 0 {
					e.Println("info string go: movestogo %d is not positive; ignored", v)
				} else {
					l.MovesToGo = int(min(v, math.MaxInt32))
				}
			case "depth":
				if positive(key, v) {
					l.Depth = int(capped(key, v, search.MaxPly-1))
				}
			case "nodes":
				if positive(key, v) {
					l.Nodes = uint64(v)
				}
			case "mate":
				if positive(key, v) {
					l.Mate = int(capped(key, v, 100))
				}
			}
		case "infinite":
			l.Infinite = true
		case "ponder":
			l.Ponder = true
		case "searchmoves":
			// Every word up to the next keyword is a move; illegal ones
			// are reported and left out. If none is legal, every move is
			// searched.
			for i+1 < len(args) && !goKeywords[args[i+1]] {
				i++
				m, err := e.pos.ParseUCI(args[i])
				if err != nil {
					e.Println("info string go: searchmoves: %s is not a legal move here; ignored", args[i])
					continue
				}
				l.SearchMoves = append(l.SearchMoves, m)
			}
			if len(l.SearchMoves) == 0 {
				e.Println("info string go: searchmoves holds no legal move; searching every move")
			}
		default:
			e.Println("info string go: unknown parameter %q ignored", args[i])
		}
	}
	if shallow {
		l.Depth = 1
	}
	if e.syncJobs && !l.Infinite && !l.Ponder && l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0 && l.Mate == 0 &&
		!l.ClockGiven[chess.White] && !l.ClockGiven[chess.Black] && l.WInc == 0 && l.BInc == 0 {
		// On a command line the search runs to its end before the next
		// line, and without a limit it has none: the program would hang.
		e.refuse("go: no limit; on the command line give depth, nodes, movetime, mate, a clock or infinite")
		return
	}
	if e.bookMove(l) {
		return
	}
	pos := e.pos.Copy()
	// Options changed during the last search apply from this one
	// (cmdSetOption); none can change while it runs.
	e.s.MultiPV = e.opts.multiPV
	e.s.MoveOverhead = time.Duration(e.opts.overhead) * time.Millisecond
	e.searchPos = pos
	e.running, e.stopJob = true, e.s.Stop
	e.done = make(chan struct{})
	done := e.done
	e.s.Start(pos, l, func(res search.Result) {
		defer close(done)
		e.reportTableErrors()
		best := "(none)"
		if res.Best != chess.NoMove {
			best = pos.UCI(res.Best)
		}
		if res.Ponder != chess.NoMove {
			e.Println("bestmove %s ponder %s", best, uciAfter(pos, res.Best, res.Ponder))
		} else {
			e.Println("bestmove %s", best)
		}
	})
	if e.syncJobs && !l.Infinite && !l.Ponder {
		// Lines given at once (vireo "position startpos" "go depth 10"
		// quit): the search runs to its limits before the next line,
		// which would otherwise stop it at once. An infinite or
		// pondering search still waits for the stop that follows.
		<-done
		e.running = false
	}
}

// uciAfter prints m2 in the position after m1.
func uciAfter(p *chess.Position, m1, m2 chess.Move) string {
	p.MakeMove(m1)
	s := p.UCI(m2)
	p.UnmakeMove()
	return s
}

func (e *Engine) printInfo(in search.Info) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "info depth %d seldepth %d multipv %d score %s", in.Depth, in.SelDepth, max(in.MultiPV, 1), FormatScore(in.Score))
	switch in.Bound {
	case search.BoundLower:
		sb.WriteString(" lowerbound")
	case search.BoundUpper:
		sb.WriteString(" upperbound")
	}
	sb.WriteString(e.wdlField(in.Score, e.searchPos))
	nps := uint64(0)
	if ms := in.Time.Milliseconds(); ms > 0 {
		nps = in.Nodes * 1000 / uint64(ms)
	}
	fmt.Fprintf(&sb, " nodes %d nps %d hashfull %d tbhits %d time %d", in.Nodes, nps, in.Hashfull, in.TBHits, in.Time.Milliseconds())
	if len(in.PV) > 0 {
		sb.WriteString(" pv")
		p := e.searchPos.Copy()
		for _, m := range in.PV {
			sb.WriteByte(' ')
			sb.WriteString(p.UCI(m))
			p.MakeMove(m)
		}
	}
	e.Println("%s", sb.String())
}

// FormatScore prints a score as UCI wants it: "cp N" or "mate N" in moves,
// negative when the side to move is being mated.
func FormatScore(score int) string {
	switch {
	case score >= search.MateInMax:
		return fmt.Sprintf("mate %d", (search.MateValue-score+1)/2)
	case score <= -search.MateInMax:
		return fmt.Sprintf("mate %d", -(search.MateValue+score)/2)
	}
	return fmt.Sprintf("cp %d", score)
}

// cmdSetOption reads "setoption name N [value V]". args are the line's
// words after "setoption"; V is taken from line itself, so that a path
// keeps the spaces inside it.
func (e *Engine) cmdSetOption(args []string, line string) {
	if len(args) == 0 || args[0] != "name" {
		e.refuse("setoption: expected \"setoption name NAME [value VALUE]\", got %q", strings.TrimSpace(line))
		return
	}
	var name []string
	v := ""
	for i, a := range args[1:] {
		if a == "value" {
			v = afterWord(line, i+2) // "setoption", "name", then i words
			break
		}
		name = append(name, a)
	}
	n := strings.ToLower(strings.Join(name, " "))
	spin := func(lo, hi int) (int, bool) {
		x, err := strconv.Atoi(v)
		if err != nil || x < lo || x > hi {
			e.refuse("setoption: %s wants an integer from %d to %d, got %q", strings.Join(name, " "), lo, hi, v)
			return 0, false
		}
		return x, true
	}
	check := func() (bool, bool) {
		switch strings.ToLower(v) {
		case "true":
			return true, true
		case "false":
			return false, true
		}
		e.refuse("setoption: %s wants true or false, got %q", strings.Join(name, " "), v)
		return false, false
	}
	if e.setPlayerOption(n, v, spin, check) || e.setSyzygyOption(n, v, spin, check) {
		return
	}
	switch n {
	case "hash":
		if x, ok := spin(1, search.MaxHashMB); ok {
			e.stopAndWait()
			if err := e.s.TT.Resize(x); err != nil {
				e.refuse("setoption: %v", err)
			} else if got := e.s.TT.SizeMB(); got != x {
				// Not "setoption:", which match runners read as a refusal.
				e.Println("info string Hash %d MB rounded down to %d MB (a power of two)", x, got)
			}
			e.opts.hash = e.s.TT.SizeMB()
		}
	case "threads":
		if x, ok := spin(1, search.MaxThreads); ok {
			e.stopAndWait()
			e.opts.threads = x
			e.s.SetThreads(x)
		}
	// MultiPV and Move Overhead change without stopping a running search
	// (GUIs change MultiPV during infinite analysis) and apply from the
	// next "go", as in Stockfish: the running search keeps its own.
	case "multipv":
		if x, ok := spin(1, 256); ok {
			e.opts.multiPV = x
			e.nextSearch("MultiPV", x)
		}
	case "move overhead":
		if x, ok := spin(0, 5000); ok {
			e.opts.overhead = x
			e.nextSearch("Move Overhead", x)
		}
	case "ponder":
		// "go ponder" asks for pondering; the option only tells a GUI
		// that Vireo can. Its value is checked and needs no keeping.
		check()
	case "uci_chess960":
		// The running search keeps the notation it started with;
		// e.pos is the next one's.
		if b, ok := check(); ok {
			e.opts.chess960 = b
			e.pos.SetChess960(b)
			if err := e.pos.CheckStandardCastling(); !b && err != nil {
				e.refuse("setoption: UCI_Chess960 false: the position has Chess960 castling rights (%v); position reset to the start position", err)
				e.pos = chess.StartPosition()
			}
		}
	case "clear hash":
		e.stopAndWait()
		e.s.TT.Clear()
	case "evalfile":
		// An evaluation parameter file (eval.LoadParams); empty or
		// <empty> restores the compiled-in values. A file that fails to
		// load leaves the engine unable to search (evalErr) until a good
		// file or <empty> is set.
		e.stopAndWait()
		var p *eval.Params
		if v != "" && v != "<empty>" {
			var err error
			if p, err = eval.LoadParams(v); err != nil {
				e.evalErr = evalFileError(v, err)
				e.Println("info string ERROR: %v; the engine will not search until EvalFile names a good file or <empty>", e.evalErr)
				return
			}
		}
		e.evalErr = nil
		e.s.SetEvalParams(p)
		e.ev.SetParams(p)
	default:
		if tuneOptions {
			x, err := strconv.Atoi(v)
			if err == nil {
				e.stopAndWait()
				err = e.s.Params.Set(strings.Join(name, " "), x)
			}
			if err != nil {
				e.refuse("setoption: %v", err)
			}
			return
		}
		e.refuse("setoption: unknown option %q", strings.Join(name, " "))
	}
}

// afterWord returns line after its word number n (from 0, words as
// strings.Fields splits them), with its ends trimmed and its inner spacing
// kept.
func afterWord(line string, n int) string {
	rest := line
	for range n + 1 {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		i := strings.IndexFunc(rest, unicode.IsSpace)
		if i < 0 {
			return ""
		}
		rest = rest[i:]
	}
	return strings.TrimSpace(rest)
}

// nextSearch says, while a search runs, that an option's new value waits
// for the next one (not with "setoption:", which match runners read as a
// refusal).
func (e *Engine) nextSearch(name string, v int) {
	if e.running {
		e.Println("info string %s %d applies from the next search", name, v)
	}
}

func (e *Engine) cmdDisplay() {
	var sb strings.Builder
	sb.WriteString("\n +---+---+---+---+---+---+---+---+\n")
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			pc := e.pos.PieceOn(chess.MakeSquare(f, r))
			s := pc.String()
			if pc == chess.NoPiece {
				s = " "
			}
			sb.WriteString(" | " + s)
		}
		fmt.Fprintf(&sb, " | %d\n +---+---+---+---+---+---+---+---+\n", r+1)
	}
	sb.WriteString("   a   b   c   d   e   f   g   h\n\n")
	fmt.Fprintf(&sb, "Fen: %s\nKey: %016X\nPawn key: %016X\nNon-pawn keys: %016X %016X\nMajor key: %016X\nMinor key: %016X\nCheckers:",
		e.pos.FEN(), e.pos.Key(), e.pos.PawnKey(), e.pos.NonPawnKey(chess.White), e.pos.NonPawnKey(chess.Black), e.pos.MajorKey(), e.pos.MinorKey())
	for b := e.pos.Checkers(); b != 0; {
		sb.WriteString(" " + b.PopLSB().String())
	}
	e.Println("%s", sb.String())
}

// cmdPerft counts the leaves below each root move, as a job of its own
// so that isready is answered and stop or quit end it.
func (e *Engine) cmdPerft(args []string) {
	d := 1
	if len(args) > 1 {
		e.refuse("perft: want one depth, got %q", strings.Join(args, " "))
		return
	}
	if len(args) > 0 {
		x, err := strconv.Atoi(args[0])
		if err != nil || x < 1 || x > 20 {
			e.refuse("perft: want a depth from 1 to 20, got %q", args[0])
			return
		}
		d = x
	}
	pos := e.pos.Copy()
	var stop atomic.Bool
	e.startJob(func() { stop.Store(true) }, func() {
		start := time.Now()
		var ml chess.MoveList
		pos.LegalMoves(&ml)
		var total uint64
		for i, m := range ml.Slice() {
			pos.MakeMove(m)
			n, ok := perft(pos, d-1, &stop)
			pos.UnmakeMove()
			if !ok {
				e.Println("info string perft %d stopped after %d of %d root moves", d, i, ml.Len)
				return
			}
			e.Println("%s: %d", pos.UCI(m), n)
			total += n
		}
		e.Println("\nNodes searched: %d (%d ms)\n", total, time.Since(start).Milliseconds())
	})
}

// perftChunk is the depth below which perft runs without looking at its
// stop flag: 4 plies take milliseconds.
const perftChunk = 4

// perft is chess.Perft that gives up, reporting false, once stop is set.
func perft(p *chess.Position, depth int, stop *atomic.Bool) (uint64, bool) {
	if depth <= perftChunk {
		return chess.Perft(p, depth), !stop.Load()
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var n uint64
	for _, m := range ml.Slice() {
		p.MakeMove(m)
		c, ok := perft(p, depth-1, stop)
		p.UnmakeMove()
		if !ok {
			return 0, false
		}
		n += c
	}
	return n, true
}

// cmdBench searches the bench positions as "vireo bench" does (with this
// engine's parameters and threads, on a table of its own), as a job of
// its own so that isready is answered and stop or quit end it.
func (e *Engine) cmdBench(args []string) {
	depth := search.BenchDepth
	if len(args) > 1 {
		e.refuse("bench: want at most one depth, got %q", strings.Join(args, " "))
		return
	}
	if len(args) > 0 {
		x, err := strconv.Atoi(args[0])
		if err != nil || x < 1 || x >= search.MaxPly {
			e.refuse("bench: want a depth from 1 to %d, got %q", search.MaxPly-1, args[0])
			return
		}
		depth = x
	}
	s := search.NewSearcher(16)
	s.Params = e.s.Params
	s.SetEvalParams(e.ev.Params())
	s.SetThreads(e.opts.threads)
	var stop atomic.Bool
	e.startJob(func() { stop.Store(true); s.Stop() }, func() {
		var r search.BenchResult
		for i, fen := range search.BenchFENs {
			pos := chess.MustParseFEN(fen)
			s.NewGame()
			start := time.Now()
			got := make(chan search.Result, 1)
			s.Start(pos, search.Limits{Depth: depth}, func(res search.Result) { got <- res })
			if stop.Load() {
				s.Stop() // a stop before Start reset the searcher's flag
			}
			res := <-got
			if stop.Load() {
				e.Println("info string bench stopped after %d of %d positions", i, len(search.BenchFENs))
				return
			}
			r.Time += time.Since(start)
			r.Nodes += res.Nodes
			r.PerPosNodes = append(r.PerPosNodes, res.Nodes)
			r.Stats.Add(&res.Stats)
		}
		e.Println("%s", r.String())
	})
}

// evalFileError names the file in err where err does not already (a
// parameter file's own errors name it with the line, the operating
// system's open errors with the path).
func evalFileError(path string, err error) error {
	if strings.Contains(err.Error(), path) {
		return fmt.Errorf("EvalFile: %w", err)
	}
	return fmt.Errorf("EvalFile %s: %w", path, err)
}

// evalBroken reports, with the error, whether EvalFile names a file that
// failed to load, so that nothing is evaluated with other weights.
func (e *Engine) evalBroken() bool {
	if e.evalErr != nil {
		e.Println("info string ERROR: %v", e.evalErr)
		if e.syncJobs && e.fatal == nil {
			e.fatal = e.evalErr
		}
	}
	return e.evalErr != nil
}
