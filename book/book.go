// Package book reads opening books in the Polyglot format (.bin), the
// format most GUIs, engines and book tools share, and picks book moves
// at random in proportion to their weights.
//
// A Polyglot book is a sequence of 16-byte entries, big-endian, sorted by
// key:
//
//	key    uint64  Polyglot hash of the position (see Key)
//	move   uint16  to file (bits 0-2), to rank (3-5), from file (6-8),
//	               from rank (9-11), promotion (12-14: 0 none, 1 knight,
//	               2 bishop, 3 rook, 4 queen)
//	weight uint16  how often to play the move, relative to the others
//	learn  uint32  learning data, ignored here
//
// Castling is written as the king taking its own rook (e1h1, e1a1, e8h8,
// e8a8), which is also how Vireo's chess.Move encodes it. The package
// uses the standard library only.
package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"

	"vireo/chess"
)

// EntrySize is the size of one book entry in bytes.
const EntrySize = 16

// Entry is one record of a book.
type Entry struct {
	Key    uint64
	Move   uint16
	Weight uint16
	Learn  uint32
}

// Errors that Open and Parse wrap; test for them with errors.Is.
var (
	ErrSize     = errors.New("size is not a multiple of 16 bytes")
	ErrUnsorted = errors.New("entries are not sorted by key")
	ErrEmpty    = errors.New("the book has no entries")
)

// Book is a Polyglot book held in memory: 16 bytes an entry, so the
// 2.9 MB book of Debian's gnuchess-book takes 2.9 MB.
type Book struct {
	raw []byte
}

// MaxSize bounds a book file: the largest public Polyglot books are a few
// hundred megabytes.
const MaxSize = 1 << 30

// Open reads and checks the book file at path. Only a regular file of at
// most MaxSize is read: a device or a pipe named by mistake would never
// end or fill the memory.
func Open(path string) (*Book, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	if fi.Size() > MaxSize {
		return nil, fmt.Errorf("%s: %d bytes, more than a book's %d", path, fi.Size(), MaxSize)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b, err := Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Parse checks raw as a book (whole entries, sorted keys, at least one
// entry) and returns it. The book keeps raw.
func Parse(raw []byte) (*Book, error) {
	if len(raw)%EntrySize != 0 {
		return nil, fmt.Errorf("%w (%d bytes)", ErrSize, len(raw))
	}
	if len(raw) == 0 {
		return nil, ErrEmpty
	}
	b := &Book{raw: raw}
	for i := 1; i < b.Len(); i++ {
		if b.key(i) < b.key(i-1) {
			return nil, fmt.Errorf("%w (entry %d, key %016x, follows key %016x)", ErrUnsorted, i, b.key(i), b.key(i-1))
		}
	}
	return b, nil
}

// Len is the number of entries.
func (b *Book) Len() int { return len(b.raw) / EntrySize }

func (b *Book) key(i int) uint64 { return binary.BigEndian.Uint64(b.raw[i*EntrySize:]) }

// Entry returns entry i.
func (b *Book) Entry(i int) Entry {
	r := b.raw[i*EntrySize:]
	return Entry{
		Key:    binary.BigEndian.Uint64(r),
		Move:   binary.BigEndian.Uint16(r[8:]),
		Weight: binary.BigEndian.Uint16(r[10:]),
		Learn:  binary.BigEndian.Uint32(r[12:]),
	}
}

// Lookup returns the entries for key, in book order.
func (b *Book) Lookup(key uint64) []Entry {
	i := sort.Search(b.Len(), func(i int) bool { return b.key(i) >= key })
	var out []Entry
	for ; i < b.Len() && b.key(i) == key; i++ {
		out = append(out, b.Entry(i))
	}
	return out
}

// Choice is a legal book move and its weight.
type Choice struct {
	Move   chess.Move
	Weight int
}

// Moves returns the book moves of p that are legal there, with their
// weights, in book order; a move listed twice gets the sum of its
// weights. Entries whose move is illegal in p (a corrupt book, or a key
// collision) are left out and counted in skipped.
func (b *Book) Moves(p *chess.Position) (moves []Choice, skipped int) {
	for _, e := range b.Lookup(Key(p)) {
		m, ok := DecodeMove(p, e.Move)
		if !ok {
			skipped++
			continue
		}
		dup := false
		for i := range moves {
			if moves[i].Move == m {
				moves[i].Weight += int(e.Weight)
				dup = true
			}
		}
		if !dup {
			moves = append(moves, Choice{m, int(e.Weight)})
		}
	}
	return moves, skipped
}

// Pick chooses one of the legal book moves of p at random, each with
// probability weight / total weight, drawing from r. Moves of weight 0
// are never chosen. ok is false when p has no book move of positive
// weight.
func (b *Book) Pick(p *chess.Position, r *rand.Rand) (c Choice, total int, ok bool) {
	moves, _ := b.Moves(p)
	return PickFrom(moves, r)
}

// PickFrom chooses among moves as Pick does, returning the choice and the
// total weight.
func PickFrom(moves []Choice, r *rand.Rand) (Choice, int, bool) {
	total := 0
	for _, c := range moves {
		total += c.Weight
	}
	if total <= 0 {
		return Choice{}, 0, false
	}
	x := r.IntN(total)
	for _, c := range moves {
		if x < c.Weight {
			return c, total, true
		}
		x -= c.Weight
	}
	panic("unreachable")
}

// EncodeMove returns m in Polyglot's encoding.
func EncodeMove(m chess.Move) uint16 {
	from, to := m.From(), m.To() // castling: to is the rook's square, as in Polyglot
	v := uint16(to.File()) | uint16(to.Rank())<<3 | uint16(from.File())<<6 | uint16(from.Rank())<<9
	if pt := m.Promotion(); pt != chess.NoPieceType {
		v |= uint16(pt-chess.Knight+1) << 12
	}
	return v
}

// DecodeMove finds the legal move of p that the Polyglot move pm stands
// for. Castling is king takes rook; a king moving two squares from the
// e-file to the g- or c-file is accepted for castling too, since some
// book tools write it so, when no normal move matches.
func DecodeMove(p *chess.Position, pm uint16) (chess.Move, bool) {
	to := chess.MakeSquare(int(pm&7), int(pm>>3&7))
	from := chess.MakeSquare(int(pm>>6&7), int(pm>>9&7))
	promo := chess.NoPieceType
	switch pm >> 12 & 7 {
	case 0:
	case 1:
		promo = chess.Knight
	case 2:
		promo = chess.Bishop
	case 3:
		promo = chess.Rook
	case 4:
		promo = chess.Queen
	default:
		return chess.NoMove, false
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	castle := chess.NoMove
	for _, m := range ml.Slice() {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		if m.To() == to {
			return m, true
		}
		if m.IsCastling() && from.File() == 4 && to.Rank() == from.Rank() {
			kingFile := 6
			if m.To().File() < from.File() {
				kingFile = 2
			}
			if to.File() == kingFile {
				castle = m
			}
		}
	}
	return castle, castle != chess.NoMove
}

// Write writes entries as a book, sorted by key (stable, so moves of one
// position keep their order).
func Write(w io.Writer, entries []Entry) error {
	es := append([]Entry(nil), entries...)
	sort.SliceStable(es, func(i, j int) bool { return es[i].Key < es[j].Key })
	buf := make([]byte, EntrySize*len(es))
	for i, e := range es {
		r := buf[i*EntrySize:]
		binary.BigEndian.PutUint64(r, e.Key)
		binary.BigEndian.PutUint16(r[8:], e.Move)
		binary.BigEndian.PutUint16(r[10:], e.Weight)
		binary.BigEndian.PutUint32(r[12:], e.Learn)
	}
	_, err := w.Write(buf)
	return err
}
