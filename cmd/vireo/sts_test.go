package main

import (
	"bytes"
	"strings"
	"testing"

	"vireo/data"
)

func TestSTSPoints(t *testing.T) {
	const fen = `1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm f5; id "STS(v1.0) Undermine.001";`
	tests := []struct {
		name    string
		ops     string
		want    map[string]int // UCI move -> points
		wantErr string
	}{
		{"no key", ``, nil, ""},
		{"sts key", ` c8 "10 2 3 2"; c9 "f4f5 d4e5 d4f2 f3g4";`, map[string]int{"f4f5": 10, "d4e5": 2, "d4f2": 3, "f3g4": 2}, ""},
		{"lengths differ", ` c8 "10 2 3"; c9 "f4f5 d4e5 d4f2 f3g4";`, nil, "4 moves but c8 3 points"},
		{"illegal move", ` c8 "10 2"; c9 "f4f5 d4d8";`, nil, `c9 move "d4d8"`},
		{"bad points", ` c8 "10 x"; c9 "f4f5 d4e5";`, nil, `c8 points "x"`},
		{"points without moves", ` c8 "10";`, nil, "without c9"},
		{"move twice", ` c8 "10 5 3"; c9 "f4f5 d4e5 f4f5";`, nil, "c9 names f4f5 twice"},
		{"no points", ` c8 "0 0"; c9 "f4f5 d4e5";`, nil, "no move a point"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := data.ParseEPD(fen + tc.ops)
			if err != nil {
				t.Fatal(err)
			}
			got, err := stsPoints(rec)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d moves, want %d", len(got), len(tc.want))
			}
			for u, n := range tc.want {
				m, err := rec.Pos.ParseUCI(u)
				if err != nil {
					t.Fatal(err)
				}
				if got[m] != n {
					t.Errorf("%s: %d points, want %d", u, got[m], n)
				}
			}
		})
	}
}

func TestSTSTallyByTheme(t *testing.T) {
	tl := newSTSTally()
	tl.add("STS(v1.0) Undermine.001", 10, 10)
	tl.add("STS(v1.0) Undermine.002", 4, 10)
	tl.add("STS(v1.0) Open Files and Diagonals.001", 0, 10)
	var b bytes.Buffer
	tl.print(&b)
	out := b.String()
	for _, want := range []string{
		"Points STS(v1.0) Undermine ", "14 of    20 ( 70.0%) over 2 positions",
		"Points STS(v1.0) Open Files and Diagonals", "0 of    10 (  0.0%) over 1 positions",
		"Points 14 of 30 (46.7%)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	var empty bytes.Buffer
	newSTSTally().print(&empty)
	if empty.Len() != 0 {
		t.Errorf("a suite without points printed %q", empty.String())
	}
}
