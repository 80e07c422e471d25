package data

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// numbered is n lines "line 1" ... "line n".
func numbered(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

// echoJob returns a job whose workers answer each batch with its lines,
// each prefixed by the line number the worker was told, after a random
// pause so that batches come back out of order; emitted collects them.
func echoJob(emitted *[]string, threads, size int) lineJob[*rand.Rand, []string] {
	var seed atomic.Uint64 // NewWorker runs on each worker
	return lineJob[*rand.Rand, []string]{
		Name: "in.txt", Size: size, Threads: threads,
		NewWorker: func() *rand.Rand { return rand.New(rand.NewPCG(seed.Add(1), 1)) },
		Run: func(ctx context.Context, r *rand.Rand, first int, lines []string) []string {
			time.Sleep(time.Duration(r.IntN(300)) * time.Microsecond)
			out := make([]string, len(lines))
			for i, l := range lines {
				out[i] = fmt.Sprintf("%d:%s", first+i, l)
			}
			return out
		},
		Emit: func(r []string) error { *emitted = append(*emitted, r...); return nil },
	}
}

func TestRunLines(t *testing.T) {
	boom := errors.New("disk full")
	tests := []struct {
		name     string
		lines    int
		skip     int
		emitFail int   // fail at this emitted batch (1-based); 0: never
		emitErr  error // what that batch's Emit returns
		tickErr  bool  // Tick fails at its third call
		wantN    int   // lines emitted
		complete bool
		err      string
	}{
		{name: "all in order", lines: 1000, wantN: 1000, complete: true},
		{name: "empty input", lines: 0, wantN: 0, complete: true},
		{name: "skip", lines: 1000, skip: 993, wantN: 7, complete: true},
		{name: "skip all", lines: 20, skip: 30, wantN: 0, complete: true},
		{name: "stop", lines: 1000, emitFail: 3, emitErr: errStopLines, wantN: 21},
		{name: "emit error", lines: 1000, emitFail: 2, emitErr: boom, wantN: 14, err: "disk full"},
		{name: "tick error", lines: 1000, tickErr: true, err: "tick"},
	}
	// Threads 0 is one worker, not none.
	var got []string
	j := echoJob(&got, 0, 7)
	if complete, err := runLines(context.Background(), strings.NewReader(numbered(20)), j); !complete || err != nil || len(got) != 20 {
		t.Errorf("Threads 0: complete %v, error %v, %d lines emitted; want 20", complete, err, len(got))
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			j := echoJob(&got, 3, 7)
			j.Skip = tc.skip
			emit, calls := j.Emit, 0
			j.Emit = func(r []string) error {
				calls++
				if err := emit(r); err != nil {
					return err
				}
				if calls == tc.emitFail {
					return tc.emitErr
				}
				return nil
			}
			ticks := 0
			j.Tick = func() error {
				ticks++
				if tc.tickErr && ticks == 3 {
					return errors.New("tick")
				}
				return nil
			}
			complete, err := runLines(context.Background(), strings.NewReader(numbered(tc.lines)), j)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || err.Error() != tc.err) {
				t.Fatalf("error %v, want %q", err, tc.err)
			}
			if complete != tc.complete {
				t.Errorf("complete %v, want %v", complete, tc.complete)
			}
			if tc.tickErr {
				return // how many batches came back before the third tick varies
			}
			if len(got) != tc.wantN {
				t.Fatalf("%d lines emitted, want %d", len(got), tc.wantN)
			}
			for i, l := range got {
				n := tc.skip + i + 1
				if want := fmt.Sprintf("%d:line %d", n, n); l != want {
					t.Fatalf("emitted line %d is %q, want %q", i+1, l, want)
				}
			}
		})
	}
}

// TestRunLinesCancel: a cancellation stops the run without an error, and
// what was emitted is a prefix of the input in order.
func TestRunLinesCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var got []string
	j := echoJob(&got, 2, 5)
	emit := j.Emit
	j.Emit = func(r []string) error {
		if len(got) >= 50 {
			cancel()
		}
		return emit(r)
	}
	complete, err := runLines(ctx, strings.NewReader(numbered(5000)), j)
	if err != nil || complete {
		t.Fatalf("complete %v, error %v; want an incomplete run without error", complete, err)
	}
	if len(got) < 50 || len(got) >= 5000 {
		t.Fatalf("%d lines emitted", len(got))
	}
	for i, l := range got {
		if want := fmt.Sprintf("%d:line %d", i+1, i+1); l != want {
			t.Fatalf("emitted line %d is %q, want %q", i+1, l, want)
		}
	}
}

// TestRunLinesReadError: a line too long to read ends the run with an
// error naming the input and that line; the batches before it are emitted.
func TestRunLinesReadError(t *testing.T) {
	in := numbered(30) + strings.Repeat("x", 2<<20) + "\n" + numbered(3)
	var got []string
	complete, err := runLines(context.Background(), strings.NewReader(in), echoJob(&got, 2, 10))
	if complete || err == nil || !strings.HasPrefix(err.Error(), "in.txt:31: ") {
		t.Fatalf("complete %v, error %v; want an error at in.txt:31", complete, err)
	}
	if len(got) != 30 {
		t.Errorf("%d lines emitted before the bad one, want 30", len(got))
	}
}
