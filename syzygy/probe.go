package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime/debug"

	"vireo/chess"
)

// Probe outcomes besides the value itself.
type state int

const (
	stateOK       state = iota
	stateZeroing        // the best move resets the 50-move counter: the tables hold no DTZ for it
	stateOtherSTM       // the DTZ table stores only the other side to move
)

var errMissing = errors.New("syzygy: table not available")

// maxDTZRecursion bounds the one-ply DTZ searches that a table storing only
// one side to move triggers. Real tables need one level; a damaged file
// must not exhaust the stack.
const maxDTZRecursion = 8

// ProbeWDL returns the win/draw/loss value of pos for the side to move:
// -2 loss, -1 blessed loss, 0 draw, 1 cursed win, 2 win, assuming the
// 50-move counter is zero. ok is false when pos has castling rights, more
// pieces than MaxPieces, or a table it needs is missing or damaged.
func (tb *Tablebase) ProbeWDL(pos *chess.Position) (wdl int, ok bool) {
	if !tb.covers(pos) {
		return 0, false
	}
	defer recoverProbe(pos, &wdl, &ok)()
	v, _, err := tb.search(pos, false)
	if err != nil {
		return 0, false
	}
	return v, true
}

// ProbeDTZ returns the distance to zeroing of pos in plies, signed from the
// side to move's point of view, with the conventions of the Syzygy tables
// (as Stockfish and Fathom report them):
//
//	n > 100      cursed win: zeroing in n-100 plies, too late for the 50-move rule
//	1 <= n <= 100 win: the winning side can zero (capture, pawn move or
//	             mate) within n plies
//	0            draw
//	-100 <= n <= -1 loss; -1 also when the side to move is checkmated
//	n < -100     blessed loss
//
// The value assumes the 50-move counter is zero. It may be one ply too
// long (+n can mean a win in n-1 plies), because the tables store moves
// rather than plies when that compresses better, except near the 50-move
// boundary where they are exact. A winning side keeps a real win as long
// as dtz + halfmove clock <= 100 (99 before the first zeroing move).
// ok is false in the same cases as for ProbeWDL, and when the DTZ table is
// missing.
func (tb *Tablebase) ProbeDTZ(pos *chess.Position) (dtz int, ok bool) {
	if !tb.covers(pos) {
		return 0, false
	}
	defer recoverProbe(pos, &dtz, &ok)()
	v, err := tb.dtz(pos, 0)
	if err != nil {
		return 0, false
	}
	return v, true
}

// covers reports whether pos is something the tables can answer.
func (tb *Tablebase) covers(pos *chess.Position) bool {
	if tb == nil || pos == nil || tb.closed.Load() || tb.maxPieces == 0 {
		return false
	}
	return pos.CastlingRights() == 0 && pos.Occupied().Count() <= tb.maxPieces
}

// recoverProbe turns a panic inside a probe (a damaged table read out of
// range, or a fault on a mapped file that shrank) into ok=false and
// restores the position the probe had been making moves on. Use it as
// defer recoverProbe(...)().
func recoverProbe(pos *chess.Position, v *int, ok *bool) func() {
	ply := pos.Ply()
	old := debug.SetPanicOnFault(true)
	return func() {
		debug.SetPanicOnFault(old)
		if r := recover(); r != nil {
			for pos.Ply() > ply {
				pos.UnmakeMove()
			}
			*v, *ok = 0, false
		}
	}
}

// search resolves what the WDL table cannot know on its own. The generator
// stores "don't care" values where a capture (or, for DTZ, any zeroing
// move) already decides the result, and the tables ignore en passant
// rights. So the captures (and with zeroing also pawn moves) are searched
// first and the table value only counts where it beats them. When every
// legal move was searched, the table is not consulted at all: that covers
// positions whose only moves are en passant captures.
//
// The state is stateZeroing when the value is reached by a zeroing move,
// so the DTZ table holds nothing useful for pos.
func (tb *Tablebase) search(pos *chess.Position, zeroing bool) (int, state, error) {
	var ml chess.MoveList
	pos.GenerateMoves(&ml, chess.GenAll)
	if ml.Len == 0 {
		if pos.InCheck() {
			return -2, stateOK, nil
		}
		return 0, stateOK, nil
	}
	best, searched := -3, 0
	for _, m := range ml.Slice() {
		if !pos.IsCapture(m) && (!zeroing || pos.MovedPiece(m).Type() != chess.Pawn) {
			continue
		}
		searched++
		pos.MakeMove(m)
		v, _, err := tb.search(pos, false)
		pos.UnmakeMove()
		if err != nil {
			return 0, stateOK, err
		}
		if -v > best {
			best = -v
			if best == 2 {
				return 2, stateZeroing, nil
			}
		}
	}
	all := searched == ml.Len
	var v int
	if all {
		v = best
	} else {
		var err error
		if v, err = tb.tableWDL(pos); err != nil {
			return 0, stateOK, err
		}
	}
	if best >= v {
		if best > 0 || all {
			return best, stateZeroing, nil
		}
		return best, stateOK, nil
	}
	return v, stateOK, nil
}

// beforeZeroing is the DTZ of a position whose best move zeroes the
// counter and leads to a position of value wdl for the mover.
func beforeZeroing(wdl int) int {
	switch wdl {
	case 2:
		return 1
	case 1:
		return 101
	case -1:
		return -101
	case -2:
		return -1
	}
	return 0
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// dtz implements ProbeDTZ; depth counts nested one-ply searches.
func (tb *Tablebase) dtz(pos *chess.Position, depth int) (int, error) {
	wdl, st, err := tb.search(pos, true)
	if err != nil {
		return 0, err
	}
	if wdl == 0 {
		return 0, nil
	}
	if st == stateZeroing {
		return beforeZeroing(wdl), nil
	}
	if wdl == -2 && pos.InCheck() && !pos.HasLegalMove() {
		return -1, nil
	}
	v, other, err := tb.tableDTZ(pos, wdl)
	if err != nil {
		return 0, err
	}
	if !other {
		if wdl == 1 || wdl == -1 {
			v += 100
		}
		return v * sign(wdl), nil
	}
	if depth >= maxDTZRecursion {
		return 0, errCorrupt
	}

	// The table only has the other side to move: take the best move by
	// a one-ply search. Zeroing moves count through the WDL of the result.
	best := 1 << 20
	var ml chess.MoveList
	pos.GenerateMoves(&ml, chess.GenAll)
	for _, m := range ml.Slice() {
		zeroingMove := pos.IsCapture(m) || pos.MovedPiece(m).Type() == chess.Pawn
		pos.MakeMove(m)
		var d int
		if zeroingMove {
			w, _, err := tb.search(pos, false)
			if err != nil {
				pos.UnmakeMove()
				return 0, err
			}
			d = -beforeZeroing(w)
		} else {
			c, err := tb.dtz(pos, depth+1)
			if err != nil {
				pos.UnmakeMove()
				return 0, err
			}
			d = -c
		}
		// A mate is one ply, whatever the table says about the mated side.
		if d == 1 && pos.InCheck() && !pos.HasLegalMove() {
			best = 1
		}
		pos.UnmakeMove()
		if !zeroingMove {
			d += sign(d)
		}
		if d < best && sign(d) == sign(wdl) {
			best = d
		}
	}
	if best == 1<<20 {
		return -1, nil
	}
	return best, nil
}

// tableWDL reads the WDL table for pos as stored, without looking at
// captures or en passant.
func (tb *Tablebase) tableWDL(pos *chess.Position) (wdl int, err error) {
	if pos.Occupied().Count() == 2 {
		return 0, nil // bare kings
	}
	t, flip := tb.find(pos)
	if t == nil {
		return 0, errMissing
	}
	f, err := t.load(kindWDL)
	if err != nil {
		return 0, err
	}
	if err := f.damaged(); err != nil {
		return 0, err
	}
	defer t.catchDamage(kindWDL, &err)
	v, _, _, err := t.lookup(f, kindWDL, pos, flip)
	if err == nil && (v < 0 || v > 4) {
		err = fmt.Errorf("%w: WDL value %d", errCorrupt, v)
	}
	if err != nil {
		return 0, t.markDamaged(kindWDL, err)
	}
	return v - 2, nil
}

// catchDamage, deferred by a function that reads a table file's data,
// turns a panic (a read out of range that the checks did not foresee, or
// a fault on a mapped file that shrank) into the file's damage error.
func (t *table) catchDamage(k kind, err *error) {
	if r := recover(); r != nil {
		*err = t.markDamaged(k, fmt.Errorf("%w (%v)", errCorrupt, r))
	}
}

// markDamaged records the first damage found in the data of t's file of
// kind k and returns it. From then on the file is not probed (a table
// that decoded one value wrongly may decode others wrongly too) and
// LoadErrors reports it, once.
func (t *table) markDamaged(k kind, err error) error {
	if !errors.Is(err, errCorrupt) {
		return err
	}
	e := fmt.Errorf("%s: %w (damaged data)", t.path[k], err)
	t.file[k].damage.CompareAndSwap(nil, &e)
	return *t.file[k].damage.Load()
}

// dtzSlot is the value map used for each WDL result (wdl+2): the maps are
// stored in the order win, loss, cursed win, blessed loss.
var dtzSlot = [5]int{1, 3, 0, 2, 0}

// tableDTZ reads the DTZ table for pos, whose WDL is wdl (not a draw), and
// converts the stored number to plies. other is true when the table only
// holds the other side to move.
func (tb *Tablebase) tableDTZ(pos *chess.Position, wdl int) (dtz int, other bool, err error) {
	t, flip := tb.find(pos)
	if t == nil {
		return 0, false, errMissing
	}
	f, err := t.load(kindDTZ)
	if err != nil {
		return 0, false, err
	}
	if err := f.damaged(); err != nil {
		return 0, false, err
	}
	defer t.catchDamage(kindDTZ, &err)
	v, d, other, err := t.lookup(f, kindDTZ, pos, flip)
	if err != nil {
		return 0, false, t.markDamaged(kindDTZ, err)
	}
	if other {
		return 0, true, nil
	}
	// The values of each result are renumbered by frequency to compress
	// better; the map restores them.
	if d.flags&flagMapped != 0 {
		if slot := dtzSlot[wdl+2]; v < 0 || v >= d.mapLen[slot] {
			return 0, false, t.markDamaged(kindDTZ, fmt.Errorf("%w: DTZ value %d beyond its map of %d", errCorrupt, v, d.mapLen[slot]))
		}
		i := d.mapIdx[dtzSlot[wdl+2]] + v
		if d.flags&flagWide != 0 {
			v = int(binary.LittleEndian.Uint16(f.data[f.mapOff+2*i:]))
		} else {
			v = int(f.data[f.mapOff+i])
		}
	}
	// Tables store moves rather than plies unless the flags say otherwise;
	// values near the 50-move boundary (cursed and blessed) are in moves.
	if (wdl == 2 && d.flags&flagWinPlies == 0) || (wdl == -2 && d.flags&flagLossPlies == 0) || wdl == 1 || wdl == -1 {
		v *= 2
	}
	return v + 1, false, nil
}
