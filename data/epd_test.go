package data

import (
	"fmt"
	"strings"
	"testing"
)

// ParseEPD splits operations on white space outside quotes and keeps a
// quoted operand as written, its spaces included.
func TestParseEPDOperands(t *testing.T) {
	tests := []struct {
		line, fen, ops string
	}{
		{`4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+; id "WAC  1";`, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", `[{bm [Rh8+]} {id [WAC  1]}]`},
		{"4k3/8/8/8/8/8/8/4K2R w K - 3 40 am\tRh8+ ;  c0 \"a; b\";", "4k3/8/8/8/8/8/8/4K2R w K - 3 40", `[{am [Rh8+]} {c0 [a; b]}]`},
		{"4k3/8/8/8/8/8/8/4K2R w K -  \u00a0bm\u00a0Kd1;", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", `[{bm [Kd1]}]`},
		{`4k3/8/8/8/8/8/8/4K2R w K - " "" ";`, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", `[{   []}]`},
	}
	for _, tc := range tests {
		rec, err := ParseEPD(tc.line)
		if err != nil {
			t.Errorf("ParseEPD(%q): %v", tc.line, err)
			continue
		}
		if rec.FEN != tc.fen || fmt.Sprint(rec.Ops) != tc.ops {
			t.Errorf("ParseEPD(%q) = %q %v, want %q %s", tc.line, rec.FEN, rec.Ops, tc.fen, tc.ops)
		}
		again, err := ParseEPD(formatEPD(rec))
		if err != nil || fmt.Sprint(again.Ops) != tc.ops {
			t.Errorf("%q written back as %q reads %v (%v)", tc.line, formatEPD(rec), again, err)
		}
	}
}

// A record that gives one opcode twice is refused: the standard allows
// one of each, and a solver grading by the first bm would drop the second.
func TestParseEPDRefusesRepeatedOpcode(t *testing.T) {
	for _, line := range []string{
		`4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+; bm Kd2;`,
		`4k3/8/8/8/8/8/8/4K2R w K - id "a"; bm Rh8+; id "b";`,
	} {
		if _, err := ParseEPD(line); err == nil || !strings.Contains(err.Error(), "given twice") {
			t.Errorf("ParseEPD(%q): error %v, want one saying the operation is given twice", line, err)
		}
	}
	if _, err := ParseEPD(`4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+ Kd2; am Ke2;`); err != nil {
		t.Errorf("two moves in one bm: %v", err)
	}
}
