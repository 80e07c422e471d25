//go:build unix

package match

import (
	"os/exec"
	"syscall"
	"time"
)

// setProcessGroup puts the engine in its own process group. Two reasons:
// a Ctrl-C in the terminal reaches only the runner (which then lets the
// games in flight finish instead of seeing every engine die at once), and
// killing the group also ends helper processes of wrapper scripts.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}

// selfCPU returns the CPU time (user + system) this process has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
