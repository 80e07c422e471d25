package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"vireo/eval"
	"vireo/tune"
)

// tuneSample writes the first n lines of the shared labelled file, with
// a malformed line in the middle, to a temporary file.
func tuneSample(t *testing.T, n int) string {
	t.Helper()
	f, err := os.Open("../../../shared/data/labeled/engine-games.epd")
	if err != nil {
		t.Skipf("no labelled positions: %v", err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(lines) < n {
		lines = append(lines, sc.Text())
		if len(lines) == n/2 {
			lines = append(lines, "not a position")
		}
	}
	path := filepath.Join(t.TempDir(), "sample.epd")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTuneCommands runs the subcommands end to end on a small file: a
// malformed line is skipped (and stops a --strict run), an Adam tune
// (re-tracing the data twice) writes a parameter file, a plot and, with
// its first checkpoint, its start as OUT.origin, a second tune resumes
// from that file with that origin, and coordinate descent and
// importance run.
func TestTuneCommands(t *testing.T) {
	data := tuneSample(t, 1500)
	dir := t.TempDir()
	out, plot := filepath.Join(dir, "tuned.txt"), filepath.Join(dir, "err.png")
	if code := run([]string{"tune", "error", "--data", data, "--strict"}); code != 1 {
		t.Fatalf("strict run over a malformed line: exit %d, want 1", code)
	}
	if code := run([]string{"tune", "error", "--data", data, "--passes", "2", "-q"}); code != 0 {
		t.Fatalf("tune error: exit %d", code)
	}
	if code := run([]string{"tune", "adam", "--data", data, "--validation", "0.2", "--block", "100", "--from-zero",
		"--epochs", "30", "--retrace", "10", "--checkpoint-every", "10", "--out", out, "--plot", plot, "-q"}); code != 0 {
		t.Fatalf("tune adam: exit %d", code)
	}
	if origin, err := eval.LoadParams(out + ".origin"); err != nil || *origin != *tune.FromZero(eval.Defaults()) {
		t.Fatalf("%s.origin: %v; want the from-zero start", out, err)
	}
	first, err := eval.LoadParams(out)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(plot); err != nil || st.Size() == 0 {
		t.Fatalf("plot: %v", err)
	}
	if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o644 {
		t.Fatalf("parameter file: %v, mode %v, want 0644", err, st.Mode().Perm())
	}
	if code := run([]string{"tune", "adam", "--data", data, "--params", out, "--origin", out + ".origin", "--first-epoch", "31",
		"--epochs", "5", "--out", out, "-q"}); code != 0 {
		t.Fatalf("resumed tune adam: exit %d", code)
	}
	second, err := eval.LoadParams(out)
	if err != nil {
		t.Fatal(err)
	}
	if *first == *second || *first == *eval.Defaults() {
		t.Fatal("the tunes did not change the parameters")
	}
	// A tune that ends before its first checkpoint has written its start
	// all the same: a perturbed start exists nowhere else.
	short := filepath.Join(dir, "short.txt")
	if code := run([]string{"tune", "adam", "--data", data, "--perturb", "0.25+8", "--epochs", "3", "--out", short, "-q"}); code != 0 {
		t.Fatalf("short tune adam: exit %d", code)
	}
	if origin, err := eval.LoadParams(short + ".origin"); err != nil || *origin == *eval.Defaults() {
		t.Fatalf("%s.origin: %v; want the perturbed start", short, err)
	}
	if code := run([]string{"tune", "adam", "--data", data, "--params", short, "--origin", short + ".origin", "--first-epoch", "4",
		"--epochs", "2", "--out", short, "-q"}); code != 0 {
		t.Fatalf("resumed short tune adam: exit %d", code)
	}
	if code := run([]string{"tune", "coord", "--data", data, "--group", "ScaleV", "--out", out, "-q"}); code != 0 {
		t.Fatalf("tune coord: exit %d", code)
	}
	if code := run([]string{"tune", "importance", "--data", data, "--group", "PassedV"}); code != 0 {
		t.Fatalf("tune importance: exit %d", code)
	}
	if code := run([]string{"tune", "adam", "--data", data, "--group", "NoSuchGroup"}); code != 1 {
		t.Fatalf("unknown group: exit %d, want 1", code)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	if len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

// TestTuneServe runs "vireo tune serve" on a free loopback port, asks
// it for its state and Show Error, and stops it as Ctrl-C would.
func TestTuneServe(t *testing.T) {
	data := tuneSample(t, 600)
	if code := run([]string{"tune", "serve", "--data", data, "--group", "PassedV"}); code != 2 {
		t.Fatalf("--group: exit %d, want 2", code)
	}
	// A bad address is said before the data is read: here the data does
	// not exist, and the address is the error.
	code, stderr := captured(t, &os.Stderr, func() int {
		return run([]string{"tune", "serve", "--data", "/no/such/data.epd", "--addr", "127.0.0.1:99999"})
	})
	if code != 1 || !strings.Contains(stderr, "99999") || strings.Contains(stderr, "data.epd") {
		t.Errorf("bad --addr: exit %d, stderr %q; want 1 and the address's error alone", code, stderr)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	exit := make(chan int, 1)
	go func() {
		exit <- run([]string{"tune", "serve", "--data", data, "--validation", "0.2", "--block", "50", "--addr", addr})
	}()
	var resp *http.Response
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if resp, err = http.Get("http://" + addr + "/api/state"); err == nil {
			break
		}
		select {
		case code := <-exit:
			t.Fatalf("tune serve exited with %d", code)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal(err)
		}
	}
	var st struct{ Data struct{ Train, Valid int } }
	json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if st.Data.Train+st.Data.Valid != 599 || st.Data.Valid == 0 {
		t.Fatalf("state: %+v, want 599 positions (600 lines, one malformed), some held out", st.Data)
	}
	resp, err = http.Post("http://"+addr+"/api/error", "application/json", nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("Show Error: %v %v", err, resp.Status)
	}
	resp.Body.Close()
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	select {
	case code := <-exit:
		if code != 0 {
			t.Fatalf("exit %d after SIGINT", code)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("tune serve did not stop on SIGINT")
	}
}

// TestTuneFlagRanges: a flag out of its range is refused by name before
// any data is read, instead of running with a meaningless setting.
func TestTuneFlagRanges(t *testing.T) {
	data := tuneSample(t, 50)
	out := filepath.Join(t.TempDir(), "tuned.txt") // in case a run is not refused
	for _, tc := range []struct {
		args []string
		flag string
	}{
		{[]string{"tune", "error", "--validation", "1.5"}, "--validation 1.5"},
		{[]string{"tune", "error", "--validation", "-0.1"}, "--validation -0.1"},
		{[]string{"tune", "error", "--validation", "1"}, "--validation 1"},
		{[]string{"tune", "error", "--k", "-1"}, "--k -1"},
		{[]string{"tune", "error", "--k", "NaN"}, "--k NaN"},
		{[]string{"tune", "adam", "--threads", "-2", "--out", out}, "--threads -2"},
		{[]string{"tune", "error", "--threads", "100000"}, "--threads 100000"},
		// A step size or penalty that is not a finite positive number
		// would fill the table with garbage and checkpoint it.
		{[]string{"tune", "adam", "--out", out, "--lr", "nan"}, "--lr NaN"},
		{[]string{"tune", "adam", "--out", out, "--lr", "0"}, "--lr 0"},
		{[]string{"tune", "adam", "--out", out, "--decay", "1.05"}, "--decay 1.05"},
		{[]string{"tune", "adam", "--out", out, "--epochs", "0"}, "--epochs 0"},
		{[]string{"tune", "adam", "--out", out, "--tol", "-1"}, "--tol -1"},
		{[]string{"tune", "adam", "--out", out, "--window", "-1"}, "--window -1"},
		{[]string{"tune", "adam", "--out", out, "--retrace", "-1"}, "--retrace -1"},
		{[]string{"tune", "adam", "--out", out, "--l2", "-0.5"}, "--l2 -0.5"},
		{[]string{"tune", "adam", "--out", out, "--l2", "NaN"}, "--l2 NaN"},
		{[]string{"tune", "adam", "--out", out, "--checkpoint-every", "-1"}, "--checkpoint-every -1"},
		{[]string{"tune", "adam", "--out", out, "--first-epoch", "0"}, "--first-epoch 0"},
		{[]string{"tune", "adam", "--out", out, "--first-epoch", "51"}, "needs --origin"},
		// A resume that zeroes or perturbs its checkpoint would restart
		// the tune and replace the tuned table.
		{[]string{"tune", "adam", "--out", out, "--first-epoch", "51", "--origin", "x.txt", "--from-zero"}, "--from-zero"},
		{[]string{"tune", "adam", "--out", out, "--first-epoch", "51", "--origin", "x.txt", "--perturb", "0.25+8"}, "--perturb"},
		{[]string{"tune", "adam", "--out", out, "--valid-tol", "NaN"}, "--valid-tol NaN"},
		{[]string{"tune", "adam", "--out", out, "--valid-tol", "1"}, "--valid-tol 1"},
		{[]string{"tune", "adam", "--out", out, "--perturb", "NaN+8"}, "--perturb"},
		{[]string{"tune", "adam", "--out", out, "--perturb", "0.25+20000"}, "--perturb"},
		// A penalty flag of the other way would be accepted and not used.
		{[]string{"tune", "adam", "--out", out, "--validation", "0.2", "--penalty-search", "--penalty", "all=1"}, "--penalty"},
		{[]string{"tune", "adam", "--out", out, "--validation", "0.2", "--penalty-search", "--origin", "x.txt"}, "--origin"},
		{[]string{"tune", "adam", "--out", out, "--validation", "0.2", "--penalty-search", "--l2", "0"}, "--l2"},
		{[]string{"tune", "adam", "--out", out, "--penalty-grid", "0,1"}, "--penalty-grid"},
		{[]string{"tune", "adam", "--out", out, "--penalty", "all=1", "--l2", "0"}, "--l2"},
		{[]string{"tune", "coord", "--out", out, "--plot", "p.png"}, "--plot"},
		{[]string{"tune", "coord", "--out", out, "--history", "h.csv"}, "--history"},
		{[]string{"tune", "coord", "--out", out, "--rounds", "-1"}, "--rounds -1"},
		{[]string{"tune", "coord", "--out", out, "--l2", "-1"}, "--l2 -1"},
		{[]string{"tune", "wdl", "--validation", "2"}, "--validation 2"},
		{[]string{"tune", "wdl", "--epochs", "0"}, "--epochs 0"},
		{[]string{"tune", "wdl", "--epochs", "-3"}, "--epochs -3"},
		{[]string{"tune", "wdl", "--max-score", "0"}, "--max-score 0"},
		{[]string{"tune", "wdl", "--sample", "-5"}, "--sample -5"},
		// A shell glob after --data: the second file would end the
		// flags, and --out (the default tuned.txt) would be replaced.
		{[]string{"tune", "adam", "--out", out, "second.epd"}, `unexpected argument "second.epd"`},
		{[]string{"tune", "error", "second.epd"}, `unexpected argument "second.epd"`},
		{[]string{"tune", "wdl", "second.epd"}, `unexpected argument "second.epd"`},
		// An output that is the data would be replaced by a checkpoint.
		{[]string{"tune", "adam", "--out", data}, "also an input"},
		{[]string{"tune", "adam", "--out", out, "--history", data}, "also an input"},
		{[]string{"tune", "coord", "--out", data}, "also an input"},
		{[]string{"tune", "adam", "--out", out, "--drift", data}, "--drift: output"},
		// Two outputs in one file, or an output over a table the tune
		// reads: one would replace the other.
		{[]string{"tune", "adam", "--out", out, "--history", out}, "--history"},
		{[]string{"tune", "adam", "--out", out, "--drift", out}, "--drift"},
		{[]string{"tune", "adam", "--out", out, "--plot", out + ".origin"}, ".origin"},
		{[]string{"tune", "adam", "--out", out, "--params", "start.txt", "--plot", "start.txt"}, "--plot"},
		{[]string{"tune", "adam", "--out", out, "--ref", "ref.txt", "--history", "ref.txt"}, "--history"},
		{[]string{"tune", "adam", "--out", "ref.txt", "--ref", "ref.txt"}, "--out"},
		{[]string{"tune", "wdl", "--out", data}, "--out: output"},
		{[]string{"tune", "wdl", "--threads", "-1"}, "--threads -1"},
		// An output that cannot be written is found before the tune,
		// not after it, when the table would be lost.
		{[]string{"tune", "adam", "--out", "/no/such/dir/t.txt"}, "cannot write /no/such/dir/t.txt"},
		{[]string{"tune", "coord", "--out", filepath.Dir(out)}, "is a directory"},
		{[]string{"tune", "adam", "--out", out, "--plot", "/no/such/dir/p.png"}, "cannot write /no/such/dir/p.png"},
		{[]string{"tune", "adam", "--out", out, "--drift", "/no/such/dir/d.md"}, "--drift: cannot write"},
		{[]string{"tune", "adam", "--out", out, "--write-defaults", "/no/such/dir"}, "--write-defaults"},
	} {
		code, stderr := captured(t, &os.Stderr, func() int { return run(append(tc.args, "--data", data)) })
		if code != 2 || !strings.Contains(stderr, tc.flag) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message naming %q", tc.args, code, stderr, tc.flag)
		}
	}
}

// TestTuneErrorRef checks "tune error --ref": a table compared with
// itself gains exactly nothing; the compiled-in table gains over one
// in which every piece is worth a pawn by many standard errors, and the
// gain is the difference of the two errors that tune error prints; a
// --ref that cannot be read fails the command before any data is read.
func TestTuneErrorRef(t *testing.T) {
	data := tuneSample(t, 12000)
	dir := t.TempDir()
	def, flat := filepath.Join(dir, "def.txt"), filepath.Join(dir, "flat.txt")
	writeTable := func(path string, p *eval.Params) {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := eval.WriteParams(f, p); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	writeTable(def, eval.Defaults())
	// The reference: every piece worth a pawn.
	p, err := eval.ReadParams(strings.NewReader("PIECE_VALUE = [(100, 100), (100, 100), (100, 100), (100, 100), (100, 100)]\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	writeTable(flat, p)
	errorOf := func(out, params string) float64 {
		t.Helper()
		var v float64
		for _, line := range strings.Split(out, "\n") {
			if _, err := fmt.Sscanf(line, "training error %f", &v); err == nil {
				return v
			}
		}
		t.Fatalf("no training error for %s in:\n%s", params, out)
		return 0
	}
	gainOf := func(out string) (gain, se float64) {
		t.Helper()
		for _, line := range strings.Split(out, "\n") {
			if _, err := fmt.Sscanf(strings.TrimSpace(line), "training gain over --ref %f ± %f", &gain, &se); err == nil {
				return gain, se
			}
		}
		t.Fatalf("no gain line in:\n%s", out)
		return 0, 0
	}
	args := []string{"tune", "error", "--data", data, "--k", "1.2", "--block", "100", "-q"}
	code, out := captured(t, &os.Stdout, func() int { return run(append(args, "--params", def, "--ref", def)) })
	if code != 0 {
		t.Fatalf("tune error --ref: exit %d", code)
	}
	if g, _ := gainOf(out); g != 0 {
		t.Errorf("a table against itself gains %g, want 0", g)
	}
	eDef := errorOf(out, def)
	code, out = captured(t, &os.Stdout, func() int { return run(append(args, "--params", def, "--ref", flat)) })
	if code != 0 {
		t.Fatalf("tune error --ref: exit %d", code)
	}
	g, se := gainOf(out)
	_, outFlat := captured(t, &os.Stdout, func() int { return run(append(args, "--params", flat)) })
	eFlat := errorOf(outFlat, flat)
	if math.Abs(g-(eFlat-eDef)) > 2e-6 {
		t.Errorf("gain %g, want the difference of the errors %g - %g", g, eFlat, eDef)
	}
	if se <= 0 || g < 3*se {
		t.Errorf("the compiled-in table over one without piece values: gain %g ± %g, want a clear gain", g, se)
	}
	code, _ = captured(t, &os.Stderr, func() int {
		return run(append(args, "--ref", filepath.Join(dir, "missing.txt")))
	})
	if code != 1 {
		t.Errorf("missing --ref file: exit %d, want 1", code)
	}
}
