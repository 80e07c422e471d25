package syzygy

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"vireo/chess"
)

// tbDir is the shared tablebase directory, relative to this package (the
// repository's ../shared/data/syzygy).
const tbDir = "../../shared/data/syzygy"

// openShared opens the shared tables or reports why a test must skip.
func openShared() (*Tablebase, string) {
	if _, err := os.Stat(tbDir); err != nil {
		return nil, "tablebases not available: " + tbDir + " is missing"
	}
	tb, err := Open(tbDir)
	if err != nil {
		return nil, "cannot open tablebases: " + err.Error()
	}
	return tb, ""
}

// materials lists the table names found in dir (e.g. "KRvKP").
func materials(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.rtbw"))
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".rtbw"))
	}
	return names
}

// randomFEN builds a random legal position with the material of table
// name (either side may be the stronger one): pawns on ranks 2-7, no
// castling, the side not to move not in check, at least one legal move.
// In tables with pawns on both sides, about a third of the positions get
// a capturable en passant square.
func randomFEN(r *rand.Rand, name string) string {
	for {
		if fen, ok := tryRandomFEN(r, name); ok {
			return fen
		}
	}
}

func tryRandomFEN(r *rand.Rand, name string) (string, bool) {
	var board [64]byte
	sides := strings.Split(name, "v")
	if r.IntN(2) == 1 {
		sides[0], sides[1] = sides[1], sides[0]
	}
	stm := r.IntN(2) // 0 white, 1 black
	wantEP := strings.Contains(sides[0], "P") && strings.Contains(sides[1], "P") && r.IntN(3) == 0
	ep := "-"
	if wantEP {
		// The side not to move has just pushed a pawn two squares, and a
		// pawn of the side to move stands next to it.
		dir := 1 // white to move: the black pawn is on rank 5
		rank := 4
		if stm == 1 {
			dir, rank = -1, 3
		}
		f := r.IntN(8)
		adj := f - 1
		if adj < 0 || (f < 7 && r.IntN(2) == 0) {
			adj = f + 1
		}
		pushed := rank*8 + f
		board[pushed] = "pP"[stm] // opponent pawn: black if white to move
		board[rank*8+adj] = "Pp"[stm]
		epSq := pushed + 8*dir
		from := pushed + 16*dir
		ep = fmt.Sprintf("%c%d", 'a'+f, epSq/8+1)
		// Keep the squares the pawn passed empty.
		board[epSq], board[from] = '.', '.'
	}
	place := func(pc byte, pawn bool) bool {
		for range 100 {
			sq := r.IntN(64)
			if pawn && (sq < 8 || sq >= 56) {
				continue
			}
			if board[sq] == 0 {
				board[sq] = pc
				return true
			}
		}
		return false
	}
	for c, side := range sides {
		skipPawn := wantEP
		for i := 0; i < len(side); i++ {
			pc := side[i]
			if pc == 'P' && skipPawn {
				skipPawn = false // already placed for en passant
				continue
			}
			if c == 1 {
				pc += 'a' - 'A'
			}
			if !place(pc, pc == 'P' || pc == 'p') {
				return "", false
			}
		}
	}
	var sb strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := board[rank*8+f]
			if pc == 0 || pc == '.' {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	fen := fmt.Sprintf("%s %c - %s 0 1", sb.String(), "wb"[stm], ep)
	pos, err := chess.ParseFEN(fen)
	if err != nil || !pos.HasLegalMove() {
		return "", false
	}
	if wantEP {
		if pos.EnPassant() == chess.NoSquare {
			return "", false
		}
		// A double push can only give check with the pushed pawn itself.
		if ch := pos.Checkers(); ch != 0 && (ch.More() || pos.PieceOn(ch.LSB()).Type() != chess.Pawn) {
			return "", false
		}
	}
	return pos.FEN(), true
}
