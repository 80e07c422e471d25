package uci

import (
	"errors"
	"fmt"
	"strings"

	"vireo/search"
	"vireo/syzygy"
)

// Syzygy option defaults, as Stockfish has them: every table probed from
// depth 1, cursed wins scored as draws.
const (
	defaultProbeDepth = 1
	defaultProbeLimit = 7
)

func (e *Engine) printSyzygyOptions() {
	e.Println("option name SyzygyPath type string default <empty>")
	e.Println("option name SyzygyProbeDepth type spin default %d min 1 max 100", defaultProbeDepth)
	e.Println("option name SyzygyProbeLimit type spin default %d min 0 max 7", defaultProbeLimit)
	e.Println("option name Syzygy50MoveRule type check default true")
}

// setSyzygyOption handles the Syzygy options; false if name is not one.
func (e *Engine) setSyzygyOption(name, value string, spin func(lo, hi int) (int, bool), check func() (bool, bool)) bool {
	c := &e.s.Syzygy
	switch name {
	case "syzygypath":
		e.stopAndWait()
		e.setSyzygyPath(value)
	case "syzygyprobedepth":
		if x, ok := spin(1, 100); ok {
			e.stopAndWait()
			c.ProbeDepth = x
		}
	case "syzygyprobelimit":
		if x, ok := spin(0, 7); ok {
			e.stopAndWait()
			c.ProbeLimit = x
		}
	case "syzygy50moverule":
		if b, ok := check(); ok {
			e.stopAndWait()
			c.Rule50 = b
		}
	default:
		return false
	}
	return true
}

// setSyzygyPath opens the tables of path (directories separated by ':',
// ';' on Windows). Empty or <empty> switches them off. A directory that
// cannot be read or holds no tables is said in an info string, and the
// tables opened before stay (a mistyped path must not silently change
// the play); with none before, probing stays off: the engine plays on
// without tables rather than with half of a set it cannot vouch for.
func (e *Engine) setSyzygyPath(path string) {
	c := &e.s.Syzygy
	path = strings.TrimSpace(path)
	if path == "" || path == "<empty>" {
		if c.TB != nil {
			c.TB.Close()
			c.TB = nil
		}
		e.tbReported, e.tbPath = nil, ""
		return
	}
	tb, err := syzygy.Open(path)
	if err != nil {
		outcome := "tablebases off"
		if c.TB != nil {
			outcome = fmt.Sprintf("keeping the tables of %q", e.tbPath)
		}
		if errors.Is(err, syzygy.ErrNoTables) {
			e.refuse("setoption: SyzygyPath: no Syzygy tables in %q; %s", path, outcome)
		} else {
			e.refuse("setoption: SyzygyPath: %v; %s", err, outcome)
		}
		return
	}
	if c.TB != nil {
		c.TB.Close()
	}
	e.tbReported, e.tbPath = nil, path
	wdl, dtz := tb.NumTables()
	e.Println("info string SyzygyPath: %d WDL and %d DTZ tables, up to %d pieces", wdl, dtz, tb.MaxPieces())
	if dtz < wdl {
		e.Println("info string SyzygyPath: %d DTZ tables missing: the root moves of those endgames are not ranked", wdl-dtz)
	}
	c.TB = tb
}

// reportTableErrors says, once each, which tables failed to load during
// the search: their endgames are not probed, and the rest still are.
func (e *Engine) reportTableErrors() {
	tb := e.s.Syzygy.TB
	if tb == nil {
		return
	}
	for _, err := range tb.LoadErrors() {
		if msg := err.Error(); !e.tbReported[msg] {
			if e.tbReported == nil {
				e.tbReported = map[string]bool{}
			}
			e.tbReported[msg] = true
			e.Println("info string SyzygyPath: %s; that table is not probed", msg)
		}
	}
}

// syzygyDefaults is the search's tablebase setting before any option.
func syzygyDefaults() search.Syzygy {
	return search.Syzygy{ProbeDepth: defaultProbeDepth, ProbeLimit: defaultProbeLimit, Rule50: true}
}
