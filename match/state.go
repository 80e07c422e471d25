package match

// The resume state. A long match must survive a Ctrl-C, a reboot or a
// crash of the runner without losing or double-counting game pairs, so
// after every completed pair the runner rewrites a small JSON file
// atomically (temporary file, fsync, rename): the configuration's
// fingerprint, the seed, every completed pair with its per-game outcomes
// and opening, and where the PGN file stood. The PGN is fsynced first, so
// the state never describes games the disk does not hold.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"vireo/data"
)

const stateVersion = 1

// GameOutcome is one game of a completed pair as the state keeps it.
type GameOutcome struct {
	White  int    `json:"w"`           // engine index
	Black  int    `json:"b"`           // engine index
	Result string `json:"r"`           // "1-0", "0-1", "1/2-1/2"
	Term   string `json:"t,omitempty"` // PGN Termination
	Cause  Cause  `json:"c,omitempty"` // failure of the loser, if any
	Plies  int    `json:"n"`
	// Moves cut short by the runner's limit on moves without a clock,
	// by White and by Black.
	StoppedW int `json:"sw,omitempty"`
	StoppedB int `json:"sb,omitempty"`
}

// PairRecord is a completed game pair.
type PairRecord struct {
	ID      int           `json:"id"`
	Round   int           `json:"round"`
	Pairing int           `json:"pairing"`
	Opening int           `json:"opening"`
	Penta   int           `json:"penta"` // first engine's pair score in half points (games=2)
	Games   []GameOutcome `json:"games"`
}

// pgnSpan is a game in the PGN file whose pair is not complete: on resume
// it is removed, since the pair is played again.
type pgnSpan struct {
	Pair   int   `json:"pair"`
	Offset int64 `json:"offset"`
	Length int64 `json:"length"`
}

type pgnState struct {
	File string `json:"file"`
	Size int64  `json:"size"`
	// Start is the file's size when the match first opened it: what
	// stands before it belongs to other matches and is never rewritten.
	Start   int64     `json:"start,omitempty"`
	Pending []pgnSpan `json:"pending"`
}

type stateFile struct {
	Version     int             `json:"version"`
	Fingerprint string          `json:"fingerprint"`
	Config      json.RawMessage `json:"config"`
	Seed        uint64          `json:"seed"`
	PGN         *pgnState       `json:"pgn,omitempty"`
	Pairs       []PairRecord    `json:"pairs"`
}

// fingerprint returns the canonical JSON of what must not change between
// a match and its resumption, and its hash. Rounds, concurrency and
// output paths may change: a match can be extended or given more cores.
func fingerprint(cfg *Config, seed uint64) (json.RawMessage, string) {
	type eng struct {
		Name    string
		Cmd     string
		Args    []string `json:",omitempty"`
		Dir     string   `json:",omitempty"`
		Options []Option `json:",omitempty"`
		Limits  string
		Margin  string `json:",omitempty"`
	}
	// The tables' directories may move; which positions they adjudicate,
	// and how, may not. Pieces is the effective limit, so adding larger
	// tables to the directory changes the match too.
	type tablebase struct {
		Pieces   int
		Ignore50 bool `json:",omitempty"`
	}
	var fp struct {
		Engines   []eng
		Games     int
		Openings  OpeningConfig
		Seed      uint64
		Gauntlet  bool        `json:",omitempty"`
		Chess960  bool        `json:",omitempty"`
		Draw      *DrawRule   `json:",omitempty"`
		Resign    *ResignRule `json:",omitempty"`
		Tablebase *tablebase  `json:",omitempty"`
		MaxMoves  int         `json:",omitempty"`
		SPRT      *SPRT       `json:",omitempty"`
	}
	for _, e := range cfg.Engines {
		x := eng{Name: e.Name, Cmd: e.Cmd, Args: e.Args, Dir: e.Dir, Options: e.Options, Limits: e.Limits.String()}
		if e.Limits.Margin > 0 {
			x.Margin = e.Limits.Margin.String()
		}
		fp.Engines = append(fp.Engines, x)
	}
	fp.Games = cfg.Games
	fp.Openings = cfg.Openings
	if fp.Openings.File != "" {
		if abs, err := filepath.Abs(fp.Openings.File); err == nil {
			fp.Openings.File = abs
		}
	}
	fp.Seed = seed
	fp.Gauntlet, fp.Chess960 = cfg.Gauntlet, cfg.Chess960
	fp.Draw, fp.Resign, fp.MaxMoves, fp.SPRT = cfg.Draw, cfg.Resign, cfg.MaxMoves, cfg.SPRT
	if tb := cfg.Tablebase; tb != nil {
		fp.Tablebase = &tablebase{tb.Pieces, tb.Ignore50}
	}
	b, _ := json.Marshal(fp)
	sum := sha256.Sum256(b)
	return b, hex.EncodeToString(sum[:])
}

// configDiff names the top-level settings that differ between two
// fingerprint documents, for a useful error message.
func configDiff(a, b json.RawMessage) string {
	var ma, mb map[string]json.RawMessage
	if json.Unmarshal(a, &ma) != nil || json.Unmarshal(b, &mb) != nil {
		return "unknown"
	}
	// The state file holds its fingerprint indented; compare the values,
	// not their layout.
	same := func(x, y json.RawMessage) bool {
		var cx, cy bytes.Buffer
		return json.Compact(&cx, x) == nil && json.Compact(&cy, y) == nil && bytes.Equal(cx.Bytes(), cy.Bytes())
	}
	var diff []string
	for k, v := range ma {
		if !same(v, mb[k]) {
			diff = append(diff, k)
		}
	}
	for k := range mb {
		if _, ok := ma[k]; !ok {
			diff = append(diff, k)
		}
	}
	sort.Strings(diff)
	return strings.Join(diff, ", ")
}

func readState(path string) (*stateFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var st stateFile
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("state file %s is damaged: %v", path, err)
	}
	if st.Version != stateVersion {
		return nil, fmt.Errorf("state file %s has version %d; this runner reads version %d", path, st.Version, stateVersion)
	}
	if st.PGN != nil {
		if err := st.PGN.check(); err != nil {
			return nil, fmt.Errorf("state file %s is damaged: %v", path, err)
		}
	}
	return &st, nil
}

// check rejects a PGN record that no run of the runner writes (a person
// may have edited the file): a negative size, or games of unfinished
// pairs that lie outside the recorded size or overlap. Repairing the
// PGN from such a record would cut the wrong bytes.
func (ps *pgnState) check() error {
	if ps.Size < 0 {
		return fmt.Errorf("pgn size %d is negative", ps.Size)
	}
	if ps.Start < 0 || ps.Start > ps.Size {
		return fmt.Errorf("pgn start %d is outside the pgn's %d bytes", ps.Start, ps.Size)
	}
	spans := append([]pgnSpan(nil), ps.Pending...)
	sort.Slice(spans, func(i, j int) bool { return spans[i].Offset < spans[j].Offset })
	end := int64(0)
	for _, s := range spans {
		if s.Offset < end || s.Length <= 0 || s.Length > ps.Size-s.Offset {
			return fmt.Errorf("unfinished game at offset %d, length %d: outside the pgn's %d bytes or overlapping another", s.Offset, s.Length, ps.Size)
		}
		end = s.Offset + s.Length
	}
	return nil
}

// stateWriter rewrites the state file after each pair. Completed pairs
// never change, so their JSON is encoded once and kept, and a rewrite
// costs little more than the write itself.
type stateWriter struct {
	path  string
	head  stateFile // everything but the pairs
	pairs []byte    // encoded pairs, each followed by ",\n"
}

func (w *stateWriter) addPair(p PairRecord) {
	b, _ := json.Marshal(p)
	w.pairs = append(w.pairs, b...)
	w.pairs = append(w.pairs, ",\n"...)
}

func (w *stateWriter) write() error {
	head := w.head
	head.Pairs = nil
	hb, err := json.MarshalIndent(head, "", " ")
	if err != nil {
		return err
	}
	// Splice the pairs array in place of the empty one.
	const empty = `"pairs": null`
	i := bytes.LastIndex(hb, []byte(empty))
	if i < 0 {
		return errors.New("state: internal encoding error")
	}
	var buf bytes.Buffer
	buf.Grow(len(hb) + len(w.pairs) + 16)
	buf.Write(hb[:i])
	buf.WriteString("\"pairs\": [\n")
	buf.Write(bytes.TrimSuffix(w.pairs, []byte(",\n")))
	buf.WriteString("\n]")
	buf.Write(hb[i+len(empty):])
	buf.WriteByte('\n')
	return writeAtomic(w.path, buf.Bytes())
}

// writeAtomic replaces path whole (temporary file and rename), private
// to the user as before.
func writeAtomic(path string, b []byte) error { return data.WriteFileAtomic(path, b, 0o600) }

// repairPGN makes the PGN file hold exactly the games of completed pairs:
// it removes the pending spans and anything written after the recorded
// size (games of pairs that were in flight when the runner stopped). It
// returns the new size and a note for the user, if any.
func repairPGN(path string, size int64, pending []pgnSpan) (int64, string, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		if size > 0 {
			return 0, fmt.Sprintf("%s is missing; the results of its games are kept in the state", path), nil
		}
		return 0, "", nil
	}
	if err != nil {
		return 0, "", err
	}
	cur := fi.Size()
	if cur < size {
		return cur, fmt.Sprintf("%s is shorter than the state records (%d < %d bytes); left as it is", path, cur, size), nil
	}
	if len(pending) == 0 {
		if cur > size {
			if err := os.Truncate(path, size); err != nil {
				return 0, "", err
			}
			return size, fmt.Sprintf("%s: removed %d bytes of unfinished game pairs", path, cur-size), nil
		}
		return size, "", nil
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	// The same test as readState's: spans cut from a file they do not
	// describe would remove the wrong games.
	if err := (&pgnState{Size: size, Pending: pending}).check(); err != nil {
		return 0, "", fmt.Errorf("%s: %v", path, err)
	}
	text := make([]byte, size)
	if _, err := io.ReadFull(f, text); err != nil {
		return 0, "", err
	}
	sort.Slice(pending, func(i, j int) bool { return pending[i].Offset < pending[j].Offset })
	var out bytes.Buffer
	pos := int64(0)
	for _, s := range pending {
		out.Write(text[pos:s.Offset])
		pos = s.Offset + s.Length
	}
	out.Write(text[pos:])
	if err := data.WriteFileAtomic(path, out.Bytes(), fi.Mode().Perm()); err != nil {
		return 0, "", err
	}
	return int64(out.Len()), fmt.Sprintf("%s: removed %d games of unfinished game pairs", path, len(pending)), nil
}

// foreignGames counts the games in path past size, the bytes the state
// counts, that this match cannot have written: a whole game of a pair
// the state holds as completed, or anything but a game of this match
// before the last entry (only the last can be one cut short by a crash).
// Another match that appended to the same PGN after this one stopped
// leaves such games, and the repair must not cut them.
func foreignGames(path string, size int64, done map[int]bool, pairOf func(*data.PGNGame) (int, bool)) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, nil // the repair reports a missing file
	}
	defer f.Close()
	if _, err := f.Seek(size, io.SeekStart); err != nil {
		return 0, err
	}
	tail, err := io.ReadAll(f)
	if err != nil {
		return 0, err
	}
	games := splitMatchPGN(tail, pairOf)
	n := 0
	for i, g := range games {
		if g.whole && done[g.pair] || !g.whole && i < len(games)-1 {
			n++
		}
	}
	return n, nil
}

// pgnGames are the games found in a PGN file the match wrote: each game
// as FormatPGN wrote it (from its Event tag to the blank line after its
// termination marker) and, if it is whole, the pair it belongs to.
type pgnGame struct {
	text  []byte
	pair  int
	whole bool
}

// splitMatchPGN cuts b, the text of a match's PGN file, into its games.
// A game is whole if it parses as one game with a termination marker
// that agrees with its Result tag, ending in a blank line; pairOf names
// its pair.
func splitMatchPGN(b []byte, pairOf func(*data.PGNGame) (int, bool)) []pgnGame {
	var starts []int
	if bytes.HasPrefix(b, []byte("[Event ")) {
		starts = append(starts, 0)
	}
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte("\n\n[Event "))
		if j < 0 {
			break
		}
		i += j + 2
		starts = append(starts, i)
	}
	var games []pgnGame
	if len(starts) == 0 || starts[0] > 0 {
		end := len(b)
		if len(starts) > 0 {
			end = starts[0]
		}
		games = append(games, pgnGame{text: b[:end]}) // not a game the runner wrote
	}
	for k, st := range starts {
		end := len(b)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		g := pgnGame{text: b[st:end]}
		if bytes.HasSuffix(g.text, []byte("\n\n")) {
			r := data.NewPGNReader(bytes.NewReader(g.text), "")
			pg, err := r.Next()
			_, errNext := r.Next()
			if err == nil && errNext == io.EOF && pg.Result != "*" && pg.Result == pg.Tag("Result") {
				g.pair, g.whole = pairOf(pg)
			}
		}
		games = append(games, g)
	}
	return games
}

// repairShortPGN handles a PGN file shorter than the state records (a
// disk or a copy lost its end): it cuts the file back to whole games and
// keeps only the games of completed pairs that are all still there.
// completed maps each completed pair to its number of games. The pairs
// that lost a game are returned: they are played again, so their other
// games leave the file too.
func repairShortPGN(path string, start, size int64, completed map[int]int, pairOf func(*data.PGNGame) (int, bool)) (dropped map[int]bool, msg string, err error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, "", err
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	// What other matches wrote before this one stays as it is (all of
	// the file, if even that part is gone).
	start = min(start, int64(len(b)))
	before, b := b[:start], b[start:]
	games := splitMatchPGN(b, pairOf)
	have := map[int]int{}
	for _, g := range games {
		if g.whole {
			have[g.pair]++
		}
	}
	dropped = map[int]bool{}
	for id, n := range completed {
		if have[id] != n {
			dropped[id] = true
		}
	}
	var out bytes.Buffer
	out.Write(before)
	removed := 0
	for _, g := range games {
		if n, ok := completed[g.pair]; g.whole && ok && n > 0 && !dropped[g.pair] {
			out.Write(g.text)
		} else {
			removed++
		}
	}
	if err := data.WriteFileAtomic(path, out.Bytes(), fi.Mode().Perm()); err != nil {
		return nil, "", err
	}
	return dropped, fmt.Sprintf("%s is shorter than the state records (%d < %d bytes): cut back to its whole games (%d removed); %d game pairs whose games are missing are played again",
		path, int64(len(before))+int64(len(b)), size, removed, len(dropped)), nil
}
