//go:build !linux

package search

// allocBuckets returns n zeroed buckets on the Go heap. Elsewhere than on
// Linux a table the machine cannot give is not refused: the allocation
// fails and the program with it.
func allocBuckets(n int) ([]ttBucket, func(), error) {
	return make([]ttBucket, n), nil, nil
}
