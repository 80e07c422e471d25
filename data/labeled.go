package data

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"

	"vireo/chess"
)

// Labeled is one training position: a position, the result of the game it
// came from, and optionally an engine score.
type Labeled struct {
	Pos *chess.Position
	// Result is the game result from White's side: 1, 0.5 or 0.
	Result float64
	// Score is an evaluation in centipawns from the side to move, as EPD's
	// "ce" operation has it; valid when HasScore.
	Score    int
	HasScore bool
	// Game names the game the position came from (EPD operation "game",
	// e.g. "7.123": datagen's seed and game number), so that a tuner can
	// hold out whole games; "" when unknown. Ply is the position's ply in
	// that game, counted from its opening position (0 when unknown).
	Game string
	Ply  int
}

// WhiteScore returns Score from White's side.
func (l *Labeled) WhiteScore() int {
	if l.Pos.SideToMove() == chess.White {
		return l.Score
	}
	return -l.Score
}

// LabeledError is a malformed line in a labelled-position file.
type LabeledError struct {
	File string
	Line int
	Msg  string
}

func (e *LabeledError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// ParseLabeled reads one line in any of the labelled forms in use:
//
//	FEN c9 "1-0";                  zurichess quiet-labeled.epd (EPD operations;
//	FEN ce 35; c9 "1/2-1/2";       "ce" is an optional score, side to move;
//	  ... game 7.123; ply 34;      datagen adds the game and the ply)
//	FEN [1.0]                      bracketed result, White's side
//	FEN 1-0                        plain PGN result
//	FEN | 35 | 1.0                 marlinflow/bullet text: White's score and result
//
// The FEN may have four fields (EPD) or six.
func ParseLabeled(line string) (Labeled, error) {
	line = strings.TrimSpace(line)
	if strings.Contains(line, "|") {
		return parseBarLabeled(line)
	}
	if strings.Contains(line, ";") {
		e, err := ParseEPD(line)
		if err != nil {
			return Labeled{}, err
		}
		l := Labeled{Pos: e.Pos}
		res, ok := e.Op("c9")
		if !ok {
			return Labeled{}, fmt.Errorf("no c9 result operation")
		}
		if len(res) != 1 {
			return Labeled{}, fmt.Errorf("c9 wants one result, got %d", len(res))
		}
		if l.Result, err = parseResult(res[0]); err != nil {
			return Labeled{}, err
		}
		if ce, ok := e.Op("ce"); ok {
			if len(ce) != 1 {
				return Labeled{}, fmt.Errorf("ce wants one score, got %d", len(ce))
			}
			if l.Score, err = strconv.Atoi(ce[0]); err != nil {
				return Labeled{}, fmt.Errorf("ce score %q is not an integer", ce[0])
			}
			l.HasScore = true
		}
		if g, ok := e.Op("game"); ok {
			if len(g) != 1 || g[0] == "" {
				return Labeled{}, fmt.Errorf("game wants one game id, got %d", len(g))
			}
			l.Game = g[0]
		}
		if ply, ok := e.Op("ply"); ok {
			if len(ply) != 1 {
				return Labeled{}, fmt.Errorf("ply wants one number, got %d", len(ply))
			}
			if l.Ply, err = strconv.Atoi(ply[0]); err != nil || l.Ply < 0 {
				return Labeled{}, fmt.Errorf("ply %q is not a ply number", ply[0])
			}
		}
		return l, nil
	}
	fields := strings.Fields(line)
	if len(fields) < 5 {
		return Labeled{}, fmt.Errorf("want a FEN and a result, got %d fields", len(fields))
	}
	last := fields[len(fields)-1]
	if last == "0" || last == "1" {
		// "K6k w - - 0" is as likely a FEN with its halfmove clock as
		// a position labelled 0-1.
		return Labeled{}, fmt.Errorf("result %q could be a FEN counter: write it as [%s.0], %s or with c9", last, last, map[string]string{"0": "0-1", "1": "1-0"}[last])
	}
	r, err := parseResult(strings.Trim(last, "[]\""))
	if err != nil {
		return Labeled{}, err
	}
	pos, err := parseFENFields(fields[:len(fields)-1])
	if err != nil {
		return Labeled{}, err
	}
	return Labeled{Pos: pos, Result: r}, nil
}

func parseBarLabeled(line string) (Labeled, error) {
	parts := strings.Split(line, "|")
	if len(parts) != 3 {
		return Labeled{}, fmt.Errorf("want FEN | score | result, got %d fields", len(parts))
	}
	pos, err := parseFENFields(strings.Fields(parts[0]))
	if err != nil {
		return Labeled{}, err
	}
	s := strings.TrimSpace(parts[1])
	score, err := strconv.Atoi(s)
	if err != nil {
		return Labeled{}, fmt.Errorf("score %q is not an integer", s)
	}
	r, err := parseResult(strings.TrimSpace(parts[2]))
	if err != nil {
		return Labeled{}, err
	}
	l := Labeled{Pos: pos, Result: r, Score: score, HasScore: true}
	if pos.SideToMove() == chess.Black {
		l.Score = -score
	}
	return l, nil
}

func parseFENFields(f []string) (*chess.Position, error) {
	switch len(f) {
	case 4:
		f = append(f, "0", "1")
	case 6:
	default:
		return nil, fmt.Errorf("want a FEN of 4 or 6 fields, got %d", len(f))
	}
	return chess.ParseFEN(strings.Join(f, " "))
}

func parseResult(s string) (float64, error) {
	switch s {
	case "1-0", "1.0", "1":
		return 1, nil
	case "0-1", "0.0", "0":
		return 0, nil
	case "1/2-1/2", "0.5", "1/2":
		return 0.5, nil
	}
	return 0, fmt.Errorf("result %q is not one of 1-0, 1/2-1/2, 0-1, 1.0, 0.5, 0.0", s)
}

// LabeledReader streams a labelled-position file. Malformed lines are
// returned as *LabeledError by Next, which can be called again to go on.
type LabeledReader struct {
	sc   *bufio.Scanner
	name string
	line int
}

// NewLabeledReader reads r; name is used in errors.
func NewLabeledReader(r io.Reader, name string) *LabeledReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	return &LabeledReader{sc: sc, name: name}
}

// Next returns the next position, a *LabeledError for a malformed line, or
// io.EOF at the end. Blank lines and lines starting with '#' are skipped.
func (r *LabeledReader) Next() (Labeled, error) {
	for r.sc.Scan() {
		r.line++
		s := strings.TrimSpace(r.sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		l, err := ParseLabeled(s)
		if err != nil {
			return Labeled{}, &LabeledError{File: r.name, Line: r.line, Msg: err.Error()}
		}
		return l, nil
	}
	if err := r.sc.Err(); err != nil {
		return Labeled{}, fmt.Errorf("%s:%d: %w", r.name, r.line+1, err)
	}
	return Labeled{}, io.EOF
}

// Line is the number of the line Next returned last.
func (r *LabeledReader) Line() int { return r.line }

// ReadLabeledFile reads a whole file. With strict it stops at the first
// malformed line; otherwise malformed lines are collected in bad and skipped.
func ReadLabeledFile(path string, strict bool) (pos []Labeled, bad []error, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	r := NewLabeledReader(f, path)
	for {
		l, err := r.Next()
		if err == io.EOF {
			return pos, bad, nil
		}
		if le, ok := err.(*LabeledError); ok {
			if strict {
				return pos, bad, le
			}
			bad = append(bad, le)
			continue
		}
		if err != nil {
			return pos, bad, err
		}
		pos = append(pos, l)
	}
}

// FormatLabeled writes l in the zurichess EPD form this project writes:
// the four EPD position fields, "ce" when there is a score, then "c9".
func FormatLabeled(l Labeled) string {
	fen := strings.Fields(l.Pos.FEN())
	var b strings.Builder
	b.WriteString(strings.Join(fen[:4], " "))
	if l.HasScore {
		fmt.Fprintf(&b, " ce %d;", l.Score)
	}
	switch l.Result {
	case 1:
		b.WriteString(` c9 "1-0";`)
	case 0:
		b.WriteString(` c9 "0-1";`)
	default:
		b.WriteString(` c9 "1/2-1/2";`)
	}
	if l.Game != "" {
		game := l.Game
		if strings.ContainsRune(game, ';') || strings.IndexFunc(game, unicode.IsSpace) >= 0 {
			// A game id read from a quoted operand keeps its spaces and
			// semicolons; unquoted, they would split it.
			game = `"` + game + `"`
		}
		fmt.Fprintf(&b, " game %s; ply %d;", game, l.Ply)
	}
	return b.String()
}
