package match

// One game between two engine processes, refereed move by move.

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"vireo/chess"
)

// PlayedMove is one ply of a game record.
type PlayedMove struct {
	Move    chess.Move
	SAN     string
	Book    bool
	Info    Info // the engine's last scored info line
	Elapsed time.Duration
}

// GameRecord is a finished (or abandoned) game.
type GameRecord struct {
	Number  int // game number in the match, from 1
	Round   int // from 1
	PairID  int
	Players [2]int // engine index playing White and Black
	Names   [2]string
	Limits  [2]Limits
	Opening Opening
	Moves   []PlayedMove
	Verdict Verdict
	// Stopped counts, by colour, the moves without a clock that outran
	// unclockedLimit: the runner asked for them early, so their node or
	// depth limit was not played out.
	Stopped [2]int
	Start   time.Time
	End     time.Time
}

// Loser returns the colour that lost, and false for a draw.
func (g *GameRecord) Loser() (chess.Color, bool) {
	switch g.Verdict.Result {
	case WhiteWins:
		return chess.Black, true
	case BlackWins:
		return chess.White, true
	}
	return chess.White, false
}

// gameRules are the match settings a game needs.
type gameRules struct {
	draw     *DrawRule
	resign   *ResignRule
	tb       *tbReferee
	maxMoves int
	hang     time.Duration
}

// playGame plays g with eng[White] and eng[Black]. It returns an error
// only when ctx abandons the game; every engine failure becomes the
// game's verdict instead.
func playGame(ctx context.Context, g *GameRecord, eng [2]*Engine, rules gameRules) error {
	g.Start = time.Now()
	defer func() { g.End = time.Now() }()
	pos, err := chess.ParseFEN(g.Opening.FEN)
	if err != nil {
		return fmt.Errorf("opening: %w", err)
	}
	pos.SetChess960(g.Opening.Chess960)
	var moves strings.Builder // the UCI moves after the start position
	for _, m := range g.Opening.Moves {
		if !pos.IsLegal(m) {
			return fmt.Errorf("opening: book move %s is illegal in %s", pos.UCI(m), pos.FEN())
		}
		g.Moves = append(g.Moves, PlayedMove{Move: m, SAN: pos.SAN(m), Book: true})
		moves.WriteString(" " + pos.UCI(m))
		pos.MakeMove(m)
	}
	prefix := "position fen " + g.Opening.FEN
	if g.Opening.FEN == chess.StartFEN && !g.Opening.Chess960 {
		prefix = "position startpos"
	}

	for c := chess.White; c <= chess.Black; c++ {
		if err := eng[c].NewGame(ctx); err != nil {
			if errors.Is(err, errAbandoned) {
				return err
			}
			g.Verdict = failureVerdict(c, causeOf(err), "")
			return nil
		}
	}
	var clocks [2]*Clock
	for c := range clocks {
		if tc := g.Limits[c].TC; tc != nil {
			clocks[c] = NewClock(*tc)
		}
	}
	adj := Adjudicator{Draw: rules.draw, Resign: rules.resign}
	for {
		if v, over := RulesVerdict(pos); over {
			g.Verdict = v
			return nil
		}
		if rules.maxMoves > 0 && len(g.Moves) >= 2*rules.maxMoves {
			g.Verdict = Verdict{Draw, "Draw by adjudication: maximum moves", TermAdjudicated, CauseNone}
			return nil
		}
		c := pos.SideToMove()
		lim := g.Limits[c]
		goCmd, budget := goCommand(c, lim, clocks)
		posCmd := prefix
		if moves.Len() > 0 {
			posCmd += " moves" + moves.String()
		}
		reply, err := eng[c].Go(ctx, posCmd, goCmd, budget, rules.hang)
		if err != nil {
			if errors.Is(err, errAbandoned) {
				return err
			}
			g.Verdict = failureVerdict(c, causeOf(err), "")
			return nil
		}
		switch {
		case clocks[c] != nil:
			if !clocks[c].Punch(reply.Elapsed, lim.Margin) {
				g.Verdict = failureVerdict(c, CauseTime, "")
				return nil
			}
		case lim.MoveTime > 0:
			if reply.Elapsed > lim.MoveTime+lim.Margin {
				g.Verdict = failureVerdict(c, CauseTime, "")
				return nil
			}
		}
		m, err := pos.ParseUCI(reply.Best)
		if err != nil {
			g.Verdict = failureVerdict(c, CauseIllegal, strconv.Quote(reply.Best))
			return nil
		}
		if reply.Late && clocks[c] == nil && lim.MoveTime == 0 {
			g.Stopped[c]++
		}
		g.Moves = append(g.Moves, PlayedMove{Move: m, SAN: pos.SAN(m), Info: reply.Info, Elapsed: reply.Elapsed})
		moves.WriteString(" " + pos.UCI(m))
		pos.MakeMove(m)
		if v, over := adjudicate(pos, c, reply.Info, &adj, rules.tb); over {
			g.Verdict = v
			return nil
		}
	}
}

func causeOf(err error) Cause {
	var ee *engineError
	if errors.As(err, &ee) {
		return ee.cause
	}
	return CauseCrash
}

// goCommand builds the "go" line for side c and the time after which the
// runner asks the engine to stop.
func goCommand(c chess.Color, lim Limits, clocks [2]*Clock) (string, time.Duration) {
	var sb strings.Builder
	sb.WriteString("go")
	budget := unclockedLimit
	ms := func(d time.Duration) int64 { return max(d.Milliseconds(), 1) }
	switch {
	case lim.TC != nil:
		own := clocks[c]
		// The opponent's clock is shown when it has one.
		w, b := clocks[chess.White], clocks[chess.Black]
		if w != nil {
			fmt.Fprintf(&sb, " wtime %d", ms(w.Left()))
		}
		if b != nil {
			fmt.Fprintf(&sb, " btime %d", ms(b.Left()))
		}
		if w != nil {
			fmt.Fprintf(&sb, " winc %d", w.Inc().Milliseconds())
		}
		if b != nil {
			fmt.Fprintf(&sb, " binc %d", b.Inc().Milliseconds())
		}
		if n := own.MovesToGo(); n > 0 {
			fmt.Fprintf(&sb, " movestogo %d", n)
		}
		budget = max(own.Left(), 0) + lim.Margin
	case lim.MoveTime > 0:
		fmt.Fprintf(&sb, " movetime %d", ms(lim.MoveTime))
		budget = lim.MoveTime + lim.Margin
	}
	if lim.Nodes > 0 {
		fmt.Fprintf(&sb, " nodes %d", lim.Nodes)
	}
	if lim.Depth > 0 {
		fmt.Fprintf(&sb, " depth %d", lim.Depth)
	}
	return sb.String(), budget
}
