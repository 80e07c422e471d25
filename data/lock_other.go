//go:build !unix

package data

import "os"

// LockFile is a no-op where flock is missing: do not start two runs on one file.
func LockFile(*os.File) error { return nil }

// renameOpen says a file may be renamed while open (not on Windows).
const renameOpen = false
