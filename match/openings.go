package match

// Opening books. Engine tests start every game pair from a different
// opening so that the pairs sample many positions; the order is fixed by
// the seed, which is what lets a resumed match pick up the sequence
// exactly where it stopped.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"vireo/chess"
	"vireo/data"
)

// OpeningConfig is the -openings flag.
type OpeningConfig struct {
	File   string
	Format string // "epd" or "pgn"
	Order  string // "sequential" or "random"
	Plies  int    // pgn: play at most this many plies of each game; 0 for all
	Start  int    // 1-based index of the first opening used
}

// Opening is a start position for one game pair: a FEN and the book moves
// played from it before the engines take over.
type Opening struct {
	FEN      string
	Moves    []chess.Move
	Chess960 bool
}

// Position returns the position after the book moves, with history, so
// that repetitions through the book count.
func (o Opening) Position() (*chess.Position, error) {
	pos, err := chess.ParseFEN(o.FEN)
	if err != nil {
		return nil, err
	}
	pos.SetChess960(o.Chess960)
	for _, m := range o.Moves {
		if !pos.IsLegal(m) {
			return nil, fmt.Errorf("book move %s is illegal in %s", pos.UCI(m), pos.FEN())
		}
		pos.MakeMove(m)
	}
	return pos, nil
}

// Book hands out openings by round.
type Book struct {
	name     string
	epd      []string // raw EPD lines, parsed when used (books are large)
	epdLine  []int32  // their line numbers, for error messages
	file     string
	pgn      []Opening // openings taken from PGN games
	gen960   bool      // no file: generated Chess960 start positions
	chess960 bool
	order    []int // a permutation of the entries (identity when sequential)
	start    int
}

// Name is the book's file name for reports, or "NULL" without a book.
func (b *Book) Name() string {
	if b.name == "" {
		return "NULL"
	}
	return b.name
}

// Len is the number of openings.
func (b *Book) Len() int {
	switch {
	case b.epd != nil:
		return len(b.epd)
	case b.pgn != nil:
		return len(b.pgn)
	case b.gen960:
		return 960
	}
	return 1
}

// maxEPDLine bounds a line of an EPD book; a longer one is not EPD.
const maxEPDLine = 1 << 20

// LoadBook reads the openings. Malformed PGN games are skipped and
// returned as warnings (with file and line), malformed EPD lines are
// reported when used (see Opening); an unreadable file or an empty book is
// an error. Without a file the book holds the standard
// start position, or all 960 Chess960 start positions when chess960 is
// set.
func LoadBook(cfg OpeningConfig, seed uint64, chess960 bool) (*Book, []error, error) {
	b := &Book{chess960: chess960}
	var warnings []error
	switch {
	case cfg.File == "" && chess960:
		b.gen960 = true
	case cfg.File == "":
	case cfg.Format == "epd":
		f, err := os.Open(cfg.File)
		if err != nil {
			return nil, nil, fmt.Errorf("openings: %w", err)
		}
		defer f.Close()
		br := bufio.NewReaderSize(f, maxEPDLine)
		b.epd = []string{}
		valid := false
		for lineNo := 1; ; lineNo++ {
			line, err := br.ReadSlice('\n')
			if err == bufio.ErrBufferFull {
				return nil, nil, fmt.Errorf("openings: %s:%d: line longer than %d bytes; is it an EPD file?", cfg.File, lineNo, maxEPDLine)
			}
			if err != nil && err != io.EOF {
				return nil, nil, fmt.Errorf("openings: %s: %w", cfg.File, err)
			}
			if t := strings.TrimSpace(string(line)); t != "" && !strings.HasPrefix(t, "#") {
				// Parsing every line is left for when the opening is
				// used: a large book would otherwise cost seconds of
				// start-up time. One valid line is enough to know that
				// the file is a book at all (and not, say, a compressed
				// file read as text).
				if !valid {
					_, perr := data.ParseEPD(t)
					valid = perr == nil
				}
				b.epd = append(b.epd, t)
				b.epdLine = append(b.epdLine, int32(lineNo))
			}
			if err == io.EOF {
				break
			}
		}
		if !valid && len(b.epd) > 0 {
			return nil, nil, fmt.Errorf("openings: %s has no usable opening: none of its %d lines is an EPD position (first: line %d)", cfg.File, len(b.epd), b.epdLine[0])
		}
	case cfg.Format == "pgn":
		f, err := data.OpenPGN(cfg.File) // plain or gzipped
		if err != nil {
			return nil, nil, fmt.Errorf("openings: %w", err)
		}
		defer f.Close()
		r := data.NewPGNReader(f, cfg.File)
		b.pgn = []Opening{}
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			var pe *data.PGNError
			if errors.As(err, &pe) {
				warnings = append(warnings, fmt.Errorf("%v (skipped)", err))
				continue
			}
			if err != nil {
				return nil, nil, fmt.Errorf("openings: %w", err)
			}
			if !chess960 {
				if err := standardOpening(g.FEN, g.Chess960); err != nil {
					warnings = append(warnings, fmt.Errorf("%s:%d: %v (skipped)", cfg.File, g.Line, err))
					continue
				}
			}
			moves := g.Moves
			if cfg.Plies > 0 && len(moves) > cfg.Plies {
				moves = moves[:cfg.Plies]
			}
			b.pgn = append(b.pgn, Opening{FEN: g.FEN, Moves: moves, Chess960: g.Chess960 || chess960})
		}
	default:
		return nil, nil, fmt.Errorf("openings: unknown format %q (want epd or pgn)", cfg.Format)
	}
	if cfg.File != "" {
		b.name, b.file = filepath.Base(cfg.File), cfg.File
		if b.Len() == 0 {
			return nil, warnings, fmt.Errorf("openings: %s has no usable opening", cfg.File)
		}
	}
	n := b.Len()
	b.order = make([]int, n)
	for i := range b.order {
		b.order[i] = i
	}
	if cfg.Order == "random" || b.gen960 {
		rng := rand.New(rand.NewPCG(seed, 0x6f70656e696e6773)) // "openings"
		rng.Shuffle(n, func(i, j int) { b.order[i], b.order[j] = b.order[j], b.order[i] })
	}
	if cfg.Start > 1 {
		b.start = (cfg.Start - 1) % n
	}
	return b, warnings, nil
}

// Index returns which entry (in file order) round r (0-based) plays.
func (b *Book) Index(round int) int {
	return b.order[(b.start+round)%len(b.order)]
}

// Opening returns entry i (in file order). A malformed EPD line is
// reported in warn and the next good line is used instead, so that one
// bad line neither stops a match nor makes the sequence depend on chance.
func (b *Book) Opening(i int) (op Opening, warn error) {
	switch {
	case b.epd != nil:
		for k := 0; k < len(b.epd); k++ {
			j := (i + k) % len(b.epd)
			rec, err := data.ParseEPD(b.epd[j])
			if err == nil && !b.chess960 {
				err = standardOpening(rec.FEN, false)
			}
			if err != nil {
				if warn == nil {
					warn = fmt.Errorf("%s:%d: %v (skipped)", b.file, b.epdLine[j], err)
				}
				continue
			}
			return Opening{FEN: rec.FEN, Chess960: b.chess960}, warn
		}
		return Opening{FEN: chess.StartFEN, Chess960: b.chess960}, fmt.Errorf("%s: no line is a valid EPD position", b.file)
	case b.pgn != nil:
		return b.pgn[i], nil
	case b.gen960:
		return Opening{FEN: Chess960FEN(i), Chess960: true}, nil
	}
	return Opening{FEN: chess.StartFEN, Chess960: b.chess960}, nil
}

// standardOpening refuses an opening that only Chess960 can play in a
// standard match: a game marked as Chess960, or castling rights whose king
// or rook stands off its standard square. The engines are not told to
// play Chess960 then, and would refuse the position or castle wrongly.
func standardOpening(fen string, chess960 bool) error {
	if chess960 {
		return fmt.Errorf("a Chess960 game in a standard match (use -variant fischerandom)")
	}
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return err
	}
	if err := pos.CheckStandardCastling(); err != nil {
		return fmt.Errorf("%v (use -variant fischerandom)", err)
	}
	return nil
}

// Chess960FEN returns start position n (0..959) in Scharnagl's numbering
// (518 is the standard position), with Shredder-FEN castling rights.
func Chess960FEN(n int) string {
	n = ((n % 960) + 960) % 960
	var rank [8]byte
	place := func(piece byte, k int) { // on the k-th empty square
		for i := range rank {
			if rank[i] == 0 {
				if k == 0 {
					rank[i] = piece
					return
				}
				k--
			}
		}
	}
	rank[2*(n%4)+1] = 'B' // light-squared bishop: files b, d, f, h
	n /= 4
	rank[2*(n%4)] = 'B' // dark-squared bishop: files a, c, e, g
	n /= 4
	place('Q', n%6)
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}
	place('N', knights[n][1]) // the later one first keeps the earlier index valid
	place('N', knights[n][0])
	place('R', 0)
	place('K', 0)
	place('R', 0)
	var rooks []int
	for i, c := range rank {
		if c == 'R' {
			rooks = append(rooks, i)
		}
	}
	castling := string([]byte{byte('A' + rooks[1]), byte('A' + rooks[0]), byte('a' + rooks[1]), byte('a' + rooks[0])})
	white := string(rank[:])
	return strings.ToLower(white) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + castling + " - 0 1"
}
