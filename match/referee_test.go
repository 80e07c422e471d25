package match

import (
	"testing"

	"vireo/chess"
)

// play returns the position after the UCI moves from fen.
func play(t *testing.T, fen string, moves ...string) *chess.Position {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range moves {
		m, err := pos.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
	}
	return pos
}

func TestRulesVerdict(t *testing.T) {
	cases := []struct {
		name   string
		fen    string
		moves  []string
		result string
		reason string
	}{
		{"checkmate", chess.StartFEN, []string{"f2f3", "e7e5", "g2g4", "d8h4"}, BlackWins, "Black mates"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, Draw, "Draw by stalemate"},
		{"K v K", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", nil, Draw, "Draw by insufficient mating material"},
		{"KB v K", "8/8/8/4k3/8/8/8/4KB2 b - - 0 1", nil, Draw, "Draw by insufficient mating material"},
		{"KN v K", "8/8/8/4k3/8/8/8/4KN2 w - - 0 1", nil, Draw, "Draw by insufficient mating material"},
		{"KB v KB same colour", "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", nil, Draw, "Draw by insufficient mating material"},
		{"capture leaves K v K", "8/8/8/4k3/8/8/4r3/3K4 w - - 0 1", []string{"d1e2"}, Draw, "Draw by insufficient mating material"},
		{"fifty moves", "8/8/8/4k3/8/8/8/R3K3 w - - 99 80", []string{"a1a2"}, Draw, "Draw by fifty moves rule"},
		{"mate on the hundredth ply", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", []string{"a1a8"}, WhiteWins, "White mates"},
		{"threefold", chess.StartFEN, []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}, Draw, "Draw by 3-fold repetition"},
	}
	for _, c := range cases {
		pos := play(t, c.fen, c.moves...)
		v, over := RulesVerdict(pos)
		if !over || v.Result != c.result || v.Reason != c.reason || v.Termination != TermNormal {
			t.Errorf("%s: over=%v %+v; want %s %q", c.name, over, v, c.result, c.reason)
		}
	}
	going := []struct {
		name  string
		fen   string
		moves []string
	}{
		{"start", chess.StartFEN, nil},
		{"twofold is not threefold", chess.StartFEN, []string{"g1f3", "g8f6", "f3g1", "f6g8"}},
		{"KNN v K can still mate", "8/8/8/4k3/8/8/8/3NKN2 w - - 0 1", nil},
		{"KB v KB opposite colours", "4b3/8/8/4k3/8/8/8/2B1K3 w - - 0 1", nil},
		{"ninety-nine plies", "8/8/8/4k3/8/8/8/R3K3 w - - 98 80", []string{"a1a2"}},
		{"check is not mate", chess.StartFEN, []string{"e2e4", "f7f6", "d1h5"}},
	}
	for _, c := range going {
		if v, over := RulesVerdict(play(t, c.fen, c.moves...)); over {
			t.Errorf("%s: ended the game: %+v", c.name, v)
		}
	}
}

func TestFailureVerdicts(t *testing.T) {
	cases := []struct {
		c     chess.Color
		cause Cause
		res   string
		term  string
		rsn   string
	}{
		{chess.White, CauseTime, BlackWins, TermTime, "White loses on time"},
		{chess.Black, CauseIllegal, WhiteWins, TermIllegal, `Black makes an illegal move: "e2e5"`},
		{chess.White, CauseCrash, BlackWins, TermCrash, "White disconnects"},
		{chess.Black, CauseHang, WhiteWins, TermHang, "Black's connection stalls"},
	}
	for _, c := range cases {
		v := failureVerdict(c.c, c.cause, `"e2e5"`)
		if v.Result != c.res || v.Termination != c.term || v.Reason != c.rsn || v.Cause != c.cause {
			t.Errorf("%v %v: %+v", c.c, c.cause, v)
		}
	}
}

// quietPos is a position at move 50 whose last move was not a capture or
// pawn move, for adjudication tests.
func quietPos(t *testing.T) *chess.Position {
	return play(t, "r3k3/8/8/8/8/8/8/R3K3 w - - 10 50")
}

func cp(s int) Info   { return Info{HasScore: true, Score: s} }
func mate(n int) Info { return Info{HasScore: true, IsMate: true, Mate: n} }

func TestDrawAdjudication(t *testing.T) {
	pos := quietPos(t)
	rule := &DrawRule{MoveNumber: 40, MoveCount: 2, Score: 10}
	a := Adjudicator{Draw: rule}
	scores := []Info{cp(5), cp(-10), cp(0)}
	for i, s := range scores {
		if v, over := a.Update(pos, chess.Color(i%2), s); over {
			t.Fatalf("draw after %d plies: %+v", i+1, v)
		}
	}
	v, over := a.Update(pos, chess.Black, cp(3))
	if !over || v.Result != Draw || v.Termination != TermAdjudicated || v.Reason != "Draw by adjudication" {
		t.Fatalf("no draw after 2 moves each within 10 cp: %v %+v", over, v)
	}

	// A score outside the window, a missing score, a mate score and a
	// capture each restart the count.
	for _, breaker := range []Info{cp(11), {}, mate(5)} {
		a = Adjudicator{Draw: rule}
		a.Update(pos, chess.White, cp(0))
		a.Update(pos, chess.Black, cp(0))
		a.Update(pos, chess.White, cp(0))
		a.Update(pos, chess.Black, breaker)
		for i := 0; i < 3; i++ {
			if _, over := a.Update(pos, chess.Color(i%2), cp(0)); over {
				t.Errorf("breaker %+v: draw %d plies after it", breaker, i+1)
			}
		}
		if _, over := a.Update(pos, chess.Black, cp(0)); !over {
			t.Errorf("breaker %+v: no draw 4 plies after it", breaker)
		}
	}
	capture := play(t, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 50")
	a = Adjudicator{Draw: rule}
	for i := 0; i < 3; i++ {
		a.Update(pos, chess.Color(i%2), cp(0))
	}
	if _, over := a.Update(capture, chess.Black, cp(0)); over {
		t.Error("draw adjudicated on a capture")
	}

	// Before the move number nothing is adjudicated.
	early := play(t, "r3k3/8/8/8/8/8/8/R3K3 w - - 10 39")
	a = Adjudicator{Draw: rule}
	for i := 0; i < 10; i++ {
		if _, over := a.Update(early, chess.Color(i%2), cp(0)); over {
			t.Fatal("draw adjudicated before move 40")
		}
	}
}

func TestResignAdjudication(t *testing.T) {
	pos := quietPos(t)
	one := &ResignRule{MoveCount: 3, Score: 600}
	a := Adjudicator{Resign: one}
	// White reports -700 three times; Black's scores do not matter.
	seq := []struct {
		c chess.Color
		s Info
	}{{chess.White, cp(-700)}, {chess.Black, cp(0)}, {chess.White, cp(-600)}, {chess.Black, cp(0)}}
	for _, m := range seq {
		if v, over := a.Update(pos, m.c, m.s); over {
			t.Fatalf("resigned early: %+v", v)
		}
	}
	v, over := a.Update(pos, chess.White, mate(-4))
	if !over || v.Result != BlackWins || v.Reason != "Black wins by adjudication" || v.Termination != TermAdjudicated {
		t.Fatalf("one-sided resign: %v %+v", over, v)
	}

	// A better score in between restarts the count.
	a = Adjudicator{Resign: one}
	for _, s := range []Info{cp(-700), cp(-700), cp(-599), cp(-700), cp(-700)} {
		if _, over := a.Update(pos, chess.Black, s); over {
			t.Fatal("resigned although the run was broken")
		}
	}
	if v, over := a.Update(pos, chess.Black, cp(-900)); !over || v.Result != WhiteWins {
		t.Fatalf("no resign after three bad moves: %v %+v", over, v)
	}

	// Two-sided: the winner must agree.
	two := &ResignRule{MoveCount: 2, Score: 600, TwoSided: true}
	a = Adjudicator{Resign: two}
	for i := 0; i < 3; i++ {
		a.Update(pos, chess.White, cp(-800))
		if _, over := a.Update(pos, chess.Black, cp(100)); over {
			t.Fatal("two-sided resign without the winner's agreement")
		}
	}
	a.Update(pos, chess.White, cp(-800))
	if _, over := a.Update(pos, chess.Black, cp(650)); over {
		t.Fatal("two-sided resign after one agreeing move of two")
	}
	a.Update(pos, chess.White, cp(-800))
	v, over = a.Update(pos, chess.Black, mate(3))
	if !over || v.Result != BlackWins {
		t.Fatalf("two-sided resign: %v %+v", over, v)
	}
}
