package main

import (
	"strings"
	"testing"
	"time"

	"vireo/match"
)

func TestParseMatchArgs(t *testing.T) {
	args := []string{
		"-engine", "cmd=/bin/sh", "name=New", "option.Hash=32", "args=-c 'echo hi'",
		"-engine", "cmd=/bin/sh", "name=Base", "tc=40/60+0.6", "timemargin=50",
		"-each", "tc=8+0.08", "option.Hash=16", "option.Threads=1",
		"-rounds", "100", "-games", "2", "-concurrency", "2",
		"-openings", "file=book.pgn", "order=random", "plies=8", "start=5",
		"-pgnout", "file=out.pgn", "-sprt", "elo0=-5", "elo1=0", "model=logistic",
		"-draw", "movenumber=30", "movecount=6", "score=5",
		"-resign", "movecount=4", "score=700", "twosided=true",
		"-maxmoves", "200", "-seed", "0x10", "-variant", "fischerandom", "-recover",
		"-ratinginterval", "20", "-hangtime", "2.5", "-event", "Vireo", "SPRT",
	}
	cfg, err := parseMatchArgs(args)
	if err != nil {
		t.Fatal(err)
	}
	n, b := cfg.Engines[0], cfg.Engines[1]
	if n.Name != "New" || n.Limits.TC.String() != "8+0.08" || strings.Join(n.Args, "|") != "-c|echo hi" {
		t.Errorf("engine 1: %+v", n)
	}
	if v, _ := n.Option("Hash"); v != "32" {
		t.Errorf("-engine option.Hash did not override -each: %q", v)
	}
	if v, _ := n.Option("Threads"); v != "1" {
		t.Errorf("-each option.Threads missing: %q", v)
	}
	if b.Limits.TC.String() != "40/60+0.6" || b.Limits.Margin != 50*time.Millisecond {
		t.Errorf("engine 2 limits %+v", b.Limits)
	}
	o := cfg.Openings
	if o.File != "book.pgn" || o.Format != "pgn" || o.Order != "random" || o.Plies != 8 || o.Start != 5 {
		t.Errorf("openings %+v", o)
	}
	s := cfg.SPRT
	if s == nil || s.Elo0 != -5 || s.Elo1 != 0 || s.Model != match.ModelLogistic || s.Alpha != 0.05 || s.Beta != 0.05 {
		t.Errorf("sprt %+v", s)
	}
	if *cfg.Draw != (match.DrawRule{MoveNumber: 30, MoveCount: 6, Score: 5}) || *cfg.Resign != (match.ResignRule{MoveCount: 4, Score: 700, TwoSided: true}) {
		t.Errorf("adjudication %+v %+v", cfg.Draw, cfg.Resign)
	}
	if cfg.Rounds != 100 || cfg.Games != 2 || cfg.Concurrency != 2 || cfg.PGNOut != "out.pgn" || cfg.MaxMoves != 200 ||
		cfg.Seed != 16 || !cfg.SeedSet || !cfg.Chess960 || cfg.RatingInterval != 20 || cfg.HangTime != 2500*time.Millisecond || cfg.Event != "Vireo SPRT" {
		t.Errorf("config %+v", cfg)
	}
	if cfg.StatePath() != "out.pgn.state.json" {
		t.Errorf("state path %q", cfg.StatePath())
	}

	// Defaults: nodes limit, no adjudication, name from the binary.
	cfg, err = parseMatchArgs([]string{"-engine", "cmd=/bin/sh", "-engine", "cmd=/bin/true", "-each", "nodes=20000", "-resume", "s.json"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Engines[0].Name != "sh" || cfg.Engines[1].Limits.Nodes != 20000 || cfg.Draw != nil || cfg.Resign != nil ||
		cfg.Games != 2 || cfg.Rounds != 1 || !cfg.Resume || cfg.StatePath() != "s.json" {
		t.Errorf("defaults %+v", cfg)
	}
	// fastchess's "-games 2 -repeat" (README's example) agree.
	cfg, err = parseMatchArgs([]string{"-engine", "cmd=/bin/sh", "name=A", "-engine", "cmd=/bin/sh", "name=B", "-each", "tc=1+0.01", "-games", "2", "-repeat"})
	if err != nil || cfg.Games != 2 {
		t.Errorf("-games 2 -repeat: games %d, error %v", cfg.Games, err)
	}
}

// TestParseMatchArgsErrors checks that bad command lines give clear
// messages, never a panic.
func TestParseMatchArgsErrors(t *testing.T) {
	two := []string{"-engine", "cmd=/bin/sh", "name=A", "-engine", "cmd=/bin/sh", "name=B", "-each", "tc=1+0.01"}
	with := func(extra ...string) []string { return append(append([]string{}, two...), extra...) }
	// untimed is two without its -each, for the cases that set tc= themselves.
	untimed := func(extra ...string) []string { return append(append([]string{}, two[:6]...), extra...) }
	cases := []struct {
		args []string
		want string
	}{
		{nil, "at least two -engine"},
		{[]string{"-engine", "cmd=/bin/sh", "tc=1"}, "at least two -engine"},
		{[]string{"stray"}, `unexpected "stray"`},
		{with("-bogus"), "unknown option -bogus"},
		{[]string{"-engine", "name=A", "tc=1", "-engine", "cmd=/bin/sh", "tc=1"}, "cmd=PATH is missing"},
		{[]string{"-engine", "cmd=/no/such/engine", "tc=1", "-engine", "cmd=/bin/sh", "tc=1"}, "not an executable file"},
		{[]string{"-engine", "cmd=no-such-engine-xyz", "tc=1", "-engine", "cmd=/bin/sh", "tc=1"}, "not found in PATH"},
		{[]string{"-engine", "cmd=/bin/sh", "name=A", "-engine", "cmd=/bin/sh", "name=B"}, "no limit"},
		{[]string{"-engine", "cmd=/bin/sh", "tc=1", "-engine", "cmd=/bin/sh", "tc=1"}, "two engines are named \"sh\""},
		{untimed("-each", "tc=8+x"), "bad time control \"8+x\""},
		{untimed("-each", "tc=0"), "bad time control"},
		{with("-each", "st=-1"), "st= wants seconds from 0.001"},
		{untimed("-each", "st=0.0005"), "st= wants seconds from 0.001"},
		{untimed("-each", "st=2000000"), "st= wants seconds from 0.001"},
		{with("-each", "st=1"), "both tc= and st="},
		{with("-pgnout", "g.pgn", "-state", "g.pgn"), "-pgnout and -state name the same file"},
		{with("-pgnout", "g.pgn", "-log", "./g.pgn"), "-pgnout and -log name the same file"},
		{untimed("-each", "tc=0+1"), "base time must be more than 0"},
		{with("-each", "nodes=many"), "nodes= wants a whole number"},
		{with("-each", "depth=0"), "depth= wants a whole number"},
		{with("-each", "hash=16"), "unknown key \"hash\""},
		{with("-each", "option.=1"), "the name is missing"},
		{with("-each", "tc"), "want key=value"},
		{with("-each", "args=\"unterminated"), "unterminated quote"},
		{with("-rounds", "0"), "-rounds wants a whole number"},
		{with("-rounds"), "-rounds wants one value"},
		{with("-rounds", "1", "2"), "-rounds wants one value"},
		{with("-rounds", "10", "-concurrency", "2", "-rounds", "20"), "-rounds given twice"},
		{with("-pgnout", "a.pgn", "--pgnout", "b.pgn"), "-pgnout given twice"},
		// A key twice in one option, or in two -each, or two options
		// that set one thing: whichever came last would win unsaid.
		{with("-openings", "file=a.epd", "file=b.epd"), "-openings: file given twice"},
		{with("-sprt", "elo0=0", "elo0=5", "elo1=5"), "-sprt: elo0 given twice"},
		{[]string{"-engine", "cmd=/bin/sh", "name=A", "option.Hash=16", "option.Hash=64", "-engine", "cmd=/bin/sh", "name=B", "-each", "tc=1+0.01"}, "-engine: option.Hash given twice"},
		{with("-each", "tc=5+0.05"), "-each: tc given twice"},
		{with("-games", "1", "-repeat"), "-games 1 and -repeat (2 games per opening) disagree"},
		{with("-state", "a.json", "-resume", "b.json"), "-state and -resume FILE"},
		{with("-games", "3"), "-games wants a whole number from 1 to 2"},
		{with("-concurrency", "x"), "-concurrency wants"},
		{with("-openings", "format=epd"), "-openings needs file="},
		{with("-openings", "file=a.epd", "format=cbh"), "format= wants epd or pgn"},
		{with("-openings", "file=a.epd", "order=shuffle"), "order= wants random or sequential"},
		{with("-openings", "file=a.epd", "plies=-1"), "plies= wants"},
		{with("-openings", "file=a.epd", "colour=white"), "unknown key \"colour\""},
		{with("-sprt", "elo0=5", "elo1=0"), "elo0 must be less than elo1"},
		{with("-sprt", "elo1=5"), "needs elo0= and elo1="},
		{with("-sprt", "elo0=0", "elo1=5", "alpha=2"), "alpha must be in (0, 1)"},
		{with("-sprt", "elo0=0", "elo1=5", "model=bayes"), "model= wants normalized or logistic"},
		{with("-sprt", "elo0=x", "elo1=5"), "elo0= wants a number"},
		{with("-draw", "movecount=0"), "movecount= wants"},
		{with("-draw", "moves=3"), "unknown key \"moves\""},
		{with("-resign", "twosided=maybe"), "twosided= wants true or false"},
		{with("-resign", "score=0"), "score= wants"},
		{with("-gauntlet", "yes"), "-gauntlet takes no value"},
		{with("-variant", "crazyhouse"), "-variant wants standard or fischerandom"},
		{with("-seed", "-1"), "-seed wants"},
		{with("-hangtime", "0"), "-hangtime wants a positive number"},
		{with("-maxmoves", "0"), "-maxmoves wants"},
		{with("-engine", "cmd=/bin/sh", "name=C", "-sprt", "elo0=0", "elo1=5"), "exactly one pairing"},
		{with("-resume"), "resume needs -pgnout or -state"},
		{[]string{"-engine", "cmd=/bin/sh", "name=A", "tc=1", "proto=xboard", "-engine", "cmd=/bin/sh", "name=B", "tc=1"}, "only uci"},
	}
	for _, c := range cases {
		_, err := parseMatchArgs(c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n  got  %v\n  want %q", c.args, err, c.want)
		}
	}
}

// TestMatchCommandUsage checks the exit status of bad and help command
// lines.
func TestMatchCommandUsage(t *testing.T) {
	if code := cmdMatch([]string{"-rounds", "x"}); code != 2 {
		t.Errorf("bad options: exit %d, want 2", code)
	}
	if code := cmdMatch([]string{"-help"}); code != 0 {
		t.Errorf("-help: exit %d", code)
	}
}

// Without format=, a book's format comes from its name: a gzipped PGN is
// a PGN, not text to be read as EPD lines.
func TestOpeningsFormatFromName(t *testing.T) {
	for file, want := range map[string]string{
		"a.pgn": "pgn", "B.PGN": "pgn", "games.pgn.gz": "pgn", "UHO.PGN.GZ": "pgn",
		"book.epd": "epd", "book.txt": "epd", "book": "epd",
	} {
		var o match.OpeningConfig
		if err := parseOpenings(optGroup{name: "openings", vals: []string{"file=" + file}}, &o); err != nil || o.Format != want {
			t.Errorf("file=%s: format %q (%v), want %q", file, o.Format, err, want)
		}
	}
}
