package genfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: the file is replaced whole, readable by all, and no
// temporary file is left; a directory that does not exist is an error
// and creates nothing.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.go")
	for _, want := range []string{"package a\n", "package b // longer\n"} {
		if err := Write(path, []byte(want)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Fatalf("read back %q, %v; want %q", got, err, want)
		}
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v, %v; want 0644", st.Mode().Perm(), err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
	if err := Write(filepath.Join(dir, "no", "such.go"), []byte("x")); err == nil {
		t.Fatal("a missing directory: no error")
	}
}
