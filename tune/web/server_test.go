package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"vireo/eval"
	"vireo/tune"
)

const epdPath = "../../../shared/data/labeled/engine-games.epd"

// loaded caches data sets by size: tracing is the slow part of a test.
var (
	loadMu sync.Mutex
	loaded = map[int][2]*tune.Dataset{}
)

// testData loads the first n positions of the shared labelled file, a
// fifth held out in blocks of 100, skipping the test if the file is
// missing (as the tune package's tests do).
func testData(t testing.TB, n int) (train, valid *tune.Dataset) {
	t.Helper()
	loadMu.Lock()
	defer loadMu.Unlock()
	if d, ok := loaded[n]; ok {
		return d[0], d[1]
	}
	if _, err := os.Stat(epdPath); err != nil {
		t.Skipf("no labelled positions: %v", err)
	}
	train, valid, _, err := tune.Load(tune.LoadOptions{Files: []string{epdPath}, Limit: n, Validation: 0.2, Block: 100, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	loaded[n] = [2]*tune.Dataset{train, valid}
	return train, valid
}

// newTestServer serves n positions with a temporary working directory.
func newTestServer(t testing.TB, n int) (*Server, *httptest.Server) {
	t.Helper()
	train, valid := testData(t, n)
	k, _ := train.FitK(eval.Defaults(), 0)
	s, err := New(Config{Train: train, Valid: valid, K: k, KFitted: true, Files: []string{epdPath},
		Validation: 0.2, Root: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return s, serve(t, s)
}

// serve serves s until the end of the test (its job stopped).
func serve(t testing.TB, s *Server) *httptest.Server {
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		s.Stop()
		ts.Close()
	})
	return ts
}

// call sends a request (a JSON body for POST) and decodes the reply.
func call(t testing.TB, ts *httptest.Server, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var r io.Reader
	if body != nil {
		switch b := body.(type) {
		case string:
			r = strings.NewReader(b)
		default:
			js, _ := json.Marshal(b)
			r = bytes.NewReader(js)
		}
	}
	req, _ := http.NewRequest(method, ts.URL+path, r)
	req.Header.Set("Content-Type", "application/json")
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatalf("%s %s: status %d, undecodable reply: %v", method, path, resp.StatusCode, err)
	}
	return resp.StatusCode, out
}

// waitJob waits for the current job to end and returns its view.
func waitJob(t testing.TB, s *Server) *jobView {
	t.Helper()
	s.mu.Lock()
	j := s.job
	s.mu.Unlock()
	select {
	case <-j.ended:
	case <-time.After(2 * time.Minute):
		t.Fatal("job did not end")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return j.view(0)
}

// TestShowError checks Show Error against the tune package's own error
// and the change since the last press.
func TestShowError(t *testing.T) {
	s, ts := newTestServer(t, 2000)
	p := eval.Defaults()
	code, e := call(t, ts, "POST", "/api/error", nil)
	if code != 200 {
		t.Fatalf("status %d: %v", code, e)
	}
	tr, va := s.cfg.Train.Error(p, s.cfg.K, 0), s.cfg.Valid.Error(p, s.cfg.K, 0)
	if e["train"] != tr || e["valid"] != va || e["dtrain"] != nil {
		t.Fatalf("first press %v, want train %v valid %v and no change", e, tr, va)
	}
	if code, r := call(t, ts, "POST", "/api/param", map[string]string{"name": "PIECE_VALUE", "value": "[(100,100), (300,300), (300,300), (500,500), (900,900)]"}); code != 200 {
		t.Fatalf("setting a value: %d %v", code, r)
	}
	_, e2 := call(t, ts, "POST", "/api/error", nil)
	q, _ := eval.ReadParams(strings.NewReader("PIECE_VALUE = [(100,100), (300,300), (300,300), (500,500), (900,900)]"), nil)
	tr2 := s.cfg.Train.Error(q, s.cfg.K, 0)
	if e2["train"] != tr2 || e2["dtrain"] != tr2-tr || tr2 == tr {
		t.Fatalf("second press %v, want train %v and change %v", e2, tr2, tr2-tr)
	}
	_, st := call(t, ts, "GET", "/api/state", nil)
	if st["error"].(map[string]any)["train"] != tr2 {
		t.Fatalf("state does not keep the last Show Error: %v", st["error"])
	}
}

// TestBadRequestsChangeNothing sends malformed requests of every kind:
// each gets 400 and a message saying what is wrong, and afterwards the
// table, the job and the working directory are as before.
func TestBadRequestsChangeNothing(t *testing.T) {
	s, ts := newTestServer(t, 20000)
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(s.root, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(s.root, "notevaldir"), 0o755); err != nil {
		t.Fatal(err)
	}
	before := dirList(t, s.root)
	_, st0 := call(t, ts, "GET", "/api/state", nil)
	for _, c := range []struct {
		path string
		body any
		want string
	}{
		{"/api/job", map[string]string{"kind": "coord", "group": "NoSuchV"}, `unknown group "NoSuchV"`},
		{"/api/job", map[string]string{"kind": "adam", "group": "PassedV", "lr": "fast"}, `lr: malformed value "fast"`},
		{"/api/job", map[string]string{"kind": "adam", "epochs": "-3"}, `epochs: malformed value "-3"`},
		{"/api/job", map[string]string{"kind": "coord", "rounds": "1.5"}, "whole numbers"},
		{"/api/job", map[string]string{"kind": "coord", "l2": "NaN"}, `l2: malformed value "NaN"`},
		{"/api/job", map[string]string{"kind": "spsa"}, `unknown job "spsa"`},
		{"/api/job", `{"kind": "coord"`, "malformed request"},
		{"/api/job", `{"kind": "coord", "turbo": true}`, `unknown field "turbo"`},
		{"/api/param", map[string]string{"name": "BISHOP_PAIR", "value": "(1,"}, "malformed value: BISHOP_PAIR: want (mg, eg)"},
		{"/api/param", map[string]string{"name": "BISHOP_PAIR", "value": "(1, x)"}, "malformed value"},
		{"/api/param", map[string]string{"name": "PIECE_VALUE", "value": "[(1, 2)]"}, "want 5 values, got 1"},
		{"/api/param", map[string]string{"name": "BISHOP_PAIR", "value": "(1, 2)\nTEMPO = (0, 0)"}, "malformed value"},
		{"/api/param", map[string]string{"name": "NO_SUCH_TERM", "value": "1"}, `unknown parameter "NO_SUCH_TERM"`},
		{"/api/save", map[string]string{"path": "../escape.txt"}, "outside the working directory"},
		{"/api/save", map[string]string{"path": filepath.Join(outside, "abs.txt")}, "outside the working directory"},
		{"/api/save", map[string]string{"path": "a/../../escape.txt"}, "outside the working directory"},
		{"/api/save", map[string]string{"path": "out/through-link.txt"}, "leads outside the working directory"},
		{"/api/save", map[string]string{"path": "missing/x.txt"}, "does not exist"},
		{"/api/save", map[string]string{"path": ""}, "empty path"},
		{"/api/save", map[string]string{"path": "notevaldir"}, "is a directory"},
		{"/api/save", map[string]string{"path": "ok.txt", "defaults": "notevaldir"}, "has no params.go"},
		{"/api/save", map[string]string{"path": "ok.txt", "defaults": "../eval"}, "outside the working directory"},
		{"/api/reload", map[string]string{"source": "file", "path": "../../eval/params.go"}, "outside the working directory"},
		{"/api/reload", map[string]string{"source": "file", "path": "nothere.txt"}, "no such file"},
		{"/api/reload", map[string]string{"source": "file"}, "no parameter file"},
		{"/api/reload", map[string]string{"source": "web"}, `unknown source "web"`},
	} {
		code, r := call(t, ts, "POST", c.path, c.body)
		msg, _ := r["error"].(string)
		if code != 400 || !strings.Contains(msg, c.want) {
			t.Errorf("%s %v: %d %q, want 400 and %q", c.path, c.body, code, msg, c.want)
		}
	}
	_, st1 := call(t, ts, "GET", "/api/state", nil)
	if st1["rev"] != st0["rev"] || st1["job"] != nil {
		t.Fatalf("state changed: rev %v -> %v, job %v", st0["rev"], st1["rev"], st1["job"])
	}
	if *s.cur != *eval.Defaults() {
		t.Fatal("the table changed")
	}
	if after := dirList(t, s.root); !slices.Equal(before, after) {
		t.Fatalf("working directory changed: %v -> %v", before, after)
	}
	if after := dirList(t, outside); len(after) != 1 {
		t.Fatalf("files written outside: %v", after)
	}
	// Wrong methods and other sites' pages are refused too.
	if code, r := call(t, ts, "GET", "/api/save", nil); code != http.StatusMethodNotAllowed || r["error"] != "/api/save takes POST" {
		t.Errorf("GET /api/save: %d %v", code, r)
	}
	if code, r := call(t, ts, "POST", "/api/rm", nil); code != http.StatusNotFound {
		t.Errorf("POST /api/rm: %d %v", code, r)
	}
	req, _ := http.NewRequest("POST", ts.URL+"/api/save", strings.NewReader(`{"path":"x.txt"}`))
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, err := ts.Client().Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site save: %v %v", resp.StatusCode, err)
	}
	req, _ = http.NewRequest("GET", ts.URL+"/api/state", nil)
	req.Host = "attacker.example:80"
	if resp, err := ts.Client().Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("foreign Host on loopback: %v %v", resp.StatusCode, err)
	}
}

// dirList lists a directory tree, for before-and-after comparisons.
func dirList(t testing.TB, root string) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// TestOneJobAtATime starts a slowed tune and checks that a second job,
// an edit and a reload are refused while it runs, that Stop ends it
// and that the tune's values are kept.
func TestOneJobAtATime(t *testing.T) {
	s, ts := newTestServer(t, 1000)
	s.pace = 5 * time.Millisecond
	s.cfg.Restart = func() error { t.Error("restarted during a job"); return nil }
	if code, r := call(t, ts, "POST", "/api/job", map[string]string{"kind": "coord", "rounds": "0"}); code != 202 {
		t.Fatalf("start: %d %v", code, r)
	}
	for _, c := range []struct {
		path string
		body any
	}{
		{"/api/job", map[string]string{"kind": "adam"}},
		{"/api/job", map[string]string{"kind": "importance"}},
		{"/api/param", map[string]string{"name": "TEMPO", "value": "(1, 1)"}},
		{"/api/reload", map[string]string{"source": "defaults"}},
		{"/api/restart", nil},
	} {
		code, r := call(t, ts, "POST", c.path, c.body)
		if msg, _ := r["error"].(string); code != http.StatusConflict || !strings.Contains(msg, "coordinate descent on every group is running") {
			t.Errorf("%s during a tune: %d %q, want 409 and the running job named", c.path, code, msg)
		}
	}
	// Some points, then Stop.
	deadline := time.Now().Add(time.Minute)
	for {
		_, st := call(t, ts, "GET", "/api/state", nil)
		if st["job"].(map[string]any)["npoints"].(float64) >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no points")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code, r := call(t, ts, "POST", "/api/stop", nil); code != 200 {
		t.Fatalf("stop: %d %v", code, r)
	}
	v := waitJob(t, s)
	if v.State != stateStopped || v.NPoints < 3 || !strings.Contains(v.Message, "training error") {
		t.Fatalf("after Stop: %+v", v)
	}
	if code, r := call(t, ts, "POST", "/api/stop", nil); code != http.StatusConflict || r["error"] != "no job is running" {
		t.Fatalf("stop with no job: %d %v", code, r)
	}
	p, _ := s.snapshot()
	if *p == *eval.Defaults() {
		t.Fatal("the stopped tune left the table unchanged")
	}
	// Now the table may change again.
	if code, r := call(t, ts, "POST", "/api/reload", map[string]string{"source": "defaults"}); code != 200 {
		t.Fatalf("reload after the job: %d %v", code, r)
	}
	if p, _ := s.snapshot(); *p != *eval.Defaults() {
		t.Fatal("reload did not restore the compiled-in values")
	}
}

// TestJobsSaveAndReload runs each kind of job to its end through the
// API, then saves, changes the table, and reloads the saved file.
func TestJobsSaveAndReload(t *testing.T) {
	s, ts := newTestServer(t, 2000)
	_, e0 := call(t, ts, "POST", "/api/error", nil)

	call(t, ts, "POST", "/api/job", map[string]string{"kind": "coord", "group": "scalev"})
	v := waitJob(t, s)
	nScale := tune.CountMask(tune.TunableMask(eval.ScaleV))
	if v.State != stateDone || v.Group != "ScaleV" || v.Done != nScale || v.Points[0].X != 0 || v.NPoints < 3 {
		t.Fatalf("coord ScaleV: %+v", v)
	}
	last := v.Points[len(v.Points)-1]
	p, _ := s.snapshot()
	if got := s.cfg.Train.Error(p, s.cfg.K, 0); last.Train != got || last.Train >= v.Points[0].Train {
		t.Fatalf("last point %v, error of the table %v, first point %v", last, got, v.Points[0])
	}
	changedOnly(t, eval.Defaults(), p, eval.ScaleV)

	call(t, ts, "POST", "/api/job", map[string]string{"kind": "adam", "group": "PassedV", "epochs": "6", "lr": "1"})
	v = waitJob(t, s)
	if v.State != stateDone || v.NPoints != 6 || v.Points[5].X != 6 || v.Points[5].Valid == 0 {
		t.Fatalf("adam PassedV: %+v", v)
	}
	q, _ := s.snapshot()
	changedOnly(t, p, q, eval.PassedV)

	call(t, ts, "POST", "/api/job", map[string]string{"kind": "importance"})
	v = waitJob(t, s)
	if v.State != stateDone || v.Done != len(eval.Terms()) {
		t.Fatalf("importance: %+v", v)
	}
	_, params := call(t, ts, "GET", "/api/params", nil)
	terms := params["terms"].([]any)
	want := tune.Importances(s.cfg.Train, q, s.cfg.K, 0)
	for _, tm := range terms {
		m := tm.(map[string]any)
		if m["name"] == want[0].Term.Name && m["importance"] != want[0].Share {
			t.Fatalf("%s importance %v, want %v", m["name"], m["importance"], want[0].Share)
		}
		if m["importance"] == nil {
			t.Fatalf("%s has no importance", m["name"])
		}
	}

	_, e1 := call(t, ts, "POST", "/api/error", nil)
	if e1["dtrain"].(float64) >= 0 || e1["train"].(float64) >= e0["train"].(float64) {
		t.Fatalf("error after the tunes %v, before %v", e1, e0)
	}
	if code, r := call(t, ts, "POST", "/api/save", map[string]string{"path": "tuned.txt"}); code != 200 {
		t.Fatalf("save: %d %v", code, r)
	}
	saved, err := eval.LoadParams(filepath.Join(s.root, "tuned.txt"))
	if err != nil || *saved != *q {
		t.Fatalf("saved file: %v, equal to the table: %v", err, err == nil && *saved == *q)
	}
	call(t, ts, "POST", "/api/reload", map[string]string{"source": "defaults"})
	if code, r := call(t, ts, "POST", "/api/reload", map[string]string{"source": "file", "path": "tuned.txt"}); code != 200 {
		t.Fatalf("reload: %d %v", code, r)
	}
	if p, _ := s.snapshot(); *p != *q {
		t.Fatal("reloading the saved file did not restore the table")
	}
}

// changedOnly fails unless b differs from a, and only in group g.
func changedOnly(t *testing.T, a, b *eval.Params, g eval.Group) {
	t.Helper()
	va, vb := tune.VectorOf(a), tune.VectorOf(b)
	n := 0
	for i := range va {
		if va[i] != vb[i] {
			if tune.GroupOf(i) != g {
				t.Fatalf("value %d of %s changed in a %s tune", i, tune.GroupOf(i), g)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatalf("no %s value changed", g)
	}
}

// TestSaveDefaults saves into a copy of the module's eval package (with
// the packages it imports, for the generator of docs/eval.md): its
// params.go gets the table (as "vireo tune defaults" writes it) and go
// generate runs there.
func TestSaveDefaults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the eval code generator")
	}
	s, ts := newTestServer(t, 300)
	for _, dir := range []string{"chess", "eval", "internal"} {
		if err := os.CopyFS(filepath.Join(s.root, dir), os.DirFS(filepath.Join("../..", dir))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(s.root, "go.mod"), []byte("module vireo\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fast := filepath.Join(s.root, "eval", "eval_fast.go")
	if err := os.WriteFile(fast, []byte("package eval\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	call(t, ts, "POST", "/api/param", map[string]string{"name": "BISHOP_PAIR", "value": "(31, 47)"})
	if code, r := call(t, ts, "POST", "/api/save", map[string]string{"path": "t.txt", "defaults": "eval"}); code != 200 {
		t.Fatalf("save with defaults: %d %v", code, r)
	}
	src, _ := os.ReadFile(filepath.Join(s.root, "eval", "params.go"))
	if !bytes.Contains(src, []byte(`"BISHOP_PAIR", iBishopPair, "bishops on both square colours", S(31, 47))`)) {
		t.Fatal("params.go does not hold the new BISHOP_PAIR")
	}
	gen, _ := os.ReadFile(fast)
	want, _ := os.ReadFile("../../eval/eval_fast.go")
	if !bytes.Equal(gen, want) {
		t.Fatalf("go generate did not regenerate eval_fast.go (%d bytes)", len(gen))
	}
}

// TestResponsiveWhileTuning measures the page and Show Error while a
// whole-table tune runs on every core: each must answer within 200 ms.
func TestResponsiveWhileTuning(t *testing.T) {
	if testing.Short() {
		t.Skip("a timing measurement (and -short is how make test runs the race detector)")
	}
	s, ts := newTestServer(t, 1000)
	// A fast machine can finish a whole coordinate descent within the
	// measurement, so a tune that has ended is started again: every
	// request below is timed while one runs.
	start := func() {
		if code, r := call(t, ts, "POST", "/api/job", map[string]string{"kind": "coord", "rounds": "0"}); code != 202 {
			t.Fatalf("start: %d %v", code, r)
		}
		time.Sleep(300 * time.Millisecond) // past the coordinate cache's set-up
	}
	start()
	var page, showErr []time.Duration
	restarts := 0
	for range 20 {
		s.mu.Lock()
		state, jobErr := s.job.State, s.job.err
		s.mu.Unlock()
		switch state {
		case stateFailed:
			t.Fatalf("the tune failed: %s", jobErr)
		case stateDone:
			restarts++
			start()
		}
		t0 := time.Now()
		resp, err := ts.Client().Get(ts.URL + "/")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		page = append(page, time.Since(t0))
		t0 = time.Now()
		if code, r := call(t, ts, "POST", "/api/error", nil); code != 200 {
			t.Fatalf("Show Error: %d %v", code, r)
		}
		showErr = append(showErr, time.Since(t0))
		time.Sleep(50 * time.Millisecond)
	}
	s.mu.Lock()
	steps := s.job.steps
	s.mu.Unlock()
	call(t, ts, "POST", "/api/stop", nil)
	waitJob(t, s)
	ps, es := summary(page), summary(showErr)
	t.Logf("while coordinate descent ran (%d values settled, %d restarts) over %d+%d positions: page %s; Show Error %s",
		steps, restarts, s.cfg.Train.Len(), s.cfg.Valid.Len(), ps, es)
	// The median, not the maximum: on a loaded machine the scheduler
	// can hold up any one request.
	if median(page) > 200*time.Millisecond || median(showErr) > 200*time.Millisecond {
		t.Fatalf("slower than 200 ms: page %s; Show Error %s", ps, es)
	}
}

func median(d []time.Duration) time.Duration {
	c := slices.Clone(d)
	slices.Sort(c)
	return c[len(c)/2]
}

func summary(d []time.Duration) string {
	c := slices.Clone(d)
	slices.Sort(c)
	return fmt.Sprintf("median %v, 90th percentile %v, max %v", c[len(c)/2].Round(time.Microsecond),
		c[len(c)*9/10].Round(time.Microsecond), c[len(c)-1].Round(time.Microsecond))
}

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "localhost:80": true, "[::1]:8080": true, "127.0.0.2": true,
		"0.0.0.0:8080": false, "[::]:8080": false, ":8080": false, "192.168.1.2:8080": false, "example.com": false,
	} {
		if IsLoopback(addr) != want {
			t.Errorf("IsLoopback(%q) = %v", addr, !want)
		}
	}
}

// TestRestart: the restart call answers, then runs the restart function
// (vireo tune serve: re-execute the rebuilt binary); without one it is a
// clear refusal. During a job it is refused (TestOneJobAtATime).
func TestRestart(t *testing.T) {
	s, ts := newTestServer(t, 200)
	if code, r := call(t, ts, "POST", "/api/restart", nil); code != http.StatusNotImplemented || r["error"] == nil {
		t.Fatalf("restart without a restart function: %d %v, want 501 with an error", code, r)
	}
	called := make(chan struct{}, 1)
	s.cfg.Restart = func() error { called <- struct{}{}; return nil }
	if code, r := call(t, ts, "POST", "/api/restart", nil); code != http.StatusAccepted {
		t.Fatalf("restart: %d %v, want 202", code, r)
	}
	select {
	case <-called:
	case <-time.After(5 * time.Second):
		t.Fatal("the restart function was not called")
	}
	// Once a restart is promised, no job starts.
	if code, r := call(t, ts, "POST", "/api/job", map[string]string{"kind": "coord"}); code != http.StatusConflict {
		t.Errorf("job during a restart: %d %v, want 409", code, r)
	}

	// A table with changes not saved is not thrown away by a restart
	// unless the request insists; a Save makes it safe.
	for _, force := range []bool{false, true} {
		s, ts := newTestServer(t, 200)
		called := make(chan struct{}, 1)
		s.cfg.Restart = func() error { called <- struct{}{}; return nil }
		if code, r := call(t, ts, "POST", "/api/param", map[string]string{"name": "TEMPO", "value": "(1, 2)"}); code != 200 {
			t.Fatalf("edit: %d %v", code, r)
		}
		code, r := call(t, ts, "POST", "/api/restart", nil)
		if msg, _ := r["error"].(string); code != http.StatusConflict || !strings.Contains(msg, "not saved") {
			t.Fatalf("restart with an edit not saved: %d %q, want 409", code, msg)
		}
		if force {
			code, r = call(t, ts, "POST", "/api/restart", map[string]bool{"force": true})
		} else {
			if code, r := call(t, ts, "POST", "/api/save", map[string]string{"path": "kept.txt"}); code != 200 {
				t.Fatalf("save: %d %v", code, r)
			}
			code, r = call(t, ts, "POST", "/api/restart", nil)
		}
		if code != http.StatusAccepted {
			t.Fatalf("force %v: restart %d %v, want 202", force, code, r)
		}
		select {
		case <-called:
		case <-time.After(5 * time.Second):
			t.Fatalf("force %v: the restart function was not called", force)
		}
	}
}

// TestSaveRefusesInputs: Save never writes a parameter file over the data
// the server tunes on, nor over Go source; the data is left as it was.
func TestSaveRefusesInputs(t *testing.T) {
	src, err := os.ReadFile(epdPath)
	if err != nil {
		t.Skipf("no labelled positions: %v", err)
	}
	lines := strings.SplitAfterN(string(src), "\n", 601)
	root := t.TempDir()
	train := filepath.Join(root, "train.epd")
	if err := os.WriteFile(train, []byte(strings.Join(lines[:600], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, va, _, err := tune.Load(tune.LoadOptions{Files: []string{train}, Validation: 0.2, Block: 100, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Train: tr, Valid: va, K: 1, KFitted: true, Files: []string{train}, Validation: 0.2, Root: root})
	if err != nil {
		t.Fatal(err)
	}
	ts := serve(t, s)
	before, _ := os.ReadFile(train)
	for path, want := range map[string]string{"train.epd": "also an input", "./train.epd": "also an input", "params.go": "is Go source"} {
		code, r := call(t, ts, "POST", "/api/save", map[string]string{"path": path})
		if msg, _ := r["error"].(string); code != 400 || !strings.Contains(msg, want) {
			t.Errorf("save to %s: %d %q, want 400 and %q", path, code, msg, want)
		}
	}
	if after, _ := os.ReadFile(train); string(after) != string(before) {
		t.Error("the training data was changed")
	}
	if _, err := os.Stat(filepath.Join(root, "params.go")); err == nil {
		t.Error("params.go was written")
	}
	if code, r := call(t, ts, "POST", "/api/save", map[string]string{"path": "tuned.txt"}); code != 200 {
		t.Errorf("save to tuned.txt: %d %v", code, r)
	}
}
