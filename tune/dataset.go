// Package tune fits Vireo's evaluation parameters to game results: the
// squared error between the game result and a sigmoid of the evaluation,
// over many labelled positions held in memory as sparse lists of the
// evaluation's coefficients (see eval.Trace).
package tune

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"

	"vireo/data"
	"vireo/eval"
)

// header describes one position of a Dataset: where its entries start
// and how many of each kind follow, plus the phase, result and whether an
// endgame scale formula applies. 12 bytes.
type header struct {
	start  uint32   // first entry in Dataset.ent
	nLin   uint16   // linear entries: the index is into Params.Pairs
	nKS    [2]uint8 // king-danger entries against White's, Black's king: into Params.Scalars
	nScale uint8    // scale entries: into Params.Scalars
	phase  uint8
	target uint8 // White's target (the result, or a blend), 0..1 in steps of 1/targetScale
	active uint8 // 1 when a scale formula applies (eval.Trace.ScaleActive)
}

// Dataset is a set of positions in the tuner's sparse form. The entries
// of all positions share one backing slice. An entry is 16 bits: a
// parameter index (low 10 bits) and a coefficient, White's count minus
// Black's (high 6 bits, -32..31; White and Black share every parameter,
// so only the difference matters). A coefficient outside that range is
// split into several entries with the same index, which sum to the same
// thing. Two bytes an entry rather than three: an error pass reads every
// entry, and memory traffic is much of its cost.
type Dataset struct {
	hdr []header
	ent []uint16
}

// Entry layout.
const (
	coefShift = 10
	coefMin   = -1 << (15 - coefShift)
	coefMax   = 1<<(15-coefShift) - 1
)

// ix is an entry's parameter index, masked so that indexing an array of
// linSize needs no bounds check.
func ix(e uint16) uint16 { return e & (linSize - 1) }

// cf is an entry's coefficient.
func cf(e uint16) int32 { return int32(int16(e) >> coefShift) }

// Len is the number of positions.
func (d *Dataset) Len() int { return len(d.hdr) }

// Bytes is the memory the positions take (headers and entries).
func (d *Dataset) Bytes() int { return len(d.hdr)*12 + len(d.ent)*2 }

// targetScale is the header's unit of the target: 1, 0.5 and 0 are
// exact, and a blended target is kept to 1/254 (far finer than the noise
// of a single result).
const targetScale = 254

// Result returns White's target for position j: the game result (1, 0.5
// or 0), or the blend LoadOptions.ScoreWeight asks for.
func (d *Dataset) Result(j int) float64 { return float64(d.hdr[j].target) / targetScale }

// push appends index i with coefficient n, split into parts that fit,
// and returns how many entries it took.
func (d *Dataset) push(i, n int) int {
	count := 0
	for n != 0 {
		c := min(max(n, coefMin), coefMax)
		d.ent = append(d.ent, uint16(i)|uint16(c)<<coefShift)
		n -= c
		count++
	}
	return count
}

// Add appends a traced position with White's target r (0..1: the result
// 1, 0.5 or 0, or a blend).
func (d *Dataset) Add(t *eval.Trace, r float64) {
	h := header{start: uint32(len(d.ent)), phase: uint8(t.Phase), target: uint8(math.Round(min(max(r, 0), 1) * targetScale))}
	n := 0
	for i, c := range t.Pairs {
		if v := int(c[0] - c[1]); v != 0 {
			n += d.push(i, v)
		}
	}
	h.nLin = uint16(n)
	for c := range 2 {
		n = 0
		for k, v := range t.KS[c] {
			if v != 0 {
				n += d.push(k, int(v))
			}
		}
		if n > 255 {
			panic("tune: too many king-danger entries")
		}
		h.nKS[c] = uint8(n)
	}
	if t.ScaleActive {
		h.active = 1
		n = 0
		for k, v := range t.Scale {
			if v != 0 {
				n += d.push(k, int(v))
			}
		}
		if n > 255 {
			panic("tune: too many scale entries")
		}
		h.nScale = uint8(n)
	}
	if uint64(len(d.ent)) > 1<<32-1 {
		panic("tune: too many entries for 32-bit offsets")
	}
	d.hdr = append(d.hdr, h)
}

// appendSet appends all of o's positions.
func (d *Dataset) appendSet(o *Dataset) {
	base := uint32(len(d.ent))
	for _, h := range o.hdr {
		h.start += base
		d.hdr = append(d.hdr, h)
	}
	d.ent = append(d.ent, o.ent...)
}

// Repeat returns a Dataset holding d's positions n times over, for
// benchmarks that need more positions than a file has.
func (d *Dataset) Repeat(n int) *Dataset {
	out := &Dataset{}
	for range n {
		out.appendSet(d)
	}
	return out
}

// Head returns a Dataset of d's first n positions (sharing nothing).
func (d *Dataset) Head(n int) *Dataset {
	n = min(n, d.Len())
	out := &Dataset{hdr: append([]header(nil), d.hdr[:n]...)}
	if n > 0 {
		end := d.hdr[n-1].start + uint32(d.entries(n-1))
		out.ent = append([]uint16(nil), d.ent[:end]...)
	}
	return out
}

func (d *Dataset) entries(j int) int {
	h := &d.hdr[j]
	return int(h.nLin) + int(h.nKS[0]) + int(h.nKS[1]) + int(h.nScale)
}

// LoadOptions says what to load and how.
type LoadOptions struct {
	Files []string
	// Strict stops at the first malformed line; otherwise each one is
	// passed to OnBad (if set) and skipped.
	Strict bool
	OnBad  func(error)
	// Validation is the share of positions held out (0..1), chosen by a
	// hash with Seed. With Block > 0 whole runs of Block consecutive
	// positions are held out together: the positions of one game sit
	// together in a file and share its result, so a split by position
	// would put the same game on both sides and flatter the validation
	// error. With Block 0 the split is by the position's key, so that a
	// position and its duplicates land on the same side.
	//
	// Positions that name their game (data.Labeled.Game, which datagen
	// writes) are held out by game whatever Block says: every position
	// of a game lands on the same side.
	Validation float64
	Block      int
	Seed       uint64
	// ScoreWeight blends the target: (1 - ScoreWeight) times the game
	// result plus ScoreWeight times the search score the line carries
	// (its "ce", through the logistic 1 / (1 + 10^(-ScoreK x
	// score/400))). 0, the zero value, is the result alone and 1 the
	// score alone (tune's --lambda is 1 - ScoreWeight); above 0 every
	// line needs a score, and one without is a malformed line.
	ScoreWeight float64
	// ScoreK is the scale of that logistic (0: 1). The scale FitScoreK
	// finds for the lines' own scores (tune --score-k 0) reads a score as
	// the share of points such scores went on to make in these games.
	ScoreK float64
	// Params are the parameters the traces are taken with (nil: the
	// compiled-in defaults). They matter only for what a trace fixes:
	// the stronger side that picks an endgame scale formula.
	Params *eval.Params
	// Limit stops after this many positions (0: no limit).
	Limit   int
	Workers int // tracing goroutines (0: GOMAXPROCS)
	// maxEntries bounds a set's trace entries (0: what a 32-bit offset
	// reaches); a test lowers it to reach the bound with a small file.
	maxEntries uint64
}

// LoadStats reports what Load read.
type LoadStats struct {
	Positions, Bad int
	// ByGame is true when the positions named their games (every chunk
	// read had game ids), so the validation split was by game.
	ByGame bool
}

// batch is a run of lines of one file, parsed and traced by a worker.
type batch struct {
	seq   int
	file  string
	first int      // ordinal of lines[0] among all position lines read
	lines []string // blank and comment lines left out
	nums  []int    // their line numbers
}

// chunk is a traced batch.
type chunk struct {
	seq          int
	train, valid Dataset
	side         []bool  // per position, in order: held out for validation
	bad          []error // malformed lines, in order
	badAt        []int   // how many positions came before each bad line
	games        int     // positions that named their game
}

// Load reads labelled positions, traces each one and returns the
// training and validation sets. One goroutine reads lines; Workers
// goroutines parse and trace them (the expensive part: chess.ParseFEN and
// eval.Trace); the chunks are put back in file order, so that malformed
// lines are reported in order, --strict stops at the first, and Limit
// keeps the first positions.
func Load(opt LoadOptions) (train, valid *Dataset, st LoadStats, err error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	threshold := uint64(opt.Validation * (1 << 32))
	maxEnt := opt.maxEntries
	if maxEnt == 0 {
		maxEnt = 1<<32 - 1
	}
	scoreK := opt.ScoreK
	if scoreK == 0 {
		scoreK = 1
	}
	batches := make(chan batch, 2*workers)
	chunks := make(chan chunk, 2*workers)
	done := make(chan struct{})
	var readErr error
	go func() {
		defer close(batches)
		readErr = readLines(opt.Files, batches, done)
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := eval.NewWithParams(opt.Params)
			for b := range batches {
				c := chunk{seq: b.seq}
				for i, line := range b.lines {
					l, err := data.ParseLabeled(line)
					if err != nil {
						c.bad = append(c.bad, &data.LabeledError{File: b.file, Line: b.nums[i], Msg: err.Error()})
						c.badAt = append(c.badAt, len(c.side))
						continue
					}
					target := l.Result
					if w := opt.ScoreWeight; w > 0 {
						if !l.HasScore {
							c.bad = append(c.bad, &data.LabeledError{File: b.file, Line: b.nums[i],
								Msg: fmt.Sprintf("no score (ce) to blend into the target (lambda %g)", 1-w)})
							c.badAt = append(c.badAt, len(c.side))
							continue
						}
						target = (1-w)*l.Result + w*sigmoid(scoreK, float64(l.WhiteScore()))
					}
					t := e.Trace(l.Pos)
					key := l.Pos.Key()
					switch {
					case l.Game != "":
						key = gameKey(l.Game)
					case opt.Block > 0:
						key = uint64((b.first + i) / opt.Block)
					}
					held := splitHash(key^opt.Seed)>>32 < threshold
					if held {
						c.valid.Add(t, target)
					} else {
						c.train.Add(t, target)
					}
					if l.Game != "" {
						c.games++
					}
					c.side = append(c.side, held)
				}
				chunks <- c
			}
		}()
	}
	go func() { wg.Wait(); close(chunks) }()
	train, valid = &Dataset{}, &Dataset{}
	pending := map[int]chunk{}
	next := 0
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			close(done)
		}
	}
	for c := range chunks {
		if stopped {
			continue // drain
		}
		pending[c.seq] = c
		for !stopped {
			c, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			take := len(c.side)
			if opt.Limit > 0 {
				take = min(take, opt.Limit-st.Positions)
			}
			for k, e := range c.bad {
				if c.badAt[k] > take || (c.badAt[k] == take && take < len(c.side)) {
					break // after the limit
				}
				if opt.Strict {
					err = e
					stop()
					break
				}
				st.Bad++
				if opt.OnBad != nil {
					opt.OnBad(e)
				}
			}
			if err != nil {
				break
			}
			nv := 0
			for _, held := range c.side[:take] {
				if held {
					nv++
				}
			}
			// The headers index the entries with 32-bit offsets: past
			// them the offsets would wrap and every trace after would
			// read another position's entries.
			if uint64(len(train.ent)+len(c.train.ent)) > maxEnt || uint64(len(valid.ent)+len(c.valid.ent)) > maxEnt {
				err = fmt.Errorf("the data outgrows the tuner's %d trace entries a set after %d positions: read fewer (--limit)", maxEnt, st.Positions)
				stop()
				break
			}
			train.appendHead(&c.train, take-nv)
			valid.appendHead(&c.valid, nv)
			if st.Positions == 0 {
				st.ByGame = take > 0 && c.games == len(c.side)
			} else if c.games != len(c.side) {
				st.ByGame = false
			}
			st.Positions += take
			if opt.Limit > 0 && st.Positions >= opt.Limit {
				stop()
			}
		}
	}
	stop()
	if err != nil {
		return nil, nil, st, err
	}
	if readErr != nil {
		return nil, nil, st, readErr
	}
	return train, valid, st, nil
}

// appendHead appends o's first n positions.
func (d *Dataset) appendHead(o *Dataset, n int) {
	if n == o.Len() {
		d.appendSet(o)
		return
	}
	if n > 0 {
		d.appendSet(o.Head(n))
	}
}

const batchSize = 2048

// readLines streams the position lines of every file (blank lines and
// lines starting with '#' left out, as data.LabeledReader does) into
// batches, until done is closed.
func readLines(files []string, out chan<- batch, done <-chan struct{}) error {
	seq, ordinal := 0, 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		b := batch{file: name}
		send := func() bool {
			if len(b.lines) == 0 {
				return true
			}
			b.seq, b.first = seq, ordinal-len(b.lines)
			select {
			case out <- b:
			case <-done:
				return false
			}
			seq++
			b = batch{file: name}
			return true
		}
		line := 0
		for sc.Scan() {
			line++
			s := strings.TrimSpace(sc.Text())
			if s == "" || s[0] == '#' {
				continue
			}
			b.lines = append(b.lines, s)
			b.nums = append(b.nums, line)
			ordinal++
			if len(b.lines) == batchSize && !send() {
				f.Close()
				return nil
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return fmt.Errorf("%s:%d: %w", name, line+1, err)
		}
		if !send() {
			return nil
		}
	}
	return nil
}

// gameKey is the split key of a game id (FNV-1a).
func gameKey(id string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(id); i++ {
		h ^= uint64(id[i])
		h *= 1099511628211
	}
	return h
}

// splitHash is SplitMix64's finaliser: a key spread over all 64 bits.
func splitHash(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Describe is a one-line summary of a Dataset.
func (d *Dataset) Describe() string {
	if d.Len() == 0 {
		return "0 positions"
	}
	return fmt.Sprintf("%d positions, %.1f entries and %.0f bytes per position", d.Len(),
		float64(len(d.ent))/float64(d.Len()), float64(d.Bytes())/float64(d.Len()))
}
