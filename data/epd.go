// Package data reads and writes the position and game files Vireo's tools
// use: EPD records with their operations, and (later) PGN games and
// labelled training positions.
package data

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"vireo/chess"
)

// EPD is one record: a position and its operations ("bm Qg6; id \"WAC.001\";").
type EPD struct {
	FEN string  // full FEN (counters from the record, or "0 1")
	Ops []EPDOp // in file order
	Pos *chess.Position
}

// EPDOp is one operation: an opcode and its operands, quotes removed.
type EPDOp struct {
	Code     string
	Operands []string
}

// Op returns the operands of the operation with the given code (ParseEPD
// refuses a record that gives one code twice).
func (e *EPD) Op(code string) ([]string, bool) {
	for _, op := range e.Ops {
		if op.Code == code {
			return op.Operands, true
		}
	}
	return nil, false
}

// ID returns the "id" operand, or "".
func (e *EPD) ID() string {
	if v, ok := e.Op("id"); ok && len(v) > 0 {
		return v[0]
	}
	return ""
}

// ParseEPD parses one EPD line. Besides the four EPD position fields it
// accepts the halfmove and fullmove counters of a full FEN before the
// operations. Errors name the problem; callers add file and line.
func ParseEPD(line string) (*EPD, error) {
	line = strings.TrimSpace(line)
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return nil, fmt.Errorf("epd: want at least 4 position fields, got %d", len(fields))
	}
	fenFields := fields[:4]
	// The operations are taken from the line as written, not from its
	// fields joined again: a quoted operand keeps its spaces.
	rest := afterFields(line, 4)
	counters := "0 1"
	if len(fields) >= 6 && isUint(fields[4]) && isUint(fields[5]) {
		counters = fields[4] + " " + fields[5]
		rest = afterFields(line, 6)
	}
	fen := strings.Join(fenFields, " ") + " " + counters
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	ops, err := parseOps(rest)
	if err != nil {
		return nil, err
	}
	for _, op := range ops {
		if op.Code == "hmvc" && len(op.Operands) == 1 || op.Code == "fmvn" && len(op.Operands) == 1 {
			// Counters given as operations replace the defaults.
			hm, fm := pos.HalfmoveClock(), pos.FullmoveNumber()
			n, err := strconv.Atoi(op.Operands[0])
			if err != nil {
				return nil, fmt.Errorf("epd: %s: bad number %q", op.Code, op.Operands[0])
			}
			if op.Code == "hmvc" {
				hm = n
			} else {
				fm = n
			}
			fen = strings.Join(fenFields, " ") + fmt.Sprintf(" %d %d", hm, fm)
			if pos, err = chess.ParseFEN(fen); err != nil {
				return nil, err
			}
		}
	}
	return &EPD{FEN: fen, Ops: ops, Pos: pos}, nil
}

// afterFields returns s after its first n fields, as strings.Fields
// splits them (on Unicode white space), and the space that follows.
func afterFields(s string, n int) string {
	for range n {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		i := strings.IndexFunc(s, unicode.IsSpace)
		if i < 0 {
			return ""
		}
		s = s[i:]
	}
	return strings.TrimLeftFunc(s, unicode.IsSpace)
}

func isUint(s string) bool {
	_, err := strconv.ParseUint(s, 10, 32)
	return err == nil
}

// parseOps splits "bm Qg6 Qh5; id \"WAC 1\";" into operations, keeping
// quoted operands whole (they may hold spaces and semicolons). An opcode
// given twice is an error, as the EPD standard allows one of each: of
// "bm Qg6; bm Qh5;" a solver would otherwise grade by one and ignore the
// other.
func parseOps(s string) ([]EPDOp, error) {
	var ops []EPDOp
	var cur []string
	var tok strings.Builder
	inQuote, hasTok := false, false
	flushTok := func() {
		if hasTok {
			cur = append(cur, tok.String())
			tok.Reset()
			hasTok = false
		}
	}
	var dup string
	flushOp := func() {
		flushTok()
		if len(cur) > 0 {
			for _, op := range ops {
				if op.Code == cur[0] && dup == "" {
					dup = cur[0]
				}
			}
			ops = append(ops, EPDOp{Code: cur[0], Operands: cur[1:]})
		}
		cur = nil
	}
	for i := 0; i < len(s); {
		c := s[i]
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case inQuote:
			if c == '"' {
				inQuote = false
			} else {
				tok.WriteString(s[i : i+size])
			}
		case c == '"':
			inQuote, hasTok = true, true
		case c == ';':
			flushOp()
		case unicode.IsSpace(r):
			// Outside quotes any white space separates, as between the
			// position's fields.
			flushTok()
		default:
			tok.WriteString(s[i : i+size])
			hasTok = true
		}
		i += size
	}
	if inQuote {
		return nil, fmt.Errorf("epd: unterminated quoted operand")
	}
	flushOp()
	if dup != "" {
		return nil, fmt.Errorf("epd: operation %q given twice", dup)
	}
	return ops, nil
}
