package uci

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"vireo/chess"
)

// A gui drives an engine through its command loop as a busy GUI does,
// with random commands (position, go with every kind of limit, stop,
// ponderhit, isready, setoption, ucinewgame, d, perft), keeps its own copy
// of the position the engine should have, and checks every answer: each
// go ends in exactly one bestmove, legal in the position searched (and
// among its searchmoves), each PV is legal, isready is answered, nothing
// hangs. The fuzz target (FuzzUCICommands) draws the commands from the
// fuzzer's bytes, the soak test (TestSoak) from a seeded generator.
type gui struct {
	in    io.Writer
	lines chan string
	// exit gets what ended the engine (Run's error, the process's exit).
	exit chan error
	r    chooser
	sc   guiScale
	fail func(string)

	pos      *chess.Position // what the engine's position should be
	chess960 bool
	// pending are the searches started whose bestmove has not been read,
	// oldest first; required is how many bestmoves must have been read
	// by the next readyok (every search a stopping command ended).
	pending  []*guiSearch
	received int
	started  int
	required int
	// fens are the FENs d should print, in order.
	fens []string
	// history is the last commands sent, for failure messages.
	history []string
	sent    int
}

// guiSearch is one go.
type guiSearch struct {
	n           int // 1 for the first go
	cmd         string
	pos         *chess.Position
	searchMoves map[string]bool
	// ends says the search ends without stop: a finite limit, or any
	// search a later command stopped.
	ends, ponder bool
}

// chooser is a source of small random numbers.
type chooser interface{ intn(n int) int }

// guiScale bounds the searches: small for the fuzzer's many short
// sessions, larger for the soak.
type guiScale struct {
	depth, nodes, movetime, clock int
	// wait bounds an answer that must come (readyok, a finite search).
	wait time.Duration
	// threads are the values Threads is set to.
	threads []int
	// waitPct is the percentage of finite searches whose bestmove is
	// awaited at once, as in a game, instead of being cut short.
	waitPct int
}

var (
	fuzzScale = guiScale{depth: 4, nodes: 3000, movetime: 8, clock: 300, wait: 20 * time.Second, threads: []int{1, 2}, waitPct: 30}
	soakScale = guiScale{depth: 7, nodes: 30000, movetime: 40, clock: 3000, wait: 60 * time.Second, threads: []int{2}, waitPct: 50}
)

// guiFENs are the positions set besides the start position: castling,
// en passant and promotions, mate and stalemate (no legal move), a bare
// endgame, Chess960 ones (refused while UCI_Chess960 is off) and broken
// ones (refused, the previous position kept).
var guiFENs = []string{
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // mated
	"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                // stalemate
	"8/8/4k3/8/8/4K3/8/8 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", // mate in one
	"8/P7/8/8/8/8/7p/K6k w - - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"4k3/8/8/8/8/8/8/3K3R w K - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10001 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
	"8/8/8/8/8/8/8/8 w - - 0 1",
}

func (g *gui) failf(format string, args ...any) {
	start := max(0, len(g.history)-12)
	g.fail(fmt.Sprintf("after command %d: %s\nlast commands:\n  %s", g.sent, fmt.Sprintf(format, args...), strings.Join(g.history[start:], "\n  ")))
}

func (g *gui) send(cmd string) {
	g.sent++
	g.history = append(g.history, cmd)
	if len(g.history) > 64 {
		g.history = g.history[len(g.history)-32:]
	}
	if _, err := io.WriteString(g.in, cmd+"\n"); err != nil {
		g.failf("send %q: %v", cmd, err)
	}
}

// stopping records a command that ends the running search before it
// runs: every search so far must have answered by the next readyok.
func (g *gui) stopping() {
	g.required = g.started
	for _, s := range g.pending {
		s.ends = true
	}
}

// read handles output lines until until returns true or g.sc.wait passes.
func (g *gui) read(what string, until func() bool) {
	deadline := time.After(g.sc.wait)
	for !until() {
		select {
		case l, ok := <-g.lines:
			if !ok {
				g.failf("output ended waiting for %s", what)
				return
			}
			if g.line(l) {
				return
			}
		case <-deadline:
			g.failf("no %s within %v (%d searches pending)", what, g.sc.wait, len(g.pending))
			return
		}
	}
}

// line checks one output line; it reports readyok.
func (g *gui) line(l string) bool {
	f := strings.Fields(l)
	if len(f) == 0 {
		return false
	}
	switch {
	case f[0] == "readyok":
		if g.received < g.required {
			g.failf("readyok with %d bestmoves read, %d searches stopped: a lost bestmove", g.received, g.required)
		}
		return true
	case f[0] == "bestmove":
		g.bestmove(l, f)
	case f[0] == "info" && len(f) > 1 && f[1] == "string":
		if strings.Contains(l, "ERROR") {
			g.failf("%q", l)
		}
	case f[0] == "info":
		if len(g.pending) == 0 {
			g.failf("%q with no search running", l)
			return false
		}
		for i, w := range f {
			if w == "pv" {
				p := g.pending[0].pos.Copy()
				for _, mv := range f[i+1:] {
					m, err := p.ParseUCI(mv)
					if err != nil {
						g.failf("%q: PV move %s illegal in %s (search %d, %q)", l, mv, g.pending[0].pos.FEN(), g.pending[0].n, g.pending[0].cmd)
						break
					}
					p.MakeMove(m)
				}
			}
		}
	case f[0] == "Fen:":
		if len(g.fens) == 0 {
			g.failf("%q unasked", l)
			return false
		}
		if want := g.fens[0]; strings.Join(f[1:], " ") != want {
			g.failf("d shows %q, want %q", l, want)
		}
		g.fens = g.fens[1:]
	}
	return false
}

func (g *gui) bestmove(l string, f []string) {
	if len(g.pending) == 0 {
		g.failf("%q with no search pending: an extra bestmove", l)
		return
	}
	s := g.pending[0]
	g.pending = g.pending[1:]
	g.received++
	var ml chess.MoveList
	s.pos.LegalMoves(&ml)
	if len(f) < 2 {
		g.failf("%q: no move", l)
		return
	}
	if ml.Len == 0 {
		if f[1] != "(none)" && f[1] != "0000" {
			g.failf("%q in %s, which has no legal move", l, s.pos.FEN())
		}
		return
	}
	m, err := s.pos.ParseUCI(f[1])
	if err != nil {
		g.failf("%q: illegal in %s (search %d, %q)", l, s.pos.FEN(), s.n, s.cmd)
		return
	}
	if len(s.searchMoves) > 0 && !s.searchMoves[f[1]] {
		g.failf("%q: not among the searchmoves of %q", l, s.cmd)
	}
	if len(f) == 4 && f[2] == "ponder" {
		p := s.pos.Copy()
		p.MakeMove(m)
		if _, err := p.ParseUCI(f[3]); err != nil {
			g.failf("%q: ponder move illegal after %s in %s", l, f[1], s.pos.FEN())
		}
	} else if len(f) != 2 {
		g.failf("%q: malformed", l)
	}
}

// sync sends isready and reads up to its readyok.
func (g *gui) sync() {
	g.send("isready")
	g.read("readyok", func() bool { return false })
}

// waitSearches reads until every pending search has answered, when all
// of them end by themselves (a GUI waiting for its move).
func (g *gui) waitSearches() {
	for _, s := range g.pending {
		if !s.ends {
			return
		}
	}
	g.read("bestmove", func() bool { return len(g.pending) == 0 })
}

// step sends one random command (or a short sequence that a GUI sends
// together) and checks what must be checked at once.
func (g *gui) step() {
	switch k := g.r.intn(100); {
	case k < 20:
		g.cmdPosition()
	case k < 45:
		g.cmdGo()
	case k < 55:
		g.stopping()
		g.send("stop")
	case k < 65:
		g.sync()
	case k < 73:
		g.waitSearches()
	case k < 76:
		if n := len(g.pending); n > 0 && g.pending[n-1].ponder {
			g.pending[n-1].ends = true
		}
		g.send("ponderhit")
	case k < 88:
		g.cmdSetOption()
	case k < 91:
		g.stopping()
		g.send("ucinewgame")
	case k < 95:
		g.fens = append(g.fens, g.pos.FEN())
		g.send("d")
	case k < 97:
		g.stopping()
		g.send(fmt.Sprintf("perft %d", 1+g.r.intn(3)))
	default:
		// Malformed lines: a go whose values are all bad ends by
		// itself (a bad clock is empty, a bad limit searches depth 1);
		// a position without a base stops the search and keeps the
		// position.
		switch cmd := []string{"", "   ", "foo bar", "go wtime", "setoption", "setoption name", "position", "position moves e2e4", "go depth x nodes"}[g.r.intn(9)]; {
		case strings.HasPrefix(cmd, "go"):
			g.goStarted(cmd, true, false, nil)
		case strings.HasPrefix(cmd, "position"):
			g.stopping()
			g.send(cmd)
		default:
			g.send(cmd)
		}
	}
}

func (g *gui) cmdPosition() {
	g.stopping()
	var cmd string
	var p *chess.Position
	switch k := g.r.intn(10); {
	case k < 5:
		cmd, p = "position startpos", chess.StartPosition()
	default:
		fen := guiFENs[g.r.intn(len(guiFENs))]
		cmd = "position fen " + fen
		var err error
		if p, err = chess.ParseFEN(fen); err == nil && !g.chess960 {
			err = p.CheckStandardCastling()
		}
		if err != nil {
			p = nil // refused: the previous position stays
		}
	}
	if p != nil {
		p.SetChess960(g.chess960)
	}
	if n := g.r.intn(14); n > 0 {
		cmd += " moves"
		q := p
		if q == nil {
			q = chess.StartPosition() // what is sent hardly matters: refused
		}
		for i := 0; i < n; i++ {
			var ml chess.MoveList
			q.LegalMoves(&ml)
			if ml.Len == 0 || g.r.intn(30) == 0 {
				cmd += " a1a1" // illegal: the previous position stays
				p = nil
				break
			}
			m := ml.Moves[g.r.intn(ml.Len)]
			cmd += " " + q.UCI(m)
			q.MakeMove(m)
		}
		if p != nil {
			p = q
		}
	}
	if p != nil {
		g.pos = p
	}
	g.send(cmd)
}

// cmdGo sends a go with a random limit.
func (g *gui) cmdGo() {
	sc := g.sc
	ms := func(n int) int { return 1 + g.r.intn(n) }
	var cmd string
	ends, ponder := true, false
	switch g.r.intn(11) {
	case 0:
		cmd = fmt.Sprintf("go depth %d", ms(sc.depth))
	case 1:
		cmd = fmt.Sprintf("go nodes %d", ms(sc.nodes))
	case 2:
		cmd = fmt.Sprintf("go movetime %d", ms(sc.movetime))
	case 3, 4:
		cmd = fmt.Sprintf("go wtime %d btime %d", ms(sc.clock), ms(sc.clock))
		if g.r.intn(2) == 0 {
			cmd += fmt.Sprintf(" winc %d binc %d", g.r.intn(sc.clock/20), g.r.intn(sc.clock/20))
		}
		if g.r.intn(3) == 0 {
			cmd += fmt.Sprintf(" movestogo %d", ms(40))
		}
	case 5:
		cmd = "go " + []string{"movetime -1", "movetime 0", "nodes 0", "nodes -1", "depth 0", "depth -3", "mate 0", "mate -1", "wtime -5 btime -5", "wtime 0 btime 0"}[g.r.intn(10)]
	case 6:
		cmd, ends = "go infinite", false
	case 7:
		cmd, ends, ponder = fmt.Sprintf("go ponder wtime %d btime %d", ms(sc.clock), ms(sc.clock)), false, true
	case 8:
		cmd, ends = fmt.Sprintf("go mate %d", ms(3)), false
	case 9:
		cmd, ends = "go wtime 10000000000000 btime 10000000000000", false
	case 10:
		cmd = fmt.Sprintf("go depth %d searchmoves", ms(sc.depth))
	}
	var moves map[string]bool
	if strings.HasSuffix(cmd, "searchmoves") || g.r.intn(8) == 0 {
		if !strings.HasSuffix(cmd, "searchmoves") {
			cmd += " searchmoves"
		}
		var ml chess.MoveList
		g.pos.LegalMoves(&ml)
		moves = map[string]bool{}
		for i := 0; i < ml.Len; i++ {
			if g.r.intn(3) == 0 {
				mv := g.pos.UCI(ml.Moves[i])
				moves[mv] = true
				cmd += " " + mv
			}
		}
	}
	g.goStarted(cmd, ends, ponder, moves)
	if ends && g.r.intn(100) < sc.waitPct {
		g.waitSearches()
	}
}

func (g *gui) goStarted(cmd string, ends, ponder bool, moves map[string]bool) {
	g.stopping()
	g.started++
	g.pending = append(g.pending, &guiSearch{n: g.started, cmd: cmd, pos: g.pos.Copy(), searchMoves: moves, ends: ends, ponder: ponder})
	g.send(cmd)
}

func (g *gui) cmdSetOption() {
	set := func(name string, v any) { g.send(fmt.Sprintf("setoption name %s value %v", name, v)) }
	switch g.r.intn(8) {
	case 0, 1:
		set("MultiPV", 1+g.r.intn(4))
	case 2:
		set("Move Overhead", g.r.intn(100))
	case 3:
		g.chess960 = !g.chess960
		g.pos.SetChess960(g.chess960)
		if !g.chess960 && g.pos.CheckStandardCastling() != nil {
			g.pos = chess.StartPosition()
		}
		set("UCI_Chess960", g.chess960)
	case 4:
		g.stopping()
		set("Hash", 1+g.r.intn(32))
	case 5:
		g.stopping()
		set("Threads", g.sc.threads[g.r.intn(len(g.sc.threads))])
	case 6:
		g.stopping()
		g.send("setoption name Clear Hash")
	case 7:
		set("Ponder", g.r.intn(2) == 0)
	}
}

// finish stops what runs, checks that every search answered, and quits.
func (g *gui) finish() {
	g.stopping()
	g.send("stop")
	g.sync()
	if len(g.pending) > 0 {
		g.failf("%d searches never answered", len(g.pending))
	}
	if len(g.fens) > 0 {
		g.failf("%d d commands unanswered", len(g.fens))
	}
	g.send("quit")
	select {
	case err := <-g.exit:
		if err != nil {
			g.failf("engine ended with %v", err)
		}
	case <-time.After(g.sc.wait):
		g.failf("no exit after quit")
	}
}

// readLines sends r's lines to a channel, closing it at the end.
func readLines(r io.Reader) chan string {
	lines := make(chan string, 1<<16)
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return lines
}

// byteChooser draws from the fuzzer's bytes, then zeros.
type byteChooser struct{ b []byte }

func (c *byteChooser) intn(n int) int {
	if n <= 1 {
		return 0
	}
	v := 0
	for bits := 1; bits < n; bits <<= 8 {
		v <<= 8
		if len(c.b) > 0 {
			v |= int(c.b[0])
			c.b = c.b[1:]
		}
	}
	return v % n
}

// startGUI starts an engine, in this process or (bin not empty) the
// program bin, and a gui on it; setup lines are sent first.
func startGUI(r chooser, sc guiScale, bin string, fail func(string), setup ...string) *gui {
	g := &gui{r: r, sc: sc, fail: fail, pos: chess.StartPosition(), exit: make(chan error, 1)}
	if bin == "" {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		e := New("Vireo test", outW)
		go func() {
			g.exit <- e.Run(inR)
			outW.Close()
		}()
		g.in = inW
		g.lines = readLines(outR)
	} else {
		cmd := exec.Command(bin)
		in, err := cmd.StdinPipe()
		if err != nil {
			fail(err.Error())
			return nil
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			fail(err.Error())
			return nil
		}
		if err := cmd.Start(); err != nil {
			fail(err.Error())
			return nil
		}
		g.in = in
		g.lines = readLines(out)
		go func() { g.exit <- cmd.Wait() }()
	}
	for _, l := range setup {
		g.send(l)
	}
	return g
}
