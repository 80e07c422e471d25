package match

import "testing"

// TestParseInfo: the score kept for adjudication is the best move's, and
// an exact one when the engine has given one.
func TestParseInfo(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  int
	}{
		{"last score wins", []string{"info depth 9 score cp 30 pv e2e4", "info depth 10 score cp 45 pv d2d4"}, 45},
		{"progress lines keep it", []string{"info depth 9 score cp 30 pv e2e4", "info depth 10 currmove a2a3", "info string hi score cp 99"}, 30},
		{"second MultiPV line passed over", []string{"info depth 10 multipv 1 score cp 30 pv e2e4", "info depth 10 multipv 2 score cp -200 pv a2a3"}, 30},
		{"first MultiPV line read", []string{"info depth 9 multipv 1 score cp 30", "info depth 10 multipv 1 score cp 35"}, 35},
		{"bound after exact passed over", []string{"info depth 9 score cp 30", "info depth 10 score cp 80 lowerbound"}, 30},
		{"bound when nothing exact", []string{"info depth 1 score cp 80 lowerbound"}, 80},
		{"bound after bound", []string{"info depth 1 score cp 80 lowerbound", "info depth 1 score cp 20 upperbound"}, 20},
		{"exact after bound", []string{"info depth 9 score cp 80 upperbound", "info depth 9 score cp 25"}, 25},
		{"leading spaces", []string{"  info depth 9   score cp 12"}, 12},
	}
	for _, c := range cases {
		var in Info
		for _, l := range c.lines {
			parseInfo(l, &in)
		}
		if !in.HasScore || in.Score != c.want {
			t.Errorf("%s: score %d (has %v), want %d", c.name, in.Score, in.HasScore, c.want)
		}
	}
}
