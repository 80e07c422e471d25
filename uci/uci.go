// Package uci runs the Universal Chess Interface protocol: it reads
// commands, keeps the position and options, and runs searches in their own
// goroutine so that input (isready, stop, quit) is answered at once.
package uci

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"vireo/chess"
	"vireo/eval"
	"vireo/search"
)

// Author is reported in "id author".
const Author = "the Vireo developers"

// Engine is one UCI session.
type Engine struct {
	Name    string // "Vireo 0.1"
	out     *bufio.Writer
	outMu   sync.Mutex
	pos     *chess.Position
	s       *search.Searcher
	ev      *eval.Evaluator
	opts    options
	popts   playerOptions // book, strength, WDL (players.go)
	bk      bookState
	done    chan struct{} // closed when the running search has finished
	running bool
	// tbReported holds the tablebase load errors already reported.
	tbReported map[string]bool
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
	ponder, chess960                 bool
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

// Run reads commands from in until "quit" or the end of input, and
// returns nil; or until a command that cannot be carried out honestly
// (a "go" while EvalFile names a file that failed to load), whose error
// it returns so that the program can exit with it.
func (e *Engine) Run(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<24) // "position ... moves" lines get long
	for sc.Scan() {
		if !e.Execute(sc.Text()) {
			return e.fatal
		}
	}
	e.stopAndWait()
	return nil
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
		e.cmdSetOption(args)
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
		e.cmdGenfens(args)
	case "help":
		e.cmdHelp()
	default:
		e.Println("info string unknown command: %s", strings.TrimSpace(line))
	}
	return true
}

func (e *Engine) cmdUCI() {
	e.Println("id name %s", e.Name)
	e.Println("id author %s", Author)
	e.Println("option name Hash type spin default 16 min 1 max 65536")
	e.Println("option name Threads type spin default 1 min 1 max 256")
	e.Println("option name MultiPV type spin default 1 min 1 max 256")
	e.Println("option name Ponder type check default false")
	e.Println("option name Move Overhead type spin default 10 min 0 max 5000")
	e.Println("option name UCI_Chess960 type check default false")
	e.Println("option name Clear Hash type button")
	e.Println("option name EvalFile type string default <empty>")
	e.printPlayerOptions()
	e.printSyzygyOptions()
	if tuneOptions {
		// The SPSA parameters in 'vireo spsa''s order, then the switches
		// under test (cmd/vireo's TestTuneBuildAdvertisesSPSA).
		for _, p := range append(e.s.Params.Table(), e.s.Params.Switches()...) {
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

// stopAndWait stops a running search and waits for its bestmove.
func (e *Engine) stopAndWait() {
	if !e.running {
		return
	}
	e.s.Stop()
	<-e.done
	e.running = false
}

func (e *Engine) cmdPosition(args []string) {
	if len(args) == 0 {
		e.Println("info string position: want startpos or fen")
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
		e.Println("info string position: want startpos or fen, got %q", args[0])
		return
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		e.Println("info string position: %v; keeping the previous position", err)
		return
	}
	p.SetChess960(e.opts.chess960)
	if len(rest) > 0 {
		if rest[0] != "moves" {
			e.Println("info string position: expected \"moves\", got %q", rest[0])
		} else {
			for _, mv := range rest[1:] {
				m, err := p.ParseUCI(mv)
				if err != nil {
					e.Println("info string position: illegal move %s; position kept after the moves before it", mv)
					break
				}
				p.MakeMove(m)
			}
		}
	}
	e.pos = p
}

// goKeywords end a searchmoves list.
var goKeywords = map[string]bool{"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true,
	"movetime": true, "depth": true, "nodes": true, "mate": true, "infinite": true, "ponder": true, "searchmoves": true}

func (e *Engine) cmdGo(args []string) {
	// The GUI's clock runs from the moment it sent "go".
	l := search.Limits{Start: time.Now()}
	e.stopAndWait()
	ms := func(i int) (time.Duration, bool) {
		if i+1 >= len(args) {
			return 0, false
		}
		v, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil {
			return 0, false
		}
		return time.Duration(max(v, 0)) * time.Millisecond, true
	}
	num := func(i int) (int64, bool) {
		if i+1 >= len(args) {
			return 0, false
		}
		v, err := strconv.ParseInt(args[i+1], 10, 64)
		return max(v, 0), err == nil
	}
	for i := 0; i < len(args); i++ {
		var ok = true
		switch args[i] {
		case "wtime":
			l.WTime, ok = ms(i)
			l.ClockGiven[chess.White] = ok
			i++
		case "btime":
			l.BTime, ok = ms(i)
			l.ClockGiven[chess.Black] = ok
			i++
		case "winc":
			l.WInc, ok = ms(i)
			i++
		case "binc":
			l.BInc, ok = ms(i)
			i++
		case "movetime":
			l.MoveTime, ok = ms(i)
			i++
		case "movestogo":
			var v int64
			v, ok = num(i)
			l.MovesToGo = int(v)
			i++
		case "depth":
			var v int64
			v, ok = num(i)
			l.Depth = int(min(v, search.MaxPly-1))
			i++
		case "nodes":
			var v int64
			v, ok = num(i)
			l.Nodes = uint64(v)
			i++
		case "mate":
			var v int64
			v, ok = num(i)
			l.Mate = int(min(v, 100))
			i++
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
		default:
			e.Println("info string go: unknown parameter %q ignored", args[i])
		}
		if !ok {
			e.Println("info string go: bad value for %s ignored", args[i-1])
		}
	}
	if e.bookMove(l) {
		return
	}
	pos := e.pos.Copy()
	e.running = true
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
	sb.WriteString(e.wdlField(in.Score))
	nps := uint64(0)
	if ms := in.Time.Milliseconds(); ms > 0 {
		nps = in.Nodes * 1000 / uint64(ms)
	}
	fmt.Fprintf(&sb, " nodes %d nps %d hashfull %d tbhits %d time %d", in.Nodes, nps, in.Hashfull, in.TBHits, in.Time.Milliseconds())
	if len(in.PV) > 0 {
		sb.WriteString(" pv")
		p := e.pos.Copy()
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

func (e *Engine) cmdSetOption(args []string) {
	var name, value []string
	target := &name
	for i, a := range args {
		switch {
		case i == 0 && a == "name":
		case a == "value" && target == &name:
			target = &value
		default:
			*target = append(*target, a)
		}
	}
	n := strings.ToLower(strings.Join(name, " "))
	v := strings.Join(value, " ")
	spin := func(lo, hi int) (int, bool) {
		x, err := strconv.Atoi(v)
		if err != nil || x < lo || x > hi {
			e.Println("info string setoption: %s wants an integer from %d to %d, got %q", strings.Join(name, " "), lo, hi, v)
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
		e.Println("info string setoption: %s wants true or false, got %q", strings.Join(name, " "), v)
		return false, false
	}
	if e.setPlayerOption(n, v, spin, check) || e.setSyzygyOption(n, v, spin, check) {
		return
	}
	switch n {
	case "hash":
		if x, ok := spin(1, 65536); ok {
			e.stopAndWait()
			e.opts.hash = x
			e.s.TT.Resize(x)
		}
	case "threads":
		if x, ok := spin(1, search.MaxThreads); ok {
			e.stopAndWait()
			e.opts.threads = x
			e.s.SetThreads(x)
		}
	case "multipv":
		if x, ok := spin(1, 256); ok {
			e.opts.multiPV = x
			e.s.MultiPV = x
		}
	case "move overhead":
		if x, ok := spin(0, 5000); ok {
			e.opts.overhead = x
			e.s.MoveOverhead = time.Duration(x) * time.Millisecond
		}
	case "ponder":
		if b, ok := check(); ok {
			e.opts.ponder = b
		}
	case "uci_chess960":
		if b, ok := check(); ok {
			e.opts.chess960 = b
			e.pos.SetChess960(b)
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
				e.Println("info string setoption: %v", err)
			}
			return
		}
		e.Println("info string setoption: unknown option %q", strings.Join(name, " "))
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

func (e *Engine) cmdPerft(args []string) {
	d := 1
	if len(args) > 0 {
		x, err := strconv.Atoi(args[0])
		if err != nil || x < 1 || x > 20 {
			e.Println("info string perft: want a depth from 1 to 20, got %q", args[0])
			return
		}
		d = x
	}
	start := time.Now()
	var total uint64
	for _, de := range chess.Divide(e.pos, d) {
		e.Println("%s: %d", e.pos.UCI(de.Move), de.Nodes)
		total += de.Nodes
	}
	e.Println("\nNodes searched: %d (%d ms)\n", total, time.Since(start).Milliseconds())
}

func (e *Engine) cmdBench(args []string) {
	depth := search.BenchDepth
	if len(args) > 0 {
		if x, err := strconv.Atoi(args[0]); err == nil && x > 0 && x < search.MaxPly {
			depth = x
		}
	}
	r := search.BenchThreads(e.s.Params, depth, 16, e.opts.threads)
	e.Println("%s", r.String())
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
	}
	return e.evalErr != nil
}
