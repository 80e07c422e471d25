package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"vireo/chess"
)

// Magic numbers: the first four bytes of every WDL and DTZ file.
var (
	wdlMagic = [4]byte{0x71, 0xE8, 0x23, 0x5D}
	dtzMagic = [4]byte{0xD7, 0x66, 0x0C, 0xA5}
)

// Flags of one sub-table (pairsData.flags). All but singleValue only
// matter for DTZ tables.
const (
	flagSTM         = 1   // DTZ: the side to move the table stores (1 = black)
	flagMapped      = 2   // DTZ: values go through the per-result value map
	flagWinPlies    = 4   // DTZ: wins are stored in plies, not moves
	flagLossPlies   = 8   // DTZ: losses are stored in plies, not moves
	flagWide        = 16  // DTZ: the value map has 16-bit entries
	flagSingleValue = 128 // every position of the sub-table has one value
)

// Header flags: the first byte after the magic.
const (
	headerSplit = 1 // WDL: separate sub-tables for white and black to move
	headerPawns = 2 // the table has pawns and is split by leading-pawn file
)

// errCorrupt is what a damaged table turns into; panics from a corrupt
// file are converted into it so the engine never crashes on bad data.
var errCorrupt = errors.New("syzygy: corrupt table")

// kind tells WDL and DTZ files apart.
type kind int

const (
	kindWDL kind = iota
	kindDTZ
)

func (k kind) ext() string {
	if k == kindWDL {
		return ".rtbw"
	}
	return ".rtbz"
}

// material describes one table from its file name, e.g. "KRPvKR". Colour 0
// is the left-hand side of the name (white in the stored positions), colour
// 1 the right-hand side.
type material struct {
	name      string
	count     [2][7]int // [colour][chess.PieceType]
	pieces    int
	pawns     bool
	unique    bool // some side has exactly one piece of some non-king type
	symmetric bool // both sides have the same pieces
	// leadPawns and otherPawns count the pawns of the leading colour (the
	// side with fewer pawns, which compresses better) and of the other.
	leadPawns, otherPawns int
}

// pairsData describes one compressed sub-table: one side to move and, for
// pawn tables, one file of the leading pawn.
type pairsData struct {
	flags      byte
	single     int // the value when flags&flagSingleValue
	blockSize  int // bytes per compressed block
	span       uint64
	sparseLen  int // entries in the sparse index
	blocks     int
	blockLens  int // length of the block-length array (blocks + padding)
	minLen     int // shortest code length in bits
	lowestSym  int // offset of the lowest symbol of each code length
	base       []uint64
	symLen     []uint8 // symLen[s]+1 values are represented by symbol s
	tree       int     // offset of the 3-byte pair entries
	sparseOff  int
	blockLenOf int
	dataOff    int

	pieces   [8]byte   // table piece codes, in the order they are encoded
	groupLen [8]int    // sizes of the encoding groups, zero-terminated
	groupMul [8]uint64 // multiplier of each group; groupMul[ngroups] = size
	mapIdx   [4]int    // DTZ: start of the value map for win, loss, cursed, blessed
	mapLen   [4]int    // and its number of entries

	// checked remembers blocks checkBlock passed, by block+1 in slot
	// block%len: a direct-mapped cache, since the blocks of the largest
	// tables are too many to keep a bit for each.
	checked [256]atomic.Uint64
}

// tableFile is one loaded .rtbw or .rtbz file.
type tableFile struct {
	once sync.Once
	err  error
	// failed is set, after err, when loading failed: LoadErrors reads
	// err only once it sees failed, without joining the Once.
	failed atomic.Bool
	// damage is the first damage found in the data when probing (the
	// headers were fine): the file is not probed after it.
	damage atomic.Pointer[error]
	data   []byte
	unmap  func() error
	sub    [2][4]*pairsData // [side][leading-pawn file]
	mapOff int              // DTZ value maps start here
}

// damaged returns the damage found in f's data, or nil.
func (f *tableFile) damaged() error {
	if e := f.damage.Load(); e != nil {
		return *e
	}
	return nil
}

// table couples the WDL and DTZ file of one material signature.
type table struct {
	material
	path [2]string // by kind; empty when that file was not found
	file [2]tableFile
}

// load maps and parses the file of kind k once; later calls return the
// cached result, so concurrent probes only ever read immutable data.
func (t *table) load(k kind) (*tableFile, error) {
	f := &t.file[k]
	f.once.Do(func() {
		if t.path[k] == "" {
			f.err = fmt.Errorf("syzygy: no %s file for %s", k.ext(), t.name)
			return
		}
		data, unmap, err := mapFile(t.path[k])
		if err != nil {
			f.err = fmt.Errorf("syzygy: %w", err)
			f.failed.Store(true)
			return
		}
		if err := f.parse(&t.material, k, data); err != nil {
			unmap()
			f.err = fmt.Errorf("%s: %w", t.path[k], err) // err says "syzygy: corrupt table"
			f.failed.Store(true)
			return
		}
		f.data, f.unmap = data, unmap
	})
	return f, f.err
}

// parse reads the headers of a whole file. Damage shows up either as a
// failed check or as an out-of-range read, which is recovered here.
func (f *tableFile) parse(m *material, k kind, data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w (%v)", errCorrupt, r)
		}
	}()
	magic := wdlMagic
	if k == kindDTZ {
		magic = dtzMagic
	}
	if len(data) < 5 || [4]byte(data[:4]) != magic {
		return fmt.Errorf("%w: bad magic", errCorrupt)
	}
	if len(data)%64 != 16 {
		return fmt.Errorf("%w: size %d is not 16 mod 64 (truncated?)", errCorrupt, len(data))
	}
	hdr := data[4]
	if (hdr&headerPawns != 0) != m.pawns {
		return fmt.Errorf("%w: pawn flag does not match the file name", errCorrupt)
	}
	sides := 1
	if k == kindWDL && !m.symmetric {
		sides = 2
	}
	if (hdr&headerSplit != 0) != (sides == 2) && k == kindWDL {
		return fmt.Errorf("%w: split flag does not match the file name", errCorrupt)
	}
	files := 1
	if m.pawns {
		files = 4
	}
	both := m.pawns && m.otherPawns > 0

	pos := 5
	for fl := 0; fl < files; fl++ {
		order := [2][2]int{{int(data[pos] & 15), 15}, {int(data[pos] >> 4), 15}}
		if both {
			order[0][1], order[1][1] = int(data[pos+1]&15), int(data[pos+1]>>4)
			pos++
		}
		pos++
		for s := 0; s < sides; s++ {
			d := &pairsData{}
			var types [8]int
			for i := 0; i < m.pieces; i++ {
				b := data[pos+i]
				if s == 0 {
					d.pieces[i] = b & 15
				} else {
					d.pieces[i] = b >> 4
				}
				types[d.pieces[i]&7]++
			}
			// The header's pieces must be the name's: a file saved under
			// another table's name, or a damaged piece code, would be
			// read from the wrong index and answer wrongly.
			for pt := chess.Pawn; pt <= chess.King; pt++ {
				if types[pt] != m.count[0][pt]+m.count[1][pt] {
					return fmt.Errorf("%w: the header's pieces do not match the file name", errCorrupt)
				}
			}
			if err := d.setGroups(m, order[s], fl); err != nil {
				return err
			}
			f.sub[s][fl] = d
		}
		pos += m.pieces
	}
	pos += pos & 1

	for fl := 0; fl < files; fl++ {
		for s := 0; s < sides; s++ {
			if pos, err = f.sub[s][fl].setSizes(data, pos); err != nil {
				return err
			}
		}
	}

	if k == kindDTZ {
		f.mapOff = pos
		for fl := 0; fl < files; fl++ {
			d := f.sub[0][fl]
			if d.flags&flagMapped == 0 {
				continue
			}
			if d.flags&flagWide != 0 {
				pos += pos & 1
				for i := range d.mapIdx {
					d.mapIdx[i] = (pos-f.mapOff)/2 + 1
					d.mapLen[i] = int(binary.LittleEndian.Uint16(data[pos:]))
					pos += 2*d.mapLen[i] + 2
				}
			} else {
				for i := range d.mapIdx {
					d.mapIdx[i] = pos - f.mapOff + 1
					d.mapLen[i] = int(data[pos])
					pos += d.mapLen[i] + 1
				}
			}
		}
		pos += pos & 1
	}

	for fl := 0; fl < files; fl++ {
		for s := 0; s < sides; s++ {
			d := f.sub[s][fl]
			d.sparseOff = pos
			pos += 6 * d.sparseLen
		}
	}
	for fl := 0; fl < files; fl++ {
		for s := 0; s < sides; s++ {
			d := f.sub[s][fl]
			d.blockLenOf = pos
			pos += 2 * d.blockLens
		}
	}
	for fl := 0; fl < files; fl++ {
		for s := 0; s < sides; s++ {
			d := f.sub[s][fl]
			pos = (pos + 63) &^ 63
			d.dataOff = pos
			pos += d.blocks * d.blockSize
		}
	}
	if pos > len(data) {
		return fmt.Errorf("%w: data ends at %d beyond the file size %d (truncated?)", errCorrupt, pos, len(data))
	}
	if sides == 1 {
		f.sub[1] = f.sub[0]
	}
	return nil
}

// setGroups splits the encoded piece sequence into groups and works out
// each group's multiplier. The leading group is the leading pawns, or for
// pawnless tables the three first pieces (when a unique piece exists) or
// the two kings. After it, each run of identical pieces is one group; with
// pawns on both sides the second group is the other side's pawns. order
// says in which position each of the first two groups is multiplied in.
func (d *pairsData) setGroups(m *material, order [2]int, file int) error {
	lead := 2
	if m.pawns {
		lead = 0
	} else if m.unique {
		lead = 3
	}
	n := 0
	d.groupLen[0] = 1
	for i := 1; i < m.pieces; i++ {
		lead--
		if lead > 0 || d.pieces[i] == d.pieces[i-1] {
			d.groupLen[n]++
		} else {
			n++
			d.groupLen[n] = 1
		}
	}
	n++
	d.groupLen[n] = 0

	both := m.pawns && m.otherPawns > 0
	next := 1
	free := 64 - d.groupLen[0]
	if both {
		next = 2
		free -= d.groupLen[1]
	}
	mul := uint64(1)
	for k := 0; next < n || k == order[0] || k == order[1]; k++ {
		if k > 16 {
			return fmt.Errorf("%w: bad group order", errCorrupt)
		}
		switch {
		case k == order[0]:
			d.groupMul[0] = mul
			switch {
			case m.pawns:
				mul *= leadSize[d.groupLen[0]][file]
			case m.unique:
				mul *= 31332
			default:
				mul *= 462
			}
		case k == order[1]:
			d.groupMul[1] = mul
			mul *= choose[d.groupLen[1]][48-d.groupLen[0]]
		default:
			d.groupMul[next] = mul
			mul *= choose[d.groupLen[next]][free]
			free -= d.groupLen[next]
			next++
		}
	}
	// A damaged order nibble can skip the leading group (or give both
	// pawn groups one place): its multiplier stays 0 and every position
	// would read index 0, one constant answer, without an error.
	if d.groupMul[0] == 0 || both && d.groupMul[1] == 0 || mul == 0 {
		return fmt.Errorf("%w: bad group order", errCorrupt)
	}
	d.groupMul[n] = mul
	return nil
}

// size is the number of positions the sub-table indexes.
func (d *pairsData) size() uint64 {
	for i, l := range d.groupLen {
		if l == 0 {
			return d.groupMul[i]
		}
	}
	return 0
}

// setSizes reads the compression parameters of one sub-table starting at
// pos and returns the position after them.
func (d *pairsData) setSizes(data []byte, pos int) (int, error) {
	d.flags = data[pos]
	pos++
	if d.flags&flagSingleValue != 0 {
		d.single = int(data[pos])
		return pos + 1, nil
	}
	if data[pos] > 20 || data[pos+1] > 40 {
		return 0, fmt.Errorf("%w: bad block size", errCorrupt)
	}
	d.blockSize = 1 << data[pos]
	d.span = 1 << data[pos+1]
	d.sparseLen = int((d.size() + d.span - 1) / d.span)
	padding := int(data[pos+2])
	d.blocks = int(binary.LittleEndian.Uint32(data[pos+3:]))
	d.blockLens = d.blocks + padding
	maxLen, minLen := int(data[pos+7]), int(data[pos+8])
	pos += 9
	if minLen < 1 || maxLen < minLen || maxLen > 64 {
		return 0, fmt.Errorf("%w: bad code lengths %d..%d", errCorrupt, minLen, maxLen)
	}
	d.minLen = minLen
	d.lowestSym = pos

	// Canonical codes: the codes of one length are consecutive numbers and
	// longer codes are numerically smaller. base[i] is the smallest code
	// of length minLen+i, left-aligned in 64 bits, so the length of the
	// code at the top of a bit buffer is the first i with buffer >= base[i].
	n := maxLen - minLen + 1
	d.base = make([]uint64, n)
	lowest := func(i int) uint64 { return uint64(binary.LittleEndian.Uint16(data[pos+2*i:])) }
	for i := n - 2; i >= 0; i-- {
		d.base[i] = (d.base[i+1] + lowest(i) - lowest(i+1)) / 2
	}
	for i := range d.base {
		d.base[i] <<= uint(64 - i - minLen)
	}
	pos += 2 * n

	syms := int(binary.LittleEndian.Uint16(data[pos:]))
	pos += 2
	d.tree = pos
	if pos+3*syms > len(data) {
		return 0, fmt.Errorf("%w: symbol tree past the end", errCorrupt)
	}
	d.symLen = make([]uint8, syms)
	done := make([]bool, syms)
	for s := range syms {
		if !done[s] {
			d.symLen[s] = d.expand(data, s, done)
		}
	}
	return pos + 3*syms + syms&1, nil
}

// pair returns the two symbols a symbol stands for; right is 0xFFF for a
// leaf, whose value is then left.
func (d *pairsData) pair(data []byte, s int) (left, right int) {
	p := data[d.tree+3*s : d.tree+3*s+3]
	return int(p[1]&15)<<8 | int(p[0]), int(p[2])<<4 | int(p[1]>>4)
}

// expand computes symLen for s and its descendants: the number of values
// (minus one) that s expands into under recursive pairing.
func (d *pairsData) expand(data []byte, s int, done []bool) uint8 {
	done[s] = true
	l, r := d.pair(data, s)
	if r == 0xFFF {
		return 0
	}
	if !done[l] {
		d.symLen[l] = d.expand(data, l, done)
	}
	if !done[r] {
		d.symLen[r] = d.expand(data, r, done)
	}
	return uint8(int(d.symLen[l]) + int(d.symLen[r]) + 1)
}
