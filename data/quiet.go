package data

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"vireo/search"
)

// QuietOptions control QuietFile.
type QuietOptions struct {
	Threads int // 0: one per CPU
	// Errors receives one line per malformed input line (file:line: why);
	// nil discards them.
	Errors io.Writer
	// Progress, if set, receives a line every ProgressEvery.
	Progress      io.Writer
	ProgressEvery time.Duration
}

// QuietStats counts what QuietFile did.
type QuietStats struct {
	Read    int // positions read
	Bad     int // malformed lines, skipped
	Written int
	Moved   int // written positions that differ from the input (the PV was not empty)
	Dropped int // the quiescence line ended in mate, or a score was a mate score
	Elapsed time.Duration
}

// quietBatch is what a worker makes of a batch of input lines.
type quietBatch struct {
	out  strings.Builder
	st   QuietStats
	errs []string
}

// QuietFile reads labelled positions from in and writes to out, for each
// one, the position at the end of its quiescence principal variation with
// the original result. A score ("ce", side to move) is carried over,
// negated when the leaf has the other side to move. Lines keep their
// order. The output appears atomically (written to a temporary file and
// renamed), so an interrupted run leaves no partial file; run it again.
func QuietFile(in, out string, opt QuietOptions) (QuietStats, error) {
	start := time.Now()
	if err := DistinctOutput(out, in); err != nil {
		return QuietStats{}, err
	}
	f, err := os.Open(in)
	if err != nil {
		return QuietStats{}, err
	}
	defer f.Close()
	tmp, err := CreateTemp(out, 0o644)
	if err != nil {
		return QuietStats{}, err
	}
	w := bufio.NewWriterSize(tmp, 1<<20)

	threads := opt.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	var st QuietStats
	last := start
	_, err = runLines(context.Background(), f, lineJob[*search.Quieter, *quietBatch]{
		Name: in, Size: 4096, Threads: threads,
		NewWorker: func() *search.Quieter { return search.NewQuieter(nil) },
		Run: func(_ context.Context, q *search.Quieter, first int, lines []string) *quietBatch {
			b := &quietBatch{}
			b.run(q, in, first, lines)
			return b
		},
		Emit: func(b *quietBatch) error {
			if _, err := w.WriteString(b.out.String()); err != nil {
				return err
			}
			for _, e := range b.errs {
				if opt.Errors != nil {
					fmt.Fprintln(opt.Errors, e)
				}
			}
			st.Read += b.st.Read
			st.Bad += b.st.Bad
			st.Written += b.st.Written
			st.Moved += b.st.Moved
			st.Dropped += b.st.Dropped
			return nil
		},
		Tick: func() error {
			if opt.Progress != nil && opt.ProgressEvery > 0 && time.Since(last) >= opt.ProgressEvery {
				last = time.Now()
				fmt.Fprintf(opt.Progress, "quiet: %d read, %d written, %.0f positions/s\n", st.Read, st.Written, float64(st.Read)/time.Since(start).Seconds())
			}
			return nil
		},
	})
	st.Elapsed = time.Since(start)
	if err == nil {
		err = w.Flush()
	}
	if err == nil && st.Written == 0 {
		// An empty output is no result: an input in another format, or
		// empty, must not replace what OUT held with nothing.
		err = fmt.Errorf("%s: no position written (%d read, %d malformed); %s left as it was", in, st.Read, st.Bad, out)
	}
	if err != nil {
		AbortTemp(tmp)
		return st, err
	}
	return st, CommitTemp(tmp, out)
}

func (b *quietBatch) run(q *search.Quieter, name string, first int, lines []string) {
	q.Clear() // the same leaves whichever thread gets the batch
	for i, s := range lines {
		s = strings.TrimSpace(s)
		if s == "" || s[0] == '#' {
			continue
		}
		b.st.Read++
		l, err := ParseLabeled(s)
		if err != nil {
			b.st.Bad++
			b.errs = append(b.errs, fmt.Sprintf("%s:%d: %v (skipped)", name, first+i, err))
			continue
		}
		ql, moved, ok := QuietLabeled(q, l)
		if !ok {
			b.st.Dropped++
			continue
		}
		b.st.Written++
		if moved > 0 {
			b.st.Moved++
		}
		b.out.WriteString(FormatLabeled(ql))
		b.out.WriteByte('\n')
	}
}

// QuietLabeled returns l moved to the end of its quiescence principal
// variation, with its result, and its score from the leaf's side to move.
// ok is false when the line ends in mate or the score is a mate score:
// such positions teach an evaluation nothing. moved is the length of the
// variation played.
func QuietLabeled(q *search.Quieter, l Labeled) (out Labeled, moved int, ok bool) {
	r := q.Search(l.Pos)
	if r.Score >= search.MateInMax || r.Score <= -search.MateInMax || r.Leaf.InCheck() {
		return Labeled{}, 0, false
	}
	if l.HasScore && (l.Score >= search.MateInMax || l.Score <= -search.MateInMax) {
		return Labeled{}, 0, false
	}
	// The game and ply stay with the position, so that a tuner can still
	// hold out whole games; the leaf is moved plies later in that game.
	out = Labeled{Pos: r.Leaf, Result: l.Result, Score: l.Score, HasScore: l.HasScore, Game: l.Game}
	if l.Game != "" {
		out.Ply = l.Ply + len(r.PV)
	}
	if len(r.PV)%2 == 1 {
		out.Score = -out.Score
	}
	return out, len(r.PV), true
}
