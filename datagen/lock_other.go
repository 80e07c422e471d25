//go:build !unix

package datagen

import "os"

// lock is a no-op where flock is missing: do not start two runs on one file.
func lock(*os.File) error { return nil }
