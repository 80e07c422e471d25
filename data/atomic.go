package data

import (
	"fmt"
	"os"
	"path/filepath"
)

// A file written atomically goes first to one temporary file of a fixed
// name, ".BASE.tmp" next to it, which is then renamed over it. A job
// killed mid-write (SIGKILL runs no cleanup) leaves that one file behind,
// and the next write of the same output reuses it and renames it away:
// stale temporary files never pile up. Random names would need a sweep
// that could not tell a dead writer's file from a live one's; a fixed
// name is locked instead, so a second writer of the same output is
// refused rather than mixed in.

// TempName is the temporary file that stands for path while it is written.
func TempName(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
}

// CreateTemp opens path's temporary file (TempName), empty, with mode
// perm, and locked against a second writer. Finish it with CommitTemp, or
// close and remove it on failure.
func CreateTemp(path string, perm os.FileMode) (*os.File, error) {
	name := TempName(path)
	for range 8 {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, perm)
		if err != nil {
			return nil, err
		}
		if err := LockFile(f); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: another run is writing it (%s is locked: %v)", path, name, err)
		}
		// Between the open and the lock another writer may have renamed
		// the file to path: locking that would let the truncation below
		// empty the finished output.
		a, errA := f.Stat()
		b, errB := os.Stat(name)
		if errA != nil || errB != nil || !os.SameFile(a, b) {
			f.Close()
			continue
		}
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, err
		}
		if err := f.Chmod(perm); err != nil { // the umask applied at creation
			f.Close()
			return nil, err
		}
		return f, nil
	}
	return nil, fmt.Errorf("%s: another run keeps replacing it", path)
}

// CommitTemp syncs f (from CreateTemp(path)) and renames it over path;
// on failure it removes f. Where the lock outlives the rename (Unix) the
// file is closed after it, so that no second writer can take the name
// in between.
func CommitTemp(f *os.File, path string) error {
	err := f.Sync()
	if renameOpen {
		if err == nil {
			err = os.Rename(f.Name(), path)
		}
		if err != nil {
			os.Remove(f.Name())
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			syncDir(path)
		}
		return err
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	} else {
		syncDir(path)
	}
	return err
}

// syncDir makes the rename of path durable: until its directory is
// synced, a power loss may bring back the old file while a file written
// after it (a match's state after its repaired PGN) survives. Best
// effort: some systems cannot sync a directory, and the rename itself
// has succeeded.
func syncDir(path string) {
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// AbortTemp removes and closes f (from CreateTemp), for a write that
// failed before CommitTemp.
func AbortTemp(f *os.File) {
	os.Remove(f.Name())
	f.Close()
}

// WriteFileAtomic writes data to path through its temporary file, synced
// and then renamed over path, so that a job killed mid-write leaves the
// previous file whole. The file gets mode perm.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	f, err := CreateTemp(path, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		AbortTemp(f)
		return err
	}
	return CommitTemp(f, path)
}

// DistinctOutput refuses an output path that names one of a job's inputs
// (the same path, or another name for the same file): the job would
// replace the data it reads.
func DistinctOutput(out string, inputs ...string) error {
	oi, oerr := os.Stat(out)
	for _, in := range inputs {
		same := filepath.Clean(in) == filepath.Clean(out)
		if !same && oerr == nil {
			if ii, err := os.Stat(in); err == nil {
				same = os.SameFile(oi, ii)
			}
		}
		if same {
			return fmt.Errorf("output %s is also an input: refusing to replace what is read", out)
		}
	}
	return nil
}

// Writable checks, before a long job starts, that path can be written the
// way its output will be: its directory exists and takes the temporary
// file, path is not a directory, and no other run is writing it. A job
// that finds out only at its end has lost its work.
func Writable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	f, err := CreateTemp(path, 0o644)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	AbortTemp(f)
	return nil
}
