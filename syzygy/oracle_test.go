package syzygy

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	"vireo/chess"
)

const (
	fathomPath = "/usr/games/fathom"
	oracleFile = "testdata/fathom-oracle.txt.gz"
	oracleSeed = 20261125
	oracleSize = 12000
)

// fathomWDL maps fathom's WDL names (side to move's view) to values.
var fathomWDL = map[string]int{"Loss": -2, "BlessedLoss": -1, "Draw": 0, "CursedWin": 1, "Win": 2}

// fathomProbe runs the fathom tool on fen and returns its WDL, its signed
// DTZ (fathom prints the magnitude; the sign is the WDL's) and the sets of
// winning, drawing and losing moves in SAN.
func fathomProbe(fen string) (wdl, dtz int, moves [3]string, err error) {
	out, err := exec.Command(fathomPath, "--path="+tbDir, fen).Output()
	if err != nil {
		return 0, 0, moves, fmt.Errorf("fathom %q: %v", fen, err)
	}
	tags := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "\"]") {
			k, v, _ := strings.Cut(line[1:len(line)-2], " \"")
			tags[k] = v
		}
	}
	w, ok := fathomWDL[tags["WDL"]]
	if !ok {
		return 0, 0, moves, fmt.Errorf("fathom %q: no WDL in output", fen)
	}
	d, err := strconv.Atoi(tags["DTZ"])
	if err != nil {
		return 0, 0, moves, fmt.Errorf("fathom %q: bad DTZ: %v", fen, err)
	}
	moves = [3]string{tags["WinningMoves"], tags["DrawingMoves"], tags["LosingMoves"]}
	return w, d * sign(w), moves, nil
}

// oracleCase is one position with fathom's verdict.
type oracleCase struct {
	fen      string
	wdl, dtz int
}

// randomFENs returns n random positions over every table in tbDir.
// The tables of the shared directory are all 3- and 4-piece tables.
func randomFENs(seed uint64, n int) []string {
	names := materials(tbDir)
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	fens := make([]string, n)
	for i := range fens {
		name := names[r.IntN(len(names))]
		// KPvKP is the only table here with en passant captures: give it
		// extra weight.
		if r.IntN(6) == 0 {
			name = "KPvKP"
		}
		fens[i] = randomFEN(r, name)
	}
	return fens
}

// checkAgainst compares Vireo's probes of c with fathom's answer; the
// WDL fathom prints is the one implied by the DTZ at halfmove clock 0.
func checkAgainst(tb *Tablebase, c oracleCase) error {
	pos, err := chess.ParseFEN(c.fen)
	if err != nil {
		return err
	}
	wdl, ok1 := tb.ProbeWDL(pos)
	dtz, ok2 := tb.ProbeDTZ(pos)
	if !ok1 || !ok2 {
		return fmt.Errorf("%s: probe failed (wdl ok %v, dtz ok %v)", c.fen, ok1, ok2)
	}
	if wdl != c.wdl || dtz != c.dtz {
		return fmt.Errorf("%s: vireo wdl %d dtz %d, fathom wdl %d dtz %d", c.fen, wdl, dtz, c.wdl, c.dtz)
	}
	return nil
}

func readOracle(t *testing.T) []oracleCase {
	f, err := os.Open(oracleFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var cases []oracleCase
	sc := bufio.NewScanner(z)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ";")
		if len(parts) != 3 {
			t.Fatalf("bad oracle line %q", sc.Text())
		}
		w, err1 := strconv.Atoi(parts[1])
		d, err2 := strconv.Atoi(parts[2])
		if err1 != nil || err2 != nil {
			t.Fatalf("bad oracle line %q", sc.Text())
		}
		cases = append(cases, oracleCase{parts[0], w, d})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestOracle compares WDL and DTZ with fathom's answers, stored in
// testdata, on random 3- and 4-piece positions.
func TestOracle(t *testing.T) {
	tb, why := openShared()
	if tb == nil {
		t.Skip(why)
	}
	defer tb.Close()
	cases := readOracle(t)
	if len(cases) < 10000 {
		t.Fatalf("only %d oracle positions", len(cases))
	}
	bad := 0
	eps := 0
	for _, c := range cases {
		if !strings.HasSuffix(c.fen, " - 0 1") {
			eps++
		}
		if err := checkAgainst(tb, c); err != nil {
			if bad++; bad <= 20 {
				t.Error(err)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d positions disagree with fathom", bad, len(cases))
	}
	t.Logf("%d positions (%d with en passant) agree with fathom", len(cases)-bad, eps)
}

// TestWriteOracle regenerates the testdata from the fathom tool. It only
// runs when SYZYGY_WRITE_ORACLE=1.
func TestWriteOracle(t *testing.T) {
	if os.Getenv("SYZYGY_WRITE_ORACLE") != "1" {
		t.Skip("set SYZYGY_WRITE_ORACLE=1 to regenerate " + oracleFile)
	}
	if _, err := os.Stat(fathomPath); err != nil {
		t.Skip("fathom not installed")
	}
	fens := randomFENs(oracleSeed, oracleSize)
	lines := make([]string, len(fens))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, 2)
	for i, fen := range fens {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			w, d, _, err := fathomProbe(fen)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && firstErr == nil {
				firstErr = err
			}
			lines[i] = fmt.Sprintf("%s;%d;%d", fen, w, d)
		}()
	}
	wg.Wait()
	if firstErr != nil {
		t.Fatal(firstErr)
	}
	f, err := os.Create(oracleFile)
	if err != nil {
		t.Fatal(err)
	}
	z := gzip.NewWriter(f)
	for _, l := range lines {
		fmt.Fprintln(z, l)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
