package match

// A fake UCI engine for the runner's tests: the test binary re-executes
// itself with "-fake-engine SPEC" and then speaks just enough UCI to play,
// misbehaving on command. SPEC is comma-separated key=value settings:
//
//	mode=good|illegal|garbage|nomove|bare|glued|crash|hang|slow|silentstart
//	at=N        misbehave on the engine's Nth move of a game (default 1)
//	once=FILE   misbehave only if FILE does not exist yet (and create it),
//	            so a restarted engine plays normally
//	starts=FILE append a line to FILE on every start (to count restarts)
//	score=CP    the score to report (default 0); mate=N reports mate N
//	depth=N     the depth to report (default 7)
//	delay=MS    think this long before every move

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"vireo/chess"
)

func TestMain(m *testing.M) {
	if len(os.Args) >= 3 && os.Args[1] == "-fake-engine" {
		os.Exit(fakeEngine(os.Args[2]))
	}
	os.Exit(m.Run())
}

// fakeConfig returns an engine configuration running the fake.
func fakeConfig(t testing.TB, name, spec string, lim Limits) EngineConfig {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return EngineConfig{Name: name, Cmd: exe, Args: []string{"-fake-engine", spec}, Limits: lim}
}

func fakeEngine(spec string) int {
	set := map[string]string{"mode": "good", "at": "1", "score": "0", "depth": "7"}
	for _, kv := range strings.Split(spec, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			set[k] = v
		}
	}
	if f := set["starts"]; f != "" {
		fh, err := os.OpenFile(f, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err == nil {
			fmt.Fprintln(fh, os.Getpid())
			fh.Close()
		}
	}
	mode := set["mode"]
	if f := set["once"]; f != "" && mode != "good" {
		if _, err := os.Stat(f); err == nil {
			mode = "good"
		} else {
			_ = os.WriteFile(f, []byte("x"), 0o644)
		}
	}
	at, _ := strconv.Atoi(set["at"])
	delay, _ := strconv.Atoi(set["delay"])
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	if mode == "silentstart" {
		time.Sleep(time.Hour)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	var pos *chess.Position
	moveNo := 0
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			say("id name Fake %s", mode)
			say("option name Hash type spin default 16 min 1 max 1024")
			say("uciok")
		case "isready":
			say("readyok")
		case "ucinewgame":
			moveNo = 0
		case "quit":
			return 0
		case "stop":
			// A stop that arrives when the search is over: a sound
			// engine ignores it; echostop answers it with another
			// bestmove, as some engines do.
			if set["echostop"] == "1" {
				say("bestmove 0000")
			}
		case "position":
			pos = fakePosition(f[1:])
		case "go":
			moveNo++
			if pos == nil {
				say("bestmove 0000")
				continue
			}
			wtime, btime := -1, -1
			for i := 1; i+1 < len(f); i++ {
				switch f[i] {
				case "wtime":
					wtime, _ = strconv.Atoi(f[i+1])
				case "btime":
					btime, _ = strconv.Atoi(f[i+1])
				}
			}
			if delay > 0 {
				time.Sleep(time.Duration(delay) * time.Millisecond)
			}
			var ml chess.MoveList
			pos.LegalMoves(&ml)
			best := "0000"
			if ml.Len > 0 {
				// A move that depends on the position, so games vary.
				best = pos.UCI(ml.Moves[pos.Key()%uint64(ml.Len)])
			}
			score := "cp " + set["score"]
			if m := set["mate"]; m != "" {
				score = "mate " + m
			}
			say("info depth %s seldepth 9 score %s nodes 1234 pv %s", set["depth"], score, best)
			say("info string thinking done")
			if moveNo == at {
				switch mode {
				case "illegal":
					say("bestmove %s", illegalMove(pos))
					continue
				case "garbage":
					say("bestmove xyzzy")
					continue
				case "nomove":
					say("bestmove (none)")
					continue
				case "double": // the answer twice, in one write
					fmt.Fprintf(out, "bestmove %s\nbestmove %s\n", best, best)
					out.Flush()
					continue
				case "bare": // "bestmove" and no move
					say("bestmove")
					continue
				case "glued": // not a bestmove line; stop is not answered
					say("bestmove%s", best)
					continue
				case "crash":
					os.Exit(3)
				case "hang":
					time.Sleep(time.Hour)
				case "slow":
					left := wtime
					if pos.SideToMove() == chess.Black {
						left = btime
					}
					time.Sleep(time.Duration(max(left, 0)+150) * time.Millisecond)
				}
			}
			say("bestmove %s", best)
		}
	}
	return 0
}

func fakePosition(f []string) *chess.Position {
	var pos *chess.Position
	i := 0
	switch {
	case len(f) > 0 && f[0] == "startpos":
		pos, i = chess.StartPosition(), 1
	case len(f) > 0 && f[0] == "fen":
		j := 1
		for j < len(f) && f[j] != "moves" {
			j++
		}
		var err error
		if pos, err = chess.ParseFEN(strings.Join(f[1:j], " ")); err != nil {
			return nil
		}
		i = j
	default:
		return nil
	}
	if i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			m, err := pos.ParseUCI(s)
			if err != nil {
				return nil
			}
			pos.MakeMove(m)
		}
	}
	return pos
}

// illegalMove returns a well-formed move that is not legal in pos.
func illegalMove(pos *chess.Position) string {
	for _, s := range []string{"a1h8", "h8a1", "a8h1", "h1a8"} {
		if _, err := pos.ParseUCI(s); err != nil {
			return s
		}
	}
	return "e2e5"
}
