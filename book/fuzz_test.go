package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"vireo/chess"
)

// fuzzPositions are the positions the fuzzed entries are keyed to, so
// that lookups find them: the start, one with castling and en passant
// rights, one with promotions, a Chess960 one.
var fuzzPositions = []string{
	chess.StartFEN,
	"r3k2r/ppp1qppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 1",
	"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
}

// FuzzBook: Parse never panics and refuses a malformed book with one of
// its errors (an unsorted one naming the entry); a book it accepts
// writes back byte for byte. Entries keyed to real positions give only
// legal moves, each entry counted as a move or as skipped, and a move
// encodes back to an entry that decodes to it.
func FuzzBook(f *testing.F) {
	var seed bytes.Buffer
	p := chess.StartPosition()
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var es []Entry
	for i, m := range ml.Slice() {
		es = append(es, Entry{Key: Key(p), Move: EncodeMove(m), Weight: uint16(i + 1)})
	}
	Write(&seed, es)
	f.Add(seed.Bytes())
	f.Add([]byte{})
	f.Add(make([]byte, 15))
	f.Add(bytes.Repeat([]byte{0xff}, 48))
	f.Add(append(bytes.Repeat([]byte{0x01}, 16), make([]byte, 16)...)) // unsorted
	f.Fuzz(func(t *testing.T, raw []byte) {
		b, err := Parse(raw)
		switch {
		case err != nil:
			if !errors.Is(err, ErrSize) && !errors.Is(err, ErrUnsorted) && !errors.Is(err, ErrEmpty) {
				t.Fatalf("unexpected error %v", err)
			}
			if errors.Is(err, ErrUnsorted) && !strings.Contains(err.Error(), "entry ") {
				t.Fatalf("unsorted book: error %q does not name the entry", err)
			}
		default:
			var out bytes.Buffer
			entries := make([]Entry, b.Len())
			for i := range entries {
				entries[i] = b.Entry(i)
			}
			if err := Write(&out, entries); err != nil || !bytes.Equal(out.Bytes(), raw) {
				t.Fatalf("a book read and written again differs (%v)", err)
			}
			for _, e := range entries[:min(len(entries), 8)] {
				found := false
				for _, x := range b.Lookup(e.Key) {
					found = found || x == e
				}
				if !found {
					t.Fatalf("Lookup(%016x) misses an entry of the book", e.Key)
				}
			}
		}

		// The same entries keyed to real positions.
		var keyed []Entry
		count := map[uint64]int{}
		for i := 0; i+EntrySize <= len(raw) && i < 64*EntrySize; i += EntrySize {
			pos := chess.MustParseFEN(fuzzPositions[int(raw[i])%len(fuzzPositions)])
			e := Entry{Key: Key(pos), Move: binary.BigEndian.Uint16(raw[i+8:]), Weight: binary.BigEndian.Uint16(raw[i+10:])}
			keyed = append(keyed, e)
			count[e.Key]++
		}
		if len(keyed) == 0 {
			return
		}
		var buf bytes.Buffer
		Write(&buf, keyed)
		kb, err := Parse(buf.Bytes())
		if err != nil {
			t.Fatalf("a written book does not parse: %v", err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		for i, fen := range fuzzPositions {
			pos := chess.MustParseFEN(fen)
			pos.SetChess960(i == 3)
			moves, skipped := kb.Moves(pos)
			n := skipped
			for _, c := range moves {
				if !pos.IsLegal(c.Move) {
					t.Fatalf("%s: book move %s is illegal", fen, pos.UCI(c.Move))
				}
				if m, ok := DecodeMove(pos, EncodeMove(c.Move)); !ok || m != c.Move {
					t.Fatalf("%s: %s does not survive encoding", fen, pos.UCI(c.Move))
				}
				n++ // at least one entry each
			}
			if n > count[Key(pos)] || len(moves)+skipped == 0 && count[Key(pos)] > 0 {
				t.Fatalf("%s: %d moves and %d skipped from %d entries", fen, len(moves), skipped, count[Key(pos)])
			}
			if c, total, ok := kb.Pick(pos, r); ok && (c.Weight <= 0 || total <= 0 || !pos.IsLegal(c.Move)) {
				t.Fatalf("%s: Pick gave %v of total %d", fen, c, total)
			}
		}
	})
}
