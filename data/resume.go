package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// ReadState reads out's state file, OUT.state (JSON); ok is false if
// there is none.
func ReadState[S any](out string) (st S, ok bool, err error) {
	b, err := os.ReadFile(out + ".state")
	if errors.Is(err, os.ErrNotExist) {
		return st, false, nil
	}
	if err != nil {
		return st, false, err
	}
	if err := json.Unmarshal(b, &st); err != nil {
		return st, false, fmt.Errorf("%s.state: %v", out, err)
	}
	return st, true, nil
}

// WriteState replaces OUT.state atomically, so that a kill leaves the
// previous state whole.
func WriteState(out string, st any) error {
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(out+".state", append(b, '\n'), 0o644)
}

// OpenResumable opens out for a job that appends records to it and can
// be killed and started again: the state file says how many bytes of out
// are whole (bytes(st)). With no state file out must be empty or absent,
// and fresh becomes its state. With one, same(st) must accept it (the
// job's settings match), and out is cut back to its whole bytes,
// dropping whatever was written after the last state. The file returned
// is locked against a second writer and positioned at its end.
func OpenResumable[S any](out string, fresh S, same func(S) error, bytes func(S) int64) (*os.File, S, error) {
	var st S
	f, err := os.OpenFile(out, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, st, err
	}
	fail := func(err error) (*os.File, S, error) {
		f.Close()
		return nil, st, err
	}
	if err := LockFile(f); err != nil {
		return fail(fmt.Errorf("%s: another run is writing it (%v)", out, err))
	}
	// The state is read only under the lock: read before it, it could be
	// the state of a run that was still writing, and the cut below would
	// drop what that run wrote after it.
	st, ok, err := ReadState[S](out)
	if err != nil {
		return fail(err)
	}
	if ok {
		if err := same(st); err != nil {
			return fail(err)
		}
	}
	fi, err := f.Stat()
	if err != nil {
		return fail(err)
	}
	if !ok {
		if fi.Size() > 0 {
			return fail(fmt.Errorf("%s exists without a state file: not overwriting it", out))
		}
		st = fresh
		if err := WriteState(out, st); err != nil {
			return fail(err)
		}
	}
	n := bytes(st)
	if n < 0 {
		return fail(fmt.Errorf("%s.state says %d bytes: the state file is damaged", out, n))
	}
	if fi.Size() < n {
		return fail(fmt.Errorf("%s has %d bytes, its state file says %d: the output was damaged", out, fi.Size(), n))
	}
	if err := f.Truncate(n); err != nil {
		return fail(err)
	}
	if _, err := f.Seek(n, io.SeekStart); err != nil {
		return fail(err)
	}
	return f, st, nil
}
