package data

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
)

// errStopLines, returned by a lineJob's Emit, ends the run early without
// an error (a target reached).
var errStopLines = errors.New("stop")

// lineJob is work on the lines of a file that runs on several goroutines
// but must write its results in the file's order (QuietFile, Rescore):
// the lines go out in batches, each worker runs whole batches with state
// of its own (a searcher and its table), and the results come back in
// any order and are handed on in input order.
type lineJob[W, R any] struct {
	Name    string // the input's name, for read errors (name:line)
	Skip    int    // lines done by an earlier run: not read again
	Size    int    // lines a batch
	Threads int
	// NewWorker makes one worker's state; it runs on that worker.
	NewWorker func() W
	// Run does one batch: first is the line number of lines[0]. It
	// should return soon after ctx is cancelled: its result is then
	// dropped, as is every result not yet emitted.
	Run func(ctx context.Context, w W, first int, lines []string) R
	// Emit receives the results in input order. errStopLines ends the
	// run cleanly; any other error ends it with that error.
	Emit func(R) error
	// Tick, if set, runs each time a batch comes back, in order or not
	// (progress lines, a state commit); an error ends the run with it.
	Tick func() error
}

// runLines runs j on in. complete is true when every batch of the input
// was run and emitted: no error, no stop, no cancellation. A read error
// ends the run with the line where it happened, after the batches read
// before it were emitted.
func runLines[W, R any](ctx context.Context, in io.Reader, j lineJob[W, R]) (complete bool, err error) {
	j.Threads = max(j.Threads, 1) // with none, nothing would run and the run would look complete
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type batch struct {
		seq, first int
		lines      []string
		res        R
	}
	work := make(chan *batch, j.Threads)
	done := make(chan *batch, j.Threads)
	var wg sync.WaitGroup
	for range j.Threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := j.NewWorker()
			for b := range work {
				b.res = j.Run(ctx, w, b.first, b.lines)
				select {
				case done <- b:
				case <-ctx.Done():
				}
			}
		}()
	}
	// readErr is written before the reader closes work, and read after
	// done is closed, which waits for the workers that wait for that.
	var readErr error
	go func() {
		defer close(work)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		line, seq := 0, 0
		b := &batch{first: j.Skip + 1}
		send := func() bool {
			select {
			case work <- b:
			case <-ctx.Done():
				return false
			}
			seq++
			b = &batch{seq: seq, first: line + 1}
			return true
		}
		for sc.Scan() {
			line++
			if line <= j.Skip {
				continue
			}
			b.lines = append(b.lines, sc.Text())
			if len(b.lines) == j.Size && !send() {
				return
			}
		}
		if err := sc.Err(); err != nil {
			readErr = fmt.Errorf("%s:%d: %v", j.Name, line+1, err)
			return
		}
		if len(b.lines) > 0 {
			send()
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()

	pending := map[int]*batch{}
	next, stopped := 0, false
	for b := range done {
		if err != nil || stopped {
			continue // drain, so that no worker blocks
		}
		pending[b.seq] = b
		for b := pending[next]; b != nil; b = pending[next] {
			delete(pending, next)
			next++
			if ctx.Err() != nil {
				stopped = true // a batch run after a cancellation may be partial
				break
			}
			if e := j.Emit(b.res); e != nil {
				if e == errStopLines {
					stopped = true
				} else {
					err = e
				}
				cancel()
				break
			}
		}
		if err == nil && !stopped && j.Tick != nil {
			if err = j.Tick(); err != nil {
				cancel()
			}
		}
	}
	if err == nil {
		err = readErr
	}
	// A worker cancelled before sending its batch leaves a gap in pending.
	return err == nil && !stopped && ctx.Err() == nil && len(pending) == 0, err
}
