package match

// The UCI driver. An engine is an untrusted process: it may crash, hang,
// print garbage, or answer late, and none of that may stall or crash the
// runner. Every wait therefore has a deadline (a read deadline on the
// engine's stdout, so no reader goroutine is needed), every line carries
// the time its bytes arrived, and a broken engine is killed (with its
// whole process group) and restarted for the next game.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Option is one UCI option to set with setoption.
type Option struct{ Name, Value string }

// EngineConfig describes one engine of a match.
type EngineConfig struct {
	Name    string
	Cmd     string
	Args    []string
	Dir     string
	Options []Option
	Limits  Limits
}

// Option returns the value of the named option, if configured.
func (c *EngineConfig) Option(name string) (string, bool) {
	for _, o := range c.Options {
		if strings.EqualFold(o.Name, name) {
			return o.Value, true
		}
	}
	return "", false
}

// Timeouts for the protocol handshakes. They are generous: an engine that
// allocates a large hash table on "isready" is slow but not broken. They
// are variables so that tests of broken engines need not wait as long.
var (
	uciTimeout   = 15 * time.Second
	readyTimeout = 30 * time.Second
	quitTimeout  = time.Second
	// unclockedLimit is how long a move without a clock (nodes=, depth=) may
	// take before the runner sends "stop"; if the engine is then silent
	// for the hang time too, it is declared hung.
	unclockedLimit = 60 * time.Second
)

// Failure causes, recorded per game and counted per engine.
type Cause string

const (
	CauseNone    Cause = ""
	CauseTime    Cause = "time"    // flag fell
	CauseIllegal Cause = "illegal" // illegal or unparsable bestmove
	CauseCrash   Cause = "crash"   // the process exited or closed its pipes
	CauseHang    Cause = "hang"    // no bestmove long after its deadline; killed
)

// errEngine reports a process failure with its cause.
type engineError struct {
	cause Cause
	msg   string
}

func (e *engineError) Error() string { return e.msg }

// errAbandoned is returned when the caller's context ends a wait.
var errAbandoned = errors.New("abandoned")

type outLine struct {
	text string
	at   time.Time // when the runner read it
}

// Engine is one running engine process.
type Engine struct {
	cfg   *EngineConfig
	label string // name in the traffic log, e.g. "Vireo#2"
	log   *trafficLog

	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *os.File
	buf    []byte // output read but not yet returned as lines
	eof    bool   // the engine closed its output (it exited)
	// deadline is the read deadline currently set on stdout.
	deadline time.Time
	readAt   time.Time // when the last read returned

	closeOnce sync.Once
	cpu       *cpuMeter
}

// StartEngine starts the process and runs the uci/uciok handshake, sets
// the options and waits for readyok. extra options (such as UCI_Chess960)
// are sent after the configured ones.
func StartEngine(ctx context.Context, cfg *EngineConfig, label string, extra []Option, log *trafficLog, cpu *cpuMeter) (*Engine, error) {
	e := &Engine{cfg: cfg, label: label, log: log, cpu: cpu}
	cmd := exec.Command(cfg.Cmd, cfg.Args...)
	cmd.Dir = cfg.Dir
	cmd.WaitDelay = 2 * time.Second // never block on a stray child holding stderr
	setProcessGroup(cmd)
	if log != nil {
		cmd.Stderr = log.stderrWriter(label)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	// A pipe of our own rather than StdoutPipe: *os.File pipes support
	// read deadlines, so the caller's goroutine can read with a timeout
	// and no reader goroutine (and no hand-off per line) is needed.
	pr, pw, err := os.Pipe()
	if err != nil {
		stdin.Close()
		return nil, err
	}
	cmd.Stdout = pw
	err = cmd.Start()
	pw.Close() // the child has its copy
	if err != nil {
		stdin.Close()
		pr.Close()
		return nil, fmt.Errorf("engine %s: %w", cfg.Name, err)
	}
	e.cmd, e.stdin, e.stdout = cmd, stdin, pr
	e.buf = make([]byte, 0, 16<<10)

	fail := func(err error) (*Engine, error) {
		e.Kill()
		return nil, fmt.Errorf("engine %s: %w", cfg.Name, err)
	}
	if err := e.send("uci"); err != nil {
		return fail(err)
	}
	unwatch := e.watch(ctx)
	defer unwatch()
	deadline := time.Now().Add(uciTimeout)
	for {
		l, err := e.receive(ctx, deadline)
		if err != nil {
			return fail(fmt.Errorf("no uciok: %w", err))
		}
		if strings.TrimSpace(l.text) == "uciok" {
			break
		}
	}
	for _, o := range append(append([]Option{}, cfg.Options...), extra...) {
		if err := e.send("setoption name " + o.Name + " value " + o.Value); err != nil {
			return fail(err)
		}
	}
	if err := e.readyAfterOptions(ctx); err != nil {
		return fail(err)
	}
	return e, nil
}

// rejections are the starts of the lines with which engines refuse an
// option: Stockfish's "ERROR" info string (a network that fails to load)
// and "No such option", and Vireo's own setoption reports.
var rejections = []string{"info string ERROR", "No such option", "info string setoption:"}

// readyAfterOptions is Ready for the end of set-up: an engine that
// refused one of the options it was given would play games other than
// the ones asked for, so the match stops before it starts.
func (e *Engine) readyAfterOptions(ctx context.Context) error {
	var refused []string
	err := e.waitReady(ctx, func(text string) {
		for _, r := range rejections {
			if strings.HasPrefix(text, r) {
				refused = append(refused, text)
				return
			}
		}
	})
	if len(refused) > 0 {
		return fmt.Errorf("an option was refused: %s", strings.Join(refused, "; "))
	}
	return err
}

// nextLine returns the next output line, reading with the given deadline.
// The timestamp is taken when the bytes arrive, so the move time the
// runner charges does not include its own processing.
//
// Abandoning works through the read deadline too: watch (set up once per
// command, not per line, as it is not free) moves the deadline to "now"
// when ctx ends.
func (e *Engine) nextLine(ctx context.Context, deadline time.Time) (outLine, error) {
	for {
		if i := bytes.IndexByte(e.buf, '\n'); i >= 0 {
			text := strings.TrimRight(string(e.buf[:i]), "\r")
			e.buf = e.buf[:copy(e.buf, e.buf[i+1:])]
			if e.log != nil {
				e.log.line(e.label, "<", text, e.readAt)
			}
			return outLine{text, e.readAt}, nil
		}
		if e.eof {
			return outLine{}, &engineError{CauseCrash, "the engine exited"}
		}
		if ctx.Err() != nil {
			return outLine{}, errAbandoned
		}
		if len(e.buf) == cap(e.buf) {
			if len(e.buf) >= 16<<20 {
				// A 16 MB line is not UCI; treat the engine as broken.
				return outLine{}, &engineError{CauseCrash, "output line too long"}
			}
			e.buf = append(e.buf, make([]byte, len(e.buf))...)[:len(e.buf)]
		}
		if !deadline.Equal(e.deadline) {
			_ = e.stdout.SetReadDeadline(deadline)
			e.deadline = deadline
			// Checked after setting the deadline: a cancellation from now
			// on moves it to the past, one before is seen here.
			if ctx.Err() != nil {
				return outLine{}, errAbandoned
			}
		}
		n, err := e.stdout.Read(e.buf[len(e.buf):cap(e.buf)])
		e.readAt = time.Now()
		e.buf = e.buf[:len(e.buf)+n]
		switch {
		case err == nil:
		case errors.Is(err, os.ErrDeadlineExceeded):
			if ctx.Err() != nil {
				return outLine{}, errAbandoned
			}
			if !e.readAt.Before(deadline) {
				return outLine{}, &engineError{CauseHang, "no answer"}
			}
			// Woken early by a stale cancellation of an earlier wait: set
			// the deadline again.
			e.deadline = time.Time{}
		default: // io.EOF or a closed pipe: the process is gone
			e.eof = true
			if len(e.buf) > 0 && e.buf[len(e.buf)-1] != '\n' {
				e.buf = append(e.buf, '\n') // a last unterminated line still counts
			}
		}
	}
}

// send writes one command line.
func (e *Engine) send(s string) error {
	if e.log != nil {
		e.log.line(e.label, ">", s, time.Now())
	}
	if _, err := io.WriteString(e.stdin, s+"\n"); err != nil {
		return &engineError{CauseCrash, "write failed: " + err.Error()}
	}
	return nil
}

// receive returns the next line, or an error at the deadline (hang), at
// end of output (crash) or when ctx ends. Callers waiting for more than
// one line use watch around the loop.
func (e *Engine) receive(ctx context.Context, deadline time.Time) (outLine, error) {
	return e.nextLine(ctx, deadline)
}

// watch makes a cancellation of ctx interrupt a blocked read; call the
// returned function when done waiting.
func (e *Engine) watch(ctx context.Context) func() bool {
	return context.AfterFunc(ctx, func() {
		// A deadline in the past fails the blocked read at once; nextLine
		// then sees ctx has ended.
		_ = e.stdout.SetReadDeadline(time.Unix(1, 0))
	})
}

// Ready sends isready and waits for readyok.
func (e *Engine) Ready(ctx context.Context) error { return e.waitReady(ctx, nil) }

// waitReady sends isready and reads until readyok, passing each line
// before it to seen (if set).
func (e *Engine) waitReady(ctx context.Context, seen func(text string)) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	unwatch := e.watch(ctx)
	defer unwatch()
	deadline := time.Now().Add(readyTimeout)
	for {
		l, err := e.receive(ctx, deadline)
		if err != nil {
			return fmt.Errorf("no readyok: %w", err)
		}
		text := strings.TrimSpace(l.text)
		if text == "readyok" {
			return nil
		}
		if seen != nil {
			seen(text)
		}
	}
}

// NewGame sends ucinewgame and waits until the engine is ready.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.Ready(ctx)
}

// Info is what the runner keeps from the engine's info lines.
type Info struct {
	HasScore bool
	Score    int // centipawns, engine's point of view
	Mate     int // non-zero: mate in N (negative: mated)
	IsMate   bool
	Bound    int // 0 exact, 1 lowerbound, 2 upperbound
	Depth    int
	SelDepth int
	Nodes    int64
	PV       string
}

// parseInfo updates in from one "info" line. Only lines with a score
// replace the score, depth and PV, so that "info depth 5" progress lines
// and "info string" chatter do not wipe the last real evaluation. The
// adjudicator wants the engine's verdict on its best move, so the lines
// of second and later MultiPV moves are passed over, and a bound from a
// failed aspiration window does not replace an exact score (fastchess
// reads info lines the same way).
func parseInfo(line string, in *Info) {
	f := strings.Fields(line)
	var next Info
	scored := false
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "string":
			return
		case "multipv":
			if i+1 < len(f) {
				if n, err := strconv.Atoi(f[i+1]); err == nil && n > 1 {
					return
				}
				i++
			}
		case "depth":
			if i+1 < len(f) {
				next.Depth, _ = strconv.Atoi(f[i+1])
				i++
			}
		case "seldepth":
			if i+1 < len(f) {
				next.SelDepth, _ = strconv.Atoi(f[i+1])
				i++
			}
		case "nodes":
			if i+1 < len(f) {
				if n, err := strconv.ParseInt(f[i+1], 10, 64); err == nil {
					in.Nodes = n
				}
				i++
			}
		case "score":
			if i+2 < len(f) {
				v, err := strconv.Atoi(f[i+2])
				if err == nil && (f[i+1] == "cp" || f[i+1] == "mate") {
					scored = true
					if f[i+1] == "cp" {
						next.Score = max(min(v, 1000000), -1000000)
					} else {
						next.IsMate, next.Mate = true, v
					}
				}
				i += 2
			}
		case "lowerbound":
			next.Bound = 1
		case "upperbound":
			next.Bound = 2
		case "pv":
			next.PV = strings.Join(f[i+1:], " ")
			i = len(f)
		}
	}
	if scored && (next.Bound == 0 || !in.HasScore || in.Bound != 0) {
		next.HasScore = true
		next.Nodes = in.Nodes
		*in = next
	}
}

// MoveReply is the outcome of one "go".
type MoveReply struct {
	Best    string
	Info    Info
	Elapsed time.Duration
	Late    bool // answered after its deadline (only a loss when clocked)
}

// Go sends the position and the go command and waits for bestmove.
// deadline is when the move's time runs out (zero time for none); after
// it the runner sends "stop" and waits hang more before declaring the
// engine hung. The elapsed time runs from writing "go" to reading
// "bestmove".
func (e *Engine) Go(ctx context.Context, position, goCmd string, budget time.Duration, hang time.Duration) (MoveReply, error) {
	var r MoveReply
	if err := e.send(position); err != nil {
		return r, err
	}
	if e.log != nil {
		e.log.line(e.label, ">", goCmd, time.Now())
	}
	start := time.Now()
	if _, err := io.WriteString(e.stdin, goCmd+"\n"); err != nil {
		return r, &engineError{CauseCrash, "write failed: " + err.Error()}
	}
	unwatch := e.watch(ctx)
	defer unwatch()
	deadline := start.Add(budget)
	stopped := false
	for {
		l, err := e.receive(ctx, deadline)
		if err != nil {
			var ee *engineError
			if errors.As(err, &ee) && ee.cause == CauseHang && !stopped {
				// Out of time: ask for the move, then give it the hang time.
				stopped = true
				r.Late = true
				if err := e.send("stop"); err != nil {
					return r, err
				}
				deadline = time.Now().Add(hang)
				continue
			}
			if errors.As(err, &ee) && ee.cause == CauseHang {
				return r, &engineError{CauseHang, fmt.Sprintf("no bestmove %.1f s after its deadline", hang.Seconds())}
			}
			return r, err
		}
		f := strings.Fields(l.text)
		if len(f) == 0 || l.at.Before(start) {
			// Read before "go" was written: left over from an earlier
			// command (a second bestmove), not an answer to this one,
			// and its time would credit the clock.
			continue
		}
		switch f[0] {
		case "info":
			parseInfo(l.text, &r.Info)
		case "bestmove":
			// A "bestmove" with no move is an illegal move;
			// "bestmovee2e4" is not a bestmove line (cutechess and
			// fastchess read neither).
			r.Elapsed = l.at.Sub(start)
			if len(f) >= 2 {
				r.Best = f[1]
			}
			if stopped {
				// The "stop" may have crossed the bestmove; an engine
				// that answers a stop while idle with another bestmove
				// must not have it read as its next move. isready
				// drains the pipe up to readyok.
				if err := e.Ready(ctx); err != nil {
					return r, err
				}
			}
			return r, nil
		}
	}
}

// Quit asks the engine to exit and kills it if it does not within a
// second.
func (e *Engine) Quit() {
	if e.send("quit") == nil {
		// Wait for end of output, discarding what is left.
		deadline := time.Now().Add(quitTimeout)
		for {
			if _, err := e.nextLine(context.Background(), deadline); err != nil {
				break
			}
		}
	}
	e.Kill()
}

// Kill ends the process group and reaps the process, recording its CPU
// time. It is safe to call more than once.
func (e *Engine) Kill() {
	e.closeOnce.Do(func() {
		killProcessGroup(e.cmd)
		_ = e.stdin.Close()
		_ = e.stdout.Close()
		_ = e.cmd.Wait()
		if e.cpu != nil && e.cmd.ProcessState != nil {
			e.cpu.addChild(e.cmd.ProcessState.UserTime() + e.cmd.ProcessState.SystemTime())
		}
	})
}

// trafficLog writes the UCI traffic of every engine to one file (-log).
type trafficLog struct {
	mu    sync.Mutex
	w     *bufio.Writer
	f     *os.File
	start time.Time
}

func openTrafficLog(path string) (*trafficLog, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return &trafficLog{w: bufio.NewWriterSize(f, 64<<10), f: f, start: time.Now()}, nil
}

func (l *trafficLog) line(who, dir, text string, at time.Time) {
	l.mu.Lock()
	fmt.Fprintf(l.w, "[%10.3f] %s %s %s\n", at.Sub(l.start).Seconds(), who, dir, text)
	l.mu.Unlock()
}

func (l *trafficLog) flush() {
	l.mu.Lock()
	_ = l.w.Flush()
	l.mu.Unlock()
}

func (l *trafficLog) close() {
	l.mu.Lock()
	_ = l.w.Flush()
	_ = l.f.Close()
	l.mu.Unlock()
}

type stderrLine struct {
	l     *trafficLog
	label string
}

func (s stderrLine) Write(p []byte) (int, error) {
	for _, ln := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		s.l.line(s.label, "!", ln, time.Now())
	}
	return len(p), nil
}

func (l *trafficLog) stderrWriter(label string) io.Writer { return stderrLine{l, label} }
