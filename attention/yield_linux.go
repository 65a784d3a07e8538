package attention

import "syscall"

// yieldCPU lets the operating system run another thread on this core, such
// as a worker that the system paused in the middle of its chunk: a
// sched_yield system call, which allocates nothing.
func yieldCPU() {
	syscall.Syscall(syscall.SYS_SCHED_YIELD, 0, 0, 0)
}

// rawYield is yieldCPU without telling the Go scheduler: the thread keeps
// its P through the call, so the runtime never hands the P to another
// thread (which it would have to start, and allocate, when the call lasts
// long). The core goes to another thread only when one waits for it.
func rawYield() {
	syscall.RawSyscall(syscall.SYS_SCHED_YIELD, 0, 0, 0)
}
