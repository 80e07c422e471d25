package match

// PGN output in cutechess's style, so that the games can be read by the
// usual tools (and by data.PGNReader): the seven-tag roster, then the
// other tags alphabetically, SAN moves, and after each engine move a
// comment with its score, depth and time.

import (
	"fmt"
	"strconv"
	"strings"

	"vireo/chess"
)

// PGNOptions are the tags that are not in the game record.
type PGNOptions struct {
	Event, Site string
}

func pgnQuote(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// FormatScore writes an engine score as cutechess does: "+0.35", "-1.20",
// "0.00", "+M3" (mate in 3), "-M2" (mated in 2).
func FormatScore(in Info) string {
	if in.IsMate {
		if in.Mate > 0 {
			return "+M" + strconv.Itoa(in.Mate)
		}
		return "-M" + strconv.Itoa(-in.Mate)
	}
	if in.Score == 0 {
		return "0.00"
	}
	return fmt.Sprintf("%+.2f", float64(in.Score)/100)
}

// moveComment is the text of a move's comment, without braces.
func moveComment(m PlayedMove) string {
	if m.Book {
		return "book"
	}
	t := fmt.Sprintf("%.3fs", m.Elapsed.Seconds())
	if m.Info.HasScore {
		return FormatScore(m.Info) + "/" + strconv.Itoa(m.Info.Depth) + " " + t
	}
	return t
}

// FormatPGN returns the game as PGN text, ending with a blank line.
func FormatPGN(g *GameRecord, opt PGNOptions) string {
	var sb strings.Builder
	tag := func(name, value string) {
		sb.WriteString("[" + name + " " + pgnQuote(value) + "]\n")
	}
	event, site := opt.Event, opt.Site
	if event == "" {
		event = "?"
	}
	if site == "" {
		site = "?"
	}
	tag("Event", event)
	tag("Site", site)
	tag("Date", g.Start.Format("2006.01.02"))
	tag("Round", strconv.Itoa(g.Round))
	tag("White", g.Names[0])
	tag("Black", g.Names[1])
	tag("Result", g.Verdict.Result)
	custom := g.Opening.FEN != chess.StartFEN || g.Opening.Chess960
	if custom {
		tag("FEN", g.Opening.FEN)
	}
	d := g.End.Sub(g.Start).Round(1e9)
	tag("GameDuration", fmt.Sprintf("%02d:%02d:%02d", int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60))
	tag("GameEndTime", g.End.Format("2006-01-02T15:04:05.000 -0700"))
	tag("GameStartTime", g.Start.Format("2006-01-02T15:04:05.000 -0700"))
	tag("PlyCount", strconv.Itoa(len(g.Moves)))
	if custom {
		tag("SetUp", "1")
	}
	tag("Termination", g.Verdict.Termination)
	if w, b := g.Limits[0].PGNTimeControl(), g.Limits[1].PGNTimeControl(); w == b {
		tag("TimeControl", w)
	} else {
		tag("BlackTimeControl", b)
		tag("WhiteTimeControl", w)
	}
	if g.Opening.Chess960 {
		tag("Variant", "fischerandom")
	}
	sb.WriteByte('\n')

	// Movetext, wrapped before 80 columns; a comment is never split.
	var line strings.Builder
	put := func(tok string) {
		if line.Len() > 0 && line.Len()+1+len(tok) > 79 {
			sb.WriteString(line.String())
			sb.WriteByte('\n')
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(tok)
	}
	moveNo, black := 1, false
	if f := strings.Fields(g.Opening.FEN); len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			moveNo = n
		}
		black = f[1] == "b"
	} else if len(f) >= 2 {
		black = f[1] == "b"
	}
	for i, m := range g.Moves {
		switch {
		case !black:
			put(strconv.Itoa(moveNo) + ". " + m.SAN)
		case i == 0:
			put(strconv.Itoa(moveNo) + "... " + m.SAN)
		default:
			put(m.SAN)
		}
		c := moveComment(m)
		if i == len(g.Moves)-1 && g.Verdict.Reason != "" {
			c += ", " + g.Verdict.Reason
		}
		put("{" + commentSafe(c) + "}")
		if black {
			moveNo++
		}
		black = !black
	}
	if len(g.Moves) == 0 && g.Verdict.Reason != "" {
		put("{" + commentSafe(g.Verdict.Reason) + "}")
	}
	put(g.Verdict.Result)
	sb.WriteString(line.String())
	sb.WriteString("\n\n")
	return sb.String()
}

// commentSafe keeps engine-supplied text (an illegal move string may be
// anything) from closing the comment early.
func commentSafe(s string) string {
	return strings.NewReplacer("{", "(", "}", ")").Replace(s)
}
