package match

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"vireo/chess"
	"vireo/data"
)

func TestFormatScore(t *testing.T) {
	cases := []struct {
		in   Info
		want string
	}{
		{cp(35), "+0.35"}, {cp(-120), "-1.20"}, {cp(0), "0.00"}, {cp(5), "+0.05"},
		{mate(3), "+M3"}, {mate(-2), "-M2"},
	}
	for _, c := range cases {
		if got := FormatScore(c.in); got != c.want {
			t.Errorf("%+v: %q, want %q", c.in, got, c.want)
		}
	}
}

// TestFormatPGN writes a game that starts with Black to move from a FEN,
// with book moves, scores, a move without a score and an illegal-move
// ending, and reads it back.
func TestFormatPGN(t *testing.T) {
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3"
	pos := chess.MustParseFEN(fen)
	var moves []PlayedMove
	for i, s := range []string{"g8f6", "f1c4", "f8c5", "e1g1"} {
		m, err := pos.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		pm := PlayedMove{Move: m, SAN: pos.SAN(m), Elapsed: 512 * time.Millisecond}
		switch i {
		case 0:
			pm.Book = true
		case 1:
			pm.Info = Info{HasScore: true, Score: 35, Depth: 12}
		case 2:
			pm.Info = Info{HasScore: true, IsMate: true, Mate: -2, Depth: 5}
		}
		moves = append(moves, pm)
		pos.MakeMove(m)
	}
	start := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	tc, _ := ParseTC("8+0.08")
	g := &GameRecord{
		Round: 3, Names: [2]string{"New \"x\"", "Base"},
		Limits:  [2]Limits{{TC: &tc}, {TC: &tc}},
		Opening: Opening{FEN: fen},
		Moves:   moves,
		Verdict: failureVerdict(chess.Black, CauseIllegal, `"e8e9}"`),
		Start:   start, End: start.Add(75 * time.Second),
	}
	text := FormatPGN(g, PGNOptions{Event: "Test", Site: "Here"})
	for _, s := range []string{
		"[Event \"Test\"]\n[Site \"Here\"]\n[Date \"2026.03.04\"]\n[Round \"3\"]\n[White \"New \\\"x\\\"\"]\n[Black \"Base\"]\n[Result \"1-0\"]\n[FEN \"" + fen + "\"]\n",
		"[GameDuration \"00:01:15\"]", "[PlyCount \"4\"]", "[SetUp \"1\"]", "[Termination \"illegal move\"]", "[TimeControl \"8+0.08\"]",
	} {
		if !strings.Contains(text, s) {
			t.Errorf("PGN lacks %q:\n%s", s, text)
		}
	}
	movetext := "3... Nf6 {book} 4. Bc4 {+0.35/12 0.512s} Bc5 {-M2/5 0.512s} 5. O-O {0.512s, Black makes an illegal move: \"e8e9)\"} 1-0"
	if flat := strings.Join(strings.Fields(text), " "); !strings.HasSuffix(flat, movetext) || !strings.HasSuffix(text, "1-0\n\n") {
		t.Errorf("movetext:\n%s\nwant %s", text, movetext)
	}
	games, bad, err := readPGNString(text)
	if err != nil || len(bad) != 0 || len(games) != 1 {
		t.Fatalf("re-reading: %v %v\n%s", err, bad, text)
	}
	rg := games[0]
	if rg.Result != "1-0" || len(rg.Moves) != 4 || rg.FEN != fen || rg.Tag("White") != `New "x"` {
		t.Errorf("read back %+v", rg)
	}
	if !rg.Info[0].Book || rg.Info[1].Score != 35 || rg.Info[2].Mate != -2 || rg.Info[3].HasScore || rg.Info[3].Time != 512*time.Millisecond {
		t.Errorf("infos %+v", rg.Info)
	}

	// A game that ends before any move keeps its reason as a comment, and
	// a long game wraps its lines.
	g2 := &GameRecord{Round: 1, Names: [2]string{"A", "B"}, Opening: Opening{FEN: chess.StartFEN},
		Verdict: failureVerdict(chess.White, CauseCrash, ""), Start: start, End: start}
	text = FormatPGN(g2, PGNOptions{})
	if !strings.Contains(text, "{White disconnects} 0-1") || strings.Contains(text, "[FEN") || !strings.Contains(text, "[TimeControl \"-\"]") {
		t.Errorf("empty game:\n%s", text)
	}
	for _, l := range strings.Split(FormatPGN(g, PGNOptions{}), "\n") {
		if len(l) > 80 {
			t.Errorf("line of %d characters: %q", len(l), l)
		}
	}
}

func readPGNString(s string) ([]*data.PGNGame, []error, error) {
	r := data.NewPGNReader(strings.NewReader(s), "string")
	var games []*data.PGNGame
	var bad []error
	for {
		g, err := r.Next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return games, bad, nil
			}
			bad = append(bad, err)
			continue
		}
		games = append(games, g)
	}
}
