//go:build unix

package main

import (
	"os"
	"syscall"
)

// reexec replaces this process with the binary now at its path, with the
// same arguments: after a rebuild, the new code runs. The listening
// socket is closed on exec (Go opens it close-on-exec), so the new
// process can bind the address again.
func reexec() error {
	exe, err := os.Executable() // on Linux, a replaced file's path without " (deleted)"
	if err != nil {
		return err
	}
	return syscall.Exec(exe, os.Args, os.Environ())
}
