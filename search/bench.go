package search

import (
	"fmt"
	"math"
	"time"

	"vireo/chess"
)

// BenchDepth is the default depth of "vireo bench".
const BenchDepth = 13

// BenchFENs are the bench positions: tactical middlegames (WAC, Bratko-Kopec),
// balanced and unbalanced openings, and middlegames and endgames from engine
// games. Changing the list changes every recorded bench count.
var BenchFENs = []string{
	"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
	"3r2k1/1p1b1pp1/pq5p/8/3NR3/2PQ3P/PP3PP1/6K1 b - - 0 1",
	"r1bq1r2/pp4k1/4p2p/3pPp1Q/3N1R1P/2PB4/6P1/6K1 w - - 0 1",
	"r1b1qrk1/2p2ppp/pb1pnn2/1p2pNB1/3PP3/1BP5/PP2QPPP/RN1R2K1 w - - 0 1",
	"5rk1/p5pp/8/8/2Pbp3/1P4P1/7P/4RN1K b - - 0 1",
	"r5r1/pQ5p/1qp2R2/2k1p3/4P3/2PP4/P1P3PP/6K1 w - - 0 1",
	"8/3b2kp/4p1p1/pr1n4/N1N4P/1P4P1/1K3P2/3R4 w - - 0 1",
	"r1bq3r/ppp2pk1/3p1pp1/8/2BbPQ2/2NP2P1/PPP4P/R4R1K b - - 0 1",
	"2b2r1k/4q2p/3p2pQ/2pBp3/8/6P1/1PP2P1P/R5K1 w - - 0 1",
	"2b2rk1/p1p4p/2p1p1p1/br2N1Q1/1p2q3/8/PB3PPP/3R1RK1 w - - 0 1",
	"k7/p4p2/P1q1b1p1/3p3p/3Q4/7P/5PP1/1R4K1 w - - 0 1",
	"r5k1/pp1RR1pp/1b6/6r1/2p5/B6P/P4qPK/3Q4 w - - 0 1",
	"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
	"rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",
	"1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1",
	"3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
	"r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
	"r1bqkb1r/4npp1/p1p4p/1p1pP1B1/8/1B6/PPPN1PPP/R2Q1RK1 w kq - 0 1",
	"3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
	"2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4",
	"rnbqkb1r/1ppppp1p/p4np1/8/1P1P4/4P3/P1P2PPP/RNBQKBNR w KQkq - 0 4",
	"r1bqkbnr/pppp2pp/2n1p3/5p2/P7/5N1P/1PPPPPP1/RNBQKB1R w KQkq - 0 4",
	"r1bqkbnr/ppp2ppp/2npp3/8/8/3P2PN/PPP1PP1P/RNBQKB1R w KQkq - 0 4",
	"rnbqkb1r/ppppp2p/5np1/5p2/1PP5/P7/3PPPPP/RNBQKBNR w KQkq - 0 4",
	"rnbqk1nr/ppppppbp/6p1/8/8/3PP3/PPP1BPPP/RNBQK1NR w KQkq - 0 4",
	"rnbqkbnr/pp1p1p1p/2p1p1p1/8/3P4/1P2P3/P1P2PPP/RNBQKBNR w KQkq - 0 4",
	"rn1qkbnr/ppp1pp1p/4b1p1/3p4/8/2N1P3/PPPPBPPP/R1BQK1NR w KQkq - 0 4",
	"rnbqk1nr/ppp1ppbp/3p2p1/8/3P4/1PP5/P3PPPP/RNBQKBNR w KQkq - 0 4",
	"rnbqkb1r/pppp2pp/5n2/4pp2/1PP5/6P1/P2PPP1P/RNBQKBNR w KQkq - 0 4",
	"rnbqkb1r/1p1ppppp/5n2/p1p5/8/2P2P1N/PP1PP1PP/RNBQKB1R w KQkq - 0 4",
	"r1b1k2r/pppn1pbp/3p2p1/4p2n/2PPP2q/2NBBP2/PP2N1PP/R2QK2R w KQkq - 3 9",
	"rn2kb1r/pb1pppp1/7p/qppP2N1/P7/2P5/1P1NPPPP/R2QKB1R w KQkq - 0 9",
	"r2qkb1r/3npppp/p1p5/2pp4/5Pb1/3PPN2/PPP3PP/RNB1QRK1 w kq - 5 9",
	"r1bq1rk1/3pppbp/n1p3pn/pp6/3PPP2/P1N1BN1P/1PP3P1/R2QKB1R w KQ - 1 9",
	"r1bqk1nr/pp3p2/2n1p1pp/3pP3/1bpP2Q1/2N2N2/PPPBBPPP/R3K2R w KQkq - 2 9",
	"rnbqk2r/1pp1ppb1/p2p1n1p/6p1/3PP3/2N3B1/PPP2PPP/R2QKBNR w KQkq - 1 9",
	"rn1qkb1r/p1p1ppp1/7p/1p1nP3/2pP3B/5N2/PP3PPP/1R1QKB1R w Kkq - 1 9",
	"rnb2rk1/ppqp1ppp/4pn2/8/1b2P3/1BN2N2/PP3PPP/R1BQ1RK1 w - - 8 9",
	"r1b1k2r/pp3ppp/n1pp1n2/4p3/4PP2/q2PB1PN/P1P3BP/1R1Q1RK1 b kq - 0 1",
	"2N5/8/4B3/2b5/5k1p/6r1/7K/8 b - - 0 1",
	"4r3/2p2pk1/8/2PP2p1/p2pr1n1/P5P1/3RP3/3NRK2 b - - 0 1",
	"7r/2P2k1P/8/8/6R1/8/5P2/6K1 w - - 0 1",
	"1k6/8/8/Q1N2K2/5P2/8/1q6/8 w - - 0 1",
	"8/5k2/2B5/8/7p/6bK/8/8 b - - 0 1",
	"5k2/2R5/r7/8/7K/7P/6P1/8 w - - 0 1",
	"8/4k3/5R2/6P1/6K1/8/8/1r6 w - - 0 1",
	"4r3/2pb2R1/1pk2P2/p7/P1PK1B2/1P6/8/8 b - - 0 1",
	"8/5p2/4bPp1/6P1/1K1k4/8/8/4B3 w - - 0 1",
	"6k1/Qb3pp1/4p3/1P1pP1q1/2pP4/5B1P/5N1P/5K2 b - - 0 1",
}

// BenchResult is the outcome of a bench run.
type BenchResult struct {
	Nodes       uint64
	Time        time.Duration
	Stats       Stats    // totalled over the positions
	PerPosNodes []uint64 // each position's nodes, in BenchFENs' order
}

// NPS returns nodes per second.
func (r BenchResult) NPS() uint64 {
	if r.Time <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / r.Time.Seconds())
}

// String is the line OpenBench parses.
func (r BenchResult) String() string {
	return fmt.Sprintf("Bench: %d nodes %d nps", r.Nodes, r.NPS())
}

// Bench searches every bench position to depth with one thread and a fresh
// state, so that the node count identifies the search's behaviour exactly.
// progress, if not nil, is called after each position.
func Bench(depth, hashMB int, progress ...func(i int, fen string, nodes uint64)) BenchResult {
	return BenchWith(DefaultParams(), depth, hashMB, progress...)
}

// BenchWith is Bench with the given search parameters.
func BenchWith(p Params, depth, hashMB int, progress ...func(i int, fen string, nodes uint64)) BenchResult {
	return BenchThreads(p, depth, hashMB, 1, progress...)
}

// BenchThreads is BenchWith on threads search threads. Its node count,
// over all threads, is only reproducible with one: with more it depends on
// how the threads happen to be scheduled.
func BenchThreads(p Params, depth, hashMB, threads int, progress ...func(i int, fen string, nodes uint64)) BenchResult {
	s := NewSearcher(hashMB)
	s.Params = p
	s.SetThreads(threads)
	var r BenchResult
	for i, fen := range BenchFENs {
		pos := chess.MustParseFEN(fen)
		s.NewGame()
		start := time.Now()
		res := s.Search(pos, Limits{Depth: depth})
		r.Time += time.Since(start)
		r.Nodes += res.Nodes
		r.PerPosNodes = append(r.PerPosNodes, res.Nodes)
		r.Stats.Add(&res.Stats)
		for _, f := range progress {
			f(i, fen, res.Nodes)
		}
	}
	return r
}

// NodeComparison sets the bench's node counts with changed parameters
// against the defaults' position by position. The total alone is ruled by
// the few positions with the largest trees, and a change that moves which
// move fails high at one node sends the rest of that tree elsewhere, so a
// position's count can swing by half either way for no systematic reason;
// the geometric mean of the per-position ratios, and how many positions
// grew or shrank, say whether the change shrinks trees or only shakes them.
type NodeComparison struct {
	Base, Test            uint64  // total nodes
	GeoMean               float64 // geometric mean of Test/Base over the positions
	Smaller, Same, Larger int     // positions whose count fell, held, rose
}

// CompareNodes compares per-position node counts; base and test must come
// from the same positions in the same order and hold no zero.
func CompareNodes(base, test []uint64) (NodeComparison, error) {
	var c NodeComparison
	if len(base) != len(test) || len(base) == 0 {
		return c, fmt.Errorf("compare nodes: %d positions against %d", len(base), len(test))
	}
	logSum := 0.0
	for i := range base {
		if base[i] == 0 || test[i] == 0 {
			return c, fmt.Errorf("compare nodes: position %d searched no nodes", i+1)
		}
		c.Base += base[i]
		c.Test += test[i]
		logSum += math.Log(float64(test[i]) / float64(base[i]))
		switch {
		case test[i] < base[i]:
			c.Smaller++
		case test[i] > base[i]:
			c.Larger++
		default:
			c.Same++
		}
	}
	c.GeoMean = math.Exp(logSum / float64(len(base)))
	return c, nil
}

// String is the comparison's line, e.g. "nodes against the defaults:
// 7297483 -> 7119951 (-2.4%); by position: geometric mean +1.0%, 13
// smaller, 23 the same, 14 larger".
func (c NodeComparison) String() string {
	return fmt.Sprintf("nodes against the defaults: %d -> %d (%+.1f%%); by position: geometric mean %+.1f%%, %d smaller, %d the same, %d larger",
		c.Base, c.Test, 100*(float64(c.Test)/float64(c.Base)-1), 100*(c.GeoMean-1), c.Smaller, c.Same, c.Larger)
}
