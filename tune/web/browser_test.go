package web

// The page in a real browser: headless Chromium (the Debian package,
// which .ci/run installs) driven through the DevTools protocol by
// chromedp, a test-only dependency.

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"vireo/eval"
)

const chromium = "/usr/bin/chromium"

var screenshot = flag.String("screenshot", "", "TestScreenshot writes the page after a short tune to this PNG file (docs/tune-serve.png)")

// browser starts headless Chromium with a fresh profile and returns a
// tab's context, limited to two minutes. Without Chromium the test
// fails, except under -short, where it is skipped.
func browser(t *testing.T, width, height int) context.Context {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		if testing.Short() {
			t.Skipf("browser test skipped under -short: no %s (the Debian package chromium; .ci/run installs it)", chromium)
		}
		t.Fatalf("no %s: install the Debian package chromium (.ci/run does), or run go test -short to skip the browser test", chromium)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(cancelTab)
	// The first call starts the browser; its context must outlive it.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", chromium, err)
	}
	tctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancel)
	return tctx
}

// page drives one tab.
type page struct {
	t   *testing.T
	ctx context.Context
}

func (p page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// js evaluates an expression.
func js[T any](p page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// wait waits until expr is true in the page.
func (p page) wait(what, expr string) {
	p.t.Helper()
	err := chromedp.Do(p.ctx, chromedp.Poll[chromedp.Void](expr,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(time.Minute)))
	if err != nil {
		msg := js[string](p, `document.getElementById('message').textContent`)
		p.t.Fatalf("waiting for %s (%s): %v; message line %q", what, expr, err, msg)
	}
}

func (p page) click(id string) { p.t.Helper(); p.do(chromedp.Click(chromedp.CSS("#" + id))) }

func (p page) set(id, value string) {
	p.t.Helper()
	p.do(chromedp.SetValue(chromedp.CSS("#"+id), value))
}

func (p page) text(id string) string {
	p.t.Helper()
	return js[string](p, `document.getElementById('`+id+`').textContent`)
}

// commas writes n as the page does (toLocaleString('en')): 12,345.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

const chartPoints = `+document.getElementById('chart').dataset.n`

// TestBrowser is the workbench's end-to-end test: the page over a small data
// set, Show Error and its MSE, a group tune whose curve gains points, a
// page reload that shows the tune in progress, Stop, Save and the saved
// file, and a bad save path refused on the page.
func TestBrowser(t *testing.T) {
	s, ts := newTestServer(t, 3000)
	s.pace = 20 * time.Millisecond // a few thousand positions tune fast: slow the steps to watch them
	p := page{t, browser(t, 1280, 1000)}
	p.do(chromedp.Navigate(ts.URL))
	p.wait("the table", `document.querySelectorAll('#params tbody tr').length > 100`)
	p.wait("the data line", fmt.Sprintf(`document.getElementById('data-info').textContent.includes('%s training positions, %s validation (20%% held out)')`,
		commas(s.cfg.Train.Len()), commas(s.cfg.Valid.Len())))

	// Show Error: the MSE of the compiled-in values.
	p.click("show-error")
	p.wait("the error", `document.getElementById('err-train').textContent !== '–'`)
	def := eval.Defaults()
	wantTr, wantVa := fmt.Sprintf("%.6f", s.cfg.Train.Error(def, s.cfg.K, 0)), fmt.Sprintf("%.6f", s.cfg.Valid.Error(def, s.cfg.K, 0))
	if tr, va := p.text("err-train"), p.text("err-valid"); tr != wantTr || va != wantVa {
		t.Fatalf("Show Error: training %s validation %s, want %s and %s", tr, va, wantTr, wantVa)
	}

	// Search the table.
	p.do(chromedp.SendKeys(chromedp.CSS("#search"), "pp_free"))
	want := 0
	for _, tm := range eval.Terms() {
		if strings.Contains(strings.ToLower(tm.Group.String()+" "+tm.Name+" "+tm.Doc), "pp_free") {
			want++
		}
	}
	visible := `[...document.querySelectorAll('#params tbody tr:not(.group)')].filter(r => !r.hidden).length`
	if n := js[int](p, visible); n != want || want == 0 {
		t.Fatalf("search pp_free: %d rows shown, want %d", n, want)
	}
	js[chromedp.Void](p, `(s => { s.value = ''; s.dispatchEvent(new Event('input')); })(document.getElementById('search'))`)
	if n := js[int](p, visible); n != len(eval.Terms()) {
		t.Fatalf("cleared search: %d rows shown, want %d", n, len(eval.Terms()))
	}

	// A group tune; the curve gains points.
	p.set("group", "PassedV")
	p.set("rounds", "0")
	p.click("coord-group")
	p.wait("the tune to start", `document.getElementById('job-state').dataset.state === 'running'`)
	p.wait("three points", chartPoints+` >= 3`)
	n := js[int](p, chartPoints)
	p.wait("more points", fmt.Sprintf(`%s > %d`, chartPoints, n))

	// A reload shows the tune in progress, its curve included.
	n = js[int](p, chartPoints)
	p.do(chromedp.Reload())
	p.wait("the running job after a reload", fmt.Sprintf(`document.getElementById('job-state').dataset.state === 'running' && %s >= %d`, chartPoints, n))
	if s := p.text("job-state"); !strings.Contains(s, "coordinate descent on PassedV: running") {
		t.Fatalf("job line after the reload: %q", s)
	}

	// Stop.
	p.click("stop")
	p.wait("the tune to stop", `document.getElementById('job-state').dataset.state === 'stopped'`)
	p.wait("the values changed", `document.querySelectorAll('#params td.changed').length > 0`)

	// Save, and the saved file.
	p.set("save-path", "saved.txt")
	p.click("save")
	p.wait("the save", `document.getElementById('message').textContent === 'wrote saved.txt'`)
	saved, err := eval.LoadParams(filepath.Join(s.root, "saved.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if cur, _ := s.snapshot(); *saved != *cur {
		t.Fatal("the saved file is not the table")
	}
	changedOnly(t, def, saved, eval.PassedV)
	head, _ := os.ReadFile(filepath.Join(s.root, "saved.txt"))
	if !strings.HasPrefix(string(head), "# vireo tune serve --data") {
		t.Fatalf("saved file header: %.80q", head)
	}

	// A save path outside the working directory: an error on the page,
	// nothing written.
	p.set("save-path", "../escape.txt")
	p.click("save")
	p.wait("the refusal", `(m => m.className === 'error' && m.textContent.includes('outside the working directory'))(document.getElementById('message'))`)
	if _, err := os.Stat(filepath.Join(s.root, "..", "escape.txt")); err == nil {
		t.Fatal("a file was written outside the working directory")
	}
}

// TestScreenshot writes the screenshot of docs/tuning.md: the page over
// 100,000 positions after the importance measurement and a coordinate
// descent of PassedV. Run it by hand:
//
//	nice -n 19 go test ./tune/web -run TestScreenshot -screenshot $PWD/docs/tune-serve.png
func TestScreenshot(t *testing.T) {
	if *screenshot == "" {
		t.Skip("writes docs/tune-serve.png when run with -screenshot FILE")
	}
	train, valid := testData(t, 100000)
	k, _ := train.FitK(eval.Defaults(), 0)
	s, err := New(Config{Train: train, Valid: valid, K: k, KFitted: true, Files: []string{"../shared/data/labeled/engine-games.epd"},
		Validation: 0.2, Root: "../.."})
	if err != nil {
		t.Fatal(err)
	}
	ts := serve(t, s)
	p := page{t, browser(t, 1280, 1200)}
	p.do(chromedp.EmulateViewport(1280, 1200), chromedp.Navigate(ts.URL))
	p.wait("the table", `document.querySelectorAll('#params tbody tr').length > 100`)
	p.click("importance")
	p.wait("the importance", `document.getElementById('job-state').textContent.startsWith('the importance measurement: done')`)
	p.click("show-error")
	p.wait("the error", `document.getElementById('err-train').textContent !== '–'`)
	p.set("group", "PassedV")
	p.set("l2", "1e-6")
	p.click("coord-group")
	p.wait("the tune", `document.getElementById('job-state').textContent.startsWith('coordinate descent on PassedV: done')`)
	p.click("show-error")
	p.wait("the change", `document.getElementById('err-dtrain').textContent !== ''`)
	p.do(chromedp.SendKeys(chromedp.CSS("#search"), "PassedV"))
	js[chromedp.Void](p, `document.getElementById('message').className = 'hidden'`)
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*screenshot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes): %s", *screenshot, len(png), p.text("job-message"))
}
