//go:build !stats

package search

// StatsBuild reports whether the search counts its statistics (Stats):
// only in a build with the "stats" tag ("make STATS=1"), so that the
// release build pays nothing for them.
const StatsBuild = false
