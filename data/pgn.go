package data

// This file reads PGN, the format every match runner writes and every
// game collection ships in. The reader is streaming (one game in memory at a
// time, so multi-gigabyte self-play files are fine) and forgiving in the
// ways real files need: a malformed game is reported with its file and line
// and skipped, and reading continues with the next game, so one bad game
// never costs the rest of a file.

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"vireo/chess"
)

// PGNTag is one tag pair, in file order.
type PGNTag struct{ Name, Value string }

// MoveInfo is what the comments after a move say about it. Match runners
// (cutechess, fastchess, vireo match) write "{+0.35/12 0.512s}": the
// engine's score from its own point of view, its depth and the time it
// used; opening moves carry "{book}".
type MoveInfo struct {
	// Comment is the text of every comment after the move, joined by a
	// space.
	Comment string
	// HasScore says Score/Mate and Depth were read from the comment.
	HasScore bool
	// Score is in centipawns from the moving side's point of view; when
	// Mate is non-zero it is 0.
	Score int
	// Mate is +N when the mover announced mate in N moves, -N when it
	// expects to be mated in N; 0 for a centipawn score.
	Mate  int
	Depth int
	// Time is the thinking time, if the comment had one ("0.512s").
	Time    time.Duration
	HasTime bool
	// Book marks opening moves that no engine chose.
	Book bool
}

// PGNGame is one game. Moves are legal in sequence from the start
// position; Info is parallel to Moves.
type PGNGame struct {
	Tags []PGNTag
	// FEN is the start position: the FEN tag, or the standard start.
	FEN      string
	Chess960 bool
	Moves    []chess.Move
	SAN      []string // each move as written in the file
	Info     []MoveInfo
	// Result is the game termination marker ("1-0", "0-1", "1/2-1/2", "*").
	// A movetext without one gives "*" (unfinished) even when the Result
	// tag has a result: the game may have been cut short.
	Result string
	// Line is the line the game starts on.
	Line int
}

// Tag returns the value of the named tag, or "".
func (g *PGNGame) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// StartPosition returns a fresh copy of the game's start position.
func (g *PGNGame) StartPosition() (*chess.Position, error) {
	pos, err := chess.ParseFEN(g.FEN)
	if err != nil {
		return nil, err
	}
	pos.SetChess960(g.Chess960)
	return pos, nil
}

// PGNError is a problem with one game, located by file and line.
type PGNError struct {
	File string
	Line int
	Msg  string
}

func (e *PGNError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// PGNReader reads games one at a time from a stream.
type PGNReader struct {
	r    *bufio.Reader
	name string

	line    string // current line, without its end-of-line bytes
	lineNo  int
	pos     int  // read position in line
	hasLine bool // line holds an unread or partly read line
	eof     bool
	// atNewGame says a movetext error was found at the next game's first
	// tag line, which must not be skipped.
	atNewGame bool
	ioErr     error
}

// NewPGNReader reads PGN from r; name (usually the file name) prefixes
// error messages.
func NewPGNReader(r io.Reader, name string) *PGNReader {
	return &PGNReader{r: bufio.NewReaderSize(r, 64<<10), name: name}
}

// nextLine loads the next line; false at end of input.
func (p *PGNReader) nextLine() bool {
	if p.eof {
		p.hasLine = false
		return false
	}
	s, err := p.readLine()
	if err != nil {
		if err != io.EOF {
			p.ioErr = err
		}
		p.eof = true
		if s == "" {
			p.hasLine = false
			return false
		}
	}
	p.lineNo++
	p.line = strings.TrimRight(s, "\r\n")
	if p.lineNo == 1 {
		p.line = strings.TrimPrefix(p.line, "\uFEFF") // byte-order mark
	}
	p.pos = 0
	p.hasLine = true
	return true
}

// maxPGNLine bounds one line, so that a file without line breaks (or not
// PGN at all) is an error rather than a read of the whole file into memory.
const maxPGNLine = 16 << 20

// readLine is ReadString('\n') with a bound on the length.
func (p *PGNReader) readLine() (string, error) {
	var long []byte
	for {
		b, err := p.r.ReadSlice('\n')
		if len(long)+len(bytes.TrimRight(b, "\r\n")) > maxPGNLine {
			return "", fmt.Errorf("%s:%d: line longer than %d bytes", p.name, p.lineNo+1, maxPGNLine)
		}
		if err == bufio.ErrBufferFull {
			long = append(long, b...)
			continue
		}
		if long == nil {
			return string(b), err
		}
		return string(append(long, b...)), err
	}
}

func (p *PGNReader) errf(line int, format string, args ...any) *PGNError {
	return &PGNError{File: p.name, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// Next returns the next game. At the end of input it returns io.EOF. A
// malformed game gives a *PGNError; the reader has then already skipped to
// the next game, so the caller may log it and call Next again. Any other
// error is a read error and ends the stream.
func (p *PGNReader) Next() (*PGNGame, error) {
	if p.ioErr != nil {
		return nil, p.ioErr
	}
	for {
		// Find the start of a game: skip blank lines and "%" escape lines.
		if !p.hasLine && !p.nextLine() {
			if p.ioErr != nil {
				return nil, p.ioErr
			}
			return nil, io.EOF
		}
		rest := strings.TrimSpace(p.line[p.pos:])
		if rest == "" || (p.pos == 0 && strings.HasPrefix(p.line, "%")) {
			p.hasLine = false
			continue
		}
		g := &PGNGame{Line: p.lineNo}
		tagsOnly, err := p.readTags(g)
		if err != nil {
			p.skipGame(false)
			return nil, err
		}
		if err := p.readMovetext(g, tagsOnly); err != nil {
			// After tags alone, or at a new game's tags, the current
			// line already starts the next game.
			if !p.atNewGame && !tagsOnly {
				p.skipGame(true)
			}
			p.atNewGame = false
			return nil, err
		}
		if len(g.Tags) == 0 && len(g.Moves) == 0 && g.Result == "*" {
			continue // only comments (a file's header, or between games): no game
		}
		return g, nil
	}
}

// readTags reads the tag section: lines starting with '[', possibly
// several tags per line, until the first other non-blank line. tagsOnly
// reports a section ended by a blank line and the next game's tags: the
// game has no movetext (a file cut after its tags with another game
// appended), and ends unfinished.
func (p *PGNReader) readTags(g *PGNGame) (tagsOnly bool, err error) {
	blank := false
	for {
		if !p.hasLine && !p.nextLine() {
			return false, nil // tags and no movetext at end of file: an empty game
		}
		for p.pos < len(p.line) && (p.line[p.pos] == ' ' || p.line[p.pos] == '\t') {
			p.pos++
		}
		if p.pos >= len(p.line) {
			p.hasLine = false
			// A line with nothing on it, not the end of a tag line.
			blank = blank || len(g.Tags) > 0 && strings.TrimSpace(p.line) == ""
			continue
		}
		if p.pos == 0 && p.line[0] == '%' { // an escape line, among the tags or after them
			p.hasLine = false
			continue
		}
		if p.line[p.pos] != '[' {
			return false, nil // movetext starts here
		}
		if blank {
			return true, nil // the next game's tags
		}
		tag, n, err := parseTag(p.line[p.pos:])
		if err != nil {
			return false, p.errf(p.lineNo, "%v", err)
		}
		g.Tags = append(g.Tags, tag)
		p.pos += n
	}
}

// parseTag reads `[Name "Value"]` from the start of s and returns the tag
// and the number of bytes used. Backslash escapes '"' and '\'.
func parseTag(s string) (PGNTag, int, error) {
	i := 1
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	start := i
	for i < len(s) && isTagNameChar(s[i]) {
		i++
	}
	if i == start {
		return PGNTag{}, 0, fmt.Errorf("malformed tag %q: no name", clip(s))
	}
	name := s[start:i]
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i >= len(s) || s[i] != '"' {
		return PGNTag{}, 0, fmt.Errorf("malformed tag %q: want a quoted value", clip(s))
	}
	i++
	var val strings.Builder
	for {
		if i >= len(s) {
			return PGNTag{}, 0, fmt.Errorf("malformed tag %q: unterminated value", clip(s))
		}
		c := s[i]
		if c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			val.WriteByte(s[i+1])
			i += 2
			continue
		}
		if c == '"' {
			i++
			break
		}
		val.WriteByte(c)
		i++
	}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i >= len(s) || s[i] != ']' {
		return PGNTag{}, 0, fmt.Errorf("malformed tag %q: missing ']'", clip(s))
	}
	return PGNTag{Name: name, Value: val.String()}, i + 1, nil
}

func isTagNameChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-'
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// skipGame moves to the start of the next game after an error: the next
// line starting with '[' that follows the movetext of the broken game.
// inMovetext says the error was already past the tags.
func (p *PGNReader) skipGame(inMovetext bool) {
	sawOther := inMovetext
	p.hasLine = false // the rest of the line with the error belongs to the broken game
	for p.nextLine() {
		t := strings.TrimSpace(p.line)
		if strings.HasPrefix(t, "[") {
			if sawOther {
				return // keep the line: it starts the next game
			}
			continue
		}
		if t != "" || !sawOther {
			sawOther = true
		}
	}
}

// maxComment bounds one comment: no engine or annotator writes one this
// long, and an unterminated brace must not gather a whole file.
const maxComment = 1 << 20

// isTagLine says a line is a tag pair, as the tag section of a game
// starts ("[Event \"x\"]").
func isTagLine(line string) bool {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "[") {
		return false
	}
	_, n, err := parseTag(t)
	return err == nil && (n == len(t) || strings.HasPrefix(strings.TrimSpace(t[n:]), "["))
}

// token kinds of the movetext lexer.
const (
	tokEOF = iota
	tokSymbol
	tokComment
	tokOpen  // (
	tokClose // )
	tokNAG
	tokResult
	tokNewGame // a tag line where movetext was expected: the game ended without a result
)

// nextToken reads one movetext token and the line it started on.
func (p *PGNReader) nextToken() (kind int, text string, line int, err error) {
	for {
		if !p.hasLine || p.pos >= len(p.line) {
			if !p.nextLine() {
				return tokEOF, "", p.lineNo, nil
			}
			if t := strings.TrimSpace(p.line); strings.HasPrefix(t, "[") {
				return tokNewGame, "", p.lineNo, nil
			}
			if strings.HasPrefix(p.line, "%") {
				p.pos = len(p.line)
			}
			continue // the new line may be empty
		}
		c := p.line[p.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			p.pos++
		case c == ';':
			text := p.line[p.pos+1:]
			p.pos = len(p.line)
			return tokComment, strings.TrimSpace(text), p.lineNo, nil
		case c == '{':
			start := p.lineNo
			var sb strings.Builder
			p.pos++
			for {
				if j := strings.IndexByte(p.line[p.pos:], '}'); j >= 0 {
					sb.WriteString(p.line[p.pos : p.pos+j])
					p.pos += j + 1
					return tokComment, strings.TrimSpace(sb.String()), start, nil
				}
				sb.WriteString(p.line[p.pos:])
				sb.WriteByte(' ')
				blank := p.lineNo > start && strings.TrimSpace(p.line) == ""
				if sb.Len() > maxComment {
					return tokEOF, "", start, p.errf(start, "comment longer than %d bytes (unterminated?)", maxComment)
				}
				if !p.nextLine() {
					return tokEOF, "", start, p.errf(start, "unterminated comment")
				}
				// A comment that runs on into the next game (its tag
				// section after a blank line) was never closed: end it
				// there, so the next game is read, and counted, as usual.
				if blank && isTagLine(p.line) {
					p.atNewGame = true
					return tokEOF, "", start, p.errf(start, "unterminated comment (runs into the next game, line %d)", p.lineNo)
				}
			}
		case c == '(':
			p.pos++
			return tokOpen, "(", p.lineNo, nil
		case c == ')':
			p.pos++
			return tokClose, ")", p.lineNo, nil
		case c == '$':
			j := p.pos + 1
			for j < len(p.line) && p.line[j] >= '0' && p.line[j] <= '9' {
				j++
			}
			text := p.line[p.pos:j]
			p.pos = j
			return tokNAG, text, p.lineNo, nil
		case c == '*':
			p.pos++
			return tokResult, "*", p.lineNo, nil
		default:
			j := p.pos
			for j < len(p.line) && !strings.ContainsRune(" \t\r{}();$*[]\"", rune(p.line[j])) {
				j++
			}
			if j == p.pos {
				// A stray character such as '[' or '"' inside movetext.
				return tokEOF, "", p.lineNo, p.errf(p.lineNo, "unexpected %q in movetext", c)
			}
			text := p.line[p.pos:j]
			p.pos = j
			switch text {
			case "1-0", "0-1", "1/2-1/2":
				return tokResult, text, p.lineNo, nil
			}
			return tokSymbol, text, p.lineNo, nil
		}
	}
}

// readMovetext reads moves up to the termination marker, replaying them on
// the start position; with tagsOnly (readTags) there are none.
func (p *PGNReader) readMovetext(g *PGNGame, tagsOnly bool) error {
	g.FEN = chess.StartFEN
	if fen := g.Tag("FEN"); fen != "" {
		g.FEN = fen
	}
	switch strings.ToLower(strings.ReplaceAll(g.Tag("Variant"), " ", "")) {
	case "chess960", "fischerandom", "fischerrandom", "960":
		g.Chess960 = true
	case "", "standard", "normal", "chess", "fromposition":
	default:
		// Three-check, King of the Hill and Racing Kings games replay as
		// legal standard chess, and their results would label positions
		// wrongly.
		return p.errf(g.Line, "variant %q is not supported (standard chess and Chess960 are)", g.Tag("Variant"))
	}
	pos, err := chess.ParseFEN(g.FEN)
	if err != nil {
		return p.errf(g.Line, "FEN tag: %v", err)
	}
	pos.SetChess960(g.Chess960)
	if tagsOnly {
		g.Result = "*"
		return nil
	}
	depth := 0 // variation nesting
	for {
		kind, text, line, err := p.nextToken()
		if err != nil {
			return err
		}
		switch kind {
		case tokEOF, tokNewGame:
			if p.ioErr != nil {
				return p.ioErr // the game may go on past what could be read
			}
			if depth > 0 {
				p.atNewGame = kind == tokNewGame
				return p.errf(line, "unterminated variation")
			}
			// No termination marker: the moves are kept, but the game is
			// not known to be over, whatever its Result tag says. A file
			// cut short in the middle of a game (or another game appended
			// to such a file) looks like this.
			g.Result = "*"
			return nil
		case tokResult:
			if depth > 0 {
				return p.errf(line, "result %s inside a variation", text)
			}
			g.Result = text
			return nil
		case tokOpen:
			depth++
		case tokClose:
			if depth == 0 {
				return p.errf(line, "')' without a variation")
			}
			depth--
		case tokNAG:
		case tokComment:
			if depth == 0 && len(g.Moves) > 0 {
				mi := &g.Info[len(g.Info)-1]
				if mi.Comment != "" {
					mi.Comment += " "
				}
				mi.Comment += text
				parseMoveComment(text, mi)
			}
		case tokSymbol:
			if depth > 0 {
				continue
			}
			san := stripMoveNumber(text)
			if san == "" || strings.Trim(san, "!?") == "" {
				continue // a move number or a detached annotation
			}
			san = strings.TrimSuffix(san, "e.p.")
			if san == "--" || san == "Z0" || san == "0000" {
				return p.errf(line, "null move %q", text)
			}
			m, err := pos.ParseSAN(san)
			if err != nil {
				// The move's number as the file writes it: a game from a
				// FEN starts at its own move number, perhaps with Black.
				dots := "."
				if pos.SideToMove() == chess.Black {
					dots = "..."
				}
				return p.errf(line, "move %d%s (%s): %v", pos.FullmoveNumber(), dots, text, err)
			}
			g.SAN = append(g.SAN, san)
			g.Moves = append(g.Moves, m)
			g.Info = append(g.Info, MoveInfo{})
			pos.MakeMove(m)
		}
	}
}

// stripMoveNumber removes a leading "12." or "12..." from a symbol.
func stripMoveNumber(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(s) || s[i] != '.' {
		return s
	}
	for i < len(s) && s[i] == '.' {
		i++
	}
	return s[i:]
}

// parseMoveComment reads "+0.35/12 0.512s", "-M2/5 0.1s", "book" and the
// like from the start of a comment (text after a comma is free form, as in
// "{0.00/31 0.080s, Draw by adjudication}"). Fields it does not recognise
// are left alone.
func parseMoveComment(text string, mi *MoveInfo) {
	head, _, _ := strings.Cut(text, ",")
	fields := strings.Fields(head)
	if len(fields) == 0 {
		return
	}
	if fields[0] == "book" {
		mi.Book = true
		return
	}
	i := 0
	if sc, dep, ok := strings.Cut(fields[0], "/"); ok {
		d, err := strconv.Atoi(dep)
		if cp, mate, ok2 := parseScore(sc); ok2 && err == nil && d >= 0 {
			mi.HasScore, mi.Score, mi.Mate, mi.Depth = true, cp, mate, d
			i++
		}
	}
	if i < len(fields) && strings.HasSuffix(fields[i], "s") {
		if f, err := strconv.ParseFloat(strings.TrimSuffix(fields[i], "s"), 64); err == nil && f >= 0 && f < 1e7 {
			mi.Time = time.Duration(f * float64(time.Second))
			mi.HasTime = true
		}
	}
}

// parseScore reads "+0.35", "-1.20", "0.00", "+M3", "-M2".
func parseScore(s string) (cp, mate int, ok bool) {
	sign := 1
	body := s
	switch {
	case strings.HasPrefix(s, "+"):
		body = s[1:]
	case strings.HasPrefix(s, "-"):
		sign, body = -1, s[1:]
	}
	if body == "" || body[0] == '+' || body[0] == '-' {
		return 0, 0, false // "--1.0", "+-0.5": one sign only
	}
	if strings.HasPrefix(body, "M") {
		n, err := strconv.Atoi(body[1:])
		if err != nil || n < 0 {
			return 0, 0, false
		}
		if n == 0 {
			n = 1 // "M0" cannot be told apart from a centipawn score of 0
		}
		return 0, sign * n, true
	}
	if !strings.Contains(body, ".") {
		return 0, 0, false
	}
	f, err := strconv.ParseFloat(body, 64)
	if err != nil || !(f <= 1e6) { // NaN fails too
		return 0, 0, false
	}
	return sign * int(f*100+0.5), 0, true
}

// OpenPGN opens a PGN file for reading; a name ending in ".gz" is read
// through gzip, so that a corpus can be kept compressed (docs/data.md)
// and imported without unpacking it first.
func OpenPGN(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(path, ".gz") {
		return f, nil
	}
	z, err := gzip.NewReader(f) // gzip buffers a reader that is not a ByteReader
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &gzipFile{z, f, path}, nil
}

// gzipFile closes the gzip stream and its file, and names the file in a
// decompression error (a truncated or corrupt archive).
type gzipFile struct {
	z    *gzip.Reader
	f    *os.File
	path string
}

func (g *gzipFile) Read(p []byte) (int, error) {
	n, err := g.z.Read(p)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("%s: %w", g.path, err)
	}
	return n, err
}

func (g *gzipFile) Close() error {
	err := g.z.Close()
	if e := g.f.Close(); err == nil {
		err = e
	}
	return err
}

// ReadPGNFile reads every game of a file. Malformed games are skipped and
// returned in bad (each a *PGNError); err is an open or read error.
func ReadPGNFile(path string) (games []*PGNGame, bad []error, err error) {
	f, err := OpenPGN(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	r := NewPGNReader(f, path)
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games, bad, nil
		}
		var pe *PGNError
		if errors.As(err, &pe) {
			bad = append(bad, err)
			continue
		}
		if err != nil {
			return games, bad, err
		}
		games = append(games, g)
	}
}
