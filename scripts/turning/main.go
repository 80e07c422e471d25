// Command turning asks whether a deeper search would have seen the games
// an engine lost. For each game the engine named -engine lost in a match
// PGN, it takes the position right after the opponent's first move from
// which the opponent's own score stays at +1 or more to the end (the
// opponent's verdict, reached while we still played on), and searches it
// with each UCI engine given by -search, at its node budget. Each line
// prints the game, the move, the two scores the PGN has there and the
// new scores (all from our side, centipawns); a summary counts how many
// positions each search judges lost (-100 or less).
//
//	go run ./scripts/turning -engine new \
//	  -search vireo=/path/vireo@300000 -search vireo=/path/vireo@4000000 \
//	  -search sf=/usr/games/stockfish@4000000 match.pgn
//
// Searches that agree with the oracle at a larger budget but not at the
// clock's point at depth; ones that never agree, at the evaluation.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"vireo/chess"
	"vireo/data"
	"vireo/match"
)

type searcher struct {
	label string
	cfg   match.EngineConfig
	nodes int
	eng   *match.Engine
	lost  int
}

type searchFlags []*searcher

func (s *searchFlags) String() string { return fmt.Sprint(len(*s)) }

func (s *searchFlags) Set(v string) error {
	label, rest, ok := strings.Cut(v, "=")
	cmd, n, ok2 := strings.Cut(rest, "@")
	nodes, err := strconv.Atoi(n)
	if !ok || !ok2 || cmd == "" || err != nil || nodes <= 0 {
		return fmt.Errorf("want label=command@nodes, got %q", v)
	}
	cfg := match.EngineConfig{Name: label, Cmd: cmd, Options: []match.Option{{Name: "Hash", Value: "64"}}}
	*s = append(*s, &searcher{label: label, cfg: cfg, nodes: nodes})
	return nil
}

// search returns the last score (centipawns, mates as ±10000) and depth
// the engine reported for fen, through the match runner's UCI driver,
// which reports an engine that dies or hangs instead of waiting on it.
func (s *searcher) search(ctx context.Context, fen string) (score, depth int, err error) {
	if err := s.eng.NewGame(ctx); err != nil {
		return 0, 0, err
	}
	r, err := s.eng.Go(ctx, "position fen "+fen, fmt.Sprintf("go nodes %d", s.nodes), 10*time.Minute, 10*time.Second)
	if err != nil {
		return 0, 0, err
	}
	score = r.Info.Score
	if r.Info.IsMate {
		score = 10000
		if r.Info.Mate <= 0 {
			score = -10000
		}
	}
	return score, r.Info.Depth, nil
}

func main() {
	var searches searchFlags
	name := flag.String("engine", "new", "the engine whose lost games are read")
	flag.Var(&searches, "search", "label=command@nodes, repeatable")
	flag.Parse()
	if flag.NArg() != 1 || len(searches) == 0 {
		fmt.Fprintln(os.Stderr, "usage: turning -engine NAME -search label=cmd@nodes ... match.pgn")
		os.Exit(2)
	}
	games, bad, err := data.ReadPGNFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, e := range bad {
		fmt.Fprintln(os.Stderr, "skipped:", e)
	}
	ctx := context.Background()
	for _, s := range searches {
		var err error
		if s.eng, err = match.StartEngine(ctx, &s.cfg, s.label, nil, nil, nil); err != nil {
			fmt.Fprintln(os.Stderr, s.label, err)
			os.Exit(1)
		}
		defer s.eng.Quit()
	}
	fmt.Printf("%-5s %-5s %6s %6s", "game", "move", "opp", "ours")
	for _, s := range searches {
		fmt.Printf(" %14s", fmt.Sprintf("%s@%d", s.label, s.nodes))
	}
	fmt.Println()
	positions := 0
	for gi, g := range games {
		fen, move, opp, ours, ok := turningPoint(g, *name)
		if !ok {
			continue
		}
		positions++
		fmt.Printf("%-5d %-5d %6d %6s", gi+1, move, opp, ours)
		for _, s := range searches {
			v, d, err := s.search(ctx, fen)
			if err != nil {
				fmt.Fprintf(os.Stderr, "\n%s: game %d: %v\n", s.label, gi+1, err)
				os.Exit(1)
			}
			if v <= -100 {
				s.lost++
			}
			fmt.Printf(" %14s", fmt.Sprintf("%d/%d", v, d))
		}
		fmt.Println()
	}
	fmt.Printf("positions: %d; judged lost (-100 or less):", positions)
	for _, s := range searches {
		fmt.Printf(" %s@%d %d", s.label, s.nodes, s.lost)
	}
	fmt.Println()
}

// turningPoint finds, in a game name lost, the position after the
// opponent's first scored move from which all its scores are 100 or more.
func turningPoint(g *data.PGNGame, name string) (fen string, move, opp int, ours string, ok bool) {
	white := g.Tag("White") == name
	if !white && g.Tag("Black") != name {
		return
	}
	if white && g.Result != "0-1" || !white && g.Result != "1-0" {
		return
	}
	pos, err := g.StartPosition()
	if err != nil {
		return
	}
	score := func(i int) int {
		switch in := g.Info[i]; {
		case in.Mate > 0:
			return 10000
		case in.Mate < 0:
			return -10000
		default:
			return in.Score
		}
	}
	ourFirst := (pos.SideToMove() == chess.White) == white
	theirs := func(i int) bool { return (i%2 == 0) != ourFirst && g.Info[i].HasScore }
	at := -1
	for i := range g.Moves {
		if !theirs(i) {
			continue
		}
		stays := true
		for j := i; j < len(g.Moves) && stays; j++ {
			stays = !theirs(j) || score(j) >= 100
		}
		if stays {
			at = i
			break
		}
	}
	if at < 0 {
		return
	}
	for _, m := range g.Moves[:at+1] {
		pos.MakeMove(m)
	}
	if f := strings.Fields(pos.FEN()); len(f) == 6 {
		move, _ = strconv.Atoi(f[5])
	}
	ours = "-"
	if at+1 < len(g.Moves) && g.Info[at+1].HasScore {
		ours = strconv.Itoa(score(at + 1))
	}
	return pos.FEN(), move, score(at), ours, true
}
