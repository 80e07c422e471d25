package tune

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"vireo/eval"
)

// ParseGroup returns the parameter group named s (case-insensitive:
// "PassedV", "passedv").
func ParseGroup(s string) (eval.Group, error) {
	for g := eval.Group(0); g < eval.NumGroups; g++ {
		if strings.EqualFold(g.String(), s) {
			return g, nil
		}
	}
	return 0, fmt.Errorf("unknown group %q", s)
}

// GroupMask returns the mask of the tunable values of the group named s
// ("": nil, every tunable value).
func GroupMask(s string) ([]bool, error) {
	if s == "" {
		return nil, nil
	}
	g, err := ParseGroup(s)
	if err != nil {
		return nil, err
	}
	return TunableMask(g), nil
}

// CountMask is the number of values a mask lets move (nil: every
// Tunable value).
func CountMask(mask []bool) int {
	n := 0
	for i := range NumValues {
		if (mask == nil && Tunable(i)) || (mask != nil && mask[i]) {
			n++
		}
	}
	return n
}

// WriteDefaults rewrites dir/params.go's default table with p
// (DefaultsSource), atomically, and runs "go generate" in dir, which
// regenerates the evaluation code that depends on the table. The
// generator's output goes to log (nil: discarded).
func WriteDefaults(dir string, p *eval.Params, log io.Writer) error {
	path := filepath.Join(dir, "params.go")
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := DefaultsSource(src, p)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	if err := WriteFileAtomic(path, out); err != nil {
		return err
	}
	cmd := exec.Command("go", "generate", ".")
	cmd.Dir = dir
	var buf strings.Builder
	if log != nil {
		cmd.Stdout, cmd.Stderr = log, log
	} else {
		cmd.Stdout, cmd.Stderr = &buf, &buf
	}
	if err := cmd.Run(); err != nil {
		if s := strings.TrimSpace(buf.String()); s != "" {
			return fmt.Errorf("go generate in %s: %v: %s", dir, err, s)
		}
		return fmt.Errorf("go generate in %s: %v", dir, err)
	}
	return nil
}
