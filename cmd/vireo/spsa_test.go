package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"vireo/data"
	"vireo/search"
	"vireo/spsa"
	"vireo/uci"
)

// TestParseSPSAArgs checks that one -engine becomes the plus and minus
// sides with the match options of both, and that command lines spsa run
// cannot honour are refused with a reason.
func TestParseSPSAArgs(t *testing.T) {
	base := []string{"-state", "s.json", "-params", "LMRBase,RFPMargin", "-pairs", "400",
		"-engine", "cmd=/bin/sh", "option.Hash=8", "-each", "nodes=25000", "-concurrency", "2",
		"-openings", "file=" + spsaBook, "format=epd"}
	r, err := parseSPSAArgs(base)
	if err != nil {
		t.Fatal(err)
	}
	if r.pairs != 400 || r.batch != 2 || r.cfg.Rounds != 2 || r.cfg.Games != 2 || len(r.cfg.Engines) != 2 ||
		r.cfg.Engines[0].Name != "plus" || r.cfg.Engines[1].Name != "minus" || strings.Join(r.names, ",") != "LMRBase,RFPMargin" {
		t.Fatalf("parsed %+v", r)
	}
	for _, e := range r.cfg.Engines {
		if v, _ := e.Option("Hash"); v != "8" || e.Limits.Nodes != 25000 || e.Cmd != "/bin/sh" {
			t.Errorf("engine %s: %+v", e.Name, e)
		}
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-engine", "cmd=/bin/sh", "-each", "nodes=100"}, "-state"},
		{[]string{"-state", "s.json", "-each", "nodes=100"}, "-engine"},
		{append(append([]string{}, base...), "-engine", "cmd=/bin/true"), "once"},
		{append(append([]string{}, base...), "-sprt", "elo0=0", "elo1=5"), "-sprt is set by spsa run"},
		{[]string{"-state", "s.json", "-engine", "cmd=/bin/sh", "name=x", "-each", "nodes=100"}, "name="},
		{[]string{"-state", "s.json", "-engine", "cmd=/bin/sh"}, "no limit"},
		{append(append([]string{}, base...), "-seed", "ten"), "-seed"},
		{append(append([]string{}, base...), "-pairs", "9000"), "-pairs given twice"},
		{append(append([]string{}, base...), "-concurrency", "1"), "-concurrency given twice"},
		{base[:len(base)-3], "give -openings"},
	}
	for _, c := range cases {
		if _, err := parseSPSAArgs(c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one saying %q", c.args, err, c.want)
		}
	}
}

// TestSPSAState checks that a run starts from the compiled-in defaults,
// resumes from its file, and refuses a file that tunes other parameters
// or a parameter that does not exist.
func TestSPSAState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	seed := "3"
	args := func(params string) []string {
		return []string{"-state", path, "-params", params, "-seed", seed, "-engine", "cmd=/bin/sh", "-each", "nodes=100",
			"-openings", "file=" + spsaBook, "format=epd"}
	}
	mustParse := func(a []string) *spsaRun {
		t.Helper()
		r, err := parseSPSAArgs(a)
		if err != nil {
			t.Fatalf("%q: %v", a, err)
		}
		return r
	}
	r, err := parseSPSAArgs(args("lmrbase,RFPMargin"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.state()
	if err != nil {
		t.Fatal(err)
	}
	if st.Values() != "LMRBase=75,RFPMargin=80" || st.Seed != 3 {
		t.Errorf("new run starts at %s (seed %d)", st.Values(), st.Seed)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the new run's state was not written: %v", err)
	}
	if st2, err := r.state(); err != nil || st2.Values() != st.Values() {
		t.Errorf("resume: %v %v", st2, err)
	}
	// The total and the seed fix the schedules and the nudges: a resume
	// that names others is refused; one that names none goes on.
	r = mustParse(append(args("LMRBase,RFPMargin"), "-pairs", "10"))
	if _, err := r.state(); err == nil || !strings.Contains(err.Error(), "not -pairs 10") {
		t.Errorf("resume with another -pairs: %v", err)
	}
	seed = "4"
	r = mustParse(args("LMRBase,RFPMargin"))
	if _, err := r.state(); err == nil || !strings.Contains(err.Error(), "-seed 3, not 4") {
		t.Errorf("resume with another -seed: %v", err)
	}
	seed = "3"
	r = mustParse([]string{"-state", path, "-engine", "cmd=/bin/sh", "-each", "nodes=100", "-openings", "file=" + spsaBook, "format=epd"})
	if st2, err := r.state(); err != nil || st2.Seed != 3 || st2.Total != 5000 {
		t.Errorf("resume without -params, -pairs or -seed: %+v %v", st2, err)
	}
	// Steps of other games are not mixed into the run: another limit,
	// another engine, or the same path to another binary.
	for _, other := range [][]string{
		{"-state", path, "-engine", "cmd=/bin/sh", "-each", "nodes=200", "-openings", "file=" + spsaBook, "format=epd"},
		{"-state", path, "-engine", "cmd=/bin/sh", "option.Hash=2", "-each", "nodes=100", "-openings", "file=" + spsaBook, "format=epd"},
		{"-state", path, "-engine", "cmd=/bin/sh", "-each", "nodes=100", "-openings", "file=" + spsaBook, "format=epd", "-batch", "4"},
	} {
		r = mustParse(other)
		if _, err := r.state(); err == nil || !strings.Contains(err.Error(), "played its steps with") {
			t.Errorf("resume with %v: %v", other, err)
		}
	}
	// A state written before the games were recorded is resumed, and
	// records them from then on; one whose parameter this build defines
	// with another range is refused.
	saved, err := spsa.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	saved.Match = ""
	saved.Save(path)
	r = mustParse(args("LMRBase,RFPMargin"))
	if st2, err := r.state(); err != nil || st2.Match != r.identity {
		t.Errorf("resume of a state without its games: %v, recorded %q", err, st2.Match)
	}
	saved.Params[0].Max = 300
	saved.Save(path)
	if _, err := r.state(); err == nil || !strings.Contains(err.Error(), "LMRBase has range 0..300") {
		t.Errorf("resume with another range: %v", err)
	}
	r = mustParse(args("LMRBase"))
	if _, err := r.state(); err == nil || !strings.Contains(err.Error(), "not -params LMRBase") {
		t.Errorf("resume with other parameters: %v", err)
	}
	other := args("NoSuchParam")
	other[1] = filepath.Join(t.TempDir(), "other.json") // the value of -state
	r = mustParse(other)
	if _, err := r.state(); err == nil || !strings.Contains(err.Error(), "NoSuchParam") {
		t.Errorf("unknown parameter: %v", err)
	}
}

// TestSPSARun plays a short run with the tune build of the engine: two
// steps of two pairs, each saved, and a second invocation that finds the
// run complete instead of starting over.
func TestSPSARun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	exe := filepath.Join(t.TempDir(), "vireo-tune")
	if out, err := exec.Command("go", "build", "-tags", "tune", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	path := filepath.Join(t.TempDir(), "run.json")
	// Three pairs in steps of two: the last step plays the one left, and
	// the finished state loads again.
	args := []string{"-state", path, "-params", "LMRBase,RFPMargin", "-pairs", "3", "-batch", "2", "-seed", "5",
		"-engine", "cmd=" + exe, "-each", "nodes=400", "option.Hash=1",
		"-openings", "file=" + spsaBook, "format=epd", "order=random"}
	r, err := parseSPSAArgs(args)
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.state()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	var stop atomic.Bool
	if code := r.loop(context.Background(), context.Background(), st, &out, &stop); code != 0 {
		t.Fatalf("exit %d\n%s", code, out.String())
	}
	saved, err := spsa.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if saved.K != 3 || len(saved.Steps) != 2 || saved.Steps[1].Pairs != 1 || !saved.Done() {
		t.Fatalf("after the run: %d pairs, %d steps", saved.K, len(saved.Steps))
	}
	for _, s := range saved.Steps {
		if s.Plus[0] == s.Minus[0] || s.Result < -2*s.Pairs || s.Result > 2*s.Pairs {
			t.Errorf("step %+v: the sides played the same value or an impossible result", s)
		}
	}
	if !strings.Contains(out.String(), "pairs 3/3") {
		t.Errorf("progress:\n%s", out.String())
	}
	r, _ = parseSPSAArgs(args)
	again, err := r.state()
	if err != nil || again.K != 3 || !again.Done() {
		t.Errorf("second invocation: %v, %v", again, err)
	}
	// A second run on a state in use is refused before it plays.
	lock, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := data.LockFile(lock); err != nil {
		t.Fatal(err)
	}
	code, stderr := captured(t, &os.Stderr, func() int { return cmdSPSA(append([]string{"run"}, args...)) })
	if code != 1 || !strings.Contains(stderr, "in use by another run") {
		t.Errorf("a second run on the same state: exit %d, %q", code, stderr)
	}
}

// spsaBook is the openings file of the SPSA tests.
var spsaBook = filepath.Join("..", "..", "..", "shared", "data", "openings", "noob_3moves.epd")

// TestTuneBuildAdvertisesSPSA builds the engine the way README.md tells an
// OpenBench tuning branch to (make with TUNE=1, as OpenBench runs make)
// and checks that the UCI options it advertises beyond a default build's
// are exactly the lines of 'vireo spsa' (the same names in the same
// order, with the same defaults, minima and maxima). A parameter SPSA
// tunes but the engine does not advertise would be sent and ignored.
func TestTuneBuildAdvertisesSPSA(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine with make")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	exe := filepath.Join(t.TempDir(), "vireo-tune")
	build := exec.Command("make", "-C", filepath.Join("..", ".."), "EXE="+exe, "CC=go", "TUNE=1")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("make TUNE=1: %v\n%s", err, out)
	}
	out, err := exec.Command(exe, "uci").Output()
	if err != nil {
		t.Fatalf("%s uci: %v", exe, err)
	}
	var std strings.Builder
	uci.New("default", &std).Execute("uci")
	standard := map[string]bool{}
	for _, o := range uciOptions(t, std.String()) {
		standard[o.name] = true
	}
	var advertised []uciOption
	for _, o := range uciOptions(t, string(out)) {
		if !standard[o.name] {
			advertised = append(advertised, o)
		}
	}
	spsaOut, err := exec.Command(exe, "spsa").Output()
	if err != nil {
		t.Fatalf("%s spsa: %v", exe, err)
	}
	def := search.DefaultParams()
	if string(spsaOut) != def.SPSA() {
		t.Errorf("the tune build's 'vireo spsa' differs from the default build's:\n%s\nwant\n%s", spsaOut, def.SPSA())
	}
	var want []uciOption
	for _, line := range strings.Split(strings.TrimSpace(string(spsaOut)), "\n") {
		f := strings.Split(line, ", ")
		if len(f) != 7 || f[1] != "int" {
			t.Fatalf("spsa line %q: want name, int, default, min, max, c_end, r_end", line)
		}
		want = append(want, uciOption{name: f[0], def: f[2], min: f[3], max: f[4]})
		if standard[f[0]] {
			t.Errorf("%s is advertised by a default build too", f[0])
		}
	}
	if len(want) == 0 {
		t.Fatal("'vireo spsa' printed no parameter")
	}
	if fmt.Sprint(advertised) != fmt.Sprint(want) {
		t.Errorf("the tune build advertises\n%v\n'vireo spsa' lists\n%v", advertised, want)
	}
}

// uciOption is a spin option as a UCI "option" line gives it.
type uciOption struct{ name, def, min, max string }

// uciOptions parses the spin options of a "uci" reply, in order.
func uciOptions(t *testing.T, reply string) []uciOption {
	t.Helper()
	var opts []uciOption
	for _, line := range strings.Split(reply, "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "option name ")
		if !ok {
			continue
		}
		name, spec, ok := strings.Cut(rest, " type ")
		if !ok {
			t.Fatalf("option line %q has no type", line)
		}
		f := strings.Fields(spec)
		if f[0] != "spin" {
			opts = append(opts, uciOption{name: name})
			continue
		}
		if len(f) != 7 || f[1] != "default" || f[3] != "min" || f[5] != "max" {
			t.Fatalf("spin option line %q: want default D min A max B", line)
		}
		opts = append(opts, uciOption{name: name, def: f[2], min: f[4], max: f[6]})
	}
	return opts
}
