package eval

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// FuzzParams: ReadParams never panics; it refuses a malformed file with
// a *ParamError whose every entry names a line of the input (or the one
// after its end); what it accepts writes back with WriteParams to a
// whole table that reads back to the same values, and the written table
// cut before its end line is refused by LoadParams' rule.
func FuzzParams(f *testing.F) {
	var whole bytes.Buffer
	WriteParams(&whole, Defaults())
	for _, s := range []string{
		whole.String(),
		"[MaterialV]\nPIECE_VALUE = [(80, 100), (900, 900), (330, 330), (100, 100), (1000, 1000)]\nend 1\n",
		"TEMPO = (1, 2) # comment\nKS_SAFE_CHECK = [1,2,3,4]\nPAWN_DIST_MULT = -9\nend 3",
		"TEMPO = (1, 2)\nend 2\n",
		"TEMPO = (1, 2)\nend 1\nTEMPO = (3, 4)\n",
		"[NoSuchGroup]\nBOGUS = 1\nTEMPO = 1\nKS_SAFE_CHECK = [1,2]\n",
		"PIECE_VALUE = [(1,2),(3,4)\n= \n[\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		lines := strings.Count(in, "\n") + 1
		p, rd, err := readParams(strings.NewReader(in), nil)
		if err != nil {
			var pe *ParamError
			if !errors.As(err, &pe) || len(pe.Errors) == 0 {
				t.Fatalf("error %v (%T) is not a *ParamError with entries", err, err)
			}
			for _, le := range pe.Errors {
				if le.Line < 1 || le.Line > lines+1 || le.Msg == "" {
					t.Fatalf("error entry %+v for an input of %d lines", le, lines)
				}
			}
			return
		}
		if len(rd.seen) > len(terms) {
			t.Fatalf("%d parameters set of %d", len(rd.seen), len(terms))
		}
		var out bytes.Buffer
		if err := WriteParams(&out, p); err != nil {
			t.Fatal(err)
		}
		q, rq, err := readParams(bytes.NewReader(out.Bytes()), nil)
		if err != nil {
			t.Fatalf("WriteParams output refused: %v", err)
		}
		if *q != *p || !rq.hasEnd || len(rq.seen) != len(terms) {
			t.Fatalf("written and read again: same values %v, end line %v, %d of %d parameters", *q == *p, rq.hasEnd, len(rq.seen), len(terms))
		}
		// Cut before its last parameter, the table is no longer whole.
		text := out.String()
		cut := text[:strings.LastIndex(text, " = ")]
		cut = cut[:strings.LastIndexByte(cut, '\n')+1]
		_, rc, err := readParams(strings.NewReader(cut), nil)
		if err == nil && (rc.hasEnd || len(rc.seen) == len(terms)) {
			t.Fatal("a table cut before its last parameter looks whole")
		}
	})
}
