//go:build race

package uci

// raceEnabled: built with -race.
const raceEnabled = true
