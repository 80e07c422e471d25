//go:build !race

package search

import "unsafe"

// set writes an entry's two words with plain stores. An atomic store on
// amd64 is an XCHG, a locked instruction that drains the store buffer,
// and every node stores once; a plain store of a whole aligned word is a
// single MOV, which no reader can see half-written (Go's memory model:
// a racing read of a word observes some write of it). A reader that sees
// this entry's check beside another write's data fails the XOR test and
// treats the entry as a miss, so no ordering between the two is needed.
//
// The race detector cannot know that, and would report every shared
// write: under -race the words are stored atomically (ttstore_race.go).
func (e *ttEntry) set(check, data uint64) {
	*(*uint64)(unsafe.Pointer(&e.check)) = check
	*(*uint64)(unsafe.Pointer(&e.data)) = data
}
