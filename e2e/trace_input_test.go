//go:build !wasm

package e2e

// inputTasks returns the CPU time, in ms, of each main-thread task that
// dispatched a DOM event of type typ ("input": a keystroke's own task,
// which the page's attnviz:update measure ends in), in order. The trace
// must have been started with the category devtools.timeline, and stopped.
func (tr *trace) inputTasks(typ string) []float64 {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var tasks []traceEvent
	var at []float64
	for _, e := range tr.events {
		if e.Ph != "X" || e.Pid != tr.mainThread.pid || e.Tid != tr.mainThread.tid {
			continue
		}
		switch {
		case e.Name == "ThreadControllerImpl::RunTask":
			tasks = append(tasks, e)
		case e.Name == "EventDispatch" && e.Args.Data.Type == typ:
			at = append(at, e.Ts)
		}
	}
	var cpu []float64
	for _, ts := range at {
		for _, t := range tasks {
			if t.Ts <= ts && ts <= t.Ts+t.Dur {
				cpu = append(cpu, t.TDur/1000)
				break
			}
		}
	}
	return cpu
}
