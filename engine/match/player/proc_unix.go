//go:build unix

package player

import (
	"os/exec"
	"syscall"
)

// setGroup puts the engine in its own process group, so that kill also ends any children
// (a wrapper script, node's helpers).
func setGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

func kill(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
