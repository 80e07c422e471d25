package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"vireo/spsa"
)

// TestParseSPSAArgs checks that one -engine becomes the plus and minus
// sides with the match options of both, and that command lines spsa run
// cannot honour are refused with a reason.
func TestParseSPSAArgs(t *testing.T) {
	base := []string{"-state", "s.json", "-params", "LMRBase,RFPMargin", "-pairs", "400",
		"-engine", "cmd=/bin/sh", "option.Hash=8", "-each", "nodes=25000", "-concurrency", "2"}
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
	args := func(params string) []string {
		return []string{"-state", path, "-params", params, "-seed", "3", "-engine", "cmd=/bin/sh", "-each", "nodes=100"}
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
	r, _ = parseSPSAArgs(args("LMRBase"))
	if _, err := r.state(); err == nil || !strings.Contains(err.Error(), "not -params LMRBase") {
		t.Errorf("resume with other parameters: %v", err)
	}
	r, _ = parseSPSAArgs(append(args("NoSuchParam"), "-state", filepath.Join(t.TempDir(), "other.json")))
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
	args := []string{"-state", path, "-params", "LMRBase,RFPMargin", "-pairs", "4", "-batch", "2", "-seed", "5",
		"-engine", "cmd=" + exe, "-each", "nodes=400", "option.Hash=1",
		"-openings", "file=" + filepath.Join("..", "..", "..", "shared", "data", "openings", "noob_3moves.epd"), "format=epd", "order=random"}
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
	if saved.K != 4 || len(saved.Steps) != 2 || !saved.Done() {
		t.Fatalf("after the run: %d pairs, %d steps", saved.K, len(saved.Steps))
	}
	for _, s := range saved.Steps {
		if s.Plus[0] == s.Minus[0] || s.Result < -4 || s.Result > 4 {
			t.Errorf("step %+v: the sides played the same value or an impossible result", s)
		}
	}
	if !strings.Contains(out.String(), "pairs 4/4") {
		t.Errorf("progress:\n%s", out.String())
	}
	r, _ = parseSPSAArgs(args)
	again, err := r.state()
	if err != nil || again.K != 4 || !again.Done() {
		t.Errorf("second invocation: %v, %v", again, err)
	}
}
