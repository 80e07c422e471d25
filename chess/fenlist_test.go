package chess

import (
	"strings"
	"testing"
)

func TestReadFENList(t *testing.T) {
	good := "# book\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n" +
		"8/8/8/8/8/8/8/K6k w - - 5 40\n"
	fens, err := readFENList(strings.NewReader(good), "b.epd")
	if err != nil || len(fens) != 2 || fens[1] != "8/8/8/8/8/8/8/K6k w - - 0 1" {
		t.Fatalf("got %q, %v", fens, err)
	}
	for _, tc := range []struct{ in, want string }{
		{"8/8/8/8/8/8/8/K6k w - -\nK7 w\n", "b.epd:2: not a FEN or EPD line"},
		{"8/8/8/8/8/8/8/K6k w - -\n8/8/8/8/8/8/8/8 w - -\n", "b.epd:2: "},
		{"# nothing\n", "b.epd: no positions"},
		{"8/8/8/8/8/8/8/K6k w - -\n" + strings.Repeat("x", 2<<20) + "\n", "b.epd:2: bufio.Scanner: token too long"},
	} {
		_, err := readFENList(strings.NewReader(tc.in), "b.epd")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q...", tc.in, err, tc.want)
		}
	}
}
