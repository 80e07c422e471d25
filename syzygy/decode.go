package syzygy

import (
	"encoding/binary"

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
func (d *pairsData) value(data []byte, idx uint64) int {
	if d.flags&flagSingleValue != 0 {
		return d.single
	}
	k := idx / d.span
	e := d.sparseOff + 6*int(k)
	block := int(binary.LittleEndian.Uint32(data[e:]))
	off := int(binary.LittleEndian.Uint16(data[e+4:]))
	off += int(idx%d.span) - int(d.span/2)

	blockLen := func(b int) int { return int(binary.LittleEndian.Uint16(data[d.blockLenOf+2*b:])) }
	for off < 0 {
		block--
		off += blockLen(block) + 1
	}
	for {
		n := blockLen(block)
		if off <= n {
			break
		}
		off -= n + 1
		block++
	}

	p := d.dataOff + block*d.blockSize
	buf := binary.BigEndian.Uint64(data[p:])
	p += 8
	bits := 64
	var sym int
	for {
		l := 0
		for buf < d.base[l] {
			l++
		}
		sym = int((buf-d.base[l])>>uint(64-l-d.minLen)) +
			int(binary.LittleEndian.Uint16(data[d.lowestSym+2*l:]))
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
	}

	// Descend the pair tree to the leaf holding value number off.
	for guard := 0; d.symLen[sym] != 0; guard++ {
		if guard > 4096 {
			panic(errCorrupt)
		}
		l, r := d.pair(data, sym)
		if n := int(d.symLen[l]) + 1; off < n {
			sym = l
		} else {
			off -= n
			sym = r
		}
	}
	v, _ := d.pair(data, sym)
	return v
}

// lookup finds the raw stored value of pos in table t of kind k. flip is
// true when the table's white is the position's black. It reports
// changeSide when the DTZ table stores only the other side to move.
func (t *table) lookup(f *tableFile, k kind, pos *chess.Position, flip bool) (v int, d *pairsData, changeSide bool) {
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
			return 0, d, true
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
	return d.value(f.data, d.index(&t.material, sq[:n], leadCount)), d, false
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
