//go:build unix

package syzygy

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSpecialFilesAreNotTables: a FIFO or a device under a table's name
// is passed over at load (opening the FIFO would block the probing
// search; /dev/zero would be read without end), and mapFile refuses one.
func TestSpecialFilesAreNotTables(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "KQvK.rtbw"), 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "KRvK.rtbw")); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Open(dir)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNoTables) {
			t.Errorf("Open of a FIFO and a device: %v, want ErrNoTables", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Open hung on the FIFO")
	}
	if _, _, err := mapFile(filepath.Join(dir, "KRvK.rtbw")); err == nil {
		t.Error("mapFile of /dev/zero: no error")
	}
}

// readWhole, the fallback where a table cannot be mapped, refuses a file
// above its limit instead of holding it on the heap, and reads a small
// one whole.
func TestReadWholeLimit(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		size int64
		ok   bool
	}{{1000, true}, {maxReadWhole, true}, {maxReadWhole + 1, false}} {
		path := filepath.Join(dir, "t.rtbw")
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, tc.size); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := readWhole(f)
		f.Close()
		if tc.ok && (err != nil || int64(len(b)) != tc.size) {
			t.Errorf("size %d: %d bytes, %v", tc.size, len(b), err)
		}
		if !tc.ok && (err == nil || !strings.Contains(err.Error(), "too large")) {
			t.Errorf("size %d: error %v, want one saying it is too large", tc.size, err)
		}
	}
}
