// Package syzygy probes Syzygy endgame tablebases: the win/draw/loss
// (.rtbw) and distance-to-zeroing (.rtbz) files by Ronald de Man, in pure
// Go with only the standard library.
//
// Tables are found by name when the Tablebase is opened and memory-mapped
// lazily, on the first probe of each material signature. After that a probe
// is read-only, so any number of goroutines may probe the same Tablebase at
// once, each with its own chess.Position.
//
// All results are from the point of view of the side to move. WDL values:
//
//	-2 loss, -1 blessed loss (a loss that the 50-move rule turns into a
//	draw), 0 draw, 1 cursed win (a win the 50-move rule spoils), 2 win.
//
// DTZ values (ProbeDTZ) are signed plies to the next zeroing move (a
// capture or pawn move, or mate), positive when the side to move wins,
// negative when it loses, 0 for a draw; beyond ±100 the result is cursed
// or blessed, that is decided by the 50-move rule. See ProbeDTZ for the
// exact convention, which is the one of Stockfish and Fathom.
//
// Positions with castling rights are never probed (the tables have none),
// and en passant rights are resolved by searching the captures.
//
// Probes temporarily make and unmake moves on the position they are given
// (to resolve captures and en passant) and leave it as it was.
package syzygy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"vireo/chess"
)

// ErrNoTables is wrapped by the error Open returns when the directories
// exist but hold no WDL table; the Tablebase is still usable (it answers
// nothing) so the engine can print the error and go on.
var ErrNoTables = errors.New("syzygy: no tablebase files found")

// Tablebase is a set of Syzygy tables found in one or more directories.
type Tablebase struct {
	tables    map[string]*table // by canonical name, e.g. "KRvKP"
	byKey     map[uint64]*table // by materialKey of the table's own colours
	maxPieces int
	numWDL    int
	numDTZ    int
	// skipped are the files with a table's extension that are not
	// tables: not a table's name, or not a regular file.
	skipped []error
	closed  atomic.Bool
}

// Open scans the directories in paths, separated by os.PathListSeparator
// (':' on Unix), for .rtbw and .rtbz files. When a table is in several
// directories the first one wins. A directory that cannot be read is an
// error naming it. No file is opened yet: each table is mapped on its
// first probe, and a damaged file only makes the probes that need it fail.
func Open(paths string) (*Tablebase, error) {
	tb := &Tablebase{tables: map[string]*table{}, byKey: map[uint64]*table{}}
	var dirs []string
	for _, d := range filepath.SplitList(paths) {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		return tb, fmt.Errorf("%w: empty path", ErrNoTables)
	}
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("syzygy: tablebase directory %q: %w", dir, err)
		}
		for _, e := range entries {
			name := e.Name()
			var k kind
			switch filepath.Ext(name) {
			case ".rtbw":
				k = kindWDL
			case ".rtbz":
				k = kindDTZ
			default:
				continue
			}
			base := strings.TrimSuffix(name, filepath.Ext(name))
			m, ok := parseMaterial(base)
			switch {
			case !ok:
				tb.skipped = append(tb.skipped, fmt.Errorf("%s: not a Syzygy table's name (passed over)", filepath.Join(dir, name)))
				continue
			case base != m.name:
				// A table read under another name would answer from the
				// wrong index, or shadow the real table.
				tb.skipped = append(tb.skipped, fmt.Errorf("%s: a Syzygy table is named %s%s (passed over)", filepath.Join(dir, name), m.name, filepath.Ext(name)))
				continue
			}
			// Only a regular file is a table: opening a FIFO blocks the
			// probing search, and a device such as /dev/zero has no end.
			if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || !fi.Mode().IsRegular() {
				tb.skipped = append(tb.skipped, fmt.Errorf("%s: not a regular file (passed over)", filepath.Join(dir, name)))
				continue
			}
			t := tb.tables[m.name]
			if t == nil {
				t = &table{material: m}
				tb.tables[m.name] = t
				tb.byKey[materialKey(m.count[0], m.count[1])] = t
			}
			if t.path[k] != "" {
				continue
			}
			t.path[k] = filepath.Join(dir, name)
			if k == kindWDL {
				tb.numWDL++
				tb.maxPieces = max(tb.maxPieces, m.pieces)
			} else {
				tb.numDTZ++
			}
		}
	}
	if tb.numWDL == 0 {
		return tb, fmt.Errorf("%w in %s", ErrNoTables, strings.Join(dirs, string(os.PathListSeparator)))
	}
	return tb, nil
}

// MaxPieces is the largest number of pieces (kings included) for which a
// WDL table was found; 0 when there is none.
func (tb *Tablebase) MaxPieces() int {
	if tb == nil || tb.closed.Load() {
		return 0
	}
	return tb.maxPieces
}

// NumTables reports how many WDL and DTZ files were found.
func (tb *Tablebase) NumTables() (wdl, dtz int) {
	if tb == nil {
		return 0, 0
	}
	return tb.numWDL, tb.numDTZ
}

// Close unmaps every loaded table. It must not run concurrently with
// probes; probes after Close fail (ok=false).
func (tb *Tablebase) Close() error {
	if tb == nil || tb.closed.Swap(true) {
		return nil
	}
	var first error
	for _, t := range tb.tables {
		for k := range t.file {
			f := &t.file[k]
			// Make sure no later load can start, then release.
			f.once.Do(func() { f.err = errors.New("syzygy: closed") })
			if f.unmap != nil {
				if err := f.unmap(); err != nil && first == nil {
					first = err
				}
				f.unmap, f.data = nil, nil
			}
		}
	}
	return first
}

// pieceLetters maps chess.PieceType to the letters of table names.
const pieceLetters = " PNBRQK"

// parseMaterial reads a table name such as "KRPvKR". The left side is the
// stronger one, with pieces in the order K, Q, R, B, N, P.
func parseMaterial(name string) (material, bool) {
	var m material
	sides := strings.Split(name, "v")
	if len(sides) != 2 {
		return m, false
	}
	for c, s := range sides {
		if len(s) == 0 || s[0] != 'K' {
			return m, false
		}
		for i := 0; i < len(s); i++ {
			pt := strings.IndexByte(pieceLetters, s[i])
			if pt < 1 {
				return m, false
			}
			m.count[c][pt]++
		}
		if m.count[c][chess.King] != 1 {
			return m, false
		}
	}
	m.pieces = len(sides[0]) + len(sides[1])
	if m.pieces > 7 {
		return m, false
	}
	m.name = materialName(m.count[0]) + "v" + materialName(m.count[1])
	if !strongerFirst(materialName(m.count[0]), materialName(m.count[1])) {
		m.name = materialName(m.count[1]) + "v" + materialName(m.count[0])
	}
	m.symmetric = m.count[0] == m.count[1]
	for c := 0; c < 2; c++ {
		for pt := chess.Pawn; pt < chess.King; pt++ {
			if m.count[c][pt] == 1 {
				m.unique = true
			}
		}
	}
	wp, bp := m.count[0][chess.Pawn], m.count[1][chess.Pawn]
	m.pawns = wp+bp > 0
	// The leading colour is the one with fewer pawns (but some), white
	// on a tie.
	if bp == 0 || (wp > 0 && bp >= wp) {
		m.leadPawns, m.otherPawns = wp, bp
	} else {
		m.leadPawns, m.otherPawns = bp, wp
	}
	return m, true
}

// strongerFirst says whether a table named av b names its stronger side
// first, as the Syzygy generator does: more pieces, or as many and the
// greater pieces piece by piece (KQvKR, KNNvKQ, KRNvKRB).
func strongerFirst(a, b string) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	for i := 0; i < len(a); i++ {
		if x, y := strings.IndexByte(pieceLetters, a[i]), strings.IndexByte(pieceLetters, b[i]); x != y {
			return x > y
		}
	}
	return true
}

// materialName spells one side's pieces in table-name order.
func materialName(count [7]int) string {
	var b strings.Builder
	for pt := chess.King; pt >= chess.Pawn; pt-- {
		for range count[pt] {
			b.WriteByte(pieceLetters[pt])
		}
	}
	return b.String()
}

// materialKey packs two sides' piece counts into a number, four bits per
// piece type, so that finding a table costs no allocation.
func materialKey(a, b [7]int) uint64 {
	var k uint64
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		k = k<<4 | uint64(a[pt]&15)
	}
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		k = k<<4 | uint64(b[pt]&15)
	}
	return k
}

// LoadErrors returns the files with a table's extension passed over at
// Open (not a table's canonical name, or not a regular file), and the
// errors of the table files that were found but failed to load (unreadable, or damaged in a way the header shows) or
// whose data proved damaged when probed, one for each file, in no set
// order. Their probes fail; the engine reports them so that a user knows
// which endgames go unprobed.
func (tb *Tablebase) LoadErrors() []error {
	errs := append([]error(nil), tb.skipped...)
	for _, t := range tb.tables {
		for k := range t.file {
			if t.file[k].failed.Load() {
				errs = append(errs, t.file[k].err)
			} else if err := t.file[k].damaged(); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errs
}

// find returns the table for pos's material and whether the table's white
// is the position's black (the tables only store the stronger side as
// white).
func (tb *Tablebase) find(pos *chess.Position) (*table, bool) {
	var count [2][7]int
	for c := chess.White; c <= chess.Black; c++ {
		for pt := chess.Pawn; pt <= chess.King; pt++ {
			count[c][pt] = pos.Pieces(c, pt).Count()
		}
	}
	if t := tb.byKey[materialKey(count[0], count[1])]; t != nil {
		return t, false
	}
	if t := tb.byKey[materialKey(count[1], count[0])]; t != nil {
		return t, true
	}
	return nil, false
}
