//go:build !linux

package search

// allocBuckets returns n zeroed buckets on the Go heap.
func allocBuckets(n int) ([]ttBucket, func()) {
	return make([]ttBucket, n), nil
}
