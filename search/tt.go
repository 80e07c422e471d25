package search

import (
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
	"unsafe"

	"vireo/chess"
	"vireo/internal/cpu"
)

// Bound says how a stored score relates to the true value.
type Bound uint8

const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // score <= true value is unknown; true value <= score
	BoundLower Bound = 2 // true value >= score
	BoundExact Bound = BoundUpper | BoundLower
)

// ttEntry is two words written and read atomically. The first word holds
// key XOR data, so that a reader who sees halves of two different writes
// (possible once threads share the table) computes a wrong key and treats
// the entry as a miss instead of trusting mixed data.
type ttEntry struct {
	check atomic.Uint64
	data  atomic.Uint64
}

const bucketSize = 4 // 4 x 16 bytes: one cache line

type ttBucket [bucketSize]ttEntry

// TT is the transposition table shared by all search threads.
type TT struct {
	buckets []ttBucket
	mask    uint64
	age     uint8 // 6 bits, advanced once per search
	mem     *ttMem
}

// ttMem releases a table mapped outside the Go heap (allocBuckets), when
// the table is resized or the TT is collected.
type ttMem struct{ free func() }

func (m *ttMem) release() {
	if m.free != nil {
		m.free()
		m.free = nil
	}
}

// TTData is a decoded entry.
type TTData struct {
	Move  chess.Move
	Score int
	Eval  int
	Depth int
	Bound Bound
	PV    bool
}

// data layout, low to high: move 16 | score 16 | eval 16 | depth 8 | bound 2 | pv 1 | age 5
func pack(m chess.Move, score, eval, depth int, b Bound, pv bool, age uint8) uint64 {
	pvBit := uint64(0)
	if pv {
		pvBit = 1
	}
	return uint64(m) | uint64(uint16(int16(score)))<<16 | uint64(uint16(int16(eval)))<<32 |
		uint64(uint8(depth+1))<<48 | uint64(b)<<56 | pvBit<<58 | uint64(age&31)<<59
}

func unpack(d uint64) TTData {
	return TTData{
		Move:  chess.Move(d),
		Score: int(int16(d >> 16)),
		Eval:  int(int16(d >> 32)),
		Depth: int(uint8(d>>48)) - 1,
		Bound: Bound(d >> 56 & 3),
		PV:    d>>58&1 != 0,
	}
}

func entryAge(d uint64) uint8 { return uint8(d >> 59) }

// NewTT returns a table of about mb megabytes (a power-of-two bucket
// count). When the memory cannot be had, the table is the largest smaller
// size that can, said on standard error (a caller that can report
// otherwise calls Resize, which returns the error).
func NewTT(mb int) *TT {
	t := &TT{mem: &ttMem{}}
	runtime.AddCleanup(t, (*ttMem).release, t.mem)
	if err := t.Resize(mb); err != nil {
		fmt.Fprintf(os.Stderr, "vireo: %v\n", err)
	}
	return t
}

// MaxHashMB is the largest table the Hash option and the tools accept.
const MaxHashMB = 65536

// minTTBuckets is the smallest table, 1 MB: small enough to live on the
// Go heap (allocBuckets), where an allocation cannot be refused, only fail
// fatally, and so always had.
const minTTBuckets = 1 << 20 / 64

// Resize reallocates the table to about mb megabytes, clearing it.
//
// Go's allocator does not return an error when memory runs out: the
// program dies. So a large table is asked from the operating system
// (allocBuckets), which can refuse, first beside the old table, then in
// its place. If both are refused, the table gets its old size back, or
// the largest smaller one that can be had, and the error names the size
// asked for, why it was refused and the size kept; the table is cleared
// either way, as it is when the resize succeeds.
func (t *TT) Resize(mb int) error {
	mb = max(mb, 1)
	n := uint64(mb) << 20 / 64
	size := 1
	for uint64(size)*2 <= n {
		size *= 2
	}
	asked := fmt.Sprintf("hash %d MB", mb)
	if size*64>>20 != mb {
		asked += fmt.Sprintf(" (%d MB, a power of two)", size*64>>20)
	}
	b, free, err := allocBuckets(size)
	fallback := size / 2
	if err != nil && len(t.buckets) > 0 {
		fallback = len(t.buckets)
		t.dropBuckets()
		b, free, err = allocBuckets(size)
	}
	if err == nil {
		t.setBuckets(b, free)
		return nil
	}
	// Tables of minTTBuckets or fewer cannot be refused, so this ends.
	for size = max(fallback, minTTBuckets); ; size /= 2 {
		var err2 error
		if b, free, err2 = allocBuckets(size); err2 == nil {
			break
		}
	}
	t.setBuckets(b, free)
	return fmt.Errorf("%s: %w; the table has %d MB", asked, err, t.SizeMB())
}

func (t *TT) dropBuckets() {
	t.buckets = nil
	t.mem.release()
}

func (t *TT) setBuckets(b []ttBucket, free func()) {
	t.dropBuckets()
	t.buckets, t.mem.free = b, free
	t.mask = uint64(len(b)) - 1
	t.age = 0
}

// SizeMB returns the table size in megabytes.
func (t *TT) SizeMB() int { return len(t.buckets) * 64 >> 20 }

// Clear empties the table. It must not run during a search (every caller
// stops the search first), so plain stores are safe, and memclr is several
// times faster than an atomic store per word.
func (t *TT) Clear() {
	clear(t.buckets)
	t.age = 0
}

// NewSearch ages the table so that entries from earlier searches are
// replaced first.
func (t *TT) NewSearch() { t.age = (t.age + 1) & 31 }

func (t *TT) bucket(key uint64) *ttBucket {
	return &t.buckets[key&t.mask]
}

// Prefetch starts loading key's bucket into the cache. Called as soon as
// the child's key is known (before the move is made, by KeyAfter), the
// load overlaps the work done before the child probes the table; the probe
// itself is otherwise mostly a cache miss.
func (t *TT) Prefetch(key uint64) {
	cpu.Prefetch(unsafe.Pointer(&t.buckets[key&t.mask]))
}

// Probe looks up key.
func (t *TT) Probe(key uint64) (TTData, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return TTData{}, false
}

// Store writes an entry. Replacement: the same position is overwritten
// (keeping its old move when the new one has none) unless the old entry is
// much deeper and the new one is not exact; otherwise the entry with the
// least depth, counting old searches' entries as shallower, is replaced.
func (t *TT) Store(key uint64, m chess.Move, score, eval, depth int, b Bound, pv bool) {
	bk := t.bucket(key)
	var victim *ttEntry
	worst := 1 << 30
	for i := range bk {
		e := &bk[i]
		d := e.data.Load()
		if d == 0 || e.check.Load()^d == key {
			if d != 0 {
				old := unpack(d)
				if m == chess.NoMove {
					m = old.Move
				}
				if b != BoundExact && old.Depth > depth+4 && entryAge(d) == t.age {
					return
				}
			}
			victim = e
			break
		}
		ageDiff := int((t.age - entryAge(d)) & 31)
		if v := int(uint8(d>>48)) - 8*ageDiff; v < worst {
			worst, victim = v, e
		}
	}
	d := pack(m, score, eval, depth, b, pv, t.age)
	victim.set(key^d, d)
}

// Hashfull returns the permille of entries written during this search,
// sampled from the first thousand buckets as UCI engines usually do.
func (t *TT) Hashfull() int {
	n := min(1000, len(t.buckets))
	used := 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			d := t.buckets[i][j].data.Load()
			if d != 0 && entryAge(d) == t.age {
				used++
			}
		}
	}
	return used * 1000 / (n * bucketSize)
}
