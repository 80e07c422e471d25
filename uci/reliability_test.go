package uci

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"vireo/chess"
	"vireo/search"
)

// checkBestmove fails unless l is a bestmove line whose move is legal in
// fen (with Chess960 notation if chess960).
func checkBestmove(t *testing.T, fen string, chess960 bool, l string) {
	t.Helper()
	f := strings.Fields(l)
	if len(f) < 2 || f[0] != "bestmove" {
		t.Fatalf("%q is not a bestmove line", l)
	}
	p := chess.MustParseFEN(fen)
	p.SetChess960(chess960)
	if _, err := p.ParseUCI(f[1]); err != nil {
		t.Errorf("%q: %v in %s", l, err, fen)
	}
}

// A GUI changes MultiPV, Move Overhead and UCI_Chess960 during infinite
// analysis: the running search must not see the writes (the race run of
// the tests reports them), and the new values apply from the next search.
func TestOptionsDuringSearch(t *testing.T) {
	s := start(t)
	const fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	s.send("position fen " + fen)
	rounds := 20
	if testing.Short() {
		rounds = 8
	}
	chess960 := false
	deferred := 0
	for i := 0; i < rounds; i++ {
		s.send("go infinite")
		time.Sleep(time.Duration(i%4) * time.Millisecond)
		s.send(fmt.Sprintf("setoption name MultiPV value %d", 1+i%3))
		s.send(fmt.Sprintf("setoption name Move Overhead value %d", 10*i))
		chess960 = i%2 == 0
		s.send(fmt.Sprintf("setoption name UCI_Chess960 value %v", chess960))
		s.send("isready")
		_, before := s.expect("readyok", 5*time.Second)
		s.send("stop")
		l, seen := s.expect("bestmove", 5*time.Second)
		seen = append(before, seen...)
		// The search started before the option changed: its notation
		// and its MultiPV are the old ones.
		checkBestmove(t, fen, i%2 == 1, l)
		for _, x := range seen {
			if strings.HasPrefix(x, "info string setoption:") {
				t.Errorf("%q: a valid option is not refused", x)
			}
			if strings.HasPrefix(x, "info string MultiPV") {
				deferred++
				if !strings.Contains(x, "applies from the next search") {
					t.Errorf("%q should say when the value applies", x)
				}
			}
		}
		s.send("position fen " + fen)
	}
	if deferred != rounds {
		t.Errorf("%d of %d MultiPV changes during a search said when they apply", deferred, rounds)
	}
	// The last MultiPV (3) is the next search's.
	s.send("setoption name UCI_Chess960 value false")
	s.send("position fen " + fen)
	s.send("go depth 4")
	_, seen := s.expect("bestmove", 20*time.Second)
	lines := 0
	for _, x := range seen {
		if strings.HasPrefix(x, "info depth 4 ") && strings.Contains(x, " multipv ") {
			lines++
		}
	}
	if want := 1 + (rounds-1)%3; lines < want {
		t.Errorf("depth 4 printed %d multipv lines, want %d (the MultiPV set during the last search): %q", lines, want, seen)
	}
}

// Zero and negative limits give a legal move at once, and say which
// value was taken for what.
func TestNonPositiveLimits(t *testing.T) {
	s := start(t)
	for _, lim := range []string{"movetime -1", "movetime 0", "nodes 0", "nodes -1", "depth 0", "depth -3", "mate 0", "mate -1"} {
		s.send("position startpos")
		s.send("go " + lim)
		l, seen := s.expect("bestmove", 5*time.Second)
		checkBestmove(t, chess.StartFEN, false, l)
		said := false
		for _, x := range seen {
			said = said || strings.HasPrefix(x, "info string go: "+lim+" is not positive")
		}
		if !said {
			t.Errorf("go %s: no info string naming the value; saw %q", lim, seen)
		}
	}
}

// A clock too large for time.Duration is taken as search.MaxTime, said,
// and searched on as a long clock, not as an overflowed one.
func TestHugeClock(t *testing.T) {
	s := start(t)
	s.send("position startpos")
	s.send("go wtime 10000000000000 btime 10000000000000")
	seen := s.noLine("bestmove", 700*time.Millisecond)
	said := false
	for _, x := range seen {
		said = said || strings.HasPrefix(x, "info string go: wtime 10000000000000 is more than")
	}
	if !said {
		t.Errorf("no info string naming the clock; saw %q", seen)
	}
	s.send("stop")
	l, _ := s.expect("bestmove", 5*time.Second)
	checkBestmove(t, chess.StartFEN, false, l)
}

// An input line longer than the scanner holds ends the session with an
// error said in an info string, not silently as if the input had ended.
func TestOverlongInputLine(t *testing.T) {
	var out bytes.Buffer
	e := New("Vireo test", &out)
	in := "isready\n" + strings.Repeat("x", maxLine+1) + "\nisready\n"
	err := e.Run(strings.NewReader(in))
	if err == nil || !strings.Contains(err.Error(), "line 2 is longer than 16 MiB") {
		t.Errorf("Run = %v, want an error naming line 2", err)
	}
	if got := out.String(); strings.Count(got, "readyok") != 1 || !strings.Contains(got, "info string ERROR: input line 2") {
		t.Errorf("output %q", got)
	}
}

// displayFEN sends d and returns its Fen line.
func displayFEN(s *session) string {
	s.t.Helper()
	s.send("d")
	l, _ := s.expect("Fen: ", 5*time.Second)
	s.expect("Checkers:", 5*time.Second)
	return strings.TrimPrefix(l, "Fen: ")
}

// What d prints, position fen accepts, however long the game.
func TestDisplayedFENParses(t *testing.T) {
	s := start(t)
	moves := strings.Repeat(" g1f3 g8f6 f3g1 f6g8", 2502)
	s.send("position startpos moves" + moves)
	fen := displayFEN(s)
	s.send("position fen " + fen)
	s.send("isready")
	if _, seen := s.expect("readyok", 5*time.Second); len(seen) > 0 {
		t.Errorf("position fen %s: %q", fen, seen)
	}
	if got := displayFEN(s); got != fen {
		t.Errorf("after position fen %s, d shows %s", fen, got)
	}
}

// In standard chess a castling right needs the king on e1/e8 and the rook
// in the corner; Chess960 allows the others.
func TestStandardCastlingRights(t *testing.T) {
	s := start(t)
	const odd = "4k3/8/8/8/8/8/8/3K3R w K - 0 1"
	s.send("position fen " + odd)
	l, _ := s.expect("info string position: fen: castling: the white king-side right has the king on d1", 5*time.Second)
	if !strings.Contains(l, "UCI_Chess960") || !strings.Contains(l, "keeping the previous position") {
		t.Errorf("%q should say how to get it and what was kept", l)
	}
	if got := displayFEN(s); got != chess.StartFEN {
		t.Errorf("position after the refusal: %s", got)
	}
	s.send("setoption name UCI_Chess960 value true")
	s.send("position fen " + odd)
	if got := displayFEN(s); got != odd {
		t.Errorf("Chess960: position %s, want %s", got, odd)
	}
	s.send("go depth 3 searchmoves h1d1")
	l, _ = s.expect("bestmove", 5*time.Second)
	checkBestmove(t, odd, true, l)
	s.send("setoption name UCI_Chess960 value false")
	s.expect("info string setoption: UCI_Chess960 false: the position has Chess960 castling rights", 5*time.Second)
	if got := displayFEN(s); got != chess.StartFEN {
		t.Errorf("after UCI_Chess960 false: %s", got)
	}
}

// perft and bench run beside the command loop: isready is answered, and
// stop and quit end them.
func TestPerftAndBenchAnswerInput(t *testing.T) {
	s := start(t)
	s.send("position startpos")
	s.send("perft 3")
	s.expect("Nodes searched: 8902 ", 10*time.Second)
	s.send("perft 8")
	s.send("isready")
	s.expect("readyok", 3*time.Second) // microseconds; the margin is for a loaded machine
	s.send("stop")
	s.expect("info string perft 8 stopped after", 10*time.Second)
	for _, bad := range []string{"-5", "abc", "0", "128"} {
		s.send("bench " + bad)
		l, seen := s.expect("info string bench: want a depth from 1 to 127, got", 5*time.Second)
		if !strings.Contains(l, fmt.Sprintf("%q", bad)) {
			t.Errorf("bench %s: %q", bad, l)
		}
		for _, x := range seen {
			if strings.HasPrefix(x, "Bench:") {
				t.Errorf("bench %s ran: %q", bad, x)
			}
		}
	}
	s.send("bench 3")
	l, _ := s.expect("Bench: ", 30*time.Second)
	if want := fmt.Sprintf("Bench: %d nodes", search.Bench(3, 16).Nodes); !strings.HasPrefix(l, want) {
		t.Errorf("UCI bench 3: %q, want %q (vireo bench's count)", l, want)
	}
	s.send("bench")
	s.send("isready")
	s.expect("readyok", 3*time.Second)
	s.send("stop")
	s.expect("info string bench stopped after", 10*time.Second)
	s.send("perft 9")
	s.send("quit")
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		t.Fatal("quit during perft 9 went unanswered")
	}
}

// The engine as a program, for tests that need a process of their own
// (a memory limit): the test binary re-run with VIREO_UCI_CHILD=1 speaks
// UCI on its standard input and output.
func TestMain(m *testing.M) {
	if os.Getenv("VIREO_UCI_CHILD") == "1" {
		if err := New("Vireo test", os.Stdout).Run(os.Stdin); err != nil {
			fmt.Fprintln(os.Stderr, "vireo:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// A Hash the machine cannot give (8 GB under a 4 GB address-space limit)
// is refused with an info string, and the engine keeps a table, answers
// readyok and searches, instead of dying of Go's fatal out-of-memory.
func TestHashBeyondMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory does not fit under ulimit -v 4000000; this test runs without -race")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh for ulimit")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-c", `ulimit -v 4000000 && exec "$0" -test.run=^$`, exe)
	cmd.Env = append(os.Environ(), "VIREO_UCI_CHILD=1")
	cmd.Stdin = strings.NewReader("uci\nsetoption name Hash value 8192\nisready\nposition startpos\ngo depth 6\nisready\nquit\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("engine under ulimit -v: %v\nstdout %s\nstderr %s", err, out, stderr.Bytes())
	}
	got := string(out)
	t.Logf("%s", got)
	if !strings.Contains(got, "info string setoption: hash 8192 MB: ") || !strings.Contains(got, "the table has 16 MB") {
		t.Errorf("no info string refusing the hash and naming the table kept:\n%s", got)
	}
	if strings.Count(got, "readyok") != 2 || !strings.Contains(got, "\nbestmove ") {
		t.Errorf("want two readyok and a bestmove:\n%s", got)
	}
}

// Command-line lines (vireo "position startpos" "perft 3") run perft,
// bench and a search to their end: the quit after them does not cut them
// short.
func TestRunArgsFinishesJobs(t *testing.T) {
	var out bytes.Buffer
	if err := New("Vireo test", &out).RunArgs([]string{"position startpos", "perft 3", "bench 2", "go depth 7", "quit"}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, "Nodes searched: 8902 ") || !strings.Contains(got, "Bench: ") {
		t.Errorf("output %q", got)
	}
	if !strings.Contains(got, "info depth 7 ") || !strings.Contains(got, "\nbestmove ") {
		t.Errorf("go depth 7 did not reach depth 7 before quit:\n%s", got)
	}
}

// On a command line an unknown command (a misspelt tool, vireo benchh)
// ends the session with an error, so that the program fails, and the
// lines after it do not run; read from a GUI it is only reported.
func TestRunArgsUnknownCommandFails(t *testing.T) {
	var out bytes.Buffer
	err := New("Vireo test", &out).RunArgs([]string{"benchh", "perft 1", "quit"})
	if err == nil || !strings.Contains(err.Error(), `"benchh"`) {
		t.Errorf("error %v, want one naming benchh", err)
	}
	if strings.Contains(out.String(), "Nodes searched") {
		t.Errorf("the line after the unknown command ran:\n%s", out.String())
	}
}

// perft and bench with words after their depth refuse, instead of
// running with the words left unread; on a command line the refusal
// fails the program.
func TestPerftBenchExtraWords(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"perft 1 x", `perft: want one depth, got "1 x"`},
		{"bench 1 2", `bench: want at most one depth, got "1 2"`},
	} {
		var out bytes.Buffer
		err := New("Vireo test", &out).RunArgs([]string{tc.line, "perft 1", "quit"})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.line, err, tc.want)
		}
		if got := out.String(); !strings.Contains(got, tc.want) || strings.Contains(got, "Nodes searched") || strings.Contains(got, "Bench: ") {
			t.Errorf("%s: output %q", tc.line, got)
		}
	}
}

// On a command line every refused line fails the program and stops the
// lines after it: a search would otherwise run on the previous position,
// a go without a limit would never end, and OpenBench would read genfens
// that printed nothing as a success.
func TestRunArgsRefusalFails(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		want  string
	}{
		{[]string{"position fen junk", "go depth 3"}, "position: "},
		{[]string{"position startpos moves e2e5", "go depth 3"}, "position: move 1 (e2e5)"},
		{[]string{"position", "go depth 3"}, "position: want startpos or fen"},
		{[]string{"go"}, "go: no limit"},
		{[]string{"go movestogo 5"}, "go: no limit"},
		{[]string{"go searchmoves e2e4"}, "go: no limit"},
		{[]string{"genfens 10 seed 1 book /no/such/book.epd"}, "genfens: "},
		{[]string{"genfens x"}, "genfens: bad count"},
		{[]string{"perft 25"}, "perft: want a depth from 1 to 20"},
		{[]string{"bench x"}, "bench: want a depth"},
		{[]string{"setoption name Hash value lots", "go depth 3"}, "setoption: Hash wants an integer"},
		{[]string{"setoption name Hashh value 64", "go depth 3"}, "setoption: unknown option"},
		{[]string{"setoption Hash 64", "go depth 3"}, "setoption: expected"},
		{[]string{"setoption name UCI_ShowWDL value yes", "go depth 3"}, "setoption: UCI_ShowWDL wants true or false"},
		{[]string{"setoption name SyzygyPath value /no/such/dir", "go depth 3"}, "setoption: SyzygyPath"},
		{[]string{"setoption name BookFile value /no/such/book.bin", "go depth 3"}, "setoption: BookFile"},
	} {
		var out bytes.Buffer
		done := make(chan error, 1)
		go func() { done <- New("Vireo test", &out).RunArgs(append(tc.lines, "quit")) }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q: error %v, want one saying %q", tc.lines, err, tc.want)
			}
			if strings.Contains(out.String(), "bestmove") {
				t.Errorf("%q: the search after the refusal ran:\n%s", tc.lines, out.String())
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%q: still running after 20 s", tc.lines)
		}
	}
	// Read from a GUI the same lines are reported and the engine goes on.
	var out bytes.Buffer
	if err := New("Vireo test", &out).Run(strings.NewReader("position fen junk\ngo depth 2\nquit\n")); err != nil {
		t.Errorf("from a GUI: %v", err)
	}
	if !strings.Contains(out.String(), "bestmove") {
		t.Errorf("from a GUI the search after a refused position did not run:\n%s", out.String())
	}
}

// A Hash that is not a power of two is rounded down, and said, in words
// that a match runner does not read as a refusal.
func TestHashRoundedSaid(t *testing.T) {
	s := start(t)
	s.send("setoption name Hash value 100")
	s.send("isready")
	_, seen := s.expect("readyok", 5*time.Second)
	if len(seen) != 1 || seen[0] != "info string Hash 100 MB rounded down to 64 MB (a power of two)" {
		t.Errorf("got %q", seen)
	}
	s.send("setoption name Hash value 64")
	s.send("isready")
	if _, seen := s.expect("readyok", 5*time.Second); len(seen) != 0 {
		t.Errorf("Hash 64: %q", seen)
	}
}
