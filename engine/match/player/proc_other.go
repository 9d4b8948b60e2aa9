//go:build !unix

package player

import "os/exec"

func setGroup(*exec.Cmd) {}

func kill(cmd *exec.Cmd) { _ = cmd.Process.Kill() }
