// Package genfile writes the files that "go generate ./eval" produces.
// It repeats what data.WriteFileAtomic does because the generators may
// not import the eval package, even through data: a broken eval_fast.go
// would then stop the very program that writes it again.
package genfile

import (
	"os"
	"path/filepath"
)

// Write replaces path with data through a temporary file in its
// directory and a rename, so that a generator that fails or is stopped
// midway, or two that run at once (two saves of the tuner's workbench),
// never leave a half-written source file that breaks the build.
func Write(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
