package data

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"vireo/chess"
	"vireo/search"
)

// RescoreConfig controls Rescore.
type RescoreConfig struct {
	In, Out string
	// Each position is searched from an empty table to Nodes nodes, or to
	// Depth plies when Nodes is 0.
	Nodes uint64
	Depth int
	// Every keeps one input line in Every (line numbers 1, 1+Every, ...):
	// a sample spread over all the games of a file ordered by game.
	Every int
	// Positions stops the run after the batch of 256 input lines in which
	// the total written reaches it (0: no limit); a later run with a larger
	// target goes on from there.
	Positions int
	Threads   int // 0: one per CPU; the output does not depend on it
	HashMB    int // table of each worker; it shapes the scores, so it is part of the state
	// Errors receives one line per malformed input line (file:line: why);
	// nil discards them.
	Errors io.Writer
	// Progress, if set, receives a line every ProgressEvery.
	Progress      io.Writer
	ProgressEvery time.Duration
}

// rescoreIdentity is what a resumed run must share with the run that
// wrote the state: anything that changes a written line.
type rescoreIdentity struct {
	In     string
	InSize int64
	Nodes  uint64
	Depth  int
	Every  int
	HashMB int
}

// RescoreState is the state file (OUT.state): the first Lines input lines
// are done and their output is the first Bytes bytes of OUT.
type RescoreState struct {
	Config                      rescoreIdentity
	Lines                       int
	Read, Bad, Dropped, Written int
	Bytes                       int64
	Done                        bool // the whole input is done
}

// RescoreStats is what Rescore returns: the totals of the output file so
// far and what this run added.
type RescoreStats struct {
	RescoreState
	RunWritten int
	Elapsed    time.Duration
}

// rescoreBatch is what a worker makes of a batch of input lines.
type rescoreBatch struct {
	last    int // line number of the batch's last line
	out     strings.Builder
	written int
	read    int
	bad     int
	dropped int
	errs    []string
}

// Rescore writes the labelled positions of In to Out with each score
// ("ce") replaced by a fresh search's, keeping the result and the game
// and ply tags, for the tuner to blend with results (tune --lambda). The
// search must go well past the one that played the game: that one
// started from the table its earlier moves filled (docs/tuning.md,
// round 6, has 10,000 fresh nodes predicting results worse than 3,000
// in the game).
// Positions whose search finds a mate, or no move, are dropped, and
// malformed lines are skipped and reported. Each position is searched by
// one thread from a cleared table, so the output is the same for any
// Threads and for any split of the run into resumed parts.
//
// The run resumes: Out grows in input order and OUT.state records how
// much of it is whole (written at most once a second, after the lines it
// counts), so a killed or cancelled run loses at most a second of work;
// run it again with the same settings. Out is complete when the state
// says Done.
func Rescore(ctx context.Context, cfg RescoreConfig) (RescoreStats, error) {
	if cfg.Nodes == 0 && cfg.Depth <= 0 {
		return RescoreStats{}, errors.New("set nodes or depth per position")
	}
	if err := DistinctOutput(cfg.Out, cfg.In); err != nil {
		return RescoreStats{}, err
	}
	if cfg.Positions < 0 {
		return RescoreStats{}, fmt.Errorf("positions %d: a target is 0 (the whole input) or more", cfg.Positions)
	}
	if cfg.Every <= 0 {
		cfg.Every = 1
	}
	if cfg.Threads <= 0 {
		cfg.Threads = runtime.NumCPU()
	}
	if cfg.HashMB <= 0 {
		cfg.HashMB = 4
	}
	in, err := os.Open(cfg.In)
	if err != nil {
		return RescoreStats{}, err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return RescoreStats{}, err
	}
	id := rescoreIdentity{cfg.In, fi.Size(), cfg.Nodes, cfg.Depth, cfg.Every, cfg.HashMB}

	out, st, err := OpenResumable(cfg.Out, RescoreState{Config: id}, func(st RescoreState) error {
		if st.Config != id {
			return fmt.Errorf("%s.state was written with other settings or another input (%+v, now %+v); use the same ones or another output", cfg.Out, st.Config, id)
		}
		if st.Lines < 0 || st.Read < 0 || st.Bad < 0 || st.Dropped < 0 || st.Written < 0 {
			return fmt.Errorf("%s.state has a negative count (%+v): the state file is damaged", cfg.Out, st)
		}
		return nil
	}, func(st RescoreState) int64 { return st.Bytes })
	if err != nil {
		return RescoreStats{}, err
	}
	defer out.Close()
	stats := RescoreStats{RescoreState: st}
	if st.Done || cfg.Positions > 0 && st.Written >= cfg.Positions {
		return stats, nil
	}

	w := bufio.NewWriterSize(out, 1<<16)
	// commit makes the state describe what the disk holds: the output
	// is flushed and synced before the state that counts it is written,
	// so a crash of the machine cannot leave a state ahead of its file.
	commit := func() error {
		if err := w.Flush(); err != nil {
			return err
		}
		if err := out.Sync(); err != nil {
			return err
		}
		return WriteState(cfg.Out, st)
	}
	start := time.Now()
	lastState, lastProgress := start, start
	complete, err := runLines(ctx, in, lineJob[*search.Searcher, *rescoreBatch]{
		Name: cfg.In, Skip: st.Lines, Size: 256, Threads: cfg.Threads,
		NewWorker: func() *search.Searcher { return search.NewSearcher(cfg.HashMB) },
		Run: func(ctx context.Context, s *search.Searcher, first int, lines []string) *rescoreBatch {
			b := &rescoreBatch{last: first + len(lines) - 1}
			b.run(ctx, s, &cfg, first, lines)
			return b
		},
		Emit: func(b *rescoreBatch) error {
			if _, err := w.WriteString(b.out.String()); err != nil {
				return err
			}
			st.Lines = b.last
			st.Bytes += int64(b.out.Len())
			st.Written += b.written
			st.Read += b.read
			st.Bad += b.bad
			st.Dropped += b.dropped
			stats.RunWritten += b.written
			for _, e := range b.errs {
				if cfg.Errors != nil {
					fmt.Fprintln(cfg.Errors, e)
				}
			}
			if cfg.Positions > 0 && st.Written >= cfg.Positions {
				return errStopLines
			}
			return nil
		},
		Tick: func() error {
			now := time.Now()
			if now.Sub(lastState) >= time.Second {
				if err := commit(); err != nil {
					return err
				}
				lastState = now
			}
			if cfg.Progress != nil && cfg.ProgressEvery > 0 && now.Sub(lastProgress) >= cfg.ProgressEvery {
				lastProgress = now
				fmt.Fprintf(cfg.Progress, "rescore: %d positions written in all (input line %d); this run %.1f positions/s\n",
					st.Written, st.Lines, float64(stats.RunWritten)/now.Sub(start).Seconds())
			}
			return nil
		},
	})
	st.Done = complete
	if err == nil {
		err = commit()
	}
	stats.RescoreState = st
	stats.Elapsed = time.Since(start)
	return stats, err
}

// run searches the batch's positions; it returns early, its result
// partial and dropped, once ctx is cancelled.
func (b *rescoreBatch) run(ctx context.Context, s *search.Searcher, cfg *RescoreConfig, first int, lines []string) {
	lim := search.Limits{Nodes: cfg.Nodes}
	if cfg.Nodes == 0 {
		lim = search.Limits{Depth: cfg.Depth}
	}
	for i, text := range lines {
		if ctx.Err() != nil {
			return
		}
		n := first + i
		text = strings.TrimSpace(text)
		if text == "" || text[0] == '#' || (n-1)%cfg.Every != 0 {
			continue
		}
		b.read++
		l, err := ParseLabeled(text)
		if err != nil {
			b.bad++
			b.errs = append(b.errs, fmt.Sprintf("%s:%d: %v (skipped)", cfg.In, n, err))
			continue
		}
		s.NewGame() // an empty table and histories: the score depends on this position alone
		r := s.Search(l.Pos, lim)
		if r.Best == chess.NoMove || r.Score >= search.MateInMax || r.Score <= -search.MateInMax {
			b.dropped++
			continue
		}
		l.Score, l.HasScore = r.Score, true
		b.out.WriteString(FormatLabeled(l))
		b.out.WriteByte('\n')
		b.written++
	}
}

// ReadRescoreState reads the state file of out; ok is false if there is none.
func ReadRescoreState(out string) (RescoreState, bool, error) { return ReadState[RescoreState](out) }
