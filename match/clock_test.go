package match

import (
	"strings"
	"testing"
	"time"

	"vireo/chess"
)

func TestParseTC(t *testing.T) {
	good := []struct {
		in    string
		moves int
		base  time.Duration
		inc   time.Duration
		out   string
	}{
		{"40/60+0.6", 40, 60 * time.Second, 600 * time.Millisecond, "40/60+0.6"},
		{"8+0.08", 0, 8 * time.Second, 80 * time.Millisecond, "8+0.08"},
		{"10", 0, 10 * time.Second, 0, "10"},
		{"40/60", 40, 60 * time.Second, 0, "40/60"},
		{"1:30+1", 0, 90 * time.Second, time.Second, "90+1"},
		{"0.5+0.005", 0, 500 * time.Millisecond, 5 * time.Millisecond, "0.5+0.005"},
	}
	for _, c := range good {
		tc, err := ParseTC(c.in)
		if err != nil {
			t.Errorf("ParseTC(%q): %v", c.in, err)
			continue
		}
		if tc.Moves != c.moves || tc.Base != c.base || tc.Inc != c.inc {
			t.Errorf("ParseTC(%q) = %+v", c.in, tc)
		}
		if tc.String() != c.out {
			t.Errorf("ParseTC(%q).String() = %q, want %q", c.in, tc.String(), c.out)
		}
	}
	for _, in := range []string{"", "abc", "0", "-5+1", "40/", "/60", "0/60", "8+x", "0+0", "8+-1", "1e400", "NaN", "8+0.1+1", "x/60", "1:-30", "1:-30+1", "0+1", "40/0+1"} {
		if _, err := ParseTC(in); err == nil {
			t.Errorf("ParseTC(%q) accepted", in)
		} else if !strings.Contains(err.Error(), "time control") {
			t.Errorf("ParseTC(%q): unhelpful error %q", in, err)
		}
	}
}

func TestClockIncrement(t *testing.T) {
	tc, _ := ParseTC("8+0.08")
	c := NewClock(tc)
	if !c.Punch(time.Second, 0) {
		t.Fatal("flag fell after 1 s of 8")
	}
	if want := 7080 * time.Millisecond; c.Left() != want {
		t.Errorf("after 1 s: left %v, want %v (increment added after the move)", c.Left(), want)
	}
	if c.MovesToGo() != 0 {
		t.Errorf("movestogo %d for an incremental control", c.MovesToGo())
	}
	// Exactly the time left is still in time; a nanosecond more is not.
	if !c.Punch(7080*time.Millisecond, 0) {
		t.Error("flag fell using exactly the time left")
	}
	if c.Left() != 80*time.Millisecond {
		t.Errorf("left %v, want the increment only", c.Left())
	}
	if c.Punch(80*time.Millisecond+time.Nanosecond, 0) {
		t.Error("flag did not fall")
	}
	if c.Left() >= 0 {
		t.Errorf("a fallen flag shows %v", c.Left())
	}
}

func TestClockMargin(t *testing.T) {
	tc, _ := ParseTC("1+0.1")
	c := NewClock(tc)
	if !c.Punch(1050*time.Millisecond, 100*time.Millisecond) {
		t.Fatal("50 ms over with a 100 ms margin lost on time")
	}
	if want := 100 * time.Millisecond; c.Left() != want {
		t.Errorf("left %v, want %v (overdraft forgiven, then the increment)", c.Left(), want)
	}
	// Each move gets the whole margin: 160 ms over a 100 ms clock is
	// 60 ms over, twice, not 120 ms of debt.
	if !c.Punch(160*time.Millisecond, 100*time.Millisecond) || !c.Punch(160*time.Millisecond, 100*time.Millisecond) {
		t.Error("two moves each 60 ms over a 100 ms margin lost on time")
	}
	c = NewClock(tc)
	if c.Punch(1101*time.Millisecond, 100*time.Millisecond) {
		t.Error("101 ms over a 100 ms margin did not lose")
	}
}

func TestClockMovesToGo(t *testing.T) {
	tc, _ := ParseTC("2/10+1")
	c := NewClock(tc)
	if c.MovesToGo() != 2 {
		t.Fatalf("movestogo %d at the start, want 2", c.MovesToGo())
	}
	c.Punch(3*time.Second, 0) // 10-3+1 = 8
	if c.Left() != 8*time.Second || c.MovesToGo() != 1 {
		t.Fatalf("after move 1: %v, %d to go", c.Left(), c.MovesToGo())
	}
	c.Punch(2*time.Second, 0) // 8-2+1 = 7, then the next period's 10
	if c.Left() != 17*time.Second || c.MovesToGo() != 2 {
		t.Fatalf("after move 2: %v, %d to go; want 17s and a new period of 2", c.Left(), c.MovesToGo())
	}
	// Sudden death within a period: using all of it loses even though a
	// new period would start after the move.
	c.Punch(10*time.Second, 0)
	if c.Punch(9*time.Second, 0) {
		t.Error("flag did not fall at the end of a period")
	}
}

func TestGoCommand(t *testing.T) {
	tc, _ := ParseTC("8+0.08")
	rep, _ := ParseTC("40/60")
	cases := []struct {
		name   string
		side   chess.Color
		lim    Limits
		clocks [2]*Clock
		want   string
		budget time.Duration
	}{
		{"increment", chess.White, Limits{TC: &tc}, [2]*Clock{NewClock(tc), NewClock(tc)},
			"go wtime 8000 btime 8000 winc 80 binc 80", 8 * time.Second},
		{"repeating", chess.Black, Limits{TC: &rep, Margin: 50 * time.Millisecond}, [2]*Clock{NewClock(rep), NewClock(rep)},
			"go wtime 60000 btime 60000 winc 0 binc 0 movestogo 40", 60*time.Second + 50*time.Millisecond},
		{"movetime", chess.White, Limits{MoveTime: 250 * time.Millisecond}, [2]*Clock{},
			"go movetime 250", 250 * time.Millisecond},
		{"nodes", chess.Black, Limits{Nodes: 20000}, [2]*Clock{}, "go nodes 20000", unclockedLimit},
		{"depth", chess.White, Limits{Depth: 9}, [2]*Clock{}, "go depth 9", unclockedLimit},
		{"clock and nodes", chess.White, Limits{TC: &tc, Nodes: 500}, [2]*Clock{NewClock(tc), nil},
			"go wtime 8000 winc 80 nodes 500", 8 * time.Second},
	}
	for _, c := range cases {
		got, budget := goCommand(c.side, c.lim, c.clocks)
		if got != c.want || budget != c.budget {
			t.Errorf("%s: %q, budget %v; want %q, %v", c.name, got, budget, c.want, c.budget)
		}
	}
	// A clock with less than a millisecond left still says 1, not 0.
	sd, _ := ParseTC("1")
	c := NewClock(sd)
	c.Punch(time.Second-time.Microsecond, 0)
	if got, _ := goCommand(chess.White, Limits{TC: &sd}, [2]*Clock{c, NewClock(sd)}); !strings.HasPrefix(got, "go wtime 1 ") {
		t.Errorf("nearly empty clock: %q", got)
	}
}

func TestLimitsStrings(t *testing.T) {
	tc, _ := ParseTC("8+0.08")
	cases := []struct {
		l         Limits
		str, tcpg string
	}{
		{Limits{TC: &tc}, "8+0.08", "8+0.08"},
		{Limits{MoveTime: 1500 * time.Millisecond}, "st=1.5", "1/1.5"},
		{Limits{Nodes: 20000}, "nodes=20000", "-"},
		{Limits{Depth: 6, Nodes: 10}, "nodes=10,depth=6", "-"},
	}
	for _, c := range cases {
		if c.l.String() != c.str || c.l.PGNTimeControl() != c.tcpg {
			t.Errorf("%+v: %q %q, want %q %q", c.l, c.l.String(), c.l.PGNTimeControl(), c.str, c.tcpg)
		}
	}
}
