//go:build unix

package data

import (
	"os"
	"syscall"
)

// LockFile keeps a second run from writing the same output: two writers
// would interleave their records and corrupt the state. The kernel drops
// the lock when the process dies, so a killed run never blocks its
// resumption.
func LockFile(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// renameOpen says a file may be renamed while open, keeping its lock.
const renameOpen = true
