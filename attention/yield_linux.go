package attention

import "syscall"

// yieldCPU lets the operating system run another thread on this core, such
// as a worker that the system paused in the middle of its chunk: a
// sched_yield system call, which allocates nothing.
func yieldCPU() {
	syscall.Syscall(syscall.SYS_SCHED_YIELD, 0, 0, 0)
}
