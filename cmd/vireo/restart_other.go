//go:build !unix

package main

// reexec is nil where a process cannot replace itself: the page then
// offers no restart.
var reexec func() error
