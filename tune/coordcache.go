package tune

// coordCache makes a coordinate-descent step cost what it touches rather
// than a full pass: it keeps each position's sums (linear middlegame and
// endgame, king-danger units against each king, scale sum) and squared
// error, and an inverted index from every parameter to the positions
// whose evaluation it enters. Nudging one value updates those positions'
// sums and re-evaluates only them, with the exact formula of evalInt. A
// placement square or a rare pattern touches a few percent of the
// positions, so most steps cost a few percent of a pass. The price is
// memory: 32 bytes a position for the sums and 6 bytes per entry for the
// index, about 340 bytes a position besides the Dataset.
type coordCache struct {
	d     *Dataset
	lut   []float64
	k     float64
	mg    []int32
	eg    []int32
	u     [2][]int32
	s     []int32
	err   []float64
	total float64 // sum of err
	stamp []uint32
	gen   uint32
	// Inverted index, by slot (see slotOf): positions and their
	// coefficients (duplicate entries of a position merged).
	off  []uint32
	pos  []uint32
	coef []int16
	undo []undoEntry
}

type undoEntry struct {
	j   uint32
	err float64
}

// Slots of the inverted index: a linear pair, a scalar in the attack on
// White's king, on Black's king, or in the scale sum.
const (
	slotKS    = nPairs
	slotScale = nPairs + 2*nScalars
	nSlots    = nPairs + 3*nScalars
)

func newCoordCache(d *Dataset, w *intWeights, k float64) *coordCache {
	n := d.Len()
	c := &coordCache{d: d, k: k, lut: sigmoidTable(k),
		mg: make([]int32, n), eg: make([]int32, n), s: make([]int32, n),
		u: [2][]int32{make([]int32, n), make([]int32, n)}, err: make([]float64, n),
		stamp: make([]uint32, n), off: make([]uint32, nSlots+1)}
	// Two passes over the entries: count per slot, then fill.
	var last [nSlots]int32 // last position seen per slot, to merge split entries
	eachEntry := func(fn func(j, slot int, cf int32)) {
		for j := range d.hdr {
			h := &d.hdr[j]
			e := h.start
			for x := e; x < e+uint32(h.nLin); x++ {
				fn(j, int(ix(d.ent[x])), cf(d.ent[x]))
			}
			e += uint32(h.nLin)
			for col := range 2 {
				for x := e; x < e+uint32(h.nKS[col]); x++ {
					fn(j, slotKS+col*nScalars+int(d.ent[x]&(scSize-1)), cf(d.ent[x]))
				}
				e += uint32(h.nKS[col])
			}
			for x := e; x < e+uint32(h.nScale); x++ {
				fn(j, slotScale+int(d.ent[x]&(scSize-1)), cf(d.ent[x]))
			}
		}
	}
	for i := range last {
		last[i] = -1
	}
	count := make([]uint32, nSlots)
	eachEntry(func(j, slot int, _ int32) {
		if last[slot] != int32(j) {
			last[slot] = int32(j)
			count[slot]++
		}
	})
	for i := range nSlots {
		c.off[i+1] = c.off[i] + count[i]
	}
	c.pos = make([]uint32, c.off[nSlots])
	c.coef = make([]int16, c.off[nSlots])
	fill := make([]uint32, nSlots)
	copy(fill, c.off[:nSlots])
	for i := range last {
		last[i] = -1
	}
	eachEntry(func(j, slot int, v int32) {
		if last[slot] == int32(j) {
			c.coef[fill[slot]-1] += int16(v)
			return
		}
		last[slot] = int32(j)
		c.pos[fill[slot]] = uint32(j)
		c.coef[fill[slot]] = int16(v)
		fill[slot]++
	})
	// The sums with the starting weights.
	for j := range n {
		c.mg[j], c.eg[j] = d.linear(j, w)
	}
	for slot := slotKS; slot < nSlots; slot++ {
		k := (slot - slotKS) % nScalars
		for x := c.off[slot]; x < c.off[slot+1]; x++ {
			v := int32(c.coef[x]) * w.sc[k]
			switch j := c.pos[x]; {
			case slot < slotKS+nScalars:
				c.u[0][j] += v
			case slot < slotScale:
				c.u[1][j] += v
			default:
				c.s[j] += v
			}
		}
	}
	c.resum()
	return c
}

// resum recomputes every error and the total (also clearing the float
// drift of many incremental updates).
func (c *coordCache) resum() {
	c.total = 0
	for j := range c.err {
		c.err[j] = c.errAt(j)
		c.total += c.err[j]
	}
}

// errAt is position j's squared error from its cached sums, evaluated as
// evalInt does.
func (c *coordCache) errAt(j int) float64 {
	h := &c.d.hdr[j]
	mg, eg := c.mg[j], c.eg[j]
	for col := range 2 {
		if u := min(c.u[col][j], kdMaxUnits); u > 0 {
			dm, de := u*u/kdMGDiv, u/kdEGDiv
			if col == 0 {
				mg, eg = mg-dm, eg-de
			} else {
				mg, eg = mg+dm, eg+de
			}
		}
	}
	scale := int32(scaleMax)
	if h.active != 0 {
		scale = min(max(c.s[j], 0), scaleMax)
	}
	ph := int32(h.phase)
	v := (mg*ph*scaleMax + eg*scale*(maxPhase-ph)) / (maxPhase * scaleMax)
	var p float64
	if uint32(v+lutHalf) <= 2*lutHalf {
		p = c.lut[v+lutHalf]
	} else {
		p = sigmoid(c.k, float64(v))
	}
	r := float64(h.target) / targetScale
	return (p - r) * (p - r)
}

// shift adds delta times the coefficients of vector value i to the sums,
// calling touch for every position changed.
func (c *coordCache) shift(i int, delta int32, touch func(j uint32)) {
	if i < scalarBase {
		arr := c.mg
		if i%2 == 1 {
			arr = c.eg
		}
		slot := i / 2
		for x := c.off[slot]; x < c.off[slot+1]; x++ {
			j := c.pos[x]
			arr[j] += int32(c.coef[x]) * delta
			touch(j)
		}
		return
	}
	k := i - scalarBase
	for n, arr := range [][]int32{c.u[0], c.u[1], c.s} {
		slot := slotKS + n*nScalars + k
		for x := c.off[slot]; x < c.off[slot+1]; x++ {
			j := c.pos[x]
			arr[j] += int32(c.coef[x]) * delta
			touch(j)
		}
	}
}

// move nudges value i by delta and returns the new mean error; revert
// undoes the last move.
func (c *coordCache) move(i int, delta int32) float64 {
	c.gen++
	if c.gen == 0 { // wrapped: old stamps could collide
		clear(c.stamp)
		c.gen = 1
	}
	c.undo = c.undo[:0]
	c.shift(i, delta, func(j uint32) {
		if c.stamp[j] != c.gen {
			c.stamp[j] = c.gen
			c.undo = append(c.undo, undoEntry{j, c.err[j]})
		}
	})
	for _, u := range c.undo {
		e := c.errAt(int(u.j))
		c.total += e - u.err
		c.err[u.j] = e
	}
	return c.mean()
}

func (c *coordCache) revert(i int, delta int32) {
	c.shift(i, -delta, func(uint32) {})
	for _, u := range c.undo {
		c.total += u.err - c.err[u.j]
		c.err[u.j] = u.err
	}
	c.undo = c.undo[:0]
}

func (c *coordCache) mean() float64 { return c.total / float64(len(c.err)) }
