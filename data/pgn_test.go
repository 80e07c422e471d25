package data

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"vireo/chess"
)

const gamesDir = "../../shared/data/games"

// TestReadSharedGames reads every game of the team's PGN files and checks
// the game count, that every game replays legally to a position whose
// result is consistent with its tags, and that the Result tag agrees with
// the termination marker.
func TestReadSharedGames(t *testing.T) {
	want := map[string]int{
		"fide_grand_swiss_2021_riga.pgn":        594,
		"interzonal_1970_palma_de_mallorca.pgn": 276,
		"fishtest_sample.pgn":                   8,
	}
	total := 0
	for name, n := range want {
		path := filepath.Join(gamesDir, name)
		if _, err := os.Stat(path); err != nil {
			t.Skipf("shared data missing: %v", err)
		}
		games, bad, err := ReadPGNFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bad {
			t.Errorf("%v", b)
		}
		if len(games) != n {
			t.Errorf("%s: %d games, want %d", name, len(games), n)
		}
		total += len(games)
		for _, g := range games {
			if g.Result != g.Tag("Result") {
				t.Errorf("%s:%d: result %q, tag %q", name, g.Line, g.Result, g.Tag("Result"))
			}
			if pc := g.Tag("PlyCount"); pc != "" && pc != strconv.Itoa(len(g.Moves)) {
				t.Errorf("%s:%d: %d moves, PlyCount %s", name, g.Line, len(g.Moves), pc)
			}
			if len(g.Info) != len(g.Moves) || len(g.SAN) != len(g.Moves) {
				t.Fatalf("%s:%d: parallel slices differ", name, g.Line)
			}
			pos, err := g.StartPosition()
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range g.Moves {
				if !pos.IsLegal(m) {
					t.Fatalf("%s:%d: illegal move in replay", name, g.Line)
				}
				pos.MakeMove(m)
			}
			if pos.IsCheckmate() {
				winner := "1-0"
				if pos.SideToMove() == chess.White {
					winner = "0-1"
				}
				if g.Result != winner {
					t.Errorf("%s:%d: ends in mate but the result is %s", name, g.Line, g.Result)
				}
			}
		}
	}
	if total != 878 {
		t.Errorf("%d games in all, want 878", total)
	}
}

// TestScoreComments checks the engine comments of the fishtest sample,
// written by a match runner, are read into scores, depths and times.
func TestScoreComments(t *testing.T) {
	path := filepath.Join(gamesDir, "fishtest_sample.pgn")
	games, _, err := ReadPGNFile(path)
	if err != nil {
		t.Skip(err)
	}
	g := games[0]
	first := g.Info[0] // 1. Bb3 {+0.98/18 0.17s}
	if !first.HasScore || first.Score != 98 || first.Depth != 18 || first.Time != 170*time.Millisecond {
		t.Errorf("first move info %+v", first)
	}
	second := g.Info[1] // Bf5 {-0.96/20 0.55s}
	if second.Score != -96 || second.Depth != 20 || second.Time != 550*time.Millisecond {
		t.Errorf("second move info %+v", second)
	}
	last := g.Info[len(g.Info)-1] // {0.00/31 0.080s, Draw by adjudication}
	if !last.HasScore || last.Score != 0 || last.Depth != 31 || last.Time != 80*time.Millisecond ||
		!strings.HasSuffix(last.Comment, "Draw by adjudication") {
		t.Errorf("last move info %+v", last)
	}
	if g.Tag("FEN") == "" || g.FEN != g.Tag("FEN") {
		t.Errorf("FEN %q, tag %q", g.FEN, g.Tag("FEN"))
	}
}

func TestParseMoveComment(t *testing.T) {
	cases := []struct {
		in   string
		want MoveInfo
	}{
		{"+0.35/12 0.512s", MoveInfo{HasScore: true, Score: 35, Depth: 12, Time: 512 * time.Millisecond, HasTime: true}},
		{"-1.20/7 1.5s", MoveInfo{HasScore: true, Score: -120, Depth: 7, Time: 1500 * time.Millisecond, HasTime: true}},
		{"+M3/9 0.010s", MoveInfo{HasScore: true, Mate: 3, Depth: 9, Time: 10 * time.Millisecond, HasTime: true}},
		{"-M2/5 0.1s, White mates", MoveInfo{HasScore: true, Mate: -2, Depth: 5, Time: 100 * time.Millisecond, HasTime: true}},
		{"book", MoveInfo{Book: true}},
		{"0.250s", MoveInfo{Time: 250 * time.Millisecond, HasTime: true}},
		{"a fine move", MoveInfo{}},
		{"+0.35/x 0.5s", MoveInfo{}}, // not a score: the time is not read either
		{"12/34", MoveInfo{}},
		{"--1.00/5 0.5s", MoveInfo{}},   // two signs
		{"+-0.50/3 0.5s", MoveInfo{}},   // two signs
		{"-1.0e300/5 0.5s", MoveInfo{}}, // beyond any score
		{"+NaN./5 0.5s", MoveInfo{}},    // not a number
	}
	for _, c := range cases {
		var mi MoveInfo
		parseMoveComment(c.in, &mi)
		if mi != c.want {
			t.Errorf("%q: %+v, want %+v", c.in, mi, c.want)
		}
	}
}

// TestPGNSyntax covers the parts of the grammar the shared files lack.
func TestPGNSyntax(t *testing.T) {
	in := `% an escaped line
[Event "syntax"]
[White "A \"quoted\" name"] [Black "B\\C"]

{A comment before the first move.}
1. e4 $1 e5!? 2.Nf3 (2. f4 exf4 (2... d5) 3. Nf3 {inside}) Nc6 ; a line comment
3. Bb5 a6?! 4. Ba4 Nf6 5. O-O
Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 {end} 1/2-1/2

[Event "no tags section break"]
[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]
[SetUp "1"]
1. a8=Q+ Kd7 2. Qb7+ *

1. d4 d5 0-1
`
	r := NewPGNReader(strings.NewReader(in), "syntax.pgn")
	var games []*PGNGame
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	g := games[0]
	if g.Tag("White") != `A "quoted" name` || g.Tag("Black") != `B\C` {
		t.Errorf("escaped tags: %q %q", g.Tag("White"), g.Tag("Black"))
	}
	if len(g.Moves) != 17 || g.Result != "1/2-1/2" {
		t.Errorf("%d moves, result %q", len(g.Moves), g.Result)
	}
	if g.SAN[2] != "Nf3" || g.SAN[3] != "Nc6" {
		t.Errorf("variation not skipped: %v", g.SAN[:4])
	}
	if g.Info[3].Comment != "a line comment" || g.Info[16].Comment != "end" {
		t.Errorf("comments: %q %q", g.Info[3].Comment, g.Info[16].Comment)
	}
	if g.Line != 2 {
		t.Errorf("game starts on line %d, want 2", g.Line)
	}
	p := games[1]
	if len(p.Moves) != 3 || p.Moves[0].Promotion() != chess.Queen || p.Result != "*" || p.FEN != "4k3/P7/8/8/8/8/8/4K3 w - - 0 1" {
		t.Errorf("promotion game: %d moves, %v, %q %q", len(p.Moves), p.SAN, p.Result, p.FEN)
	}
	if q := games[2]; len(q.Tags) != 0 || len(q.Moves) != 2 || q.Result != "0-1" {
		t.Errorf("tagless game: %+v", q)
	}
}

// TestCorruptedPGN damages a copy of a real file in several ways and
// checks that each damaged game is reported with the right line and the
// reader still returns every other game.
func TestCorruptedPGN(t *testing.T) {
	src := filepath.Join(gamesDir, "interzonal_1970_palma_de_mallorca.pgn")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Skip(err)
	}
	lines := strings.Split(string(b), "\n")
	// Damage games 3, 10 and 20 (by their Event lines) and remember the
	// line numbers the errors must name.
	eventLines := []int{}
	for i, l := range lines {
		if strings.HasPrefix(l, "[Event ") {
			eventLines = append(eventLines, i)
		}
	}
	movetextOf := func(game int) int { // index of the first movetext line
		for i := eventLines[game]; ; i++ {
			if lines[i] != "" && !strings.HasPrefix(lines[i], "[") {
				return i
			}
		}
	}
	var wantLines []int
	// Game 3: an illegal move.
	i := movetextOf(3)
	lines[i] = strings.Replace(lines[i], "1. ", "1. Ke5 ", 1)
	wantLines = append(wantLines, i+1)
	// Game 10: a broken tag.
	lines[eventLines[10]+1] = `[Site "Palma de Majorca]`
	wantLines = append(wantLines, eventLines[10]+2)
	// Game 20: an unterminated variation.
	i = movetextOf(20)
	lines[i] = strings.Replace(lines[i], "2. ", "( 2. ", 1)
	wantLines = append(wantLines, -1) // reported where the game runs out
	// Game 30: garbage in place of a move.
	i = movetextOf(30)
	lines[i] = strings.Replace(lines[i], "1. ", "1. @@@ ", 1)
	wantLines = append(wantLines, i+1)
	// Game 40: a comment opened and never closed, which must not take
	// the games after it along.
	i = movetextOf(40)
	lines[i] = strings.Replace(lines[i], "2. ", "{runaway 2. ", 1)
	wantLines = append(wantLines, i+1)

	path := filepath.Join(t.TempDir(), "broken.pgn")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	games, bad, err := ReadPGNFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != 5 {
		t.Fatalf("%d errors, want 5: %v", len(bad), bad)
	}
	for k, e := range bad {
		var pe *PGNError
		if !errors.As(e, &pe) || pe.File != path {
			t.Errorf("error %v lacks the file name", e)
			continue
		}
		if wantLines[k] > 0 && pe.Line != wantLines[k] {
			t.Errorf("error %d at line %d, want %d: %v", k, pe.Line, wantLines[k], e)
		}
		if !strings.HasPrefix(e.Error(), path+":") {
			t.Errorf("message %q does not start with file:line", e)
		}
	}
	if len(games) != 276-5 {
		t.Errorf("%d good games, want %d", len(games), 276-5)
	}
	// The games after each damaged one are intact: same first moves as in
	// the original file.
	orig, _, _ := ReadPGNFile(src)
	skip := map[int]bool{3: true, 10: true, 20: true, 30: true, 40: true}
	k := 0
	for n, g := range orig {
		if skip[n] {
			continue
		}
		if k >= len(games) {
			break
		}
		if games[k].Tag("White") != g.Tag("White") || len(games[k].Moves) != len(g.Moves) || len(games[k].Tags) != len(g.Tags) {
			t.Errorf("game %d differs after recovery: %s (%d) vs %s (%d)", n, games[k].Tag("White"), len(games[k].Moves), g.Tag("White"), len(g.Moves))
			break
		}
		k++
	}
}

// TestPGNRunawayComment: an unclosed '{' ends at the next game's tag
// section; that game and the ones after it are read and counted, and the
// error names the line where the comment opened.
func TestPGNRunawayComment(t *testing.T) {
	in := "[Event \"a\"]\n\n1. e4 {never closed e5 2. Nf3 Nc6\n3. Bb5\n\n" +
		"[Event \"b\"]\n[Result \"1-0\"]\n\n1. d4 {ok} d5 1-0\n\n" +
		"[Event \"c\"]\n\n1. c4 {a comment\n\nover a blank line} e5 0-1\n\n" +
		"[Event \"d\"]\n\n1. Nf3 {+0.20/3 0.1s} *\n"
	r := NewPGNReader(strings.NewReader(in), "runaway.pgn")
	var events []string
	var errs []error
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		events = append(events, g.Tag("Event"))
	}
	if got := strings.Join(events, ","); got != "b,c,d" {
		t.Errorf("games %q, want b,c,d", got)
	}
	if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "runaway.pgn:3: unterminated comment") {
		t.Errorf("errors %v, want one at runaway.pgn:3: unterminated comment", errs)
	}
}

// TestPGNWithoutTermination: a game whose movetext stops without a
// termination marker (a file cut short) is not finished, whatever its
// Result tag says, so no tool takes its positions for a decided game.
func TestPGNWithoutTermination(t *testing.T) {
	in := "[Event \"cut\"]\n[Result \"1-0\"]\n\n1. e4 {+0.30/10 0.1s} e5 {-0.25/9 0.1s} 2. Nf3 {+0.3\n" +
		"[Event \"whole\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
	r := NewPGNReader(strings.NewReader(in), "cut.pgn")
	var got []string
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			got = append(got, "error")
			continue
		}
		got = append(got, g.Tag("Event")+" "+g.Result)
	}
	// The cut game's comment runs into the next tag line; either way it
	// must not come back as "1-0".
	for _, s := range got {
		if s == "cut 1-0" {
			t.Errorf("cut game read as finished: %v", got)
		}
	}
	r = NewPGNReader(strings.NewReader("[Event \"cut\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3\n"), "cut.pgn")
	g, err := r.Next()
	if err != nil || g.Result != "*" || len(g.Moves) != 3 {
		t.Errorf("cut game: %v, %v; want 3 moves and result *", g, err)
	}
}

// A game cut after its tags, with another game appended, is a game
// without moves; the next game keeps its own tags and FEN.
func TestPGNTagsOnly(t *testing.T) {
	in := "[Event \"cut\"]\n[FEN \"8/8/8/4k3/8/8/8/R3K3 w Q - 0 1\"]\n\n" +
		"[Event \"whole\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
	r := NewPGNReader(strings.NewReader(in), "cut.pgn")
	g, err := r.Next()
	if err != nil || g.Tag("Event") != "cut" || len(g.Moves) != 0 || g.Result != "*" {
		t.Fatalf("first game: %+v, %v; want the cut game, no moves, result *", g, err)
	}
	g, err = r.Next()
	if err != nil || g.Tag("Event") != "whole" || g.Tag("FEN") != "" || len(g.Moves) != 4 || g.Result != "0-1" {
		t.Fatalf("second game: %+v, %v; want its own tags, 4 moves, 0-1", g, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after two games: %v, want EOF", err)
	}
}

// TestPGNHeadersEscapesVariants: a comment before the first game is no
// game, "%" lines among and after the tags are skipped, a variant other
// than standard chess and Chess960 is refused by name, a tags-only game
// with a bad FEN does not take the next game's first tag, and a bad move
// is named by the number the file gives it.
func TestPGNHeadersEscapesVariants(t *testing.T) {
	in := "; written by a tool\n{and a comment}\n" +
		"[Event \"a\"]\n% among the tags\n[Result \"1-0\"]\n\n% after them\n1. e4 e5 1-0\n\n" +
		"[Event \"b\"]\n[Variant \"Three-check\"]\n\n1. e4 e5 1-0\n\n" +
		"[Event \"c\"]\n[FEN \"bad\"]\n\n" +
		"[Event \"d\"]\n[Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1\"]\n\n1. d4 *\n\n" +
		"[Event \"e\"]\n[FEN \"4k3/8/8/8/8/8/3P4/4K3 b - - 0 7\"]\n\n7... Kd7 8. Qz9 *\n"
	r := NewPGNReader(strings.NewReader(in), "h.pgn")
	var got []string
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var pe *PGNError
		switch {
		case errors.As(err, &pe):
			got = append(got, fmt.Sprintf("error at %d: %s", pe.Line, pe.Msg))
		case err != nil:
			t.Fatal(err)
		default:
			got = append(got, fmt.Sprintf("%s: %d tags, %d moves, %s", g.Tag("Event"), len(g.Tags), len(g.Moves), g.Result))
		}
	}
	want := []string{
		"a: 2 tags, 2 moves, 1-0",
		`error at 10: variant "Three-check" is not supported (standard chess and Chess960 are)`,
		"error at 15: FEN tag: " + fenError("bad"),
		"d: 3 tags, 1 moves, *",
		"error at 27: move 8. (Qz9): ", // numbered as the file numbers it
	}
	if n := len(got); n == len(want) && strings.HasPrefix(got[n-1], want[n-1]) {
		got[n-1] = want[n-1]
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("games:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// fenError is ParseFEN's message for fen.
func fenError(fen string) string {
	_, err := chess.ParseFEN(fen)
	return err.Error()
}

// TestPGNNeverPanics feeds the reader malformed input.
func TestPGNNeverPanics(t *testing.T) {
	inputs := []string{
		"", "[", "[Event", `[Event "x`, "{", "(", ")", "1.", "1-0", "*", "$", "]]]",
		"[Event \"x\"]\n[FEN \"bad fen\"]\n\n1. e4 *",
		"[Event \"x\"]\n\n1. e4 {unterminated",
		"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 trailing junk",
		"\uFEFF[Event \"bom\"]\n\n1. e4 *\n",
		"1. -- e5 *", "1. e4 ) *", "[Event \"x\"] [Site \"y\"] 1. e4 *",
	}
	for _, in := range inputs {
		r := NewPGNReader(strings.NewReader(in), "junk")
		for n := 0; n < 20; n++ {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			var pe *PGNError
			if err != nil && !errors.As(err, &pe) {
				t.Errorf("%q: %v", in, err)
				break
			}
		}
	}
}

// FuzzPGNReader: no input makes the reader panic or loop; each error
// it returns for a game names the file and a line of the input; every
// game it returns starts on a line of the input, replays legally, has a
// termination marker for its result, and written back as PGN (its start
// position and SAN moves) reads back to the same game.
func FuzzPGNReader(f *testing.F) {
	f.Add("[Event \"x\"]\n\n1. e4 e5 2. Nf3 {+0.35/12 0.5s} Nc6 (2... d6 3. d4) 1-0\n")
	f.Add("[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8=Q+ Kd7 *")
	f.Add("1. d4 ; comment\n d5 $1 2. c4!? 0-1\n\n[Event \"y\"]\n1. e4 *")
	f.Add("[Variant \"fischerandom\"]\n[FEN \"nbbrnqkr/pppppppp/8/8/8/8/PPPPPPPP/NBBRNQKR w HDhd - 0 1\"]\n\n1. O-O *")
	f.Add("[Event \"a\"]\n\n1. e4 {never closed e5\n\n[Event \"b\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n")
	f.Add("[Event \"cut\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3")
	f.Fuzz(func(t *testing.T, in string) {
		lines := strings.Count(in, "\n") + 1
		r := NewPGNReader(strings.NewReader(in), "fuzz")
		for n := 0; n <= len(in)+1; n++ {
			g, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *PGNError
				if !errors.As(err, &pe) {
					t.Fatalf("unexpected error type %T: %v", err, err)
				}
				if pe.File != "fuzz" || pe.Line < 1 || pe.Line > lines || !strings.HasPrefix(err.Error(), fmt.Sprintf("fuzz:%d: ", pe.Line)) {
					t.Fatalf("error %q names line %d of %d", err, pe.Line, lines)
				}
				continue
			}
			if g.Line < 1 || g.Line > lines {
				t.Fatalf("game starts on line %d of %d", g.Line, lines)
			}
			switch g.Result {
			case "1-0", "0-1", "1/2-1/2", "*":
			default:
				t.Fatalf("result %q", g.Result)
			}
			pos, err := g.StartPosition()
			if err != nil {
				t.Fatalf("returned game has a bad FEN: %v", err)
			}
			var text strings.Builder
			fmt.Fprintf(&text, "[FEN \"%s\"]\n", g.FEN)
			if g.Chess960 {
				text.WriteString("[Variant \"fischerandom\"]\n")
			}
			text.WriteString("\n")
			for _, m := range g.Moves {
				if !pos.IsLegal(m) {
					t.Fatal("returned game has an illegal move")
				}
				text.WriteString(pos.SAN(m) + " ")
				pos.MakeMove(m)
			}
			text.WriteString(g.Result + "\n")
			again, err := NewPGNReader(strings.NewReader(text.String()), "again").Next()
			if err != nil {
				t.Fatalf("game written back does not read: %v\n%s", err, text.String())
			}
			if fmt.Sprint(again.Moves) != fmt.Sprint(g.Moves) || again.Result != g.Result || again.Chess960 != g.Chess960 {
				t.Fatalf("game written back reads differently:\n%s", text.String())
			}
		}
		t.Fatal("Next did not reach the end of the input")
	})
}

// TestPGNLongLine: a line longer than the reader takes ends the stream
// with a read error naming the file and line, after the games before it.
func TestPGNLongLine(t *testing.T) {
	in := "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 {" + strings.Repeat("x", maxPGNLine+1) + "} d5 0-1\n"
	r := NewPGNReader(strings.NewReader(in), "long.pgn")
	g, err := r.Next()
	if err != nil || g.Tag("Event") != "a" {
		t.Fatalf("first game: %v %v", g, err)
	}
	_, err = r.Next()
	var pe *PGNError
	if err == nil || errors.As(err, &pe) || !strings.HasPrefix(err.Error(), "long.pgn:7: line longer than") {
		t.Fatalf("long line: %v, want a read error naming long.pgn:7", err)
	}
	if _, again := r.Next(); again == nil || again == io.EOF {
		t.Errorf("after the read error Next returned %v", again)
	}
}
