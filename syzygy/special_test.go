//go:build unix

package syzygy

import (
	"errors"
	"os"
	"path/filepath"
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
