package match

// Time controls and the runner's chess clock. The clock is what makes a
// match fair, so it is exact and simple: the runner measures each move
// itself, from sending "go" to reading "bestmove", and never trusts the
// engine's own accounting.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// TimeControl is a chess clock setting: Base for every Moves moves
// (repeating, as in 40/60), or Base for the whole game when Moves is 0,
// plus Inc added after each move.
type TimeControl struct {
	Moves int
	Base  time.Duration
	Inc   time.Duration
}

// ParseTC reads a time control as cutechess and fastchess write it:
// "40/60+0.6" (40 moves in 60 s, 0.6 s increment, repeating), "8+0.08"
// (8 s for the game plus 0.08 s a move) or "10" (sudden death). Seconds
// may be decimals, and the base may also be written minutes:seconds
// ("1:30+1").
func ParseTC(s string) (TimeControl, error) {
	var tc TimeControl
	bad := func(why string) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("bad time control %q: %s (want [moves/]seconds[+increment], e.g. 40/60+0.6, 8+0.08 or 10)", s, why)
	}
	rest := strings.TrimSpace(s)
	if rest == "" {
		return bad("empty")
	}
	if m, r, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n <= 0 || n > 1000 {
			return bad("the move count before '/' must be a whole number from 1 to 1000")
		}
		tc.Moves, rest = n, r
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if tc.Base, err = parseSeconds(base, true); err != nil {
		return bad("base time: " + err.Error())
	}
	if hasInc {
		if tc.Inc, err = parseSeconds(inc, false); err != nil {
			return bad("increment: " + err.Error())
		}
	}
	if tc.Base <= 0 {
		// The increment comes after the move: the first mover would
		// flag before it could earn any.
		return bad("the base time must be more than 0 (the increment is added after each move)")
	}
	return tc, nil
}

// parseSeconds reads "8", "0.08" or (with minutes) "1:30".
func parseSeconds(s string, minutes bool) (time.Duration, error) {
	var total float64
	if m, sec, ok := strings.Cut(s, ":"); ok && minutes {
		n, err := strconv.Atoi(m)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("bad minutes %q", m)
		}
		total = float64(n) * 60
		s = sec
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	if f < 0 {
		// "1:-30" would otherwise be 30 s.
		return 0, fmt.Errorf("%q is out of range (0 to 1000000 seconds)", s)
	}
	total += f
	if total < 0 || total > 1e6 {
		return 0, fmt.Errorf("%q is out of range (0 to 1000000 seconds)", s)
	}
	return time.Duration(math.Round(total * 1e9)), nil
}

func fmtSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// String writes the control the way ParseTC reads it and the PGN
// TimeControl tag expects it: "40/60+0.6", "8+0.08", "10".
func (tc TimeControl) String() string {
	s := fmtSeconds(tc.Base)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + fmtSeconds(tc.Inc)
	}
	return s
}

// Limits is how one engine is told to move: by a clock, a fixed time per
// move, a node count or a depth. Nodes and Depth may be combined with a
// clock (they are appended to "go").
type Limits struct {
	TC       *TimeControl
	MoveTime time.Duration // "st": seconds per move
	Nodes    int64
	Depth    int
	// Margin is how far past its time an engine may answer before losing on
	// time (fastchess's timemargin). Zero by default: a late move loses.
	Margin time.Duration
}

// Clocked says the engine plays against a time budget it can lose on.
func (l Limits) Clocked() bool { return l.TC != nil || l.MoveTime > 0 }

// Empty says no limit was set at all.
func (l Limits) Empty() bool { return !l.Clocked() && l.Nodes == 0 && l.Depth == 0 }

// String is the short form shown in reports: "8+0.08", "st=1",
// "nodes=20000", "depth=6" (joined by commas if several).
func (l Limits) String() string {
	var parts []string
	if l.TC != nil {
		parts = append(parts, l.TC.String())
	}
	if l.MoveTime > 0 {
		parts = append(parts, "st="+fmtSeconds(l.MoveTime))
	}
	if l.Nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatInt(l.Nodes, 10))
	}
	if l.Depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(l.Depth))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ",")
}

// PGNTimeControl is the value of the PGN TimeControl tag: the clock as
// "8+0.08", a fixed move time as "1/5" (one move per 5 seconds, the PGN
// standard's moves/seconds form), and "-" when there is no clock.
func (l Limits) PGNTimeControl() string {
	switch {
	case l.TC != nil:
		return l.TC.String()
	case l.MoveTime > 0:
		return "1/" + fmtSeconds(l.MoveTime)
	}
	return "-"
}

// Clock is one side's clock in a game.
type Clock struct {
	tc   TimeControl
	left time.Duration
	toGo int // moves left in the current period; 0 without a move count
}

// NewClock starts a clock at the control's base time.
func NewClock(tc TimeControl) *Clock {
	return &Clock{tc: tc, left: tc.Base, toGo: tc.Moves}
}

// Left is the time on the clock; negative once the flag has fallen.
func (c *Clock) Left() time.Duration { return c.left }

// Inc is the increment per move.
func (c *Clock) Inc() time.Duration { return c.tc.Inc }

// MovesToGo is the number of moves to the next time control (what UCI's
// movestogo means), or 0 when the control does not repeat.
func (c *Clock) MovesToGo() int { return c.toGo }

// Punch records a move that took elapsed. If it took more than the time
// left plus margin, the flag falls: Punch returns false and the clock
// shows the overdraft. Otherwise the increment is added after the move
// (as FIDE clocks do), and when a repeating period ends its time is added
// for the next one. A move inside the margin leaves the clock at zero, not
// overdrawn: the margin forgives each move on its own, as fastchess's
// timemargin does, instead of carrying the debt into the next move.
func (c *Clock) Punch(elapsed, margin time.Duration) bool {
	c.left -= elapsed
	if c.left < -margin {
		return false
	}
	c.left = max(c.left, 0)
	c.left += c.tc.Inc
	if c.tc.Moves > 0 {
		c.toGo--
		if c.toGo == 0 {
			c.toGo = c.tc.Moves
			c.left += c.tc.Base
		}
	}
	return true
}
