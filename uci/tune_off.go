//go:build !tune

package uci

const tuneOptions = false
