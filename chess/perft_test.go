package chess

import (
	"strings"
	"testing"
)

// wikiPositions are the six positions of the chessprogramming wiki's
// "Perft Results" page with their published counts.
var wikiPositions = []struct {
	fen    string
	counts []uint64 // depth 1, 2, ...
}{
	{StartFEN, []uint64{20, 400, 8902, 197281, 4865609, 119060324}},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862, 4085603, 193690690}},
	{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238, 674624, 11030083}},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467, 422333, 15833292, 706045033}},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379, 2103487, 89941194}},
	{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890, 3894594, 164075551}},
}

func TestPerftWiki(t *testing.T) {
	for i, tc := range wikiPositions {
		p := MustParseFEN(tc.fen)
		maxD := len(tc.counts)
		if testing.Short() {
			maxD = min(maxD, 4)
		}
		for d := 1; d <= maxD; d++ {
			if got := Perft(p, d); got != tc.counts[d-1] {
				t.Errorf("position %d depth %d: got %d, want %d", i+1, d, got, tc.counts[d-1])
			}
		}
		if p.FEN() != MustParseFEN(tc.fen).FEN() || p.Ply() != 0 {
			t.Errorf("position %d: perft did not restore the position", i+1)
		}
	}
}

func runSuite(t *testing.T, name string, maxDepth int) {
	cases := readSharedSuite(t, name)
	if len(cases) == 0 {
		t.Fatalf("%s: no positions", name)
	}
	checked := 0
	for _, c := range cases {
		p := MustParseFEN(c.FEN)
		p.SetChess960(true)
		for _, d := range c.Depths() {
			if d > maxDepth {
				break
			}
			checked++
			if got := Perft(p, d); got != c.Counts[d] {
				t.Errorf("%s:%d depth %d: got %d, want %d (%s)", name, c.Line, d, got, c.Counts[d], c.FEN)
				break
			}
		}
	}
	t.Logf("%s: %d positions, %d counts checked to depth %d", name, len(cases), checked, maxDepth)
}

func TestReadPerftSuiteErrors(t *testing.T) {
	for _, in := range []string{
		"8/8/8/8/8/8/8/8 w - - 0 1 ;D1 0\n",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 x\n",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;X1 5\n",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D99 1\n", // would run for ever
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D21 1\n",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D0 1\n",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D-1 1\n",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", // checks nothing
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;\n",
	} {
		_, err := ReadPerftSuite(strings.NewReader("\n"+in), "t.epd")
		if err == nil || !strings.Contains(err.Error(), "t.epd:2:") {
			t.Errorf("%q: got error %v, want one naming t.epd:2", in, err)
		}
	}
}

func TestPerftSuite(t *testing.T) {
	d := 5
	if testing.Short() {
		d = 3
	}
	runSuite(t, "perftsuite.epd", d)
}

func TestPerft960Suite(t *testing.T) {
	d := 4
	if testing.Short() {
		d = 3
	}
	runSuite(t, "perft960.epd", d)
}

func BenchmarkPerft5(b *testing.B) {
	p := StartPosition()
	for i := 0; i < b.N; i++ {
		Perft(p, 5)
	}
}
