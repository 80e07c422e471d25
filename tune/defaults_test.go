package tune

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"vireo/eval"
)

// copyTree copies the files under src (recursively) to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestWriteDefaults rewrites params.go in a temporary copy of the module
// with other values, runs go generate there as "vireo tune
// --write-defaults" does, builds a program against the copy and checks
// that its compiled-in defaults are the new values, every one.
func TestWriteDefaults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a copy of the module")
	}
	p := perturbed(5)
	src, err := os.ReadFile("../eval/params.go")
	if err != nil {
		t.Fatal(err)
	}
	out, err := DefaultsSource(src, p)
	if err != nil {
		t.Fatal(err)
	}
	// The rewritten table can itself be rewritten.
	if _, err := DefaultsSource(out, p); err != nil {
		t.Fatalf("rewritten source does not rewrite again: %v", err)
	}
	dir := t.TempDir()
	copyTree(t, "../chess", filepath.Join(dir, "chess"))
	copyTree(t, "../eval", filepath.Join(dir, "eval"))
	copyTree(t, "../internal", filepath.Join(dir, "internal"))
	for _, f := range []string{"go.mod"} {
		b, err := os.ReadFile("../" + f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
	}
	if err := WriteFileAtomic(filepath.Join(dir, "eval", "params.go"), out); err != nil {
		t.Fatal(err)
	}
	gen := exec.Command("go", "generate", ".")
	gen.Dir = filepath.Join(dir, "eval")
	if b, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("go generate: %v\n%s", err, b)
	}
	os.MkdirAll(filepath.Join(dir, "show"), 0o755)
	prog := `package main

import (
	"os"

	"vireo/eval"
)

func main() { eval.WriteParams(os.Stdout, eval.Defaults()) }
`
	os.WriteFile(filepath.Join(dir, "show", "main.go"), []byte(prog), 0o644)
	run := exec.Command("go", "run", "./show")
	run.Dir = dir
	var stderr bytes.Buffer
	run.Stderr = &stderr
	got, err := run.Output()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, stderr.Bytes())
	}
	var want bytes.Buffer
	eval.WriteParams(&want, p)
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatal("the rewritten defaults are not the tuned values")
	}
	var def bytes.Buffer
	eval.WriteParams(&def, eval.Defaults())
	if bytes.Equal(got, def.Bytes()) {
		t.Fatal("perturbed values equal the defaults: test proves nothing")
	}
}
