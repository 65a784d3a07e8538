//go:build !(linux || darwin)

package train

import "time"

// cpuTime reports that the CPU time is unknown here (WebAssembly, among others).
func cpuTime() (time.Duration, bool) { return 0, false }
