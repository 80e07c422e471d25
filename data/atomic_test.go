package data

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dirNames lists a directory's entries.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// TestWriteFileAtomicReusesStaleTemp: the temporary file a killed write
// leaves behind is taken over by the next write and renamed away, so
// nothing but the output remains.
func TestWriteFileAtomicReusesStaleTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	if err := os.WriteFile(TempName(path), []byte("half a state fro"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, []byte("whole\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "whole\n" {
		t.Fatalf("output %q, %v", b, err)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Fatalf("directory holds %v, want only state.json", names)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
}

// TestCreateTempRefusesSecondWriter: while one writer holds an output's
// temporary file, a second is refused instead of writing into it.
func TestCreateTempRefusesSecondWriter(t *testing.T) {
	if !renameOpen {
		t.Skip("no file locks on this system (LockFile is a no-op)")
	}
	path := filepath.Join(t.TempDir(), "out.epd")
	f, err := CreateTemp(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("first writer\n")
	if err := WriteFileAtomic(path, []byte("second\n"), 0o644); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Fatalf("second writer: %v, want a refusal", err)
	}
	if err := CommitTemp(f, path); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "first writer\n" {
		t.Fatalf("output %q", b)
	}
}

// TestWritable: a job's output is checked before the job, and the check
// leaves nothing behind: not the output, not its temporary file.
func TestWritable(t *testing.T) {
	dir := t.TempDir()
	if err := Writable(filepath.Join(dir, "out.txt")); err != nil {
		t.Errorf("a new file in a directory of ours: %v", err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("the check left %v", names)
	}
	for path, want := range map[string]string{
		filepath.Join(dir, "no", "out.txt"): "cannot write",
		dir:                                 "is a directory",
	} {
		if err := Writable(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Writable(%s): %v, want an error saying %q", path, err, want)
		}
	}
}
