//go:build race

package search

// set writes an entry's two words atomically, as the race detector
// requires of memory other threads read (ttstore.go has the build
// without it).
func (e *ttEntry) set(check, data uint64) {
	e.check.Store(check)
	e.data.Store(data)
}
