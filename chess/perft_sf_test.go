package chess

import (
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// stockfishPerft times Debian's stockfish answering "go perft depth" from
// the start position, minus its start-up time (measured with perft 1), so
// that only the counting is compared.
func stockfishPerft(b *testing.B, depth int) time.Duration {
	b.Helper()
	exe, err := exec.LookPath("stockfish")
	if err != nil {
		if exe, err = exec.LookPath("/usr/games/stockfish"); err != nil {
			b.Skip("stockfish is not installed (apt-get install stockfish)")
		}
	}
	run := func(d int) time.Duration {
		cmd := exec.Command(exe)
		in, _ := cmd.StdinPipe()
		out, _ := cmd.StdoutPipe()
		start := time.Now()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		io.WriteString(in, "position startpos\ngo perft "+string(rune('0'+d))+"\n")
		buf, _ := io.ReadAll(&untilLine{r: out, prefix: "Nodes searched"})
		el := time.Since(start)
		in.Close()
		cmd.Wait()
		if !strings.Contains(string(buf), "Nodes searched") {
			b.Fatalf("stockfish said %q", buf)
		}
		return el
	}
	best := time.Duration(1 << 62)
	for i := 0; i < 3; i++ {
		best = min(best, run(depth)-run(1))
	}
	return best
}

// untilLine reads until a line with the prefix has been read.
type untilLine struct {
	r      io.Reader
	prefix string
	seen   strings.Builder
	done   bool
}

func (u *untilLine) Read(p []byte) (int, error) {
	if u.done {
		return 0, io.EOF
	}
	n, err := u.r.Read(p)
	u.seen.Write(p[:n])
	if strings.Contains(u.seen.String(), u.prefix) && strings.HasSuffix(strings.TrimRight(u.seen.String(), " "), "\n") {
		u.done = true
	}
	return n, err
}

// BenchmarkPerft6VsStockfish runs perft 6 from the start position (119,060,324
// leaves) single-threaded and, in the same run, Debian's stockfish doing the
// same; it reports the ratio of the best of three times each. The issue's
// target is a ratio of at most 1.3.
func BenchmarkPerft6VsStockfish(b *testing.B) {
	sf := stockfishPerft(b, 6)
	p := StartPosition()
	ours := time.Duration(1 << 62)
	for i := 0; i < 3; i++ {
		start := time.Now()
		if n := Perft(p, 6); n != 119060324 {
			b.Fatalf("perft 6 = %d", n)
		}
		ours = min(ours, time.Since(start))
	}
	b.ReportMetric(ours.Seconds(), "vireo-s")
	b.ReportMetric(sf.Seconds(), "stockfish-s")
	b.ReportMetric(ours.Seconds()/sf.Seconds(), "ratio")
}
