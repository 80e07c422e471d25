package data

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode"
)

// formatEPD writes an EPD record back as a line: the full FEN, then the
// operations, an operand quoted when it holds what would split it.
func formatEPD(e *EPD) string {
	var b strings.Builder
	b.WriteString(e.FEN)
	quote := func(s string) string {
		if s == "" || strings.ContainsFunc(s, unicode.IsSpace) || strings.Contains(s, ";") {
			return `"` + s + `"`
		}
		return s
	}
	for _, op := range e.Ops {
		b.WriteString(" " + quote(op.Code))
		for _, o := range op.Operands {
			b.WriteString(" " + quote(o))
		}
		b.WriteString(";")
	}
	return b.String()
}

// FuzzEPD: the EPD and labelled-position parsers never panic; a record
// they accept writes back to a line that parses to the same record (a
// ply is kept only with its game, as FormatLabeled has it); a
// file of such lines read by LabeledReader fails only with errors that
// name the file and a line it has.
func FuzzEPD(f *testing.F) {
	for _, s := range []string{
		`r1b1k2r/pp1n1ppp/2p1p3/q5B1/1b1P4/2N2N2/PP1QPPPP/R3KB1R w KQkq - bm Bxd7+; id "STS 1"; c8 "10 5"; c9 "d7 e2";`,
		`4k3/8/8/8/8/8/8/4K2R w K - 3 40 am Rh8+; hmvc 7; fmvn 12;`,
		`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 "1/2-1/2"; ce 15; game 7.123; ply 34;`,
		`8/8/8/8/8/8/8/K1k5 w - - [1.0]`,
		`8/8/8/8/8/8/8/K1k5 b - - | 35 | 0.5`,
		`4k3/8/8/8/8/8/8/4K3 w - - 1-0`,
		`4k3/8/8/8/8/8/8/4K3 w - - id "unterminated`,
		`4k3/8/8/8/8/8/8/4K3 w - - "quoted code" x; ;; c0 "a;b";`,
		"x",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, line := range strings.Split(in, "\n") {
			if rec, err := ParseEPD(line); err != nil {
				if msg := err.Error(); !strings.HasPrefix(msg, "epd: ") && !strings.HasPrefix(msg, "fen: ") {
					t.Fatalf("ParseEPD(%q): error %q says neither epd: nor fen:", line, msg)
				}
			} else {
				out := formatEPD(rec)
				again, err := ParseEPD(out)
				if err != nil {
					t.Fatalf("ParseEPD(%q) accepted, its record %q is refused: %v", line, out, err)
				}
				if again.FEN != rec.FEN || fmt.Sprint(again.Ops) != fmt.Sprint(rec.Ops) {
					t.Fatalf("ParseEPD(%q) = %q %v; written and read again: %q %v", line, rec.FEN, rec.Ops, again.FEN, again.Ops)
				}
			}
			if l, err := ParseLabeled(line); err == nil {
				out := FormatLabeled(l)
				m, err := ParseLabeled(out)
				if err != nil {
					t.Fatalf("ParseLabeled(%q) accepted, FormatLabeled wrote %q, which is refused: %v", line, out, err)
				}
				fen4 := func(l Labeled) string { return strings.Join(strings.Fields(l.Pos.FEN())[:4], " ") }
				if fen4(m) != fen4(l) || m.Result != l.Result || m.HasScore != l.HasScore || m.Score != l.Score || m.Game != l.Game || l.Game != "" && m.Ply != l.Ply {
					t.Fatalf("ParseLabeled(%q) = %+v; FormatLabeled %q reads back as %+v", line, l, out, m)
				}
			}
		}
		lines := strings.Count(in, "\n") + 1
		r := NewLabeledReader(strings.NewReader(in), "fuzz.epd")
		for n := 0; ; n++ {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if n > lines {
				t.Fatal("LabeledReader returned more records than the input has lines")
			}
			var le *LabeledError
			switch {
			case errors.As(err, &le):
				if le.File != "fuzz.epd" || le.Line < 1 || le.Line > lines {
					t.Fatalf("error %v names line %d of %d", err, le.Line, lines)
				}
			case err != nil:
				if !strings.HasPrefix(err.Error(), "fuzz.epd:") {
					t.Fatalf("read error %v does not name the file", err)
				}
				return
			}
		}
	})
}
