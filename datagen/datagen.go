// Package datagen plays Vireo against itself to make training data: games
// from random openings at a fixed number of nodes or a fixed depth per
// move, adjudicated early when the result is clear, written as PGN or as
// labelled quiet positions.
//
// A run survives being killed. Game n is played from a random generator
// seeded by (Seed, n) with a cleared searcher, so it is the same game
// whenever and on whichever thread it is played. Games are written to the
// output in id order, and after each commit a state file (OUT.state,
// replaced atomically by rename) records the number of games and the
// output length. A resumed run truncates the output to that length, which
// drops any partly written game, and continues with the next id: no game
// is lost or written twice.
package datagen

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"vireo/chess"
	"vireo/data"
	"vireo/match"
	"vireo/search"
)

// Config is one generation run. The fields that decide what a game is
// are recorded in the state file, and a resumed run must match them.
type Config struct {
	Out    string // output file; its state file is Out + ".state"
	Format string // "epd" (labelled positions, data.FormatLabeled) or "pgn"

	Games     int // stop after this many games in all (0: no limit)
	Positions int // stop once this many positions are written (0: no limit)
	Threads   int // game threads (0: one per CPU)
	HashMB    int

	Nodes uint64 // per move; if 0, Depth
	Depth int

	Seed        uint64
	RandomPlies int      // random moves from the start (or book) position
	Book        []string // opening FENs; empty: the start position
	BookName    string   // recorded in the state file instead of the FENs
	// OpeningMargin rejects an opening whose search score after the
	// random plies is further than this from 0 (centipawns).
	OpeningMargin int

	// Adjudication. A win is given when the score (White's view) stays
	// at or beyond WinScore for WinPlies plies in a row; a draw when,
	// from ply DrawAfter on, it stays within DrawScore for DrawPlies
	// plies. MaxPlies ends a game as a draw.
	WinScore, WinPlies              int
	DrawAfter, DrawScore, DrawPlies int
	MaxPlies                        int

	// Progress, if set, receives a progress line every ProgressEvery.
	Progress      io.Writer
	ProgressEvery time.Duration
}

// DefaultConfig has the settings of the documented data set.
func DefaultConfig() Config {
	return Config{
		Format: "epd", HashMB: 8, Nodes: 5000, Seed: 1, RandomPlies: 8,
		OpeningMargin: 300,
		WinScore:      1000, WinPlies: 8,
		DrawAfter: 80, DrawScore: 10, DrawPlies: 12,
		MaxPlies:      400,
		ProgressEvery: 10 * time.Second,
	}
}

// identity is the part of the configuration a game depends on.
type identity struct {
	Format        string
	Nodes         uint64
	Depth         int
	Seed          uint64
	RandomPlies   int
	Book          string
	BookSize      int
	OpeningMargin int
	WinScore      int
	WinPlies      int
	DrawAfter     int
	DrawScore     int
	DrawPlies     int
	MaxPlies      int
	// BookDigest is a digest of the book's positions: an edited book of
	// the same name and length would give other games. Empty in state
	// files written before it was recorded, which resume unchecked.
	BookDigest string `json:",omitempty"`
	// HashMB shapes the searches as the node limit does (which entries a
	// game's searches find and replace). Zero in state files written
	// before it was recorded, which resume unchecked.
	HashMB int `json:",omitempty"`
}

func (c *Config) identity() identity {
	id := identity{c.Format, c.Nodes, c.Depth, c.Seed, c.RandomPlies, c.BookName, len(c.Book),
		c.OpeningMargin, c.WinScore, c.WinPlies, c.DrawAfter, c.DrawScore, c.DrawPlies, c.MaxPlies, "", c.HashMB}
	if len(c.Book) > 0 {
		h := sha256.New()
		for _, fen := range c.Book {
			h.Write([]byte(fen))
			h.Write([]byte{'\n'})
		}
		id.BookDigest = hex.EncodeToString(h.Sum(nil)[:12])
	}
	return id
}

// State is what the state file holds: games 1..Games are in the first
// Bytes bytes of the output, with Positions positions among them.
type State struct {
	Config    identity
	Games     int
	Positions int
	Bytes     int64
}

// Stats summarises a run (this invocation only, except the totals).
type Stats struct {
	Games, Positions           int // written by this invocation
	TotalGames, TotalPositions int // in the output file
	Elapsed                    time.Duration
	Done                       bool // the Games or Positions target is reached
}

// ReadState reads the state file of out; ok is false if there is none.
func ReadState(out string) (State, bool, error) { return data.ReadState[State](out) }

// finished is one played game, formatted.
type finished struct {
	id        int
	text      string
	positions int
}

// check refuses settings out of range: each would otherwise be clamped or
// played as something else (a negative win score adjudicates every game,
// no random plies from one opening plays one game over and over).
func (cfg *Config) check() error {
	for _, f := range []struct {
		name   string
		v, min int
	}{
		{"threads", cfg.Threads, 0}, {"hash", cfg.HashMB, 0}, {"random plies", cfg.RandomPlies, 0},
		{"opening margin", cfg.OpeningMargin, 0}, {"win score", cfg.WinScore, 1}, {"win plies", cfg.WinPlies, 1},
		{"draw after", cfg.DrawAfter, 0}, {"draw score", cfg.DrawScore, 0}, {"draw plies", cfg.DrawPlies, 1},
		{"max plies", cfg.MaxPlies, 1}, {"depth", cfg.Depth, 0},
	} {
		if f.v < f.min {
			return fmt.Errorf("%s %d: want %d or more", f.name, f.v, f.min)
		}
	}
	switch {
	case cfg.Threads > search.MaxThreads:
		return fmt.Errorf("threads %d: want at most %d", cfg.Threads, search.MaxThreads)
	case cfg.HashMB > search.MaxHashMB:
		return fmt.Errorf("hash %d MB: want at most %d", cfg.HashMB, search.MaxHashMB)
	case cfg.Depth >= search.MaxPly:
		return fmt.Errorf("depth %d: want at most %d", cfg.Depth, search.MaxPly-1)
	case cfg.Nodes > 0 && cfg.Depth > 0:
		return errors.New("give nodes or depth per move, not both")
	case cfg.DrawScore >= cfg.WinScore:
		// A score in both bands would count towards both adjudications.
		return fmt.Errorf("draw score %d: want less than the win score %d", cfg.DrawScore, cfg.WinScore)
	case cfg.RandomPlies == 0 && len(cfg.Book) <= 1:
		return errors.New("no random plies and at most one opening: every game would be the same game")
	}
	return nil
}

// Run generates until the Games or Positions target, or until ctx is
// cancelled; either way the output and state are left consistent.
func Run(ctx context.Context, cfg Config) (Stats, error) {
	if cfg.Format != "epd" && cfg.Format != "pgn" {
		return Stats{}, fmt.Errorf("format %q: want epd or pgn", cfg.Format)
	}
	if cfg.Nodes == 0 && cfg.Depth <= 0 {
		return Stats{}, errors.New("set nodes or depth per move")
	}
	// A negative target would read as "no target" (0) and run for ever.
	if cfg.Games < 0 || cfg.Positions < 0 {
		return Stats{}, fmt.Errorf("games %d, positions %d: a target is 0 (none) or more", cfg.Games, cfg.Positions)
	}
	if err := cfg.check(); err != nil {
		return Stats{}, err
	}
	if cfg.Threads == 0 {
		cfg.Threads = runtime.NumCPU()
	}
	if cfg.HashMB == 0 {
		cfg.HashMB = 8
	}
	id := cfg.identity()
	f, st, err := data.OpenResumable(cfg.Out, State{Config: id}, func(st State) error {
		want := id
		if st.Config.BookDigest == "" {
			want.BookDigest = ""
		}
		if st.Config.HashMB == 0 {
			want.HashMB = 0
		}
		if st.Config != want {
			return fmt.Errorf("%s.state was written with other settings (%+v); use the same settings or another output", cfg.Out, st.Config)
		}
		if st.Games < 0 || st.Positions < 0 {
			// Game ids would start at or below zero.
			return fmt.Errorf("%s.state counts %d games and %d positions: the state file is damaged", cfg.Out, st.Games, st.Positions)
		}
		return nil
	}, func(st State) int64 { return st.Bytes })
	if err != nil {
		return Stats{}, err
	}
	defer f.Close()
	stats := Stats{TotalGames: st.Games, TotalPositions: st.Positions}
	if targetReached(&cfg, st) {
		stats.Done = true
		return stats, nil
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	next.Store(int64(st.Games))
	results := make(chan finished, cfg.Threads)
	var wg sync.WaitGroup
	for t := 0; t < cfg.Threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := newPlayer(&cfg)
			for ctx.Err() == nil {
				n := int(next.Add(1))
				if cfg.Games > 0 && n > cfg.Games {
					return
				}
				g, ok := p.play(ctx, n)
				if !ok {
					return
				}
				select {
				case results <- g:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	// The writer commits games in id order; later games wait in pending.
	w := bufio.NewWriterSize(f, 1<<16)
	pending := map[int]finished{}
	start := time.Now()
	lastState, lastProgress := start, start
	var werr error
	// commit makes the state describe what the disk holds: the output
	// is flushed and synced before the state that counts it is written,
	// so a crash of the machine cannot leave a state ahead of its file.
	commit := func() error {
		if err := w.Flush(); err != nil {
			return err
		}
		if err := f.Sync(); err != nil {
			return err
		}
		return data.WriteState(cfg.Out, st)
	}
	for g := range results {
		if werr != nil || stats.Done {
			continue // drain
		}
		pending[g.id] = g
		for {
			g, ok := pending[st.Games+1]
			if !ok {
				break
			}
			delete(pending, g.id)
			if _, err := w.WriteString(g.text); err != nil {
				werr = err
				cancel()
				break
			}
			st.Games++
			st.Positions += g.positions
			st.Bytes += int64(len(g.text))
			stats.Games++
			stats.Positions += g.positions
			if targetReached(&cfg, st) {
				stats.Done = true
				cancel()
				break
			}
		}
		now := time.Now()
		if werr == nil && now.Sub(lastState) >= time.Second {
			if err := commit(); err != nil {
				werr = err
				cancel()
			}
			lastState = now
		}
		if cfg.Progress != nil && cfg.ProgressEvery > 0 && now.Sub(lastProgress) >= cfg.ProgressEvery {
			lastProgress = now
			el := now.Sub(start).Seconds()
			fmt.Fprintf(cfg.Progress, "datagen: %d games (%d positions) in all; this run %d games %.2f/s, %d positions %.1f/s\n",
				st.Games, st.Positions, stats.Games, float64(stats.Games)/el, stats.Positions, float64(stats.Positions)/el)
		}
	}
	if werr == nil {
		werr = commit()
	}
	stats.TotalGames, stats.TotalPositions = st.Games, st.Positions
	stats.Elapsed = time.Since(start)
	return stats, werr
}

func targetReached(cfg *Config, st State) bool {
	return cfg.Games > 0 && st.Games >= cfg.Games || cfg.Positions > 0 && st.Positions >= cfg.Positions
}

// player is one game thread: a searcher of its own and a quiescence
// searcher to check that positions are quiet.
type player struct {
	cfg *Config
	s   *search.Searcher
	q   *search.Quieter
	lim search.Limits
}

func newPlayer(cfg *Config) *player {
	p := &player{cfg: cfg, s: search.NewSearcher(cfg.HashMB), q: search.NewQuieter(nil)}
	p.lim = search.Limits{Nodes: cfg.Nodes}
	if cfg.Nodes == 0 {
		p.lim = search.Limits{Depth: cfg.Depth}
	}
	return p
}

// sample is a position kept for the labelled output.
type sample struct {
	fen   string
	score int // side to move
	ply   int // from the game's opening position
}

type ply struct {
	move  chess.Move
	san   string
	score int // mover's view
	mate  int
	depth int
}

// opening picks game n's start position: a book position or the start
// position, then random legal plies; an opening a short search finds
// unbalanced is replaced by the next draw of the same generator.
func (p *player) opening(rng *rand.Rand) (*chess.Position, string) {
	for try := 0; ; try++ {
		fen := chess.StartFEN
		// A book of nothing but finished games must not loop forever.
		if len(p.cfg.Book) > 0 && try < 10000 {
			fen = p.cfg.Book[rng.IntN(len(p.cfg.Book))]
		}
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			continue // the book was checked on loading; unreachable
		}
		ok := true
		var ml chess.MoveList
		for i := 0; i < p.cfg.RandomPlies; i++ {
			pos.LegalMoves(&ml)
			if ml.Len == 0 {
				ok = false
				break
			}
			pos.MakeMove(ml.Moves[rng.IntN(ml.Len)])
		}
		if !ok || !pos.HasLegalMove() {
			continue
		}
		if try < 100 && p.cfg.OpeningMargin > 0 {
			p.s.NewGame()
			r := p.s.Search(pos, p.lim)
			if r.Score > p.cfg.OpeningMargin || r.Score < -p.cfg.OpeningMargin {
				continue
			}
		}
		// The game starts here: its history begins at this position.
		start := pos.FEN()
		pos, _ = chess.ParseFEN(start)
		return pos, start
	}
}

// play plays game n; ok is false if ctx was cancelled first.
func (p *player) play(ctx context.Context, n int) (finished, bool) {
	rng := rand.New(rand.NewPCG(p.cfg.Seed, uint64(n)))
	pos, startFEN := p.opening(rng)
	p.s.NewGame()
	p.q.Clear() // its table must not carry the games this thread played before
	var moves []ply
	var samples []sample
	result, reason := "", ""
	var adj adjudicator
	for result == "" {
		if ctx.Err() != nil {
			return finished{}, false
		}
		r := p.s.Search(pos, p.lim)
		if r.Best == chess.NoMove {
			// Unreachable: terminal positions are caught below. An empty
			// result would label every position a win for Black.
			panic(fmt.Sprintf("datagen: no move in %s", pos.FEN()))
		}
		mate := 0
		if r.Score >= search.MateInMax {
			mate = (search.MateValue - r.Score + 1) / 2
		} else if r.Score <= -search.MateInMax {
			mate = -(search.MateValue + r.Score + 1) / 2
		}
		if mate == 0 && !pos.InCheck() && !pos.IsNoisy(r.Best) && len(p.q.Search(pos).PV) == 0 {
			samples = append(samples, sample{pos.FEN(), r.Score, len(moves)})
		}
		white := r.Score
		if pos.SideToMove() == chess.Black {
			white = -white
		}
		moves = append(moves, ply{r.Best, pos.SAN(r.Best), r.Score, mate, r.Depth})
		pos.MakeMove(r.Best)

		switch {
		case pos.IsCheckmate():
			result, reason = winnerResult(pos.SideToMove().Other()), "mate"
		case pos.IsStalemate():
			result, reason = match.Draw, "stalemate"
		case pos.IsInsufficientMaterial():
			result, reason = match.Draw, "insufficient material"
		case pos.IsFiftyMoveDraw():
			result, reason = match.Draw, "fifty-move rule"
		case pos.RepetitionCount() >= 2:
			result, reason = match.Draw, "3-fold repetition"
		}
		if result != "" {
			break
		}
		result, reason = adj.step(p.cfg, white, len(moves))
		if result == "" && len(moves) >= p.cfg.MaxPlies {
			result, reason = match.Draw, "ply limit"
		}
	}
	if p.cfg.Format == "pgn" {
		return finished{id: n, text: p.pgn(n, startFEN, moves, result, reason), positions: len(moves)}, true
	}
	var b strings.Builder
	res := map[string]float64{match.WhiteWins: 1, match.BlackWins: 0, match.Draw: 0.5}[result]
	for _, s := range samples {
		pos, err := chess.ParseFEN(s.fen)
		if err != nil {
			continue // our own FEN; unreachable
		}
		b.WriteString(data.FormatLabeled(data.Labeled{Pos: pos, Result: res, Score: s.score, HasScore: true,
			Game: fmt.Sprintf("%d.%d", p.cfg.Seed, n), Ply: s.ply}))
		b.WriteByte('\n')
	}
	return finished{id: n, text: b.String(), positions: len(samples)}, true
}

// adjudicator ends games whose scores have settled.
type adjudicator struct {
	// winRun counts the last plies scored a win for one side: up for
	// White, down for Black, restarting when the winner changes.
	winRun  int
	drawRun int
}

// step takes the score (White's view) of the search that played ply
// number plies, and gives the game's result once a run is long enough.
func (a *adjudicator) step(cfg *Config, white, plies int) (result, reason string) {
	switch {
	case white >= cfg.WinScore:
		a.winRun = max(a.winRun, 0) + 1
	case white <= -cfg.WinScore:
		a.winRun = min(a.winRun, 0) - 1
	default:
		a.winRun = 0
	}
	if plies >= cfg.DrawAfter && white <= cfg.DrawScore && white >= -cfg.DrawScore {
		a.drawRun++
	} else {
		a.drawRun = 0
	}
	switch {
	case a.winRun >= cfg.WinPlies:
		return winnerResult(chess.White), "win adjudication"
	case -a.winRun >= cfg.WinPlies:
		return winnerResult(chess.Black), "win adjudication"
	case a.drawRun >= cfg.DrawPlies:
		return match.Draw, "draw adjudication"
	}
	return "", ""
}

func winnerResult(c chess.Color) string {
	if c == chess.White {
		return match.WhiteWins
	}
	return match.BlackWins
}

// pgn formats a game with the match runner's writer, so that score
// comments read back through data.PGNReader; Round is the game id.
func (p *player) pgn(n int, startFEN string, moves []ply, result, reason string) string {
	now := time.Unix(0, 0).UTC() // fixed: a game's text depends on its id only
	lim := match.Limits{}
	g := &match.GameRecord{
		Number: n, Round: n,
		Names:   [2]string{"Vireo", "Vireo"},
		Limits:  [2]match.Limits{lim, lim},
		Opening: match.Opening{FEN: startFEN},
		Verdict: match.Verdict{Result: result, Reason: reason, Termination: match.TermNormal},
		Start:   now, End: now,
	}
	if strings.Contains(reason, "adjudication") {
		g.Verdict.Termination = match.TermAdjudicated
	}
	for _, m := range moves {
		in := match.Info{HasScore: true, Score: m.score, Depth: m.depth}
		if m.mate != 0 {
			in.IsMate, in.Mate, in.Score = true, m.mate, 0
		}
		g.Moves = append(g.Moves, match.PlayedMove{Move: m.move, SAN: m.san, Info: in})
	}
	return match.FormatPGN(g, match.PGNOptions{Event: "vireo datagen", Site: fmt.Sprintf("seed %d game %d", p.cfg.Seed, n)})
}
