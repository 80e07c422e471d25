//go:build tune

package uci

// tuneOptions exposes every search parameter as a UCI spin option, for SPSA
// tuning (OpenBench) and for SPRTs that switch one heuristic on or off.
const tuneOptions = true
