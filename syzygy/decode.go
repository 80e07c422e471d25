package syzygy

import (
	"encoding/binary"
	"fmt"

	"vireo/chess"
)

// value returns the stored value at index idx of a sub-table.
//
// The values are cut into blocks of blockSize bytes, each holding a
// variable number of values (blockLength+1, from the block-length array).
// A sparse index gives, for every span-th value, its block and offset, so
// finding the block is a short walk from the nearest sparse entry. Inside a
// block the values are a canonical Huffman code over symbols, and each
// symbol expands, by recursive pairing, into symLen+1 consecutive values.
//
// The probe does not verify the checksum the generator appends to each
// file (a hash of the whole file, which would mean reading all of it), so
// damage inside the index or a block can only show as something the
// format rules out: a block number out of
// range, a code that is no code, a symbol the table does not have, or a
// block whose codes run past its end before they reach the value. Each
// is an errCorrupt naming the block; the caller reports it.
func (d *pairsData) value(data []byte, idx uint64) (int, error) {
	if d.flags&flagSingleValue != 0 {
		return d.single, nil
	}
	k := idx / d.span
	if int(k) >= d.sparseLen {
		return 0, fmt.Errorf("%w: index %d beyond the sparse index", errCorrupt, idx)
	}
	e := d.sparseOff + 6*int(k)
	block := int(binary.LittleEndian.Uint32(data[e:]))
	off := int(binary.LittleEndian.Uint16(data[e+4:]))
	off += int(idx%d.span) - int(d.span/2)

	// The block-length array is padded past the last block so that a
	// sparse entry may point beyond it and walk back.
	bad := func() (int, error) {
		return 0, fmt.Errorf("%w: sparse index entry %d leads to block %d of %d", errCorrupt, k, block, d.blocks)
	}
	blockLen := func(b int) int { return int(binary.LittleEndian.Uint16(data[d.blockLenOf+2*b:])) }
	if block >= d.blockLens {
		return bad()
	}
	for off < 0 {
		block--
		if block < 0 {
			return bad()
		}
		off += blockLen(block) + 1
	}
	for {
		n := blockLen(block)
		if off <= n {
			break
		}
		off -= n + 1
		block++
		if block >= d.blockLens {
			return bad()
		}
	}
	if block >= d.blocks {
		return bad()
	}

	if slot := &d.checked[block%len(d.checked)]; slot.Load() != uint64(block)+1 {
		if err := d.checkBlock(data, block); err != nil {
			return 0, err
		}
		slot.Store(uint64(block) + 1)
	}

	start := d.dataOff + block*d.blockSize
	p := start
	buf := binary.BigEndian.Uint64(data[p:])
	p += 8
	bits := 64
	var sym int
	for {
		l := 0
		for l < len(d.base) && buf < d.base[l] {
			l++
		}
		if l == len(d.base) {
			return 0, fmt.Errorf("%w: block %d holds an invalid code", errCorrupt, block)
		}
		sym = int((buf-d.base[l])>>uint(64-l-d.minLen)) +
			int(binary.LittleEndian.Uint16(data[d.lowestSym+2*l:]))
		if sym >= len(d.symLen) {
			return 0, fmt.Errorf("%w: block %d holds symbol %d of %d", errCorrupt, block, sym, len(d.symLen))
		}
		n := int(d.symLen[sym]) + 1
		if off < n {
			break
		}
		off -= n
		l += d.minLen
		buf <<= uint(l)
		bits -= l
		if bits <= 32 {
			bits += 32
			if p+4 <= len(data) {
				buf |= uint64(binary.BigEndian.Uint32(data[p:])) << uint(64-bits)
			}
			p += 4
		}
		// Bits used so far: loaded minus still in the buffer.
		if (p-start)*8-bits > 8*d.blockSize {
			return 0, fmt.Errorf("%w: block %d runs past its end", errCorrupt, block)
		}
	}

	// Descend the pair tree to the leaf holding value number off.
	for guard := 0; d.symLen[sym] != 0; guard++ {
		if guard > 4096 {
			return 0, fmt.Errorf("%w: symbol tree too deep", errCorrupt)
		}
		l, r := d.pair(data, sym)
		if l >= len(d.symLen) || r >= len(d.symLen) {
			return 0, fmt.Errorf("%w: symbol %d pairs symbols out of range", errCorrupt, sym)
		}
		if n := int(d.symLen[l]) + 1; off < n {
			sym = l
		} else {
			off -= n
			sym = r
		}
	}
	v, _ := d.pair(data, sym)
	return v, nil
}

// checkBlock decodes the whole of a block, which a probe does only up to
// the value it wants. A whole block holds at least its blockLength+1
// values (its last symbol may expand past them), coded in at most its
// size, and the bits after the last code are zero: the generator (Ronald
// de Man's tb) pads every block with zero bits, and every block of the
// shared tables is so. Damage rarely keeps both, so a block that breaks
// either is damaged.
func (d *pairsData) checkBlock(data []byte, block int) error {
	n := int(binary.LittleEndian.Uint16(data[d.blockLenOf+2*block:])) + 1
	start := d.dataOff + block*d.blockSize
	end := start + d.blockSize
	size := 8 * d.blockSize
	used := 0
	for n > 0 {
		buf := peekBits(data, start, end, used)
		l := 0
		for l < len(d.base) && buf < d.base[l] {
			l++
		}
		if l == len(d.base) {
			return fmt.Errorf("%w: block %d holds an invalid code", errCorrupt, block)
		}
		sym := int((buf-d.base[l])>>uint(64-l-d.minLen)) +
			int(binary.LittleEndian.Uint16(data[d.lowestSym+2*l:]))
		if sym >= len(d.symLen) {
			return fmt.Errorf("%w: block %d holds symbol %d of %d", errCorrupt, block, sym, len(d.symLen))
		}
		n -= int(d.symLen[sym]) + 1
		used += l + d.minLen
		if used > size {
			return fmt.Errorf("%w: block %d runs past its end", errCorrupt, block)
		}
	}
	for i := used; i < size; {
		if i&7 == 0 && data[start+i>>3] == 0 {
			i += 8
			continue
		}
		if data[start+i>>3]>>(7-uint(i&7))&1 != 0 {
			return fmt.Errorf("%w: block %d has stray bits after its codes", errCorrupt, block)
		}
		i++
	}
	return nil
}

// peekBits returns the 64 bits of data[start:end] from bit offset bit
// on, most significant first, zeros past end.
func peekBits(data []byte, start, end, bit int) uint64 {
	i := start + bit>>3
	var x uint64
	for k := 0; k < 9; k++ {
		var b uint64
		if i+k < end {
			b = uint64(data[i+k])
		}
		if k < 8 {
			x = x<<8 | b
		} else {
			x = x<<uint(bit&7) | b>>(8-uint(bit&7))
		}
	}
	return x
}

// lookup finds the raw stored value of pos in table t of kind k. flip is
// true when the table's white is the position's black. It reports
// changeSide when the DTZ table stores only the other side to move.
func (t *table) lookup(f *tableFile, k kind, pos *chess.Position, flip bool) (v int, d *pairsData, changeSide bool, err error) {
	stm := int(pos.SideToMove())
	// Symmetric tables store only white to move: view black to move from
	// the other side of the board.
	if t.symmetric && stm == 1 {
		flip = true
	}
	if flip {
		stm ^= 1
	}
	// Board and colour flip: table colour c is board colour c^flipColour,
	// and squares are mirrored vertically with it.
	flipColour, flipSq := 0, 0
	if flip {
		flipColour, flipSq = 1, 56
	}

	var sq [8]int
	var pc [8]byte
	n := 0
	leadCount, file := 0, 0
	var leadBB chess.Bitboard
	if t.pawns {
		leadColour := int(f.sub[0][0].pieces[0]>>3) ^ flipColour
		leadBB = pos.Pieces(chess.Color(leadColour), chess.Pawn)
		for b := leadBB; b != 0; {
			sq[n] = int(b.PopLSB()) ^ flipSq
			n++
		}
		leadCount = n
		best := 0
		for i := 1; i < n; i++ {
			if pawnRank[sq[i]] > pawnRank[sq[best]] {
				best = i
			}
		}
		sq[0], sq[best] = sq[best], sq[0]
		file = sq[0] & 7
		if file > 3 {
			file = 7 - file
		}
	}

	if k == kindDTZ {
		d = f.sub[0][file]
		if int(d.flags&flagSTM) != stm && !(t.symmetric && !t.pawns) {
			if t.symmetric {
				// Viewed from white, as every probe of a symmetric table
				// is, a DTZ table of black to move could answer nothing:
				// every probe would be sent to the other side, and from
				// there back again.
				return 0, d, false, fmt.Errorf("%w: a symmetric table's DTZ stores black to move", errCorrupt)
			}
			return 0, d, true, nil
		}
	} else {
		d = f.sub[stm][file]
	}

	for b := pos.Occupied() &^ leadBB; b != 0; {
		s := b.PopLSB()
		p := pos.PieceOn(s)
		sq[n] = int(s) ^ flipSq
		pc[n] = byte(p) ^ byte(flipColour<<3)
		n++
	}
	// Put the pieces in the order the table encodes them.
	for i := leadCount; i < n-1; i++ {
		for j := i + 1; j < n; j++ {
			if d.pieces[i] == pc[j] {
				pc[i], pc[j] = pc[j], pc[i]
				sq[i], sq[j] = sq[j], sq[i]
				break
			}
		}
	}
	v, err = d.value(f.data, d.index(&t.material, sq[:n], leadCount))
	return v, d, false, err
}

// index maps the normalised square list to the sub-table index. sq holds
// the squares in encoding order (leading group first) in table colours.
func (d *pairsData) index(m *material, sq []int, leadCount int) uint64 {
	// Mirror left-right so the leading piece is on files a-d.
	if sq[0]&7 > 3 {
		for i := range sq {
			sq[i] ^= 7
		}
	}
	var idx uint64
	if m.pawns {
		idx = leadOffset[leadCount][sq[0]]
		others := sq[1:leadCount]
		sortBy(others, func(a, b int) bool { return pawnRank[a] < pawnRank[b] })
		for i, s := range others {
			idx += choose[i+1][pawnRank[s]]
		}
	} else {
		// Pawnless: also mirror top-bottom and in the diagonal so the
		// leading piece is in the a1-d1-d4 triangle and the first leading
		// piece off the diagonal is below it.
		if sq[0]>>3 > 3 {
			for i := range sq {
				sq[i] ^= 56
			}
		}
		for i := 0; i < d.groupLen[0]; i++ {
			off := diagOffset(sq[i])
			if off == 0 {
				continue
			}
			if off > 0 {
				for j := i; j < len(sq); j++ {
					sq[j] = transpose(sq[j])
				}
			}
			break
		}
		if m.unique {
			idx = tripleIndex(sq[0], sq[1], sq[2])
		} else {
			idx = uint64(kingPair[triangle[sq[0]]][sq[1]])
		}
	}
	idx *= d.groupMul[0]

	// Remaining groups: k identical pieces as a combination of the squares
	// not taken by earlier groups, numbered in increasing order.
	start := d.groupLen[0]
	pawnGroup := m.pawns && m.otherPawns > 0
	for g := 1; d.groupLen[g] != 0; g++ {
		grp := sq[start : start+d.groupLen[g]]
		sortBy(grp, func(a, b int) bool { return a < b })
		var c uint64
		for i, s := range grp {
			below := 0
			for _, e := range sq[:start] {
				if e < s {
					below++
				}
			}
			r := s - below
			if pawnGroup {
				r -= 8 // pawns cannot stand on the first rank
			}
			c += choose[i+1][r]
		}
		pawnGroup = false
		idx += c * d.groupMul[g]
		start += d.groupLen[g]
	}
	return idx
}

// sortBy is an insertion sort: the slices have at most six elements and
// sort.Slice would allocate on every probe.
func sortBy(s []int, less func(a, b int) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
