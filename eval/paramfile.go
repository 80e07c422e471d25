package eval

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"
)

// The parameter file is text, one parameter per line:
//
//	# comment (anywhere on a line)
//	[KnightV]                          group header
//	KNIGHT_AWOL = (-8, -6)             a tapered pair (mg, eg)
//	KNIGHT_OUTPOST = [(30, 17), (16, 8)]
//	PAWN_DIST_MULT = -6                an endgame-only value or a scalar
//	KS_SAFE_CHECK = [600, 450, 700, 550]
//
//	end 187                            the number of parameters set; last
//
// A file may set any subset of the parameters; the rest keep the values
// of the base set (the compiled-in defaults for LoadParams). Group headers
// are optional, but a parameter under the header of another group is an
// error, as are unknown names, repeated names, wrong shapes and array
// lengths. WriteParams writes every parameter, with its group and doc,
// and the end line.
//
// The end line lets a file cut short at a line boundary (a full disk, a
// copy stopped half way) be told from a whole one: without it the rest
// would load silently at the base values. LoadParams refuses a file whose
// end line is missing unless the file sets every parameter (as files
// written before the end line did), so a file that sets some parameters
// on purpose says so with its count ("end 2"). The count must match the
// parameters set, and nothing but comments may follow the end line.

// LineError is one problem in a parameter file.
type LineError struct {
	Line int
	Msg  string
}

// ParamError lists every problem found in a parameter file.
type ParamError struct {
	Name   string // file name, if known
	Errors []LineError
}

func (e *ParamError) Error() string {
	var sb strings.Builder
	for i, le := range e.Errors {
		if i > 0 {
			sb.WriteString("; ")
		}
		if e.Name != "" {
			sb.WriteString(e.Name + ":")
		}
		fmt.Fprintf(&sb, "%d: %s", le.Line, le.Msg)
	}
	return sb.String()
}

// LoadParams reads a parameter file over the compiled-in defaults. The
// file must be a whole table: it ends with its end line, or (written
// before there was one) sets every parameter. Only a regular file is
// read: opening a named pipe waits for a writer, and a UCI
// "setoption name EvalFile" that waits so hangs the engine.
func LoadParams(path string) (*Params, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p, rd, err := readParams(f, nil)
	if err == nil && !rd.hasEnd && len(rd.seen) < len(terms) {
		missing := ""
		for _, t := range terms {
			if _, ok := rd.seen[t.Name]; !ok {
				missing = t.Name
				break
			}
		}
		p, err = nil, &ParamError{Errors: []LineError{{rd.lines + 1, fmt.Sprintf(
			"the file ends without its end line, and %d of the %d parameters are missing (the first is %s): was it cut short? "+
				"A file that sets only some parameters on purpose ends with the line \"end %d\"",
			len(terms)-len(rd.seen), len(terms), missing, len(rd.seen))}}}
	}
	if pe, ok := err.(*ParamError); ok {
		pe.Name = path
	}
	return p, err
}

// ReadParams reads a parameter file over a copy of base (nil: the
// compiled-in defaults). On any error it returns nil and a *ParamError
// listing every bad line; base is never modified. The end line is
// checked if present but not required: r may be a few lines for a
// single change.
func ReadParams(r io.Reader, base *Params) (*Params, error) {
	p, _, err := readParams(r, base)
	return p, err
}

// paramRead is what readParams saw besides the values.
type paramRead struct {
	seen   map[string]int // parameter name -> line it was set on
	hasEnd bool
	lines  int
}

func readParams(r io.Reader, base *Params) (*Params, paramRead, error) {
	p := Defaults()
	if base != nil {
		*p = *base
	}
	var errs []LineError
	seen := map[string]int{}
	group := Group(NumGroups) // no header yet
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	endLine, endCount := 0, 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		fail := func(format string, args ...any) {
			errs = append(errs, LineError{line, fmt.Sprintf(format, args...)})
		}
		if len(errs) >= maxParamErrors {
			// Not a parameter file (a network, a data set): say so once
			// instead of once per line.
			fail("more than %d errors: stopped reading (is this a Vireo parameter file?)", maxParamErrors)
			break
		}
		if endLine > 0 {
			fail("%q after the end line (line %d)", clipText(text), endLine)
			continue
		}
		if f := strings.Fields(text); f[0] == "end" {
			n, err := strconv.Atoi(f[len(f)-1])
			if len(f) != 2 || err != nil || n < 0 {
				fail("want \"end N\" (N: the number of parameters the file sets), got %q", clipText(text))
				continue
			}
			endLine, endCount = line, n
			continue
		}
		if strings.HasPrefix(text, "[") && strings.HasSuffix(text, "]") && !strings.Contains(text, "=") {
			name := strings.TrimSpace(text[1 : len(text)-1])
			g, ok := groupByName(name)
			if !ok {
				fail("unknown group %q", clipText(name))
				continue
			}
			group = g
			continue
		}
		name, value, ok := strings.Cut(text, "=")
		if !ok {
			fail("want NAME = VALUE, got %q", clipText(text))
			continue
		}
		name = strings.TrimSpace(name)
		ti, ok := termByName[name]
		if !ok {
			fail("unknown parameter %q", clipText(name))
			continue
		}
		t := terms[ti]
		if group != NumGroups && t.Group != group {
			fail("%s belongs to group %s, not %s", name, t.Group, group)
			continue
		}
		if prev, dup := seen[name]; dup {
			fail("%s repeated (first set on line %d)", name, prev)
			continue
		}
		seen[name] = line
		if err := parseValue(t, strings.TrimSpace(value), p); err != nil {
			fail("%s: %v", name, err)
		}
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, LineError{line + 1, err.Error()})
	} else if endLine > 0 && endCount != len(seen) {
		errs = append(errs, LineError{endLine, fmt.Sprintf("the end line says %d parameters, the file sets %d", endCount, len(seen))})
	}
	rd := paramRead{seen: seen, hasEnd: endLine > 0, lines: line}
	if len(errs) > 0 {
		return nil, rd, &ParamError{Errors: errs}
	}
	return p, rd, nil
}

// maxParamErrors is how many lines' errors a read reports before it
// stops.
const maxParamErrors = 20

func clipText(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

func groupByName(s string) (Group, bool) {
	for g, n := range groupNames {
		if n == s {
			return Group(g), true
		}
	}
	return 0, false
}

// parseValue reads a term's value into p, all or nothing.
func parseValue(t Term, s string, p *Params) error {
	if err := spaceInNumber(s); err != nil {
		return err
	}
	compact := strings.Join(strings.Fields(s), "")
	var items []string
	if t.Array {
		if !strings.HasPrefix(compact, "[") || !strings.HasSuffix(compact, "]") {
			return fmt.Errorf("want an array [...] of %d values, got %q", t.Len, clipText(s))
		}
		inner := compact[1 : len(compact)-1]
		if t.Kind == Pair {
			items = splitPairs(inner)
		} else if inner != "" {
			items = strings.Split(inner, ",")
		}
		if len(items) != t.Len {
			return fmt.Errorf("want %d values, got %d", t.Len, len(items))
		}
	} else {
		items = []string{compact}
	}
	switch t.Kind {
	case Pair:
		vals := make([]Score, len(items))
		for i, it := range items {
			v, err := parsePair(it)
			if err != nil {
				return err
			}
			if err := inRange(t, i, v.MG); err != nil {
				return err
			}
			if err := inRange(t, i, v.EG); err != nil {
				return err
			}
			vals[i] = v
		}
		copy(p.Pairs[t.Index:], vals)
	case EgOnly, Scalar:
		vals := make([]int, len(items))
		for i, it := range items {
			v, err := strconv.Atoi(it)
			if err != nil {
				return fmt.Errorf("want an integer, got %q", clipText(it))
			}
			if err := inRange(t, i, v); err != nil {
				return err
			}
			vals[i] = v
		}
		for i, v := range vals {
			if t.Kind == Scalar {
				p.Scalars[t.Index+i] = v
			} else {
				p.Pairs[t.Index+i] = Score{0, v}
			}
		}
	}
	return nil
}

// spaceInNumber refuses a value with a space between two parts of a
// number ("-6 0", "[1 2]"): joined, they would read as another number
// (-60) or hide a missing comma. Spaces around brackets, parentheses and
// commas are fine.
//
// Every space counts, not only ' ' and '\t': the value is later split on
// any Unicode space, so a no-break space or a vertical tab would join
// "-4\u00a020" into -420 just the same.
func spaceInNumber(s string) error {
	numeric := func(c rune) bool { return c >= '0' && c <= '9' || c == '-' || c == '+' }
	var prev rune
	gap := false
	for _, c := range s {
		if unicode.IsSpace(c) {
			gap = prev != 0
			continue
		}
		if gap && numeric(prev) && numeric(c) {
			return fmt.Errorf("a space inside a number in %q (a typo, or a missing comma?)", clipText(s))
		}
		prev, gap = c, false
	}
	return nil
}

// MaxParam bounds every value of a parameter file: ten queens, ten times
// the largest value of the compiled-in table. A value beyond it is a
// mistake (an extra digit, another engine's scale), and far beyond it
// the evaluation's packed sums would wrap around.
const MaxParam = 10000

// inRange refuses a value beyond ±MaxParam, naming its index in an array.
func inRange(t Term, i, v int) error {
	if v >= -MaxParam && v <= MaxParam {
		return nil
	}
	if t.Array {
		return fmt.Errorf("value %d (index %d) is beyond ±%d", v, i, MaxParam)
	}
	return fmt.Errorf("value %d is beyond ±%d", v, MaxParam)
}

// splitPairs splits "(1,2),(3,4)" into "(1,2)" and "(3,4)".
func splitPairs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	if s != "" {
		out = append(out, s[start:])
	}
	return out
}

func parsePair(s string) (Score, error) {
	if !strings.HasPrefix(s, "(") || !strings.HasSuffix(s, ")") {
		return Score{}, fmt.Errorf("want (mg, eg), got %q", clipText(s))
	}
	a, b, ok := strings.Cut(s[1:len(s)-1], ",")
	mg, err1 := strconv.Atoi(a)
	eg, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return Score{}, fmt.Errorf("want (mg, eg), got %q", clipText(s))
	}
	return Score{mg, eg}, nil
}

// WriteParams writes every parameter of p, grouped, with each term's doc
// as a comment. The output reads back to p exactly.
func WriteParams(w io.Writer, p *Params) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "# Vireo evaluation parameters.")
	fmt.Fprintln(bw, "# NAME = (mg, eg) | [(mg, eg), ...] | value | [value, ...]; '#' starts a comment.")
	fmt.Fprintln(bw, "# Pairs are centipawns; EndGameV values are endgame-only; KingV scalars are")
	fmt.Fprintln(bw, "# king-danger attack units, ScaleV scalars endgame scale percentages.")
	group := Group(NumGroups)
	for _, t := range terms {
		if t.Group != group {
			group = t.Group
			fmt.Fprintf(bw, "\n[%s]\n", group)
		}
		fmt.Fprintf(bw, "# %s\n%s = %s\n", t.Doc, t.Name, formatValue(t, p))
	}
	fmt.Fprintf(bw, "\n# The number of parameters above: a file without this line was cut short.\nend %d\n", len(terms))
	return bw.Flush()
}

// Format returns t's value in p as a parameter file writes it:
// "(mg, eg)", "[(mg, eg), ...]", "value" or "[value, ...]".
func (t Term) Format(p *Params) string { return formatValue(t, p) }

func formatValue(t Term, p *Params) string {
	items := make([]string, t.Len)
	for i := range items {
		switch t.Kind {
		case Pair:
			v := p.Pairs[t.Index+i]
			items[i] = fmt.Sprintf("(%d, %d)", v.MG, v.EG)
		case EgOnly:
			items[i] = strconv.Itoa(p.Pairs[t.Index+i].EG)
		case Scalar:
			items[i] = strconv.Itoa(p.Scalars[t.Index+i])
		}
	}
	if !t.Array {
		return items[0]
	}
	return "[" + strings.Join(items, ", ") + "]"
}
