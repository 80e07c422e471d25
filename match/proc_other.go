//go:build !unix

package match

import (
	"os/exec"
	"time"
)

func setProcessGroup(cmd *exec.Cmd) {}

func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

func selfCPU() time.Duration { return 0 }
