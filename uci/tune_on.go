//go:build tune

package uci

// tuneOptions exposes every search parameter as a UCI spin option, for SPSA
// tuning (OpenBench, "make TUNE=1") and for SPRTs of the switches under
// test.
const tuneOptions = true
